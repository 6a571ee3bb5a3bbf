import { HttpFake, type FakeReply, type RecordedRequest } from './http-fake.js';

export interface RpcResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RpcCall {
  name: string;
  method: string;
  args: Record<string, unknown>;
  apikey: string | undefined;
  authorization: string | undefined;
}

export type RpcHandler = (args: Record<string, unknown>, call: RpcCall) => RpcResult | Promise<RpcResult>;

export interface PostgrestFakeOptions {
  /** Value the `apikey` header must carry (the Supabase gateway rejects anything else). */
  apiKey?: string;
  handlers?: Record<string, RpcHandler>;
  schema?: string;
}

export interface PostgresErrorFields {
  code: string;
  message: string;
  details?: string | null;
  hint?: string | null;
}

/** A successful RPC answer; `null` data is what a `returns void` function yields over POST. */
export function rpcOk(body: unknown = null): RpcResult {
  return { status: 200, body };
}

// PostgREST's SQLSTATE → HTTP mapping for the codes Júlia's functions can raise; P0001 (raise) and the rest → 400.
const SQLSTATE_STATUS: Record<string, number> = { '23505': 409, '23503': 409, '42501': 403, '57014': 500 };
const statusForSqlState = (code: string): number => SQLSTATE_STATUS[code] ?? 400;

/** A Postgres error the way PostgREST serialises it (e.g. 23505 → 409, P0001 raise → 400). */
export function postgresError(fields: PostgresErrorFields, status = statusForSqlState(fields.code)): RpcResult {
  return {
    status,
    body: { code: fields.code, details: fields.details ?? null, hint: fields.hint ?? null, message: fields.message },
  };
}

function notFoundFunction(schema: string, name: string, args: Record<string, unknown>): FakeReply {
  const keys = Object.keys(args).sort();
  const qualified = `${schema}.${name}`;
  const withParams = keys.length > 0;
  return {
    status: 404,
    body: {
      code: 'PGRST202',
      details: withParams
        ? `Searched for the function ${qualified} with parameters ${keys.join(', ')} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`
        : `Searched for the function ${qualified} without parameters, but no matches were found in the schema cache.`,
      hint: null,
      message: withParams
        ? `Could not find the function ${qualified}(${keys.join(', ')}) in the schema cache`
        : `Could not find the function ${qualified} without parameters in the schema cache`,
    },
  };
}

/** Supabase/PostgREST `rpc` endpoint answering from a per-function handler map. */
export class PostgrestFake extends HttpFake {
  readonly apiKey: string;
  private handlers: Record<string, RpcHandler>;
  private readonly schema: string;

  constructor(private readonly options: PostgrestFakeOptions = {}) {
    super('postgrest fake');
    this.apiKey = options.apiKey ?? 'supabase-test-key';
    this.schema = options.schema ?? 'public';
    this.handlers = { ...options.handlers };
    this.route('POST', '/rest/v1/rpc/:name', (req, p) => this.rpc(req, p['name'] ?? '', this.postArgs(req)));
    // supabase-js switches to GET (args in the query string) for `.rpc(fn, args, { get: true })`.
    this.route('GET', '/rest/v1/rpc/:name', (req, p) => this.rpc(req, p['name'] ?? '', { ...req.query }));
  }

  /** Install or replace one function's handler. */
  on(name: string, handler: RpcHandler): this {
    this.handlers[name] = handler;
    return this;
  }

  rpcCalls(name?: string): RpcCall[] {
    return this.requests
      .filter((r) => r.path.startsWith('/rest/v1/rpc/'))
      .map((r) => this.toCall(r, decodeURIComponent(r.path.slice('/rest/v1/rpc/'.length))))
      .filter((c) => name === undefined || c.name === name);
  }

  override reset(): void {
    super.reset();
    this.handlers = { ...this.options.handlers };
  }

  protected override failureBody(status: number): unknown {
    return { code: '', details: null, hint: null, message: `postgrest fake: injected ${status}` };
  }

  protected override authorize(req: RecordedRequest): FakeReply | undefined {
    if (req.headers['apikey'] === this.apiKey) return undefined;
    return {
      status: 401,
      body: { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' },
    };
  }

  private postArgs(req: RecordedRequest): Record<string, unknown> {
    return req.body && typeof req.body === 'object' && !Array.isArray(req.body)
      ? (req.body as Record<string, unknown>)
      : {};
  }

  private toCall(req: RecordedRequest, name: string): RpcCall {
    return {
      name,
      method: req.method,
      args: req.method === 'GET' ? { ...req.query } : this.postArgs(req),
      apikey: req.headers['apikey'],
      authorization: req.headers['authorization'],
    };
  }

  private async rpc(req: RecordedRequest, name: string, args: Record<string, unknown>): Promise<FakeReply> {
    const handler = this.handlers[name];
    if (!handler) return notFoundFunction(this.schema, name, args);
    const result = await handler(args, this.toCall(req, name));
    // PostgREST answers a 204 without a body; anything else is JSON.
    if (result.status === 204) return { status: 204, ...(result.headers && { headers: result.headers }) };
    return { status: result.status, body: result.body ?? null, ...(result.headers && { headers: result.headers }) };
  }
}

export async function startPostgrestFake(options: PostgrestFakeOptions = {}): Promise<PostgrestFake> {
  return new PostgrestFake(options).listen();
}
