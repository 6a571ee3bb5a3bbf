import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { allowGroup } from '../helpers/group-access.js';
import { waitFor } from '../helpers/wait-for.js';
import { settle, startE2E, type E2E } from './e2e-harness.js';

let e: E2E;
beforeAll(async () => {
  // A relative date keeps the test valid on any day.
  e = await startE2E({
    anthropic: () => ({
      text: '```json\n{"vagas":[{"hospital":"Santa Clara","especialidade":"PS adulto","data":"amanhã","inicio":"19:00","fim":"07:00","valor":1500,"contato":"11 98765-4321",}]}\n```',
    }),
  });
});
afterAll(async () => e?.close());

describe('a shift posted in a WhatsApp group', () => {
  it('is stored, parsed by the fast model and opened as a shift, without a word sent to anyone', async () => {
    // The company's own group: allowed and trusted by a manager (julia groups allow --trusted).
    await allowGroup(e.db, '120363025246125486@g.us', { trusted: true });
    const res = await e.post(evolutionPayload('group', { id: 'GRP-E2E-1', text: '🚨 Vaga PS adulto Hospital Santa Clara amanhã 19h às 07h R$1.500 – Paula 11 98765-4321' }));
    expect(res.status).toBe(200);
    const row = await waitFor(
      async () => (await e.db.query<{ status: string; shift_id: string | null }>('select status, shift_id from group_shifts'))[0],
      { timeoutMs: 30_000, what: 'the group shift' },
    );
    expect(row).toMatchObject({ status: 'imported' });
    const shift = await e.db.query<{ status: string; value_cents: number; period: string }>('select status, value_cents, period from shifts where id = $1', [row!.shift_id]);
    expect(shift).toEqual([{ status: 'open', value_cents: 150_000, period: 'noturno' }]);
    const call = e.anthropic.lastCall()!;
    expect(JSON.stringify(call.system)).toContain('Leitor de vagas de grupos');
    expect(call.model).toBe(e.app.deps.config.ANTHROPIC_MODEL_FAST);
    await settle(500);
    expect(e.evolution.sentTexts()).toHaveLength(0);
  });
});
