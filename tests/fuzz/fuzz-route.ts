import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Queue } from 'bullmq';
import type { App } from '../../src/app.js';
import { jobDefinition } from '../../workers/catalog.js';
import type { RawBody } from './fuzz-arbitraries.js';

/**
 * What a fuzzed route is: where it lives, how a legitimate caller signs a body,
 * its body cap and its real payloads. Adding a route (Slack: sign
 * `v0:<ts>:<body>` with HMAC-SHA256 into x-slack-signature) is one more of these.
 */
export interface FuzzRoute {
  name: string;
  path: string;
  limit: number;
  seeds: unknown[];
  /** Headers a legitimate caller sends for exactly these bytes. */
  auth(body: Uint8Array): Record<string, string>;
}

export interface Outcome {
  status: number;
  enqueued: Array<{ name: string; data: unknown }>;
}

/** Records every job the app adds (the queue is still really written), so a refusal can be checked to enqueue nothing. */
export function recordAdds(app: App): { take(): Outcome['enqueued'] } {
  let adds: Outcome['enqueued'] = [];
  for (const q of Object.values(app.queues.queues) as Queue[]) {
    const add = q.add.bind(q);
    q.add = ((name: string, data: unknown, opts?: unknown) => {
      adds.push({ name, data });
      return add(name, data, opts as never);
    }) as Queue['add'];
  }
  return {
    take() {
      const out = adds;
      adds = [];
      return out;
    },
  };
}

export async function send(app: App, route: FuzzRoute, raw: RawBody): Promise<number> {
  const headers: Record<string, string> = { ...route.auth(raw.body) };
  if (raw.contentType !== '') headers['content-type'] = raw.contentType ?? 'application/json';
  const res = await app.http.request(route.path, { method: 'POST', headers, body: raw.body });
  await res.arrayBuffer();
  return res.status;
}

/** The properties every fuzzed request must keep; returns a reason when one is broken. */
export function violation(o: Outcome): string | null {
  if (o.status >= 500 || o.status < 200 || (o.status >= 300 && o.status < 400)) return `status ${o.status}`;
  if (o.status >= 400 && o.enqueued.length > 0) return `refused with ${o.status} but enqueued ${o.enqueued.map((j) => j.name).join(',')}`;
  for (const job of o.enqueued) {
    const parsed = jobDefinition(job.name).payload.safeParse(job.data);
    if (!parsed.success) return `enqueued ${job.name} with an invalid payload: ${parsed.error.issues[0]?.message}`;
  }
  return null;
}

/** A real GC for memory checks, whether or not node runs with --expose-gc. */
export function forceGc(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  return () => {
    gc();
    gc();
  };
}

export const utf8 = (v: unknown) => new TextEncoder().encode(typeof v === 'string' ? v : JSON.stringify(v));
