import { createWriteStream, type WriteStream } from 'node:fs';
import type { Config } from '../config.js';
import { openDb } from '../db/index.js';
import { exportReport } from '../export/index.js';

const USAGE = `usage: julia export doctors|shifts [--format csv] [--out FILE]
       julia export campaign ID [--format csv] [--out FILE]
CSV: UTF-8 with BOM, ';' separated, times in São Paulo (opens as-is in Excel pt-BR).`;

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

function writer(stream: NodeJS.WritableStream): (chunk: string) => Promise<void> {
  return (chunk) =>
    new Promise((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      stream.once('error', onError);
      const ok = stream.write(chunk, () => undefined);
      const done = () => {
        stream.off('error', onError);
        resolve();
      };
      if (ok) done();
      else stream.once('drain', done);
    });
}

/** `julia export doctors|shifts|campaign ID --format csv [--out FILE]`: reports, streamed. */
export async function run(config: Config, args: string[] = []): Promise<number> {
  const [kind, maybeId] = args;
  const format = option(args, '--format') ?? 'csv';
  if (!kind || !['doctors', 'shifts', 'campaign'].includes(kind) || format !== 'csv') {
    console.error(USAGE);
    return 2;
  }
  const id = kind === 'campaign' ? maybeId : undefined;
  const out = option(args, '--out');
  const db = await openDb(config.database);
  const stream: NodeJS.WritableStream = out ? createWriteStream(out, { encoding: 'utf8' }) : process.stdout;
  try {
    const rows = await exportReport(db, kind, id, writer(stream));
    if (out) {
      await new Promise<void>((resolve, reject) => (stream as WriteStream).end((err?: Error | null) => (err ? reject(err) : resolve())));
      console.error(`${rows} linha(s) exportada(s) para ${out}`);
    }
    return 0;
  } finally {
    await db.close();
  }
}
