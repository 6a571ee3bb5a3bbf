import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { appSources, compiledEntry } from './compile-sources.mjs';

const MODULE = fileURLToPath(new URL('./compile-sources.mjs', import.meta.url));
const REPO_MODULES = fileURLToPath(new URL('../node_modules/', import.meta.url));
const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** A small project: an entry importing a TypeScript module by its .js name, reading a file beside its source. */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'julia-compile-'));
  roots.push(root);
  mkdirSync(join(root, 'src/lib'), { recursive: true });
  mkdirSync(join(root, 'prompts'));
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(join(root, 'prompts/hello.md'), 'olá do prompt');
  writeFileSync(
    join(root, 'src/main.ts'),
    [
      "import { readFileSync } from 'node:fs';",
      "import type { Greeting } from './lib/greet.js';",
      "import { greet } from './lib/greet.js';",
      "const prompt = readFileSync(new URL('../prompts/hello.md', import.meta.url), 'utf8');",
      "const g: Greeting = greet('Ana');",
      'console.log(JSON.stringify({ g, prompt, url: import.meta.url, dirname: import.meta.dirname }));',
      '',
    ].join('\n'),
  );
  writeFileSync(join(root, 'src/lib/greet.ts'), "export type Greeting = string;\nexport function greet(name: string): Greeting {\n  return `oi ${name}`;\n}\n");
  writeFileSync(join(root, 'src/lib/greet.test.ts'), 'throw new Error("tests are not compiled");\n');
  return root;
}

function runEntry(entry: string): Record<string, string> {
  const r = spawnSync(process.execPath, ['--enable-source-maps', fileURLToPath(entry)], { encoding: 'utf8', timeout: 30_000 });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as Record<string, string>;
}

