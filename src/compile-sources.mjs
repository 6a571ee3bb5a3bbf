// Compiles the app's TypeScript to plain JavaScript before a `julia` process
// imports it, so Node loads it with no module hooks at all. Hooks (tsx) cost a
// round trip to their thread for every module of every package, which made a
// process spend about twice the CPU just starting (docs/decisions/0315-test-speed.md).
//
// The output mirrors the tree under node_modules/.cache/julia, so bare imports
// still find the project's node_modules. Each compiled file keeps its source's
// import.meta (url, dirname, filename), so prompts/, supabase/ and the PGlite
// thread are found where they are, and carries an inline source map, so stack
// traces name .ts lines.
//
// It is checked on every start against a manifest of the sources' hashes: an
// edited, added or deleted file is compiled or removed before anything runs, so
// the output can never drift from the sources. Processes starting at once may
// both compile; every write is a temporary file renamed into place, so no
// process ever reads half a file. Where the folder cannot be written (a
// read-only image that was not prepared), it answers null and the caller runs
// the sources through tsx, as before.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What a `julia` process may import: the app, and the model fake that `eval --offline` starts. */
const SOURCE_DIRS = ['src', 'workers', 'tests/fakes'];
// The compiler options that change emitted code, as tsconfig.json sets them.
const TSCONFIG_RAW = { compilerOptions: { target: 'ES2022', verbatimModuleSyntax: true, useDefineForClassFields: true } };

const require = createRequire(import.meta.url);

/** Source files under the source folders, relative to the root (tests and declarations left out). */
export function appSources(root = ROOT) {
  const files = [];
  for (const dir of SOURCE_DIRS) {
    let entries;
    try {
      entries = readdirSync(join(root, dir), { recursive: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const rel = join(dir, String(entry));
      if (/\.(test|d)\.m?ts$/.test(rel) || !/\.(ts|mjs)$/.test(rel)) continue;
      files.push(rel);
    }
  }
  return files.sort();
}

const outputName = (rel) => rel.replace(/\.ts$/, '.js');

function writeAtomically(path, text) {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, path);
}

function compile(esbuild, root, rel, source) {
  const file = join(root, rel);
  const options = {
    loader: rel.endsWith('.ts') ? 'ts' : 'js',
    format: 'esm',
    target: 'node20',
    sourcemap: 'inline',
    sourcefile: file,
    tsconfigRaw: TSCONFIG_RAW,
    define: {
      'import.meta.url': JSON.stringify(pathToFileURL(file).href),
      'import.meta.dirname': JSON.stringify(dirname(file)),
      'import.meta.filename': JSON.stringify(file),
    },
  };
  try {
    return esbuild.transformSync(source, options).code;
  } catch (err) {
    // One line per error (at most five), as a compiler prints them, instead of esbuild's whole report.
    const lines = (err.errors ?? []).slice(0, 5).map((e) => `${e.location?.file ?? file}:${e.location?.line ?? 0}:${e.location?.column ?? 0}: ${e.text}`);
    throw new Error(lines.length ? `cannot compile ${rel}:\n${lines.join('\n')}` : `cannot compile ${rel}: ${err.message}`);
  }
}

/**
 * Brings the compiled tree up to date with the sources and answers the URL of
 * its entry (src/main.js), or null when it cannot be written.
 */
export function compiledEntry({ root = ROOT, outDir = join(root, 'node_modules/.cache/julia') } = {}) {
  const esbuildVersion = require('esbuild/package.json').version;
  // Anything that changes every output at once starts the tree afresh; the last number is this file's own format.
  const version = createHash('sha256').update(JSON.stringify([esbuildVersion, TSCONFIG_RAW, SOURCE_DIRS, 1])).digest('hex');
  const manifestPath = join(outDir, 'manifest.json');
  let manifest = { version, files: {} };
  try {
    const read = JSON.parse(readFileSync(manifestPath, 'utf8'));
    if (read.version === version) manifest = read;
  } catch {
    // first start, or an unreadable manifest: compile everything
  }
  const sources = new Map(appSources(root).map((rel) => [rel, readFileSync(join(root, rel), 'utf8')]));
  const hashes = new Map([...sources].map(([rel, text]) => [rel, createHash('sha256').update(text).digest('hex')]));
  const stale = [...hashes].filter(([rel, hash]) => manifest.files[rel] !== hash).map(([rel]) => rel);
  const gone = Object.keys(manifest.files).filter((rel) => !hashes.has(rel));
  const entry = pathToFileURL(join(outDir, 'src/main.js')).href;
  if (stale.length === 0 && gone.length === 0) return entry;
  try {
    const esbuild = require('esbuild');
    writeAtomically(join(outDir, 'package.json'), '{ "type": "module" }\n');
    for (const rel of stale) writeAtomically(join(outDir, outputName(rel)), compile(esbuild, root, rel, sources.get(rel)));
    for (const rel of gone) rmSync(join(outDir, outputName(rel)), { force: true });
    writeAtomically(manifestPath, JSON.stringify({ version, files: Object.fromEntries(hashes) }));
    return entry;
  } catch (err) {
    if (['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'ENOTDIR'].includes(err?.code)) return null;
    throw err;
  }
}

// `node src/compile-sources.mjs` prepares the compiled tree ahead of time (the
// Dockerfile does, so a read-only image starts without compiling).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const entry = compiledEntry();
  console.log(entry ? `compiled: ${fileURLToPath(entry)}` : 'compiled tree not writable: tsx will run the sources');
}
