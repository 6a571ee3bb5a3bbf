import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from 'bullmq';
import { createPgliteDb } from '../../src/db/index.js';
import type { AnthropicCall } from '../fakes/index.js';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { inboundDone as inboundStored, startServed, type Served } from './served.js';

const ASKS_REMINDER = '5511976540101';
const WAITS_TURN = '5511976540102';

/** São Paulo wall clock, minute precision, as the agent's tool takes it. */
function spLocal(at: Date): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
    .format(at)
    .replace(' ', 'T');
}

/**
 * "A restart of `npm start` with queued turns and a reminder due in 2 minutes
 * loses neither" (issue 9). The turn debounce is a minute, so a turn is still
 * queued when the service stops; the reminder is due two to three minutes after
 * the agent scheduled it. After the restart both are still there, and both are
 * carried out (the test promotes the delayed jobs instead of waiting minutes).
 */
describe('restart of julia serve', () => {
  let s: Served;
  let replies = 0;
  const remindAt = spLocal(new Date(Date.now() + 3 * 60_000));
  const anthropic = (body: AnthropicCall) => {
    const last = body.messages.at(-1);
    const afterTool = Array.isArray(last?.content) && last.content.some((b) => b.type === 'tool_result');
    const canRemind = body.tools?.some((t) => t.name === 'agendar_lembrete');
    if (canRemind && !afterTool && JSON.stringify(body.messages).includes('me lembra')) {
      return { toolUse: { name: 'agendar_lembrete', input: { data_hora: remindAt, contexto: 'pediu para lembrar do plantão', mensagem_retorno: 'Oi! Passando pra lembrar do plantão de sábado, bora?' } } };
    }
    return { text: `Combinado! (${++replies})` };
  };
  beforeAll(async () => {
    s = await startServed({ anthropic });
    await s.start({ TURN_DEBOUNCE_MS: '60000' });
  }, 90_000);
  afterAll(() => s.close());

  const inboundDone = (id: string) => inboundStored(s, id);
  const delayedTurns = () => s.queues.queues.turn.getJobs(['delayed']);
  const delayedReminders = async () =>
    (await s.queues.queues.outbound.getJobs(['delayed'])).filter((j: Job) => j.data.ctx?.method === 'REMINDER');
  const textsTo = (number: string) => s.evolution.sentTexts().filter((t) => t.number === number).map((t) => t.text);

  it('keeps a queued turn and a reminder due in 2 minutes across a restart, and carries both out', async () => {
    // A reminder, scheduled by the agent during a turn.
    await s.post(evolutionPayload('text-conversation', { id: 'RST-1', remoteJid: `${ASKS_REMINDER}@s.whatsapp.net`, text: 'me lembra daqui a pouco do plantão' }));
    await inboundDone('RST-1');
    const first = await waitFor(async () => {
      const turns = await delayedTurns();
      return turns.length === 1 ? turns[0] : null;
    }, { what: 'the first turn' });
    await first!.promote();
    await waitFor(async () => (await delayedReminders()).length === 1, { timeoutMs: 30_000, what: 'the reminder job' });
    // A turn still waiting for its debounce when the service stops.
    await s.post(evolutionPayload('text-conversation', { id: 'RST-2', remoteJid: `${WAITS_TURN}@s.whatsapp.net`, text: 'oi, tem plantão sábado?' }));
    await inboundDone('RST-2');
    await waitFor(async () => (await delayedTurns()).length === 1, { what: 'the queued turn' });
    const queuedTurn = (await delayedTurns())[0]!;
    expect(textsTo(WAITS_TURN)).toEqual([]);

    // The inbound sweeper (finding 5) is scheduled every minute by the doctor-path capability.
    expect((await s.queues.queues.scheduled.getJobSchedulers()).map((j) => [j.key, j.every])).toContainEqual(['inbound-sweeper', 60_000]);

    expect(await s.stop()).toBe(0);
    // Stopped: both are still in Redis.
    expect((await delayedTurns()).map((j) => j.id)).toEqual([queuedTurn.id]);
    const [reminder] = await delayedReminders();
    const dueInMs = reminder!.timestamp + reminder!.delay - Date.now();
    expect(dueInMs).toBeGreaterThan(30_000);
    expect(dueInMs).toBeLessThan(4 * 60_000);

    await s.start({ TURN_DEBOUNCE_MS: '60000' });
    await (await s.queues.queues.turn.getJob(queuedTurn.id!))!.promote();
    await waitFor(() => textsTo(WAITS_TURN).length === 1, { timeoutMs: 30_000, what: 'the queued turn answered after the restart' });
    await (await s.queues.queues.outbound.getJob(reminder!.id!))!.promote();
    await waitFor(() => textsTo(ASKS_REMINDER).includes('Oi! Passando pra lembrar do plantão de sábado, bora?'), { timeoutMs: 30_000, what: 'the reminder sent after the restart' });

    expect(await s.stop()).toBe(0);
    const db = await createPgliteDb({ dataDir: s.dataDir });
    try {
      const rows = (await db.pg.query<{ status: string }>(`select status from reminders`)).rows;
      expect(rows).toEqual([{ status: 'sent' }]);
    } finally {
      await db.close();
    }
  }, 180_000);
});
