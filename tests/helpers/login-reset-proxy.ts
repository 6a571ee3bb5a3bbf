import { connect, createServer, type Server, type Socket } from 'node:net';

export interface LoginResetProxy {
  url: string;
  /** Connections cut so far. */
  resets(): number;
  close(): Promise<void>;
}

/**
 * A loopback forwarder to PostgreSQL that lets the first `cuts` connections log in
 * and then resets them (TCP RST) on the client's first message after the startup
 * packet: what a client sees when the server goes away just after accepting it,
 * as in a restart. Later connections pass through untouched.
 */
export async function startLoginResetProxy(targetUrl: string, cuts = 1): Promise<LoginResetProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let left = cuts;
  let done = 0;
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    const cut = left-- > 0;
    let loggedIn = false;
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => {
      if (loggedIn && cut) {
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
