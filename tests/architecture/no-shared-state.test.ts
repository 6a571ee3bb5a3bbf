import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const SELF = relative(ROOT, import.meta.filename);

/**
 * Test files share their worker's module cache (isolate: false in both vitest
 * configs). That is safe only while no test file changes what the next one
 * imports or reads: no module mocks, no fake timers or stubbed globals, no
 * writes to process.env. A file that needs one of these must say so here and
 * run isolated instead.
 */
const FORBIDDEN: Array<[string, RegExp]> = [
  ['module mock', /\bvi\s*\.\s*(mock|doMock|unmock|hoisted)\s*\(/],
  ['fake timers', /\bvi\s*\.\s*useFakeTimers\s*\(/],
  ['stubbed env or global', /\bvi\s*\.\s*(stubEnv|stubGlobal)\s*\(/],
  ['write to process.env', /process\.env(\.[A-Za-z_]\w*|\[[^\]]+\])\s*(=(?!=)|\+=)|delete\s+process\.env/],
  ['reset of the module cache', /\bvi\s*\.\s*resetModules\s*\(/],
];

function testFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) testFiles(path, out);
    else if (name.endsWith('.ts')) out.push(relative(ROOT, path));
  }
  return out;
}

describe('test files leave no state for the next file in their worker', () => {
  // tests/setup/ is global setup: it runs once in the main process, before any worker starts.
  const files = ['src', 'workers', 'tests']
    .flatMap((d) => testFiles(join(ROOT, d)))
    .filter((f) => f !== SELF && !f.startsWith('tests/setup/') && (f.endsWith('.test.ts') || f.startsWith('tests/')));

  it('finds the test files', () => {
    expect(files.length).toBeGreaterThan(200);
  });

  it('no module mocks, fake timers, stubbed globals or process.env writes', () => {
    const found = files.flatMap((f) => {
      const text = readFileSync(join(ROOT, f), 'utf8');
      return FORBIDDEN.filter(([, re]) => re.test(text)).map(([what]) => `${f}: ${what}`);
    });
    expect(found).toEqual([]);
  });

  it('the patterns catch what they name', () => {
    const caught = (s: string) => FORBIDDEN.filter(([, re]) => re.test(s)).map(([w]) => w);
    expect(caught("vi.mock('../x.js')")).toEqual(['module mock']);
    expect(caught('vi.useFakeTimers()')).toEqual(['fake timers']);
    expect(caught("process.env.TZ = 'UTC'")).toEqual(['write to process.env']);
    expect(caught("process.env['X'] = '1'")).toEqual(['write to process.env']);
    expect(caught('delete process.env.X')).toEqual(['write to process.env']);
    expect(caught("process.env.JULIA_TEST_DB === 'postgres'")).toEqual([]);
    expect(caught('const env = { ...process.env, X: 1 }')).toEqual([]);
  });
});
