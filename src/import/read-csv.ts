import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** One record of the file; `line` is the physical line it starts on (the header is line 1). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export interface FileFacts {
  encoding: 'utf-8' | 'latin1';
  sha256: string;
  bytes: number;
}

/**
 * One pass over the bytes: the file's hash (recorded with the import) and
 * whether it is valid UTF-8. Company files come from Excel as often in
 * Windows-1252 ("Latin-1") as in UTF-8; a file that is not valid UTF-8 is read
 * as Windows-1252, which covers Latin-1 and the quotes Excel adds.
 */
export async function inspectFile(path: string): Promise<FileFacts> {
  const hash = createHash('sha256');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let valid = true;
  let bytes = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
    if (valid) {
      try {
        utf8.decode(chunk, { stream: true });
      } catch {
        valid = false;
      }
    }
  }
  if (valid) {
    try {
      utf8.decode();
    } catch {
      valid = false;
    }
  }
  return { encoding: valid ? 'utf-8' : 'latin1', sha256: hash.digest('hex'), bytes };
}

/** Comma or semicolon: whichever appears more often outside quotes in the header line. */
export function sniffSeparator(header: string): ',' | ';' {
  let inQuotes = false, commas = 0, semis = 0;
  for (const ch of header) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && ch === ',') commas++;
    else if (!inQuotes && ch === ';') semis++;
  }
  return semis > commas ? ';' : ',';
}

/**
 * Streams the records of a CSV file (RFC 4180 and what spreadsheets write):
 * a BOM is dropped, fields may be quoted, and a quoted field may hold the
 * separator, line breaks and doubled quotes. Empty lines are skipped. Memory
 * stays at one chunk and one record, whatever the file's size.
 */
export async function* readCsv(path: string, encoding: FileFacts['encoding']): AsyncGenerator<CsvRecord> {
  const decoder = new TextDecoder(encoding === 'utf-8' ? 'utf-8' : 'windows-1252');
  let sep: string | undefined;
  let field = '';
  let fields: string[] = [];
  let inQuotes = false;
  let quoteSeen = false; // the previous char closed a quote (or is a doubled one)
  let line = 1;
  let recordLine = 1;
  let first = true;
  let headerProbe = '';
  let pendingCr = false;
  const out: CsvRecord[] = [];

  const endRecord = () => {
    fields.push(field);
    field = '';
    if (!(fields.length === 1 && fields[0]!.trim() === '')) out.push({ line: recordLine, fields });
    fields = [];
  };

  const feed = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (pendingCr) {
        pendingCr = false;
        if (ch === '\n') continue;
      }
      if (inQuotes) {
        if (ch === '"') {
          if (text[i + 1] === '"') { field += '"'; i++; } // a doubled quote (split across chunks handled below)
          else if (i + 1 === text.length) { quoteSeen = true; inQuotes = false; }
          else { inQuotes = false; quoteSeen = true; }
        } else {
          if (ch === '\n' || ch === '\r') line++;
          if (ch === '\r' && text[i + 1] === '\n') { field += '\r\n'; i++; continue; }
          field += ch;
        }
        continue;
      }
      if (ch === '"') {
        // A quote right after a closing quote is a doubled quote split by the chunk boundary.
        if (quoteSeen) { field += '"'; inQuotes = true; quoteSeen = false; continue; }
        if (field.trim() === '') { field = ''; inQuotes = true; continue; }
        field += ch; // a stray quote inside an unquoted field is data
        continue;
      }
      quoteSeen = false;
      if (ch === sep) { fields.push(field); field = ''; continue; }
      if (ch === '\n' || ch === '\r') {
        endRecord();
        line++;
        recordLine = line;
        if (ch === '\r') pendingCr = true;
        continue;
      }
      field += ch;
    }
  };

  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    let text = decoder.decode(chunk, { stream: true });
    if (first) {
      // The separator is read from the header line, so the first chunk waits until it holds one.
      headerProbe += text;
      if (!/[\r\n]/.test(headerProbe) && headerProbe.length < 1_000_000) continue;
      text = headerProbe.replace(/^\uFEFF/, '');
      sep = sniffSeparator(text.split(/\r?\n|\r/, 1)[0] ?? '');
      first = false;
      headerProbe = '';
    }
    feed(text);
    while (out.length) yield out.shift()!;
  }
  let tail = decoder.decode();
  if (first) {
    tail = (headerProbe + tail).replace(/^\uFEFF/, '');
    sep = sniffSeparator(tail.split(/\r?\n|\r/, 1)[0] ?? '');
  }
  feed(tail);
  if (field !== '' || fields.length > 0) endRecord();
  while (out.length) yield out.shift()!;
}
