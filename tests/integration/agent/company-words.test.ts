import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheMinimum, conservativeTokens, runAgentTurn, splitAtBreakpoint, STATIC_PROMPT_FILES } from '../../../src/agent/index.js';
import type { LlmSystemBlock, LlmTool } from '../../../src/integrations/anthropic/index.js';
import { runImport } from '../../../src/import/index.js';
import { createHarness, query, type Harness } from './harness.js';

/**
 * A company that is not the demo: its own hospitals (imported from its CSV)
 * and its own house rules (its file, by path). The doctor agent's cached
 * prefix must speak of them and of nothing from the demo, stay byte-identical
 * while the catalog stands still, and follow the catalog when it changes.
 */
const dir = mkdtempSync(join(tmpdir(), 'julia-company-words-'));
const rulesPath = join(dir, 'regras.md');
writeFileSync(rulesPath, [
  '# Regras da Plantão Minas',
  '',
  '## Cancelamento',
  '- Cancelamento sem custo até 96 horas antes do plantão; depois disso, a coordenação de escala decide.',
  '',
  '## Pagamento',
  '- Pagamento somente como PJ, no quinto dia útil do mês seguinte ao plantão.',
].join('\n'));

const csv = (rows: string[]) => {
  const path = join(dir, `hospitais-${Math.random().toString(36).slice(2)}.csv`);
  writeFileSync(path, ['nome;endereco;bairro;cidade;uf;regiao;observacoes', ...rows].join('\n'));
  return path;
};
const BH = [
  'Hospital Serra do Curral;Av. do Contorno, 4500;Funcionários;Belo Horizonte;MG;Centro-Sul;Estacionamento conveniado na rua de trás',
  'Hospital Pampulha Norte;Av. Portugal, 1200;Jardim Atlântico;Belo Horizonte;MG;Pampulha;',
  'Maternidade Barreiro de Cima;Rua Barão de Monte Alto, 300;Barreiro;Belo Horizonte;MG;Barreiro;Referência em obstetrícia',
];
const DEMO_HOSPITALS = ['Santa Clara', 'Nossa Senhora da Mooca', 'Vila Mariana Saúde', 'Maternidade Campo Belo', 'São Lucas de Santana', 'Hospital Dia Pinheiros', 'Central de Santo André', 'Vida São Bernardo', 'Bom Jesus de Guarulhos', 'Esperança de Osasco', 'Tatuapé', 'Grande São Paulo'];
const DEMO_RULES = ['72 horas', 'RPA', 'Cancelar com 72 horas ou mais de antecedência'];

let h: Harness;
let doctorId: string;
let conversationId: string;
beforeAll(async () => {
  h = await createHarness({ now: '2026-04-06T15:00:00Z', seed: false, houseRulesPath: rulesPath });
  doctorId = (await query<{ id: string }>(h.db, `insert into doctors (phone, name) values ('5531987650001', 'Dra. Lívia Campos') returning id`))[0]!.id;
  ({ id: conversationId } = await h.db.rpc<{ id: string }>('agent_conversation_open', { p_doctor_id: doctorId }));
});
afterAll(() => h.close());

async function prefixOfATurn(): Promise<string> {
  h.fake.reset();
  h.fake.push({ text: 'oi dra, tudo bem?' });
  await runAgentTurn(h.deps, { doctorId, conversationId, history: [{ role: 'doctor', text: 'oi, quais hospitais vocês atendem?' }] });
  const system = h.fake.calls()[0]!.system as Array<{ text: string; cache_control?: unknown }>;
  expect(system).toHaveLength(STATIC_PROMPT_FILES.length + 1);
  expect(system.at(-2)!.cache_control).toEqual({ type: 'ephemeral' });
  // A small company's catalog must not push the cached prefix under the strictest routed minimum (Haiku).
  const call = h.fake.calls()[0]!;
  const cached = splitAtBreakpoint((call.tools ?? []) as LlmTool[], call.system as LlmSystemBlock[]).prefix;
  expect(conservativeTokens(cached)).toBeGreaterThanOrEqual(cacheMinimum('claude-haiku-4-5'));
  return system.slice(0, -1).map((b) => b.text).join('\n\n');
}

describe("the doctor agent's prefix speaks the company's words", () => {
  it('with an empty catalog, names no hospital at all (never the demo ones)', async () => {
    const prefix = await prefixOfATurn();
    for (const name of DEMO_HOSPITALS) expect(prefix, name).not.toContain(name);
    expect(prefix).toContain('Nenhum hospital parceiro cadastrado');
  });

  it("after importing the company's catalog and with its house rules, speaks of them and of none of the demo's", async () => {
    const summary = await runImport(h.db, h.clock, { kind: 'hospitals', path: csv(BH), dryRun: false, by: 'teste', defaultStatus: 'aprovado' });
    expect(summary.errors).toEqual([]);
    // The rendered map is cached for a short while; the next turn is past it.
    h.clock.set('2026-04-06T15:10:00Z');

    const first = await prefixOfATurn();
    for (const name of ['Hospital Serra do Curral', 'Hospital Pampulha Norte', 'Maternidade Barreiro de Cima', 'Belo Horizonte', 'Funcionários', 'Referência em obstetrícia']) {
      expect(first, name).toContain(name);
    }
    expect(first).toContain('Cancelamento sem custo até 96 horas antes do plantão');
    expect(first).toContain('quinto dia útil');
    for (const name of DEMO_HOSPITALS) expect(first, name).not.toContain(name);
    for (const rule of DEMO_RULES) expect(first, rule).not.toContain(rule);

    // Another turn, later, same catalog: the cached prefix is byte-identical.
    h.clock.set('2026-04-06T18:00:00Z');
    expect(await prefixOfATurn()).toBe(first);

    // The catalog changes (a new hospital): the next turn past the cache's life shows it.
    await runImport(h.db, h.clock, { kind: 'hospitals', path: csv(['Hospital Venda Nova;Rua Padre Pedro Pinto, 900;Venda Nova;Belo Horizonte;MG;Venda Nova;']), dryRun: false, by: 'teste', defaultStatus: 'aprovado' });
    h.clock.set('2026-04-06T18:10:00Z');
    const changed = await prefixOfATurn();
    expect(changed).not.toBe(first);
    expect(changed).toContain('Hospital Venda Nova');
    expect(changed).toContain('Hospital Serra do Curral');
  });
});
