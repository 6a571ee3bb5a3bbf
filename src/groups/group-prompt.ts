import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** prompts/group-parser.md, read once at boot. */
export function loadGroupPrompt(path = fileURLToPath(new URL('../../prompts/group-parser.md', import.meta.url))): string {
  return readFileSync(path, 'utf8').trim();
}
