import { createAnthropicClient } from '../integrations/anthropic/index.js';
import type { ModelBackend } from './run-scenario.js';
import type { DoctorTurn } from './scenario.js';

/** The slice of tests/fakes/anthropic-fake.ts the offline run uses. */
interface FakeServer {
  url: string;
  setHandler(h: (call: unknown) => Promise<unknown>): unknown;
  close(): Promise<void>;
}

// The fake lives with the tests (loopback HTTP speaking the Messages API); the
// offline run is for CI and development checkouts, where tests/ exists.
// A literal specifier, resolved against wherever this module was loaded from
// (the sources, or their compiled copy; src/compile-sources.mjs).
const FAKE_MODULE = '../../tests/fakes/anthropic-fake.js';

/**
 * Scripted model answers through the real SDK and HTTP: each doctor turn
 * queues its steps; a call with nothing queued gets a 500, so a pipeline that
 * calls the model more than the script expects fails the scenario, and one
 * that calls it less leaves steps behind (also a failure).
 */
export async function startOfflineBackend(): Promise<ModelBackend & { close(): Promise<void> }> {
  const mod = (await import(FAKE_MODULE)) as { startAnthropicFake(o: { apiKey: string; promptCache?: boolean }): Promise<FakeServer> };
  const fake = await mod.startAnthropicFake({ apiKey: 'eval-offline', promptCache: true });
  let queue: DoctorTurn['model'] = [];
  let resolve: (v: unknown) => Promise<unknown> = async (v) => v;
  fake.setHandler(async () => {
    const step = queue.shift();
    if (!step) return { status: 500, error: { type: 'api_error', message: 'eval: no scripted step left for this call' } };
    return resolve(step);
  });
  return {
    llm: createAnthropicClient({ apiKey: 'eval-offline', baseURL: fake.url, timeoutMs: 60_000, maxRetries: 0 }),
    beginTurn(steps, r) {
      queue = [...steps];
      resolve = r;
    },
    leftover: () => queue.length,
    close: () => fake.close(),
  };
}
