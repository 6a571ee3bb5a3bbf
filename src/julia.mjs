#!/usr/bin/env node
// The `julia` binary. The TypeScript sources run as they are, with no build
// step to forget: they are compiled on start into node_modules/.cache/julia,
// only where they changed (src/compile-sources.mjs), and the compiled
// src/main.ts runs with no module hooks. Where that folder cannot be written,
// tsx runs the sources instead.
import { compiledEntry } from './compile-sources.mjs';

let entry;
try {
  entry = compiledEntry();
} catch (err) {
  // A syntax error: its file and line, not a stack through the compiler.
  console.error(`julia: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
if (entry) {
  process.setSourceMapsEnabled(true);
  await import(entry);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./main.ts');
}
