import { createInterface } from 'node:readline';
import type { Config } from '../config.js';
import { classifyMessage, createDetectors, type Detectors, type MessageVerdict } from '../classify/index.js';

interface InputLine {
  id?: unknown;
  text?: unknown;
  /** Earlier doctor messages: strings, or {role, text} where only role "doctor" counts. */
  history?: unknown;
}

/** One input line's verdict, keyed by the line's own id. */
export type Classification = { id: unknown } & MessageVerdict;

function doctorHistory(history: unknown): string[] {
  if (!Array.isArray(history)) return [];
  return history.flatMap((h) => {
    if (typeof h === 'string') return [h];
    if (h && typeof h === 'object' && typeof (h as { text?: unknown }).text === 'string') {
      const role = (h as { role?: unknown }).role;
      return role === undefined || role === 'doctor' ? [(h as { text: string }).text] : [];
    }
    return [];
  });
}

export function classifyLine(detectors: Detectors, input: InputLine): Classification {
  // Any JSON value can arrive (null, a number, an array): read fields only from an object.
  const line: InputLine = input !== null && typeof input === 'object' && !Array.isArray(input) ? input : {};
  const text = typeof line.text === 'string' ? line.text : '';
  const v = classifyMessage(detectors, text, doctorHistory(line.history));
  return {
    // Echoed as given when it is a plain value; an object or array id (possibly nested
    // deeper than JSON.stringify can go) is not an id.
    id: line.id === undefined || (line.id !== null && typeof line.id === 'object') ? null : line.id,
    ...v,
  };
}

/**
 * `julia classify`: JSON lines {"id","text","history"?} on stdin, one JSON line
 * per input on stdout. Offline: detectors use rules and the local embedder only.
 * Opt-out, bot suspicion and hand-off come from the pipeline's detectors.
 */
export async function run(_config: Config, _args: string[]): Promise<number> {
  const detectors = createDetectors();
  let failures = 0;
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const raw of lines) {
    if (!raw.trim()) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      failures++;
      process.stdout.write(`${JSON.stringify({ error: 'invalid JSON line' })}\n`);
      continue;
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      failures++;
      process.stdout.write(`${JSON.stringify({ error: 'line is not a JSON object' })}\n`);
      continue;
    }
    process.stdout.write(`${JSON.stringify(classifyLine(detectors, parsed as InputLine))}\n`);
  }
  return failures > 0 ? 1 : 0;
}