describe('compiledEntry', () => {
  it('compiles the sources so they run with no hooks, keeping each module its own import.meta', () => {
    const root = project();
    const entry = compiledEntry({ root });
    expect(entry).toBe(pathToFileURL(join(root, 'node_modules/.cache/julia/src/main.js')).href);
    const out = runEntry(entry!);
    expect(out.g).toBe('oi Ana');
    expect(out.prompt).toBe('olá do prompt');
    expect(out.url).toBe(pathToFileURL(join(root, 'src/main.ts')).href);
    expect(out.dirname).toBe(join(root, 'src'));
    expect(appSources(root)).toEqual(['src/lib/greet.ts', 'src/main.ts']);
    expect(existsSync(join(root, 'node_modules/.cache/julia/src/lib/greet.test.js'))).toBe(false);
  });

  it('recompiles an edited file and removes a deleted one before anything runs', () => {
    const root = project();
    const first = compiledEntry({ root })!;
    writeFileSync(join(root, 'src/lib/greet.ts'), "export type Greeting = string;\nexport function greet(name: string): Greeting {\n  return `olá ${name}`;\n}\n");
    writeFileSync(join(root, 'src/lib/extra.ts'), 'export const extra = 1;\n');
    expect(compiledEntry({ root })).toBe(first);
    expect(runEntry(first).g).toBe('olá Ana');
    expect(existsSync(join(root, 'node_modules/.cache/julia/src/lib/extra.js'))).toBe(true);

    unlinkSync(join(root, 'src/lib/extra.ts'));
    compiledEntry({ root });
    expect(existsSync(join(root, 'node_modules/.cache/julia/src/lib/extra.js'))).toBe(false);
    const manifest = JSON.parse(readFileSync(join(root, 'node_modules/.cache/julia/manifest.json'), 'utf8')) as { files: Record<string, string> };
    expect(Object.keys(manifest.files).sort()).toEqual(['src/lib/greet.ts', 'src/main.ts']);
  });

  it('names the TypeScript line in a stack trace', () => {
    const root = project();
    writeFileSync(join(root, 'src/main.ts'), "type T = { a: number };\nconst t: T = { a: 1 };\n\nthrow new Error(`falhou ${t.a}`);\n");
    const r = spawnSync(process.execPath, [fileURLToPath(compiledEntry({ root })!)], { encoding: 'utf8', timeout: 30_000 });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('falhou 1');
    // Without --enable-source-maps the compiled line is shown; the julia binary turns maps on itself.
    const mapped = spawnSync(process.execPath, ['--enable-source-maps', fileURLToPath(compiledEntry({ root })!)], { encoding: 'utf8', timeout: 30_000 });
    expect(mapped.stderr).toContain(`${join(root, 'src/main.ts')}:4`);
  });

  it('answers null, so the caller falls back to tsx, where the compiled tree cannot be written', () => {
    const root = project();
    writeFileSync(join(root, 'not-a-folder'), '');
    expect(compiledEntry({ root, outDir: join(root, 'not-a-folder/julia') })).toBeNull();
  });

  it('stops with the file and line of a syntax error', () => {
    const root = project();
    writeFileSync(join(root, 'src/lib/greet.ts'), 'export function greet(name: string {\n');
    expect(() => compiledEntry({ root })).toThrow(/^cannot compile src\/lib\/greet\.ts:\n\S+greet\.ts:1:\d+: /);
  });

  it('leaves a complete tree when several processes compile the same sources at once', async () => {
    const root = project();
    for (let i = 0; i < 40; i++) writeFileSync(join(root, `src/lib/m${i}.ts`), Array.from({ length: 50 }, (_, j) => `export const m${i}_${j}: number = ${i};\n`).join(''));
    const script = `import(${JSON.stringify(pathToFileURL(MODULE).href)}).then((m) => console.log(m.compiledEntry({ root: ${JSON.stringify(root)} })))`;
    const runs = await Promise.all(
      Array.from({ length: 4 }, () =>
        new Promise<{ code: number | null; out: string }>((resolve) => {
          const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
          let out = '';
          child.stdout.on('data', (d: Buffer) => (out += d.toString()));
          child.on('close', (code) => resolve({ code, out }));
        }),
      ),
    );
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0]);
    const entry = runs[0]!.out.trim();
    expect(runs.every((r) => r.out.trim() === entry)).toBe(true);
    expect(runEntry(entry).g).toBe('oi Ana');
    for (let i = 0; i < 40; i++) expect(readFileSync(join(root, `node_modules/.cache/julia/src/lib/m${i}.js`), 'utf8')).toContain(`m${i}_49 = ${i}`);
    const leftovers = spawnSync('find', [join(root, 'node_modules/.cache/julia'), '-name', '*.tmp'], { encoding: 'utf8' }).stdout.trim();
    expect(leftovers).toBe('');
  });

  describe('the julia binary', () => {
    /** The project with the real binary and the two packages it may load (esbuild, tsx) linked in. */
    function withBinary(): string {
      const root = project();
      for (const f of ['julia.mjs', 'compile-sources.mjs']) copyFileSync(fileURLToPath(new URL(`./${f}`, import.meta.url)), join(root, 'src', f));
      mkdirSync(join(root, 'node_modules'));
      for (const pkg of ['esbuild', '@esbuild', 'tsx']) symlinkSync(join(REPO_MODULES, pkg), join(root, 'node_modules', pkg));
      return root;
    }
    const run = (root: string) => spawnSync(process.execPath, [join(root, 'src/julia.mjs')], { encoding: 'utf8', timeout: 60_000 });

    it('runs the compiled sources', () => {
      const root = withBinary();
      const r = run(root);
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout)).toMatchObject({ g: 'oi Ana', prompt: 'olá do prompt', url: pathToFileURL(join(root, 'src/main.ts')).href });
      expect(existsSync(join(root, 'node_modules/.cache/julia/src/main.js'))).toBe(true);
    });

    it('runs the sources through tsx where the compiled tree cannot be written', () => {
      const root = withBinary();
      writeFileSync(join(root, 'node_modules/.cache'), 'not a folder');
      const r = run(root);
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout)).toMatchObject({ g: 'oi Ana', prompt: 'olá do prompt', url: pathToFileURL(join(root, 'src/main.ts')).href });
    });

    it('stops on a syntax error with one line naming the file, not a stack', () => {
      const root = withBinary();
      writeFileSync(join(root, 'src/lib/greet.ts'), 'export function greet(name: string {\n');
      const r = run(root);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/^julia: cannot compile src\/lib\/greet\.ts:\n\S+greet\.ts:1:\d+: .+\n$/);
    });
  });
});
