import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface ImportEdge {
  from: string; // repo-relative file
  specifier: string;
  /** Repo-relative target for relative imports, else undefined (a package). */
  to?: string;
  typeOnly: boolean;
}

export function listSources(dirs = ['src', 'workers']): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|mjs)$/.test(name) && !name.endsWith('.test.ts')) out.push(relative(ROOT, full));
    }
  };
  for (const d of dirs) walk(join(ROOT, d));
  return out.sort();
}

// Static imports/exports and dynamic import() with a literal specifier.
const STATIC = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

export function importsOf(file: string): ImportEdge[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const edges: ImportEdge[] = [];
  for (const m of text.matchAll(STATIC)) edges.push(edge(file, m[3]!, Boolean(m[2])));
  for (const m of text.matchAll(DYNAMIC)) edges.push(edge(file, m[1]!, false));
  return edges;
}

function edge(from: string, specifier: string, typeOnly: boolean): ImportEdge {
  if (!specifier.startsWith('.')) return { from, specifier, typeOnly };
  const target = relative(ROOT, resolve(ROOT, dirname(from), specifier)).replace(/\.js$/, '.ts');
  return { from, specifier, to: target, typeOnly };
}

/** Every cycle found by DFS, each as a list of nodes. */
export function findCycles(graph: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'visiting');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'visiting') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

/** src/<capability>/... → capability; top-level src files and workers are their own units. */
export function capabilityOf(file: string): string {
  const parts = file.split('/');
  // Each vendor client is its own capability (integrations/evolution, integrations/anthropic, ...).
  if (parts[0] === 'src' && parts[1] === 'integrations' && parts.length > 3) return `integrations/${parts[2]}`;
  if (parts[0] === 'src' && parts.length > 2) return parts[1]!;
  if (parts[0] === 'workers') return 'workers';
  return file;
}
