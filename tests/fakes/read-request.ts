import type { IncomingMessage, ServerResponse } from 'node:http';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Lower-cased names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Parsed JSON or form body; the raw text when it is neither; undefined when empty. */
  body: unknown;
  rawBody: string;
  /** The body as received, for binary (multipart) bodies that rawBody's UTF-8 text would mangle. */
  bytes: Buffer;
  at: number;
}

export interface FakeReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

function flattenHeaders(raw: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function parseBody(raw: string, contentType: string | undefined): unknown {
  if (raw === '') return undefined;
  if ((contentType ?? '').includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    // Bodies that lie about being JSON are kept raw so the test can still see them.
    return raw;
  }
}

/** Drain and parse an incoming request into the record tests assert on. */
export async function readRequest(req: IncomingMessage): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  const rawBody = bytes.toString('utf8');
  const url = new URL(req.url ?? '/', 'http://fake.local');
  const headers = flattenHeaders(req.headers);
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers,
    body: parseBody(rawBody, headers['content-type']),
    rawBody,
    bytes,
    at: Date.now(),
  };
}

/** Strings go out as text, anything else as JSON, `undefined` as an empty body. */
export function writeReply(res: ServerResponse, reply: FakeReply): void {
  if (res.destroyed) return;
  const headers: Record<string, string> = { ...reply.headers };
  let payload: string | undefined;
  if (typeof reply.body === 'string') {
    payload = reply.body;
    headers['content-type'] ??= 'text/plain; charset=utf-8';
  } else if (reply.body !== undefined) {
    payload = JSON.stringify(reply.body);
    headers['content-type'] ??= 'application/json; charset=utf-8';
  }
  res.writeHead(reply.status, headers);
  res.end(payload);
}
