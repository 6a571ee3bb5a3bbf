import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PrivateRedis {
  url: string;
  port: number;
  /** Stops the server (SHUTDOWN writes the append-only file), waits `downMs`, starts it again on the same port. */
  restart(downMs: number): Promise<void>;
  stop(): Promise<void>;
}

const ping = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port }, () => s.write('PING\r\n'));
    s.once('data', (d) => (s.destroy(), resolve(String(d).startsWith('+PONG'))));
    s.once('error', () => resolve(false));
    s.setTimeout(500, () => (s.destroy(), resolve(false)));
  });

/**
 * A redis-server of the bench's own, with appendonly on, in a temporary directory:
 * it can be restarted without touching the machine's shared Redis, and keeps
 * queued and delayed jobs across the restart as a production Redis with AOF does.
 */
export async function startPrivateRedis(port: number): Promise<PrivateRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'julia-chaos-redis-'));
  let proc: ChildProcess | undefined;
  const start = async () => {
    proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--appendfsync', 'everysec', '--save', '', '--logfile', join(dir, 'redis.log')], { stdio: 'ignore' });
    for (let i = 0; i < 100 && !(await ping(port)); i++) await new Promise((r) => setTimeout(r, 50));
    if (!(await ping(port))) throw new Error(`private redis on ${port} did not start (see ${dir}/redis.log)`);
  };
  const halt = async () => {
    const p = proc;
    if (!p || p.exitCode !== null) return;
    const exited = once(p, 'exit');
    p.kill('SIGTERM'); // redis-server shuts down like SHUTDOWN on SIGTERM: the AOF is flushed.
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async restart(downMs) {
      await halt();
      await new Promise((r) => setTimeout(r, downMs));
      await start();
    },
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
