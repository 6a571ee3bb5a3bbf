import { basename } from 'node:path';
import type { Db } from '../db/index.js';
import { DbError } from '../db/index.js';
import { ValidationError, type Clock } from '../shared/index.js';
import { mapColumns, type ImportKind } from './columns.js';
import { inspectFile, readCsv } from './read-csv.js';
import { VALIDATORS } from './validate-row.js';
import type { RegistrationStatus } from './values.js';

export interface ImportOptions {
  kind: ImportKind;
  path: string;
  dryRun: boolean;
  /** Who ran it (recorded): the OS user or --by. */
  by: string;
  /** Status given to a new doctor when the file has no registration column (or a blank cell). */
  defaultStatus: RegistrationStatus;
  batchSize?: number;
  onProgress?: (rows: number) => void;
}

export interface RowProblem {
  line: number;
  reason: string;
}

export interface ImportSummary {
  kind: ImportKind;
  file: string;
  encoding: string;
  sha256: string;
  dryRun: boolean;
  runId: string | null;
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Rows naming a doctor or shift an earlier row of the same file already named. */
  merged: Array<{ line: number; sameAs: number }>;
  errors: RowProblem[];
  ignoredColumns: string[];
  /** Set when new doctors got a status the file did not give. */
  defaultStatus?: RegistrationStatus;
  /** In a dry run: what each valid row would do. */
  actions?: Array<{ line: number; action: string }>;
}

interface BatchResult {
  inserted: number;
  updated: number;
  unchanged: number;
  errors: RowProblem[];
  actions: Array<{ line: number; action: string }>;
}

const RETRYABLE = new Set(['40001', '40P01']);

/**
 * Reads, validates and upserts a company file in batches (one SQL call and
 * one transaction each), never holding more than one batch in memory. A bad
 * row is reported by its line and skipped; the others go in. The run is
 * recorded (who, when, file hash, counts) unless it is a dry run.
 */
export async function runImport(db: Db, clock: Clock, o: ImportOptions): Promise<ImportSummary> {
  const facts = await inspectFile(o.path);
  const size = o.batchSize ?? 500;
  const summary: ImportSummary = {
    kind: o.kind, file: basename(o.path), encoding: facts.encoding, sha256: facts.sha256, dryRun: o.dryRun, runId: null,
    rows: 0, inserted: 0, updated: 0, unchanged: 0, merged: [], errors: [], ignoredColumns: [],
    ...(o.dryRun ? { actions: [] } : {}),
  };
  const records = readCsv(o.path, facts.encoding);
  const first = await records.next();
  if (first.done) throw new ValidationError(`${summary.file}: arquivo vazio (falta a linha de cabeçalho)`);
  const { columns, ignored, missing } = mapColumns(o.kind, first.value.fields);
  if (missing.length) {
    throw new ValidationError(`${summary.file}: faltam colunas obrigatórias: ${missing.join(', ')} (cabeçalho: ${first.value.fields.join(' | ')})`);
  }
  summary.ignoredColumns = ignored;
  if (o.kind === 'doctors' && columns['status'] === undefined) summary.defaultStatus = o.defaultStatus;

  if (!o.dryRun) {
    const run = await db.rpc<{ id: string }>('import_run_start', { p_kind: o.kind, p_file_name: summary.file, p_by: o.by, p_now: clock.now() });
    summary.runId = run.id;
  }
  const firstLine = new Map<string, number>();
  const occurrences = new Map<string, number>();
  let batch: Array<Record<string, unknown>> = [];
  try {
    for await (const rec of records) {
      summary.rows++;
      const v = VALIDATORS[o.kind](rec.line, rec.fields, columns);
      if (!v.ok) {
        summary.errors.push({ line: rec.line, reason: v.reason });
        continue;
      }
      let key = v.key;
      const seen = firstLine.get(key);
      if (o.kind === 'shifts') {
        // Two equal rows are two vacancies of the same shift, each with its own key.
        const n = (occurrences.get(key) ?? 0) + 1;
        occurrences.set(key, n);
        if (n > 1) key = `${key}:${n}`;
        v.row['ref'] = key;
      } else if (seen !== undefined) {
        summary.merged.push({ line: rec.line, sameAs: seen });
        // The first row of a person wins; a repeat only fills what it left blank, so the file reads the same every time.
        v.row['fill_only'] = true;
      } else firstLine.set(key, rec.line);
      batch.push(v.row);
      if (batch.length >= size) {
        await flush(batch);
        batch = [];
      }
    }
    if (batch.length) await flush(batch);
  } catch (err) {
    if (summary.runId) await finish('failed').catch(() => undefined);
    throw err;
  }
  if (summary.runId) await finish('done');
  summary.errors.sort((a, b) => a.line - b.line);
  return summary;

  async function flush(rows: Array<Record<string, unknown>>): Promise<void> {
    const res = await callBatch(rows);
    summary.inserted += res.inserted;
    summary.updated += res.updated;
    summary.unchanged += res.unchanged;
    summary.errors.push(...res.errors);
    if (summary.actions) summary.actions.push(...res.actions);
    o.onProgress?.(summary.rows);
  }

  async function callBatch(rows: Array<Record<string, unknown>>): Promise<BatchResult> {
    const call = () =>
      o.kind === 'doctors'
        ? db.rpc<BatchResult>('import_doctors_batch', { p_rows: rows, p_default_status: o.defaultStatus, p_actor: `import:${o.by}`, p_dry_run: o.dryRun })
        : o.kind === 'hospitals'
          ? db.rpc<BatchResult>('import_hospitals_batch', { p_rows: rows, p_dry_run: o.dryRun })
          : db.rpc<BatchResult>('import_shifts_batch', { p_rows: rows, p_now: clock.now(), p_dry_run: o.dryRun });
    // A batch is one transaction: a deadlock or serialization failure undid all of it, so running it again is safe.
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (err) {
        if (attempt >= 5 || !(err instanceof DbError) || !RETRYABLE.has(err.sqlState ?? '')) throw err;
        await new Promise((r) => setTimeout(r, 50 * attempt));
      }
    }
  }

  async function finish(status: 'done' | 'failed'): Promise<void> {
    const counts = {
      rows: summary.rows, inserted: summary.inserted, updated: summary.updated, unchanged: summary.unchanged,
      merged: summary.merged.length, errors: summary.errors.length, encoding: summary.encoding,
      ...(summary.defaultStatus ? { default_status: summary.defaultStatus } : {}),
    };
    await db.rpc('import_run_finish', { p_id: summary.runId, p_status: status, p_file_hash: facts.sha256, p_counts: counts, p_now: clock.now() });
  }
}
