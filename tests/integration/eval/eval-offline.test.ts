import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPrompts } from '../../../src/agent/index.js';
import { runSuite, startOfflineBackend, type ModelBackend, type Scenario } from '../../../src/eval/index.js';
import { createLocalEmbedder } from '../../../src/retrieval/index.js';
import { silentLogger, systemClock } from '../../../src/shared/index.js';

const ROOT = join(import.meta.dirname, '../../..');
const JULIA = join(ROOT, 'src/julia.mjs');

describe('julia eval --offline', () => {
  it('plays every scenario in tests/scenarios through the pipeline, passes, and prints the table', { timeout: 600_000 }, () => {
    const files = readdirSync(join(ROOT, 'tests/scenarios')).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(30);
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn', DATA_DIR: mkdtempSync(join(tmpdir(), 'julia-eval-')) };
    const r = spawnSync(process.execPath, [JULIA, 'eval', '--offline'], { env, encoding: 'utf8', timeout: 500_000 });
    expect(r.stdout, r.stderr).toMatch(new RegExp(`TOTAL ${files.length} cenários \\| sucesso 100\\.0%`));
    expect(r.status).toBe(0);
    // One table row per scenario, and the metrics the issue asks for in the header.
    expect(r.stdout.split('\n')[0]).toMatch(/cenário\s+ok\s+tools\s+handoff\s+guard\s+valid\s+regen\s+ms\s+in\s+out\s+c\.read\s+c\.write\s+US\$/);
    for (const f of files) expect(r.stdout).toContain(f.replace(/\.json$/, ''));
    // Fill figures come from the scenario databases: only preenchimento-oferta-aceita opens with a fill plan, and its doctor takes it.
    expect(r.stdout).toMatch(/^preenchimento automático: 1 de 1 vagas com plano preenchidas \(100\.0%\) \| tempo mediano até preencher \d+\.\d s \| ofertas por vaga preenchida 1\.00$/m);
    console.log(r.stdout);
  });
});

/** The scorer reads the database: a script that does not do what the scenario expects fails it. */
describe('eval scoring is honest', () => {
  let backend: ModelBackend & { close(): Promise<void> };
  beforeAll(async () => {
    backend = await startOfflineBackend();
  });
  afterAll(() => backend.close());

  const base = (over: Partial<Scenario>): Scenario => ({
    id: 'x',
    title: 'x',
    category: 'teste',
    persona: { name: 'Dr. Teste', specialty: 'clinica-medica' },
    turns: [],
    expect: { reservation: false, tools: [], forbiddenTools: [], handoff: false, says: [], neverSays: [] },
    ...over,
  });
  const t = (text: string, model: Array<Record<string, unknown>>) => ({ text, kind: 'text' as const, via: 'phone' as const, model });

  it('fails a scenario whose reservation the database does not show, or whose opt-out was not recorded', { timeout: 120_000 }, async () => {
    const scenarios: Scenario[] = [
      // The model SAYS it reserved, without calling the tool: nothing in the database.
      base({ id: 'so-falou', turns: [t('pode reservar', [{ text: 'reservado!' }])], expect: { ...base({}).expect, reservation: true } }),
      // The tool is called with a ref that was never offered: the tool errors, no reservation.
      base({
        id: 'ref-invalida',
        turns: [t('pode reservar a v9', [{ toolUse: { name: 'reservar_plantao', input: { data_plantao: '{{d+3}}', vaga_ref: 'v9' } } }, { text: 'pronto' }])],
        expect: { ...base({}).expect, reservation: true, tools: [{ name: 'reservar_plantao' }] },
      }),
      // Expected an opt-out from a message that is not one.
      base({ id: 'nao-e-opt-out', turns: [t('tem vaga?', [{ text: 'vou ver' }])], expect: { ...base({}).expect, optOut: true } }),
      // A script step the pipeline never asked for.
      base({ id: 'passo-sobrando', turns: [t('quero falar com um humano', [{ text: 'oi' }])], expect: { ...base({}).expect, handoff: true } }),
    ];
    const scores = await runSuite({
      scenarios,
      clock: systemClock,
      logger: silentLogger,
      prompts: loadPrompts(),
      models: { fast: 'claude-haiku-4-5', smart: 'claude-sonnet-5' },
      backend,
      embedder: createLocalEmbedder(),
    });
    expect(scores.map((s) => [s.id, s.success])).toEqual([
      ['so-falou', false],
      ['ref-invalida', false],
      ['nao-e-opt-out', false],
      ['passo-sobrando', false],
    ]);
    expect(scores[0]!.failures).toContain('reserva esperada, nenhuma no banco');
    expect(scores[1]!.failures).toEqual(expect.arrayContaining(["reserva esperada, nenhuma no banco", "ferramenta esperada: reservar_plantao {}"]));
    expect(scores[2]!.failures).toContain('opt-out não registrado');
    expect(scores[3]!.failures.join('\n')).toMatch(/scripted model step\(s\) not used/);
    expect(scores[3]!.handoff).toBe(true);
    writeFileSync(join(tmpdir(), 'eval-honest.json'), JSON.stringify(scores));
  });
});
