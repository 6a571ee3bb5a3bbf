import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

// Debian keeps the server binaries per major version; the newest installed one unless PG_BIN says otherwise.
const BIN =
  process.env.PG_BIN ??
  (existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin`).filter((d) => existsSync(`${d}/initdb`)).sort((a, b) => parseInt(b.split('/')[3]!, 10) - parseInt(a.split('/')[3]!, 10))[0]
    : undefined) ??
  '/usr/lib/postgresql/15/bin';

export interface PrivatePostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:port/<database> */
  urlFor(database: string): string;
  /** `pg_ctl stop -m fast` (every connection is cut), `downMs` without a server, then start again. */
  restart(downMs: number): Promise<void>;
  stop(): void;
}

/**
 * A PostgreSQL cluster of the bench's own (initdb + pg_ctl in a temporary
 * directory, loopback, trust): the "database restarted" fault must not touch the
 * machine's shared server. initdb refuses to run as root, so as root the cluster
 * is created and run as the `postgres` system user.
 */
export function startPrivatePostgres(port: number): PrivatePostgres {
  const dir = mkdtempSync(join(tmpdir(), 'julia-chaos-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const pw = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(pw.stdout.trim()), Number(gid.stdout.trim()));
  }
  const run = (cmd: string, args: string[]) => {
    const r = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', join(BIN, cmd), ...args], { encoding: 'utf8' })
      : spawnSync(join(BIN, cmd), args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed (${r.status}): ${r.stderr || r.stdout}`);
  };
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--locale', 'C.UTF-8']);
  // fsync off: the fault is a restart of the server, not a power cut; a crash-safe disk is not what is measured.
  const start = () => run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, 'start']);
  const halt = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  start();
  let running = true;
  return {
    port,
    urlFor: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async restart(downMs) {
      halt();
      running = false;
      await new Promise((r) => setTimeout(r, downMs));
      start();
      running = true;
    },
    stop() {
      if (running) halt();
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
