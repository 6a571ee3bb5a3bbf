import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Exemplar {
  text: string;
  label: string;
}

/**
 * Labelled example messages from knowledge/exemplars/<kind>.jsonl. A malformed
 * line or an unknown label is skipped (and counted), never fatal: a typo in a
 * content file must not take the agent down.
 */
export function loadExemplars(dir: string, kind: string, labels: readonly string[]): { exemplars: Exemplar[]; skipped: number } {
  const path = join(dir, `${kind}.jsonl`);
  if (!existsSync(path)) return { exemplars: [], skipped: 0 };
  const allowed = new Set(labels);
  const exemplars: Exemplar[] = [];
  let skipped = 0;
  for (const line of readFileSync(path, 'utf8').split(/\r?\n/)) {
    if (!line.trim()) continue;
    try {
      const row = JSON.parse(line) as { text?: unknown; label?: unknown };
      if (typeof row.text === 'string' && row.text.trim() && typeof row.label === 'string' && allowed.has(row.label)) {
        exemplars.push({ text: row.text, label: row.label });
      } else skipped++;
    } catch {
      skipped++;
    }
  }
  return { exemplars, skipped };
}
