import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpGate {
  url: string;
  /** Stop listening and cut open connections: callers get ECONNREFUSED. */
  close(): Promise<void>;
  /** Listen again on the same port. */
  open(): Promise<void>;
}

/**
 * A TCP forwarder in front of a loopback fake, so "the vendor is down" is a real
 * refused connection on the URL Júlia was configured with, and the vendor comes
 * back on the same address afterwards.
 */
export async function startTcpGate(port: number, targetPort: number): Promise<TcpGate> {
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  const open = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect(targetPort, '127.0.0.1');
        sockets.add(client);
        sockets.add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => (client.destroy(), upstream.destroy(), sockets.delete(client), sockets.delete(upstream));
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => ((server = s), resolve()));
    });
  await open();
  return {
    url: `http://127.0.0.1:${port}`,
    open,
    async close() {
      const s = server;
      server = undefined;
      if (!s) return;
      const closed = new Promise<void>((r) => s.close(() => r()));
      for (const sock of sockets) sock.destroy();
      sockets.clear();
      await closed;
    },
  };
}
