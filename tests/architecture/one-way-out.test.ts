import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Spec invariant O1: every message to a doctor leaves through sendOutbound.
 * Only the wrapper may call the provider's send function, and only the
 * Evolution client may speak to the send endpoint over HTTP.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCANNED = ['src', 'workers', 'bench'];
const WRAPPER = 'src/outbound/send-outbound.ts';
const CLIENT_DIR = 'src/integrations/evolution/';

function sourceFiles(dir: string): string[] {
  let out: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(sourceFiles(path));
    else if (/\.(ts|mts|js|mjs)$/.test(name) && !/\.test\.ts$/.test(name)) out.push(path);
  }
  return out;
}

const stripComments = (src: string) => src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

export function findViolations(files: Array<{ path: string; source: string }>): string[] {
  const violations: string[] = [];
  for (const { path, source } of files) {
    const code = stripComments(source);
    const inClient = path.startsWith(CLIENT_DIR);
    if (path !== WRAPPER && !inClient && /\.\s*sendText\s*\(|\[\s*['"`]sendText['"`]\s*\]/.test(code)) {
      violations.push(`${path}: calls sendText (only ${WRAPPER} may)`);
    }
    if (!inClient && /message\/send[A-Za-z]*/.test(code)) violations.push(`${path}: talks to Evolution's send endpoint`);
  }
  return violations;
}

describe('one way out (O1)', () => {
  it('no file other than the wrapper sends through the provider', () => {
    const files = SCANNED.flatMap((d) => sourceFiles(join(ROOT, d))).map((p) => ({
      path: relative(ROOT, p).split('\\').join('/'),
      source: readFileSync(p, 'utf8'),
    }));
    expect(files.some((f) => f.path === WRAPPER)).toBe(true);
    expect(findViolations(files)).toEqual([]);
  });

  it('the scan catches a direct call, a bracket call and a raw HTTP send', () => {
    expect(
      findViolations([
        { path: 'src/pipeline/post/send.ts', source: 'await deps.whatsapp.sendText(instance, phone, text);' },
        { path: 'src/slack/cmd.ts', source: "await provider['sendText'](i, p, t);" },
        { path: 'src/handoff/x.ts', source: 'await fetch(`${url}/message/sendText/${instance}`)' },
        { path: 'src/agent/ok.ts', source: '// sendText( is mentioned in a comment only' },
        { path: WRAPPER, source: 'await deps.provider.sendText(instance, row.phone, text);' },
      ]),
    ).toEqual([
      'src/pipeline/post/send.ts: calls sendText (only src/outbound/send-outbound.ts may)',
      'src/slack/cmd.ts: calls sendText (only src/outbound/send-outbound.ts may)',
      "src/handoff/x.ts: talks to Evolution's send endpoint",
    ]);
  });
});
