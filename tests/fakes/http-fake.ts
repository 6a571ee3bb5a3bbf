import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readRequest, writeReply, type FakeReply, type RecordedRequest } from './read-request.js';

export type { FakeReply, RecordedRequest } from './read-request.js';

/** Returned by a handler to accept the request and never answer it (until close). */
export const HANG: unique symbol = Symbol('hang');

export type RouteParams = Record<string, string>;
export type RouteHandler = (
  req: RecordedRequest,
  params: RouteParams,
) => FakeReply | typeof HANG | Promise<FakeReply | typeof HANG>;

interface Route {
  method: string;
  regex: RegExp;
  names: string[];
  handler: RouteHandler;
}

interface InjectedFailure {
  remaining: number;
  status: number;
  body: unknown;
}

export type Latency = number | ((req: RecordedRequest) => number);

function compilePattern(pattern: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { regex: new RegExp(`^${source}/?$`), names };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loopback HTTP server that vendor fakes build on. Every request is recorded before
 * any injected behaviour runs, so retries and timeouts stay visible to assertions.
 */
export class HttpFake {
  readonly requests: RecordedRequest[] = [];
  /** Errors thrown by route handlers; a fake bug should fail loudly, not look like a vendor 500. */
  readonly handlerErrors: unknown[] = [];
  private server: Server | undefined;
  private readonly routes: Route[] = [];
  private failures: InjectedFailure[] = [];
  private hangsLeft = 0;
  private latency: Latency = 0;
  private readonly hanging = new Set<ServerResponse>();

  private oneRequestPerConnection = false;

  constructor(protected readonly name = 'http fake') {}

  route(method: string, pattern: string, handler: RouteHandler): this {
    this.routes.push({ method: method.toUpperCase(), ...compilePattern(pattern), handler });
    return this;
  }

  async listen(): Promise<this> {
    if (this.server) return this;
    const server = createServer((req, res) => {
      if (this.oneRequestPerConnection) res.shouldKeepAlive = false;
      this.dispatch(req, res).catch((error: unknown) => {
        this.handlerErrors.push(error);
        res.destroy();
      });
    });
    // Fakes must never keep a test process alive on their own.
    server.unref();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.server = server;
    return this;
  }

  get url(): string {
    const address = this.server?.address() as AddressInfo | null | undefined;
    if (!address) throw new Error(`${this.name}: not listening (call listen() first)`);
    return `http://127.0.0.1:${address.port}`;
  }

  /** The next `n` requests get `status` with `body` (or the fake's vendor-shaped default). */
  failNext(n: number, status: number, body?: unknown): this {
    this.failures.push({ remaining: n, status, body: body ?? this.failureBody(status) });
    return this;
  }

  /** The next `n` requests are accepted and never answered until close(). */
  hangNext(n: number): this {
    this.hangsLeft += n;
    return this;
  }

  /**
   * Every answer closes its connection (`Connection: close`). For tests whose clients make no retries and leave slow
   * requests behind: a keep-alive socket the fake has since dropped would otherwise fail the next request before it
   * arrives.
   */
  closeEachConnection(): this {
    this.oneRequestPerConnection = true;
    return this;
  }

  /** Delay before every answer, fixed or computed per request. */
  setLatency(latency: Latency): this {
    this.latency = latency;
    return this;
  }

  requestsTo(method: string, pattern: string): RecordedRequest[] {
    const { regex } = compilePattern(pattern);
    return this.requests.filter((r) => r.method === method.toUpperCase() && regex.test(r.path));
  }

  /** Forget recorded requests and pending injections; routes and vendor config stay. */
  reset(): void {
    this.requests.length = 0;
    this.handlerErrors.length = 0;
    this.failures = [];
    this.hangsLeft = 0;
    this.latency = 0;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Hung responses and idle keep-alive sockets would otherwise hold close() open forever.
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    server.closeAllConnections();
    await closed;
  }

  /** Vendor-shaped body for failNext() without an explicit body. */
  protected failureBody(status: number): unknown {
    return { error: `${this.name}: injected failure`, status };
  }

  /** Runs before routing (after injections); return a reply to reject the request. */
  protected authorize(_req: RecordedRequest): FakeReply | undefined {
    return undefined;
  }

  private async dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const recorded = await readRequest(req);
    this.requests.push(recorded);

    const delay = typeof this.latency === 'function' ? this.latency(recorded) : this.latency;
    if (delay > 0) await sleep(delay);

    if (this.hangsLeft > 0) {
      this.hangsLeft -= 1;
      this.hang(res);
      return;
    }
    const failure = this.failures.find((f) => f.remaining > 0);
    if (failure) {
      failure.remaining -= 1;
      this.failures = this.failures.filter((f) => f.remaining > 0);
      writeReply(res, { status: failure.status, body: failure.body });
      return;
    }
    const denied = this.authorize(recorded);
    if (denied) {
      writeReply(res, denied);
      return;
    }
    const reply = await this.runRoute(recorded);
    if (reply === HANG) this.hang(res);
    else writeReply(res, reply);
  }

  private async runRoute(req: RecordedRequest): Promise<FakeReply | typeof HANG> {
    for (const route of this.routes) {
      if (route.method !== req.method) continue;
      const match = route.regex.exec(req.path);
      if (!match) continue;
      const params: RouteParams = {};
      route.names.forEach((name, i) => {
        params[name] = decodeURIComponent(match[i + 1] ?? '');
      });
      try {
        return await route.handler(req, params);
      } catch (error) {
        this.handlerErrors.push(error);
        return { status: 500, body: { error: `${this.name}: handler threw: ${String(error)}` } };
      }
    }
    return { status: 404, body: { error: `${this.name}: no route for ${req.method} ${req.path}` } };
  }

  private hang(res: ServerResponse): void {
    this.hanging.add(res);
    res.on('close', () => this.hanging.delete(res));
  }
}
