import { readFileSync } from 'node:fs';

export interface ImagePlan {
  /** Paths copied from the build context (directly or through a build stage), relative to the repo. */
  contextPaths: string[];
  /** node_modules comes from a stage that ran this npm command (on the files it copied first). */
  install?: { command: string; files: string[] };
  /** ENV of the final stage. */
  env: Record<string, string>;
  /** The image's CMD, as an argument list. */
  cmd: string[];
  /**
   * RUN commands of the final stage, in order (they run on its files, after node_modules is in place); the ones
   * that make the system user and the data folder are left out: they need root and change nothing in the app.
   */
  runs: string[];
}

interface Stage {
  name: string;
  copies: Array<{ from?: string; sources: string[]; dest: string }>;
  runs: string[];
  env: Record<string, string>;
  cmd: string[];
}

/**
 * Reads the Dockerfile the way Docker would for what the final image holds, so
 * the smoke test follows the Dockerfile instead of a second list that drifts:
 * every COPY of the last stage, resolved through the stages it copies from.
 */
export function planFromDockerfile(path: string): ImagePlan {
  const lines = readFileSync(path, 'utf8')
    .replace(/\\\r?\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const [instr, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    const op = instr!.toUpperCase();
    if (op === 'FROM') {
      const m = /\bAS\s+(\S+)/i.exec(args);
      stages.push({ name: m?.[1] ?? `stage${stages.length}`, copies: [], runs: [], env: {}, cmd: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) continue;
    if (op === 'COPY') {
      const words = rest.filter((w) => !w.startsWith('--') || w.startsWith('--from='));
      const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
      const paths = words.filter((w) => !w.startsWith('--'));
      stage.copies.push({ ...(from ? { from } : {}), sources: paths.slice(0, -1), dest: paths.at(-1)! });
    } else if (op === 'RUN') stage.runs.push(args);
    else if (op === 'ENV') for (const m of args.matchAll(/(\w+)=("[^"]*"|\S+)/g)) stage.env[m[1]!] = m[2]!.replace(/^"|"$/g, '');
    else if (op === 'CMD') stage.cmd = JSON.parse(args) as string[];
  }
  const final = stages.at(-1)!;
  const plan: ImagePlan = { contextPaths: [], env: final.env, cmd: final.cmd, runs: final.runs.filter((r) => !/^(groupadd|useradd|mkdir|chown)\b/.test(r)) };
  for (const copy of final.copies) {
    if (!copy.from) {
      plan.contextPaths.push(...copy.sources);
      continue;
    }
    const source = stages.find((s) => s.name === copy.from);
    if (!source) throw new Error(`Dockerfile: COPY --from=${copy.from}: no such stage`);
    for (const src of copy.sources) {
      const rel = src.replace(/^\/app\/?/, '');
      if (rel === 'node_modules') {
        const npm = source.runs.find((r) => r.startsWith('npm '));
        if (!npm) throw new Error(`Dockerfile: stage ${source.name} makes node_modules without npm`);
        plan.install = { command: npm, files: source.copies.filter((c) => !c.from).flatMap((c) => c.sources) };
      } else {
        // A build stage's /app/<rel> is what it copied from the context under that name.
        const copied = source.copies.some((c) => !c.from && (c.sources.includes(rel) || c.dest.replace(/^\.\//, '').replace(/\/$/, '') === rel));
        if (!copied) throw new Error(`Dockerfile: stage ${source.name} does not copy ${rel} from the context`);
        plan.contextPaths.push(rel);
      }
    }
  }
  return plan;
}
