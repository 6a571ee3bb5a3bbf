import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaignCommands } from '../../../src/campaigns/index.js';
import { fixedClock } from '../../../src/shared/index.js';
import { appOnEvolution, type AppOnEvolution } from '../../helpers/app-on-evolution.js';
import { testPrefix } from '../../helpers/test-redis.js';
import { waitFor } from '../../helpers/wait-for.js';

// Monday 2026-03-09, 10:00 in São Paulo: inside business hours.
const MONDAY_1000 = '2026-03-09T13:00:00Z';
const TEMPLATE = 'Oi {{primeiro_nome}}, abrimos plantões para esta semana!';
const PHONES = ['5511984440001', '5511984440002'];

/**
 * A campaign started or resumed for now asks the dispatcher for a run at once (the CLI and the Slack tool pass the
 * queue), instead of waiting for the per-minute run. Here the per-minute scheduler is taken out, so only that run
 * can send.
 */
describe('a campaign started for now is dispatched at once', () => {
  let started: AppOnEvolution | undefined;
  const prefix = testPrefix('dispatch-now');
  const clock = fixedClock(MONDAY_1000);

  beforeAll(async () => {
    started = await appOnEvolution({ prefix, clock, drivenJob: 'campaign-dispatch', config: { CAMPAIGN_SPREAD_MS: '0' } });
    for (const [i, phone] of PHONES.entries()) await started.db.rpc('doctor_upsert', { p_phone: phone, p_name: `Dra. Teste ${i}` });
  });
  afterAll(() => started?.close());

  it('start queues one dispatcher run, which sends to every doctor once', { timeout: 60_000 }, async () => {
    const { db, app, fake } = started!;
    let asked = 0;
    const commands = createCampaignCommands({ db, clock, dispatchNow: () => ((asked += 1), app.queues.enqueue('campaign-dispatch', {})) });
    const c = await commands.create({ name: 'Agora', type: 'custom', template: TEMPLATE, audience: { recent_days: 0 } });
    await commands.start(c.id);
    expect(asked).toBe(1);
    const texts = () => fake.sentTexts().filter((t) => t.text.includes('abrimos plantões'));
    await waitFor(() => texts().length >= PHONES.length, { timeoutMs: 30_000, what: 'the campaign sends' });
    expect(texts().map((t) => t.number).sort()).toEqual(PHONES);
  });

  it('a start for later and a pause ask for no run; a resume does; a run that cannot be queued never fails the command', { timeout: 30_000 }, async () => {
    const { db } = started!;
    let asked = 0;
    const counting = createCampaignCommands({ db, clock, dispatchNow: async () => (asked += 1) });
    const later = await counting.create({ name: 'Depois', type: 'custom', template: TEMPLATE, audience: { recent_days: 0 } });
    await counting.start(later.id, new Date(Date.parse(MONDAY_1000) + 86_400_000));
    expect(asked).toBe(0);
    const now = await counting.create({ name: 'Pausa', type: 'custom', template: TEMPLATE, audience: { recent_days: 0 } });
    await counting.start(now.id);
    await counting.pause(now.id);
    expect(asked).toBe(1);
    await counting.resume(now.id);
    expect(asked).toBe(2);

    // Redis unreachable (a queue call that never answers) or refusing: the campaign starts all the same, in about the
    // two seconds the call is given, and the per-minute run sends it.
    for (const dispatchNow of [() => new Promise<never>(() => {}), () => Promise.reject(new Error('connection refused'))]) {
      const commands = createCampaignCommands({ db, clock, dispatchNow });
      const c = await commands.create({ name: 'Sem fila', type: 'custom', template: TEMPLATE, audience: { recent_days: 0 } });
      const r = await commands.start(c.id);
      expect(r.from).toBe('draft');
      expect(r.campaign.status).not.toBe('draft');
    }
  });
});
