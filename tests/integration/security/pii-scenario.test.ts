import { Writable } from 'node:stream';
import { QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/shared/index.js';
import type { AnthropicCall, AnthropicStep } from '../../fakes/index.js';
import { evolutionPayload } from '../../helpers/evolution-fixture.js';
import { TEST_REDIS_URL } from '../../helpers/test-redis.js';
import { waitFor } from '../../helpers/wait-for.js';
import { CHATWOOT_SECRET, settle, startE2E, WEBHOOK_TOKEN, type E2E } from '../../e2e/e2e-harness.js';

/**
 * One whole scenario at the production log level (info): a doctor known by a
 * @lid and by his number writes in, Júlia looks up shifts and reserves one,
 * the model fails once, Evolution and Chatwoot fail, the doctor asks for a
 * person (hand-off). Every log line and every BullMQ failure (reason and
 * stack, from the queue events) is captured and searched for his number in
 * every form, his @lid, his name and the secrets the service was given.
 */
const PHONE13 = '5511987654321';
const PHONE12 = '551187654321'; // the same number without the ninth digit
const LID = '182736450912345';
const NAME = 'Quitéria Montalvão';

const lines: string[] = [];
const logger = createLogger('info', new Writable({ write(chunk, _enc, cb) { lines.push(String(chunk)); cb(); } }));
const failures: string[] = [];

const model = (body: AnthropicCall): AnthropicStep => {
  if (!body.tools) return { text: '{}' };
  const last = body.messages.at(-1);
  const results = Array.isArray(last?.content) ? last.content.filter((b) => b.type === 'tool_result') : [];
  const said = JSON.stringify(body.messages);
  if (results.length === 0 && /sábado/.test(said) && !/reservar_plantao/.test(said)) return { toolUse: { name: 'buscar_vagas', input: {} } };
  const offered = /"ref":"(v\d+)","data":"(\d{4}-\d{2}-\d{2})"/.exec(results.map((r) => (typeof r.content === 'string' ? r.content : JSON.stringify(r.content))).join('\n'));
  if (offered) return { toolUse: { name: 'reservar_plantao', input: { data_plantao: offered[2], vaga_ref: offered[1], confirmacao: 'pode reservar' } } };
  return { text: 'Fechado, tá reservado pra vc!' };
};

let e: E2E;
const events: QueueEvents[] = [];
beforeAll(async () => {
  e = await startE2E({ anthropic: model, chatwoot: true, logger, // The doctor is a stranger (registration pendente): the gate is off so the scenario reaches the reservation.
  env: { MODEL_RETRY_BASE_MS: '200', REGISTRATION_REQUIRED: 'off' } });
  for (const [name, queue] of Object.entries(e.app.queues.queues)) {
    const qe = new QueueEvents(name, { connection: { url: TEST_REDIS_URL } as never, prefix: queue.opts.prefix! });
    qe.on('failed', ({ jobId, failedReason }) => {
      failures.push(failedReason);
      void queue.getJob(jobId).then((j) => j && failures.push(...(j.stacktrace ?? []), j.failedReason ?? ''));
    });
    await qe.waitUntilReady();
    events.push(qe);
  }
});
afterAll(async () => {
  await Promise.all(events.map((q) => q.close()));
  await e?.close();
});

const say = (fixture: string, id: string, text: string, jid?: string) => {
  const body = evolutionPayload(fixture, { id, text, ...(jid ? { remoteJid: jid } : {}) });
  body.data.pushName = NAME;
  return e.post(body);
};

describe('whole-scenario PII grep', () => {
  it('no phone form, @lid, name or secret appears in any log line or job failure', { timeout: 120_000 }, async () => {
    // The model fails once with a body that quotes the doctor; Evolution and Chatwoot fail too, echoing him.
    e.anthropic.failNext(1, 500, { type: 'error', error: { type: 'api_error', message: `upstream saw ${PHONE13} (${NAME})` } });
    e.evolution.failNext(1, 500, { status: 500, error: `number ${PHONE13}@s.whatsapp.net ${NAME}`, response: { message: [`${PHONE12} offline`] } });
    e.chatwoot!.failNext(2, 500, { message: `contact ${NAME} +${PHONE13} ${LID}@lid exists` });

    expect((await say('lid-with-alt', 'PII-1', 'Oi, vi a vaga de sábado, ainda tá aberta? Meu número é 11 98765-4321')).status).toBe(200);
    await waitFor(async () => (await e.db.pg.query(`select 1 from shifts s join doctors d on d.id = s.reserved_by where d.phone = $1`, [PHONE13])).rows.length > 0, {
      timeoutMs: 60_000,
      what: 'the reservation',
    }).catch((err: Error) => {
      throw new Error(`${err.message}\n${lines.slice(-30).join('')}`);
    });
    await waitFor(async () => (await e.db.pg.query(`select 1 from agent_turns t join doctors d on d.id = t.doctor_id where d.phone = $1`, [PHONE13])).rows.length > 0, {
      timeoutMs: 30_000,
      what: 'the turn recorded',
    });
    expect((await say('text-conversation', 'PII-2', 'quero falar com um atendente humano, por favor', `${PHONE13}@s.whatsapp.net`)).status).toBe(200);
    await waitFor(async () => (await e.db.pg.query(`select 1 from conversations c join doctors d on d.id = c.doctor_id where d.phone = $1 and c.controlled_by = 'human'`, [PHONE13])).rows.length > 0, {
      timeoutMs: 30_000,
      what: 'the hand-off',
    });
    // A refused webhook (wrong token) is logged too.
    await e.post(evolutionPayload('text-conversation', { id: 'PII-3' }), { 'x-webhook-token': 'wrong' });
    await settle(2_000);

    // Every job still in Redis (retried ones keep each attempt's reason and stack) joins the events seen.
    for (const queue of Object.values(e.app.queues.queues)) {
      for (const job of await queue.getJobs(['failed', 'delayed', 'wait', 'active', 'completed', 'prioritized'])) {
        if (job?.failedReason) failures.push(job.failedReason, ...(job.stacktrace ?? []));
      }
    }
    // The scenario happened, the failures included, so the grep below is over real lines.
    const logText = lines.join('');
    expect(logText).toContain('"msg":"turn done"');
    expect(logText).toContain('"msg":"job failed"');
    expect(failures.length).toBeGreaterThan(0);
    expect(e.anthropic.calls().length).toBeGreaterThan(2);

    const secrets = [WEBHOOK_TOKEN, 'evo-key', 'test-key', 'xoxb-e2e', 'slack-secret', CHATWOOT_SECRET, e.chatwoot!.apiToken, e.app.deps.config.JOB_SIGNING_KEY].filter(
      (s): s is string => !!s,
    );
    const needles = [PHONE13, PHONE12, `${PHONE13}@s.whatsapp.net`, LID, '98765-4321', '987654321', NAME, 'Quitéria', 'Montalvão', 'Quiteria', ...secrets];
    const haystack = { logs: lines.join(''), failures: failures.join('\n') };
    for (const [where, text] of Object.entries(haystack)) {
      const found = needles.filter((n) => text.toLowerCase().includes(n.toLowerCase()));
      const context = found.map((n) => {
        const i = text.toLowerCase().indexOf(n.toLowerCase());
        return text.slice(Math.max(0, i - 120), i + 60);
      });
      expect(found, `${where}: ${context.join('\n---\n')}`).toEqual([]);
    }
  });
});
