/**
 * What starting a `julia` process costs: the sources compiled ahead of the run and loaded with no module
 * hooks (src/compile-sources.mjs), against tsx loading them through its hooks (the binary's fallback where the
 * compiled folder cannot be written: `node --import tsx src/main.ts`). Run: node --import tsx bench/process-start.ts
 * Prints JSON: per command, wall and CPU milliseconds (user + system, from /proc of the finished child through
 * /usr/bin/time when present), median of BENCH_ROUNDS (default 5) each; plus one full compile from nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const JULIA = join(import.meta.dirname, '../src/julia.mjs');
const MAIN = join(import.meta.dirname, '../src/main.ts');
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const scratch = mkdtempSync(join(tmpdir(), 'julia-bench-start-'));
const dataDir = join(scratch, 'data');
const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', CATCHUP_INTERVAL_MS: '0' };
const MODES = { compiled: [JULIA], tsx: ['--import', 'tsx', MAIN] };

function once(args: string[], mode: string[]): { wall_ms: number; cpu_ms: number | null } {
  const node = [process.execPath, ...mode, ...args];
  const argv = TIME ? [TIME, '-f', 'cpu %U %S', ...node] : node;
  const t = performance.now();
  const r = spawnSync(argv[0]!, argv.slice(1), { env, encoding: 'utf8', timeout: 120_000 });
  const wall = performance.now() - t;
  const cpu = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr ?? '');
  if (r.status !== 0 && !(args[0] === 'fill' && r.status === 2)) throw new Error(`julia ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { wall_ms: wall, cpu_ms: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : null };
}

function measure(args: string[], mode: string[]) {
  const runs = Array.from({ length: ROUNDS }, () => once(args, mode));
  const cpus = runs.map((r) => r.cpu_ms).filter((c): c is number => c !== null);
  return { wall_ms: Math.round(median(runs.map((r) => r.wall_ms))), cpu_ms: cpus.length ? Math.round(median(cpus)) : null };
}

try {
  // The compiled tree of this checkout, emptied so the first start compiles everything.
  rmSync(join(import.meta.dirname, '../node_modules/.cache/julia'), { recursive: true, force: true });
  const compileFromNothing = once(['--help'], MODES.compiled);
  once(['migrate'], MODES.compiled);
  // The commands tests and operators start most: usage only, a CLI command on the database, the whole app.
  const commands: Record<string, string[]> = { help: ['--help'], fill_usage: ['fill'], status: ['status', '--json'] };
  const result: Record<string, unknown> = {
    bench: 'process-start',
    rounds: ROUNDS,
    full_compile_ms: Math.round(compileFromNothing.wall_ms),
  };
  for (const [name, args] of Object.entries(commands)) {
    result[name] = { compiled: measure(args, MODES.compiled), tsx: measure(args, MODES.tsx) };
  }
  console.log(JSON.stringify(result, null, 2));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
