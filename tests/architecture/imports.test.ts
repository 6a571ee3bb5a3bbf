import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, capabilityOf, findCycles, importsOf, listSources, type ImportEdge } from './import-graph.js';

const files = listSources();
const edges: ImportEdge[] = files.flatMap(importsOf);
/** Cycles are looked for in the benchmarks too (the dependency rule is for the service only). */
const allEdges: ImportEdge[] = listSources(['src', 'workers', 'bench']).flatMap(importsOf);

function offenders(pred: (e: ImportEdge) => boolean): string[] {
  return edges.filter(pred).map((e) => `${e.from} -> ${e.specifier}`);
}
const pkg = (e: ImportEdge, names: RegExp) => !e.to && names.test(e.specifier);

describe('import graph', () => {
  it('resolves every relative import to a file', () => {
    const missing = allEdges.filter((e) => Boolean(e.to) && !existsSync(join(ROOT, e.to!)) && !existsSync(join(ROOT, e.to!.replace(/\.ts$/, '.mjs'))));
    expect(missing.map((e) => `${e.from} -> ${e.specifier}`)).toEqual([]);
  });

  it('has no circular imports between files in src, workers or bench (type-only imports count: they tie the files together just the same)', () => {
    const graph = new Map<string, Set<string>>();
    for (const e of allEdges) {
      if (!e.to) continue;
      if (!graph.has(e.from)) graph.set(e.from, new Set());
      graph.get(e.from)!.add(e.to);
    }
    expect(findCycles(graph).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('has no cycles between capability folders (imports go downward only)', () => {
    const graph = new Map<string, Set<string>>();
    for (const e of allEdges) {
      if (!e.to) continue;
      const [a, b] = [capabilityOf(e.from), capabilityOf(e.to)];
      if (a === b) continue;
      if (!graph.has(a)) graph.set(a, new Set());
      graph.get(a)!.add(b);
    }
    expect(findCycles(graph).map((c) => c.join(' -> '))).toEqual([]);
  });
});

describe('dependency rule (docs/architecture.md, "Layers and the dependency rule")', () => {
  it('src/shared imports nothing else from src', () => {
    expect(offenders((e) => e.from.startsWith('src/shared/') && Boolean(e.to) && !e.to!.startsWith('src/shared/'))).toEqual([]);
  });

  it('only src/db imports a database driver', () => {
    const drivers = /^(@electric-sql\/pglite|postgres$|pg$|@supabase\/)/;
    expect(offenders((e) => pkg(e, drivers) && !e.from.startsWith('src/db/'))).toEqual([]);
  });

  it('only src/integrations imports a vendor SDK', () => {
    const sdks = /^(@anthropic-ai\/|voyageai|@slack\/)/;
    expect(offenders((e) => pkg(e, sdks) && !e.from.startsWith('src/integrations/'))).toEqual([]);
  });

  it('only workers/ and src/app.ts import BullMQ', () => {
    expect(offenders((e) => pkg(e, /^bullmq/) && !e.from.startsWith('workers/') && e.from !== 'src/app.ts')).toEqual([]);
  });

  it('only src/http imports Hono', () => {
    expect(offenders((e) => pkg(e, /^(hono|@hono\/)/) && !e.from.startsWith('src/http/'))).toEqual([]);
  });

  it('capability folders reach each other only through index.ts', () => {
    const composition = (f: string) => !f.startsWith('src/') || f.split('/').length === 2 || f.startsWith('src/cli/') || f.startsWith('src/compose/');
    expect(
      offenders(
        (e) =>
          Boolean(e.to) &&
          !composition(e.from) &&
          e.to!.startsWith('src/') &&
          capabilityOf(e.from) !== capabilityOf(e.to!) &&
          capabilityOf(e.to!) !== 'shared' &&
          e.to !== 'src/config.ts' &&
          !/^src\/(integrations\/)?[^/]+\/index\.ts$/.test(e.to!),
      ),
    ).toEqual([]);
  });
});

describe('the checker itself', () => {
  it('detects a cycle it is given', () => {
    const g = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(findCycles(g)).toEqual([['a', 'b', 'c', 'a']]);
  });
});
