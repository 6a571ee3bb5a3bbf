/**
 * Import: `julia import doctors` of a generated company file of 100,000
 * doctors (mixed phone notations, semicolons, quoted names, ~1% duplicate
 * rows, ~0.5% bad rows, some old 8-digit mobiles), on a fresh embedded
 * DATA_DIR (PGlite, the default), as its own process. Prints JSON: rows/s,
 * the importing process's peak RSS (it holds the database too) and the total
 * time, then runs the same file again (nothing changes) and prints that too.
 * With --beside, a `julia serve` holds the DATA_DIR first and the import runs
 * beside it, through the service's socket: the importing process then holds no
 * database, and the service's own peak RSS is printed as well. With
 * --database-url, a scratch database is created on that server and dropped after.
 *
 *   node --import tsx bench/import.ts [--rows 100000] [--database-url postgres://...] [--beside]
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresDb } from '../src/db/index.js';

const JULIA = join(import.meta.dirname, '../src/julia.mjs');
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const rows = Number(arg('rows') ?? 100_000);
const serverUrl = arg('database-url');
// A scratch database on the given server: the bench never writes into one that holds anything.
const scratch = serverUrl ? `julia_bench_import_${randomBytes(4).toString('hex')}` : undefined;
const admin = serverUrl ? createPostgresDb({ url: serverUrl, max: 1 }) : undefined;
if (admin) await admin.exec(`create database ${scratch}`);
const databaseUrl = serverUrl ? Object.assign(new URL(serverUrl), { pathname: `/${scratch}` }).toString() : undefined;
const beside = process.argv.includes('--beside');

const dir = mkdtempSync(join(tmpdir(), 'julia-bench-import-'));
const file = join(dir, 'medicos.csv');
const specialties = ['Clínica Médica', 'pediatria', 'Emergência', 'ginecologia e obstetrícia', ''];
const lines: string[] = ['Nome;Celular;CRM;UF;Especialidade;Cidade;Região;E-mail'];
for (let i = 0; i < rows; i++) {
  const sub = String(10_000_000 + i).slice(1); // 7 digits, unique
  const n = i % 5;
  const phone = n === 0 ? `(11) 9${sub.slice(0, 4)}-${sub.slice(4)}0`.replace(/^(\(11\) 9\d{4}-\d{4})\d$/, '$1')
    : n === 1 ? `+55 21 9${sub}${i % 10}` : n === 2 ? `011 9${sub}${i % 10}` : n === 3 ? `(31) 8${sub}` : `55419${sub}${i % 10}`;
  const bad = i % 200 === 199;
  lines.push([`"Dr(a). Médico ${i}, ""Teste"""`, bad ? '12345' : phone, String(100000 + i), 'SP', specialties[i % 5], 'São Paulo', 'zona sul', `m${i}@exemplo.com.br`].join(';'));
  if (i % 100 === 50) lines.push(lines[lines.length - 1]!); // a duplicate row
}
writeFileSync(file, lines.join('\r\n') + '\r\n');

const env = {
  PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp', LOG_LEVEL: 'warn',
  DATA_DIR: join(dir, 'data'), REDIS_URL: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};
// Beside a running service: `julia serve` on the same DATA_DIR, vendors pointed at a closed loopback port (nothing is sent).
const freePort = () => new Promise<number>((resolve) => {
  const srv = createServer().listen(0, '127.0.0.1', () => {
    const port = (srv.address() as { port: number }).port;
    srv.close(() => resolve(port));
  });
});
const servePort = beside ? await freePort() : 0;
const service = beside
  ? spawn(process.execPath, [JULIA, 'serve'], {
      env: {
        ...env, PORT: String(servePort), REDIS_PREFIX: `bench-import-${process.pid}`,
        EVOLUTION_API_URL: 'http://127.0.0.1:9', EVOLUTION_API_KEY: 'bench', EVOLUTION_INSTANCE: 'bench', EVOLUTION_WEBHOOK_TOKEN: 'bench',
        ANTHROPIC_API_KEY: 'bench', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
  : undefined;
if (service) {
  const until = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${servePort}/readyz`).then((r) => r.status === 200, () => false);
    if (ready) break;
    if (Date.now() > until || service.exitCode !== null) throw new Error('julia serve did not become ready');
    await new Promise((r) => setTimeout(r, 250));
  }
}
/** The service's peak RSS so far (Linux VmHWM), in MB. */
const servicePeakMb = () => {
  const m = service?.pid ? /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${service.pid}/status`, 'utf8')) : null;
  return m ? Math.round(Number(m[1]) / 1024) : undefined;
};
/** The service's CPU seconds so far (user + system, Linux clock ticks of 1/100 s): its share of the import beside it. */
const serviceCpuSeconds = () => {
  if (!service?.pid) return 0;
  const fields = readFileSync(`/proc/${service.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const run = (args: string[]) => spawnSync('/usr/bin/time', ['-f', '%M %e %U %S', process.execPath, JULIA, ...args], { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
// Migrating and seeding (demo hospitals and doctors) are not part of the measure.
const seeded = run(['seed']);
if (seeded.status !== 0) throw new Error(`julia seed failed: ${seeded.stderr}`);

function measure(label: string) {
  const started = Date.now();
  const serviceCpuBefore = serviceCpuSeconds();
  const r = run(['import', 'doctors', file, '--json', '--by', 'bench']);
  const serviceCpu = serviceCpuSeconds() - serviceCpuBefore;
  const totalMs = Date.now() - started;
  if (r.status !== 0) throw new Error(`julia import failed: ${r.stderr}`);
  const [kb, , user, sys] = r.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  const s = JSON.parse(r.stdout) as { rows: number; inserted: number; updated: number; unchanged: number; merged: unknown[]; errors: unknown[] };
  return {
    label, rows: s.rows, inserted: s.inserted, updated: s.updated, unchanged: s.unchanged, merged: s.merged.length, errors: s.errors.length,
    totalSeconds: +(totalMs / 1000).toFixed(1), rowsPerSecond: Math.round(s.rows / (totalMs / 1000)), peakRssMb: Math.round(kb! / 1024),
    // CPU seconds of the importing process (its PGlite thread included): the figure a loaded machine does not distort.
    cpuSeconds: +(user! + sys!).toFixed(1), rowsPerCpuSecond: Math.round(s.rows / (user! + sys!)),
    ...(service && { serviceCpuSeconds: +serviceCpu.toFixed(1) }),
  };
}

const first = measure('first import');
const second = measure('same file again');
const serviceRssMb = servicePeakMb();
if (service) {
  const exited = new Promise((r) => service.once('exit', r));
  service.kill('SIGTERM');
  await exited;
}
console.log(JSON.stringify({ engine: databaseUrl ? 'postgres' : 'pglite', beside, ...(beside && { servicePeakRssMb: serviceRssMb }), fileMb: +(Buffer.byteLength(lines.join('\r\n')) / 1e6).toFixed(1), first, second }, null, 2));
rmSync(dir, { recursive: true, force: true });
if (admin) {
  await admin.exec(`drop database ${scratch}`);
  await admin.close();
}
