import { connect, createServer, type Server, type Socket } from 'node:net';

export interface CuttingProxy {
  url: string;
  /** Connections cut so far. */
  resets(): number;
  close(): Promise<void>;
}

/**
 * A loopback forwarder to PostgreSQL that resets (TCP RST) a connection on a client
 * message `cutWhen` picks, `cuts` times in all: what a client sees when the server
 * goes away under it, as in a restart. The startup packet always passes, so by
 * default the cut lands just after login. Other traffic passes through untouched.
 */
export async function startCuttingProxy(targetUrl: string, opts: { cuts?: number; cutWhen?: (chunk: Buffer) => boolean } = {}): Promise<CuttingProxy> {
  const target = new URL(targetUrl);
  const cutWhen = opts.cutWhen ?? (() => true);
  const sockets = new Set<Socket>();
  let left = opts.cuts ?? 1;
  let done = 0;
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    let loggedIn = false;
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => {
      if (loggedIn && left > 0 && cutWhen(chunk)) {
        left--;
        done++;
        upstream.destroy();
        client.resetAndDestroy();
        return;
      }
      loggedIn = true;
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const drop = () => (client.destroy(), upstream.destroy(), sockets.delete(client), sockets.delete(upstream));
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as { port: number }).port);
  return {
    url: url.toString(),
    resets: () => done,
    async close() {
      const closed = new Promise<void>((r) => server.close(() => r()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}
