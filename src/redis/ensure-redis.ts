import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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
  opts: { defaultPort?: number; binary?: string; dataDir?: string } = {},
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
  // Queued turns and delayed reminders live in Redis: the private server keeps an
  // append-only file under DATA_DIR (fsync every second), so restarting `npm start`
  // loses nothing. One process per DATA_DIR, as for the embedded database.
  const dir = resolve(opts.dataDir ?? './.data', 'redis');
  mkdirSync(dir, { recursive: true });
  const portFile = join(dir, 'port');
  // A server left running by a process that was killed (SIGKILL skips our stop)
  // still owns the append-only file: use it rather than start a second writer.
  const previous = Number(readIfExists(portFile));
  if (previous > 0 && (await answersPing('127.0.0.1', previous))) {
    logger.info({ port: previous }, 'reusing the private redis-server left running on DATA_DIR');
    return { url: `redis://127.0.0.1:${previous}` };
  }
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'everysec', '--maxmemory-policy', 'noeviction'];
  const child = spawn(binary, args, { stdio: 'ignore' });
  for (let i = 0; i < 50; i++) {
    if (await answersPing('127.0.0.1', port)) {
      writeFileSync(portFile, String(port));
      logger.info({ port, dir }, 'started a private redis-server (append-only file in DATA_DIR)');
      return { url: `redis://127.0.0.1:${port}`, stop: () => stopChild(child) };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new ConfigError('started redis-server but it did not answer within 5 s; set REDIS_URL');
}

/**
 * For a command run beside the service: the Redis `ensureRedis` would pick, without
 * starting one. An explicit REDIS_URL; else the local default port if it answers; else
 * the private redis-server a running `julia serve` started on DATA_DIR (its port file);
 * else the default URL, for the command to report as unreachable.
 */
export async function locateRedis(explicitUrl: string | undefined, opts: { defaultPort?: number; dataDir?: string } = {}): Promise<string> {
  if (explicitUrl) return explicitUrl;
  const defaultPort = opts.defaultPort ?? 6379;
  const defaultUrl = defaultPort === 6379 ? DEFAULT_URL : `redis://127.0.0.1:${defaultPort}`;
  if (await answersPing('127.0.0.1', defaultPort)) return defaultUrl;
  const previous = Number(readIfExists(join(resolve(opts.dataDir ?? './.data', 'redis'), 'port')));
  if (previous > 0 && (await answersPing('127.0.0.1', previous))) return `redis://127.0.0.1:${previous}`;
  return defaultUrl;
}

function readIfExists(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '';
  }
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
