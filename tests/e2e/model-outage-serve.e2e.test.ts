import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPrompts } from '../../src/agent/index.js';
import { startAnthropicFake, startEvolutionFake, type AnthropicFake, type EvolutionFake } from '../fakes/index.js';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { dropPrefix, testPrefix, testRedis, TEST_REDIS_URL } from '../helpers/test-redis.js';
import { waitFor } from '../helpers/wait-for.js';
import { migratedDataDir } from '../helpers/test-db.js';
import { freePort } from '../helpers/free-port.js';

/**
 * Finding 2 (issue 9) through a STARTED service: `julia serve` as a child
 * process, the real SDKs pointed at loopback fakes, Anthropic answering 529 for
 * 25 seconds. Whoever writes during the outage is answered after it without
 * writing again (possibly after a hand-off line), never silence, and his next
 * message is answered by Júlia.
 */
const JULIA = join(import.meta.dirname, '../../src/julia.mjs');
const TOKEN = 'evo-webhook-token';
const OUTAGE_MS = 25_000;
const HANDOFF_LINES = loadPrompts().handoffMessages;
const ANSWER = /^Oi, aqui é a Júlia \(\d+\)! Me conta o que vc procura$/;

describe('julia serve during a 25 s model outage', () => {
  let anthropic: AnthropicFake;
  let evolution: EvolutionFake;
  let child: ChildProcess;
  let port: number;
  let stderr = '';
  let answers = 0;
  const prefix = testPrefix('outage-serve');

  beforeAll(async () => {
    anthropic = await startAnthropicFake({ handler: () => ({ text: `Oi, aqui é a Júlia (${++answers})! Me conta o que vc procura` }) });
    evolution = await startEvolutionFake({ apiKey: 'evo-key' });
    port = await freePort();
    child = spawn(process.execPath, [JULIA, 'serve'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        DATA_DIR: migratedDataDir('outage'),
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: prefix,
        HUMANIZED_DELAY: 'off',
        TURN_DEBOUNCE_MS: '300',
        ANTHROPIC_API_KEY: 'test-key',
        ANTHROPIC_BASE_URL: anthropic.url,
        EVOLUTION_API_URL: evolution.url,
        EVOLUTION_API_KEY: 'evo-key',
        EVOLUTION_INSTANCE: 'julia-prod',
        EVOLUTION_WEBHOOK_TOKEN: TOKEN,
        // Budgets short enough for a test: hand off after 6 s, probe every second.
        MODEL_OUTAGE_BUDGET_MS: '6000',
        MODEL_RETRY_BASE_MS: '1000',
        MODEL_RECOVERY_INTERVAL_MS: '1000',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr!.on('data', (d) => (stderr += String(d)));
    // A fresh DATA_DIR migrates and indexes the knowledge base first: slow on a shared machine.
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`julia serve exited: ${stderr.slice(-500)}`);
      return (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status === 200;
    }, { timeoutMs: 110_000, intervalMs: 250, what: 'readyz' });
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    const r = testRedis();
    await dropPrefix(r, prefix);
    r.disconnect();
    await Promise.all([anthropic?.close(), evolution?.close()]);
  });

  const say = (phone: string, id: string, text: string) =>
    fetch(`http://127.0.0.1:${port}/webhooks/evolution`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-token': TOKEN },
      body: JSON.stringify(evolutionPayload('text-conversation', { id, text, remoteJid: `${phone}@s.whatsapp.net` })),
    }).then((r) => r.status);
  const textsTo = (phone: string) => evolution.sentTexts().filter((s) => s.number === phone).map((s) => s.text);
  /** Hand-off lines first (if any), then Júlia's answer: never nothing. */
  const answeredAfterOutage = (phone: string) => {
    const texts = textsTo(phone);
    const answer = texts.findIndex((t) => ANSWER.test(t));
    return answer >= 0 && texts.slice(0, answer).every((t) => HANDOFF_LINES.includes(t)) ? texts : null;
  };

  it('answers whoever wrote during the outage after it, without a second message, and the next message too', async () => {
    const started = Date.now();
    anthropic.overload({ ms: OUTAGE_MS });
    expect(await say('5511970008001', 'SRV-1', 'oi, tem plantao sabado?')).toBe(200);
    // Long enough to hand off: he hears a person is coming, then Júlia once the model is back.
    await waitFor(() => textsTo('5511970008001').length > 0, { timeoutMs: 20_000, what: 'the hand-off line' });
    expect(HANDOFF_LINES).toContain(textsTo('5511970008001')[0]);
    // A second doctor writes late in the outage.
    await new Promise((r) => setTimeout(r, Math.max(0, started + 15_000 - Date.now())));
    expect(await say('5511970008002', 'SRV-2', 'boa tarde, ainda tem vaga?')).toBe(200);

    for (const phone of ['5511970008001', '5511970008002']) {
      const texts = await waitFor(() => answeredAfterOutage(phone), { timeoutMs: 45_000, what: `an answer to ${phone}` });
      expect(Date.now() - started).toBeGreaterThanOrEqual(OUTAGE_MS - 1_000);
      expect(texts!.length).toBeLessThanOrEqual(2);
    }
    expect(anthropic.overloadedCalls).toBeGreaterThan(3);

    // After the outage his next message is answered by Júlia, not left to a person.
    const before = textsTo('5511970008001').length;
    expect(await say('5511970008001', 'SRV-3', 'e domingo?')).toBe(200);
    await waitFor(() => textsTo('5511970008001').length > before, { timeoutMs: 15_000, what: 'the next answer' });
    expect(textsTo('5511970008001').at(-1)).toMatch(ANSWER);
  }, 120_000);
});
