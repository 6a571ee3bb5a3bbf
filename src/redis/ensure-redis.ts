import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, Socket } from 'node:net';
import { ConfigError } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';

export interface RedisTarget {
  url: string;
  /** Set when we started a private redis-server; stops it. */
  stop?: () => Promise<void>;
}

const DEFAULT_URL = 'redis://127.0.0.1:6379';

/**
 * The embedded default: an explicit REDIS_URL is used as is; otherwise the local
 * default port; otherwise a private redis-server we start and stop ourselves.
 */
export async function ensureRedis(
  explicitUrl: string | undefined,
  logger: Logger,
  // Injectable so tests can exercise the fallback while a Redis runs on 6379.
  opts: { defaultPort?: number; binary?: string } = {},
): Promise<RedisTarget> {
  if (explicitUrl) return { url: explicitUrl };
  const defaultPort = opts.defaultPort ?? 6379;
  const binary = opts.binary ?? 'redis-server';
  if (await answersPing('127.0.0.1', defaultPort)) return { url: defaultPort === 6379 ? DEFAULT_URL : `redis://127.0.0.1:${defaultPort}` };
  const probe = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new ConfigError(
      'Redis is not reachable at 127.0.0.1:6379 and redis-server is not installed: install it (apt-get install redis-server / brew install redis) or set REDIS_URL',
    );
  }
  const port = await freePort();
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 50; i++) {
    if (await answersPing('127.0.0.1', port)) {
      logger.info({ port }, 'started a private redis-server');
      return { url: `redis://127.0.0.1:${port}`, stop: () => stopChild(child) };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new ConfigError('started redis-server but it did not answer within 5 s; set REDIS_URL');
}

function answersPing(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, host, () => socket.write('PING\r\n'));
    socket.once('data', (buf) => done(buf.toString().startsWith('+PONG')));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
