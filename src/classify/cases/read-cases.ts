import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * One line of cases/<task>.jsonl: a message and the final verdict expected for one or more tasks. `handoffReason`
 * is why it hands off; `objectionNot` a label the message must not get (null: it must get some label). The id
 * names the phenomenon the case stands for.
 */
export interface Case {
  id: string;
  text: string;
  optOut?: boolean;
  botSuspicion?: boolean;
  handoff?: boolean;
  handoffReason?: string;
  objection?: string | null;
  objectionNot?: string | null;
  /** A refusal of the work itself, not of one offer (the cooling-off step reads it). */
  firmNo?: boolean;
}

const DIR = fileURLToPath(new URL('./', import.meta.url));

/** The case files by name (`opt-out.jsonl`, …). */
export const caseFiles = (): string[] => readdirSync(DIR).filter((f) => f.endsWith('.jsonl')).sort();

/** Every case of one file, or of all of them. */
export function readCases(file?: string): Case[] {
  return (file ? [file] : caseFiles()).flatMap((f) =>
    readFileSync(DIR + f, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Case),
  );
}
