import type { Redis } from 'ioredis';

interface Corkable {
  cork(): void;
  uncork(): void;
}

/**
 * Makes the commands a connection sends during one event-loop turn leave in
 * one socket write: the first command of a turn corks the socket, and a
 * setImmediate (after the turn's I/O callbacks, where ioredis's own
 * auto-pipelining flushes too) uncorks it, so Node writes the lot with one
 * writev. On loopback a write is the costliest part of a job add (the sender's
 * syscall also runs Redis's side of TCP), which is why the producers' connection
 * batches at all (docs/decisions/0185-inbound-load.md).
 *
 * It replaces `enableAutoPipelining` there, which saved the same writes but
 * builds an ioredis Pipeline per turn, and a Pipeline copies every script the
 * connection defines (BullMQ's forty-odd, twice each) onto itself: on the
 * Evolution acknowledgement that was the largest item of CPU the minimal route
 * does not pay (docs/decisions/0205-webhook-ack-cpu.md).
 * Nothing else changes: each command is written at once, in order, with its own
 * reply and error; only the syscall waits for the end of the turn.
 */
export function coalesceWrites(redis: Redis): Redis {
  const send = redis.sendCommand;
  let corked: Corkable | undefined;
  const uncork = () => {
    const s = corked;
    corked = undefined;
    s?.uncork();
  };
  redis.sendCommand = function (this: Redis, command, stream) {
    // Only commands for the connection's own socket, once it is ready (otherwise ioredis
    // queues them offline and writes them itself on connect).
    if (!corked && !stream && this.status === 'ready') {
      const socket = (this as unknown as { stream?: Partial<Corkable> }).stream;
      if (socket && typeof socket.cork === 'function') {
        socket.cork();
        corked = socket as Corkable;
        setImmediate(uncork);
      }
    }
    return send.call(this, command, stream);
  } as Redis['sendCommand'];
  return redis;
}
