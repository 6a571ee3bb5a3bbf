import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowGroup } from '../helpers/group-access.js';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { settle, startE2E, type E2E } from './e2e-harness.js';

const TRUSTED = '120363025246125486@g.us';
const UNTRUSTED = '120363025246125487@g.us';
const UNKNOWN = '120363025246125488@g.us';

/** The model's reading of a post: Santa Clara PS adulto, 19h-07h, R$ 1.500, on the day the post names. */
const reading = (day: string) =>
  `\`\`\`json\n{"vagas":[{"hospital":"Santa Clara","especialidade":"PS adulto","data":"${day}","inicio":"19:00","fim":"07:00","valor":1500,"contato":"11 98765-4321",}]}\n\`\`\``;

let e: E2E;
beforeAll(async () => {
  // Relative dates keep the test valid on any day; each post names its own day, so the shifts do not merge.
  e = await startE2E({
    anthropic: (call) => ({ text: reading(JSON.stringify(call.messages).includes('depois de amanhã') ? 'depois de amanhã' : 'amanhã') }),
  });
});
afterAll(async () => e?.close());

function post(id: string, group: string, text: string) {
  const body = evolutionPayload('group', { id, text });
  body.data.key.remoteJid = group;
  return body;
}
const groupShiftOf = (providerId: string) =>
  waitFor(
    async () => (await e.db.query<{ status: string; reason: string | null; shift_id: string | null }>(
      `select g.status, g.reason, g.shift_id from group_shift_sources s join group_shifts g on g.id = s.group_shift_id
         join group_messages m on m.id = s.group_message_id where m.provider_message_id = $1`, [providerId]))[0],
    { timeoutMs: 30_000, what: `the group shift of ${providerId}` },
  );

describe('a shift posted in a WhatsApp group', () => {
  it('from a trusted group: stored, parsed by the fast model and opened as a shift, without a word sent to anyone', async () => {
    // The company's own group: allowed and trusted by a manager (julia groups allow --trusted).
    await allowGroup(e.db, TRUSTED, { trusted: true });
    const res = await e.post(post('GRP-E2E-1', TRUSTED, '🚨 Vaga PS adulto Hospital Santa Clara amanhã 19h às 07h R$1.500 – Paula 11 98765-4321'));
    expect(res.status).toBe(200);
    const row = await groupShiftOf('GRP-E2E-1');
    expect(row).toMatchObject({ status: 'imported' });
    const shift = await e.db.query<{ status: string; value_cents: number; period: string }>('select status, value_cents, period from shifts where id = $1', [row!.shift_id]);
    expect(shift).toEqual([{ status: 'open', value_cents: 150_000, period: 'noturno' }]);
    const call = e.anthropic.lastCall()!;
    expect(JSON.stringify(call.system)).toContain('Leitor de vagas de grupos');
    expect(call.model).toBe(e.app.deps.config.ANTHROPIC_MODEL_FAST);
    await settle(500);
    expect(e.evolution.sentTexts()).toHaveLength(0);
  });

  it('from an allowed but untrusted group: the complete post waits for review', async () => {
    await allowGroup(e.db, UNTRUSTED);
    await e.post(post('GRP-E2E-2', UNTRUSTED, 'Vaga PS adulto Hospital Santa Clara depois de amanhã 19h às 07h R$1.500'));
    expect(await groupShiftOf('GRP-E2E-2')).toMatchObject({ status: 'review', reason: 'grupo_nao_confiavel', shift_id: null });
    expect((await e.db.query<{ n: number }>(`select count(*)::int n from shifts where external_ref like 'group:%'`))[0]!.n).toBe(1);
  });

  it('from a group nobody allowed: stored for audit, no model call, no shift', async () => {
    const calls = e.anthropic.calls().length;
    const shifts = await e.db.query('select id from group_shifts');
    await e.post(post('GRP-E2E-3', UNKNOWN, 'Plantão CM Hospital Santa Clara amanhã 19h R$ 9.500'));
    await waitFor(async () => (await e.db.query(`select 1 from group_messages where provider_message_id = 'GRP-E2E-3' and status = 'ignored'`)).length === 1, { what: 'the post kept as ignored' });
    await settle(1_500);
    expect(e.anthropic.calls().length).toBe(calls);
    expect(await e.db.query('select id from group_shifts')).toEqual(shifts);
    expect(e.evolution.sentTexts()).toHaveLength(0);
  });
});
