import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spParts } from '../../src/shared/index.js';
import type { AnthropicCall, AnthropicStep } from '../fakes/index.js';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { settle, startE2E, type E2E } from './e2e-harness.js';
import { adminScript, click, isAdminCall, lastPreview, mention, signedSlack } from './slack-helpers.js';

const pad = (n: number) => String(n).padStart(2, '0');
/** Six doctors of one specialty nobody else practises; the first lives in the hospital's region (zona leste) and ranks first. */
const DOCTORS = [
  { phone: '5511983100001', name: 'Dra. Beatriz Leste', region: 'zona leste' },
  ...[2, 3, 4, 5, 6].map((i) => ({ phone: `551198310000${i}`, name: `Dr. Outro ${i}`, region: 'zona sul' })),
];
const BEST = DOCTORS[0]!;

/**
 * Fill plans end to end, through the service as production wires it (createApp,
 * workers, the real SDKs against loopback fakes): a manager opens an urgent shift
 * in Slack, Júlia's own wave job offers it to the best-ranked doctor through the
 * outbound wrapper, he answers "quero" on WhatsApp and reserves it through
 * reservar_plantao; the plan stops and nobody else is offered that shift.
 */
describe('fill plans served: an urgent shift from Slack is filled by the best-ranked doctor', () => {
  let e: E2E;
  const admin = adminScript();
  let shiftDay = '';
  const doctorCalls: AnthropicCall[] = [];

  function doctorModel(body: AnthropicCall): AnthropicStep {
    doctorCalls.push(body);
    const last = body.messages.at(-1)!;
    const hasResult = Array.isArray(last.content) && last.content.some((b) => b.type === 'tool_result');
    if (hasResult) return { text: 'Prontinho, ficou reservado pra você!' };
    const said = JSON.stringify(last.content);
    if (/quero/i.test(said)) return { toolUse: { name: 'reservar_plantao', input: { data_plantao: shiftDay, vaga_ref: 'v1', confirmacao: 'quero' } } };
    return { text: 'Oi!' };
  }

  beforeAll(async () => {
    e = await startE2E({
      anthropic: (body) => (isAdminCall(body) ? admin.next() : doctorModel(body)),
      // Any hour, any day: the wave goes out while the test runs.
      env: { SLACK_SIGNING_SECRET: 'slack-secret', SLACK_MANAGER_IDS: 'UMANAGER1', BUSINESS_HOURS: '00-24', BUSINESS_DAYS: '1-7' },
    });
    // Only this test's shift is open, so the waves the service runs are about it alone.
    await e.db.exec(`
      update shifts set status = 'cancelled' where status = 'open';
      insert into specialties (slug, name) values ('medicina-hiperbarica', 'Medicina Hiperbárica') on conflict (slug) do nothing;`);
    for (const d of DOCTORS) {
      await e.db.pg.query(
        `with d as (insert into doctors (phone, name, specialty_id, city, region, registration_status)
           values ($1, $2, (select id from specialties where slug = 'medicina-hiperbarica'), 'São Paulo', $3, 'aprovado') returning id)
         insert into doctor_state (doctor_id) select id from d`,
        [d.phone, d.name, d.region],
      );
    }
  });
  afterAll(async () => e?.close());

  const q = async <T>(sql: string, params: unknown[] = []) => (await e.db.pg.query<T>(sql, params)).rows;
  const post = (raw: string, type: string) => e.app.http.request('/webhooks/slack', signedSlack(raw, type));
  const runWaves = () => e.app.queues.enqueue('fill-waves', {}, { jobId: `fill-test-${Date.now()}-${Math.random().toString(36).slice(2, 6)}` });
  const offersTo = (phone: string) => e.evolution.sentTexts().filter((t) => t.number.includes(phone) && t.text.includes('Medicina Hiperbárica'.toLowerCase()));

  it('creates, offers, reserves on "quero", and stops the plan', async () => {
    // Three days out (a wave of 5 every 6 h), 19:00 São Paulo.
    const day = spParts(new Date(Date.now() + 3 * 86_400_000));
    shiftDay = `${day.year}-${pad(day.month)}-${pad(day.day)}`;
    admin.push(
      { toolUse: { name: 'criar_vaga', input: { hospital: 'Santa Clara', especialidade: 'medicina hiperbarica', data: `${pad(day.day)}/${pad(day.month)}`, inicio: '19h', fim: '7h', valor: 1800 } } },
      { text: 'Confirme no botão.' },
    );
    expect((await post(mention('abre um plantão de hiperbárica no Santa Clara'), 'application/json')).status).toBe(200);
    await waitFor(() => lastPreview(e.slack) !== undefined, { what: 'the criar_vaga preview', timeoutMs: 20_000 });
    const p = lastPreview(e.slack)!;
    expect((await post(click(p.actionId, { messageTs: p.ts, channel: p.channel }), 'application/x-www-form-urlencoded')).status).toBe(200);
    const shiftRow = async () =>
      (await q<{ id: string; status: string; reserved_by: string | null }>(
        `select s.id, s.status, s.reserved_by from shifts s join specialties sp on sp.id = s.specialty_id where sp.slug = 'medicina-hiperbarica'`,
      ))[0];
    await waitFor(async () => (await shiftRow()) !== undefined, { what: 'the shift opened', timeoutMs: 15_000 });
    const shift = (await shiftRow())!;

    // Júlia's wave job (the per-minute schedule, run now): a plan, a first wave, the offer through the wrapper.
    await runWaves();
    await waitFor(() => offersTo(BEST.phone).length === 1, { what: 'the offer to the best-ranked doctor', timeoutMs: 30_000 });
    const offers = await q<{ doctor_id: string; phone: string; status: string; score: number; wave: number }>(
      `select o.doctor_id, d.phone, o.status, o.score::float8 score, o.wave from fill_offers o join doctors d on d.id = o.doctor_id where o.shift_id = $1 order by o.score desc`,
      [shift.id],
    );
    expect(offers[0]!.phone).toBe(BEST.phone);
    expect(offers.every((o) => o.wave === 1)).toBe(true);
    // Three days out: a wave of five, so one of the six candidates is still waiting for a later wave.
    expect(offers).toHaveLength(5);
    const waiting = DOCTORS.find((d) => !offers.some((o) => o.phone === d.phone))!;
    expect(offersTo(BEST.phone)[0]!.text).toContain('Hospital Santa Clara');
    const sent = () => q<{ method: string; status: string }>(
      `select m.method, m.status from outbound_messages m join doctors d on d.id = m.doctor_id where d.phone = $1`, [BEST.phone],
    );
    // The wrapper records the outcome right after the provider answered.
    await waitFor(async () => (await sent())[0]?.status === 'sent', { what: 'the send recorded', timeoutMs: 10_000 });
    expect(await sent()).toEqual([{ method: 'FILL_OFFER', status: 'sent' }]);

    // He answers "quero": the normal conversation reserves it by its ref.
    const before = doctorCalls.length;
    expect((await e.post(evolutionPayload('text-conversation', { id: `W-fill-${Date.now()}`, text: 'quero!', remoteJid: `${BEST.phone}@s.whatsapp.net` }))).status).toBe(200);
    await waitFor(async () => (await shiftRow())!.status === 'reserved', { what: 'the reservation', timeoutMs: 30_000 });
    const best = (await q<{ id: string }>(`select id from doctors where phone = $1`, [BEST.phone]))[0]!.id;
    expect((await shiftRow())!.reserved_by).toBe(best);
    expect(doctorCalls.length).toBeGreaterThan(before);
    await waitFor(() => e.evolution.sentTexts().some((t) => t.number.includes(BEST.phone) && t.text.includes('reservado')), { what: 'the confirmation to the doctor', timeoutMs: 20_000 });

    // The plan stopped: filled by him, his offer accepted, every other offer withdrawn.
    const plan = (await q<{ status: string; filled_by: string }>(`select status, filled_by from fill_plans where shift_id = $1`, [shift.id]))[0]!;
    expect(plan).toEqual({ status: 'filled', filled_by: best });
    const after = await q<{ doctor_id: string; status: string }>(`select doctor_id, status from fill_offers where shift_id = $1`, [shift.id]);
    expect(after.filter((o) => o.status === 'accepted').map((o) => o.doctor_id)).toEqual([best]);
    expect(after.filter((o) => o.doctor_id !== best).every((o) => o.status === 'withdrawn')).toBe(true);

    // A further run, even with the plan's next wave forced due, offers that shift to nobody else.
    const offeredBefore = after.length;
    const textsBefore = e.evolution.sentTexts().length;
    await q(`update fill_plans set next_wave_at = now() - interval '1 minute' where shift_id = $1`, [shift.id]);
    await runWaves();
    await settle(3_000);
    expect((await q(`select 1 from fill_offers where shift_id = $1`, [shift.id])).length).toBe(offeredBefore);
    const newOffers = e.evolution.sentTexts().slice(textsBefore).filter((t) => t.text.includes('Medicina Hiperbárica'.toLowerCase()));
    expect(newOffers).toEqual([]);
    expect(e.evolution.sentTexts().filter((t) => t.number.includes(waiting.phone))).toEqual([]);
    expect((await q<{ status: string }>(`select status from fill_plans where shift_id = $1`, [shift.id]))[0]!.status).toBe('filled');
  }, 180_000);
});
