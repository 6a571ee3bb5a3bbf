import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import { isSqlDb, migrate, openDb } from '../db/index.js';
import { formatSummary, parseRegistration, runImport, type ImportKind } from '../import/index.js';
import { systemClock } from '../shared/index.js';

const USAGE = `usage: julia import doctors|hospitals|shifts FILE [--dry-run] [--by NAME] [--status pendente|aprovado|bloqueado] [--json]
  CSV em UTF-8 ou Latin-1, separado por vírgula ou ponto e vírgula, com cabeçalho.
  --dry-run  mostra o que mudaria e não grava nada
  --status   cadastro dado a médicos novos quando o arquivo não tem coluna de cadastro (padrão: pendente)`;

const KINDS: Record<string, ImportKind> = {
  doctors: 'doctors', medicos: 'doctors', 'médicos': 'doctors',
  hospitals: 'hospitals', hospitais: 'hospitals',
  shifts: 'shifts', vagas: 'shifts', plantoes: 'shifts', 'plantões': 'shifts',
};

function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env['USER'] ?? 'cli';
  }
}

/** `julia import ...`: a company's doctors, hospitals or open shifts from a CSV file. */
export async function run(config: Config, args: string[] = []): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { 'dry-run': { type: 'boolean' }, by: { type: 'string' }, status: { type: 'string' }, json: { type: 'boolean' } },
  });
  const kind = KINDS[positionals[0] ?? ''];
  const path = positionals[1];
  if (!kind || !path || positionals.length > 2) {
    console.error(USAGE);
    return 2;
  }
  const defaultStatus = values.status ? parseRegistration(values.status) : 'pendente';
  if (!defaultStatus) {
    console.error(`--status: use pendente, aprovado ou bloqueado\n${USAGE}`);
    return 2;
  }
  const db = await openDb(config.database);
  try {
    if (isSqlDb(db)) await migrate(db);
    const tty = process.stderr.isTTY;
    let last = 0;
    const summary = await runImport(db, systemClock, {
      kind, path, dryRun: values['dry-run'] ?? false, by: values.by ?? osUser(), defaultStatus,
      onProgress: (rows) => {
        // Progress on stderr, so stdout stays the summary.
        if (tty) process.stderr.write(`\r${rows} linhas...`);
        else if (rows - last >= 10_000) { process.stderr.write(`${rows} linhas...\n`); last = rows; }
      },
    });
    if (tty) process.stderr.write('\n');
    console.log(values.json ? JSON.stringify(summary) : formatSummary(summary));
    return 0;
  } finally {
    await db.close();
  }
}
