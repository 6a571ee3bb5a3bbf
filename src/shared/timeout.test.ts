import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { TimeoutError, withTimeout } from './timeout.js';

describe('withTimeout', () => {
  it('rejects with TimeoutError when the call never answers', async () => {
    await expect(withTimeout(new Promise(() => {}), 20, 'ping')).rejects.toThrow(TimeoutError);
  });

  it('passes the answer through when it comes in time', async () => {
    await expect(withTimeout(Promise.resolve('PONG'), 1_000)).resolves.toBe('PONG');
  });

  it('an answer already on the socket wins over a deadline that passed while the process was busy', async () => {
    let peer: Socket | undefined;
    const server = createServer((s) => (peer = s));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    while (!peer) await new Promise((r) => setImmediate(r));
    try {
      const answer = new Promise<string>((r) => socket.once('data', (d) => r(String(d))));
      const call = withTimeout(answer, 20, 'ping');
      // The other side answers at once, then this process is busy well past the deadline.
      peer.write('PONG');
      const until = Date.now() + 150;
      while (Date.now() < until) {
        /* a synchronous stretch */
      }
      await expect(call).resolves.toBe('PONG');
    } finally {
      socket.destroy();
      peer?.destroy();
      await new Promise((r) => server.close(r));
    }
  });
});
