import { createApp, type App } from '../../src/app.js';
import { silentLogger, type Logger } from '../../src/shared/index.js';
import {
  startAnthropicFake, startChatwootFake, startEvolutionFake, startSlackFake,
  type AnthropicFake, type AnthropicHandler, type ChatwootFake, type EvolutionFake, type SlackFake,
} from '../fakes/index.js';
import { createTestDb, type TestDb } from '../helpers/test-db.js';
import { testConfig } from '../helpers/test-config.js';
import { dropPrefix, testPrefix, testRedis } from '../helpers/test-redis.js';
import { queuesIdle } from '../helpers/queues-idle.js';

export const WEBHOOK_TOKEN = 'evo-webhook-token';
export const INSTANCE = 'julia-prod';

export interface E2E {
  app: App;
  db: TestDb;
  evolution: EvolutionFake;
  anthropic: AnthropicFake;
  slack: SlackFake;
  chatwoot?: ChatwootFake;
  post(body: unknown, headers?: Record<string, string>): Promise<Response>;
  /** Resolves once every job the test caused has run (queues-idle.ts): assert "nothing else happened" after it. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The whole service as production wires it (createApp), with the real SDKs
 * pointed at loopback fakes, real Redis under a private prefix, PGlite with
 * the seed, and workers running in-process. Tests drive it through HTTP.
 */
export const CHATWOOT_SECRET = 'cw-webhook-secret';

export async function startE2E(opts: {
  anthropic?: AnthropicHandler; env?: Record<string, string>; chatwoot?: boolean; logger?: Logger;
  /** Fails the app's rpc calls it returns an error for (the database failing at a chosen point); the test's own `db` is untouched. */
  rpcFault?: (name: string) => Error | undefined;
} = {}): Promise<E2E> {
  const chatwoot = opts.chatwoot ? await startChatwootFake() : undefined;
  const evolution = await startEvolutionFake({ apiKey: 'evo-key' });
  const anthropic = await startAnthropicFake(opts.anthropic ? { handler: opts.anthropic } : {});
  const slack = await startSlackFake({ token: 'xoxb-e2e' });
  const db = await createTestDb({ seed: true });
  const prefix = testPrefix('e2e');
  const config = testConfig({
    EVOLUTION_API_URL: evolution.url,
    EVOLUTION_API_KEY: 'evo-key',
    EVOLUTION_INSTANCE: INSTANCE,
    EVOLUTION_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
    ANTHROPIC_API_KEY: 'test-key',
    ANTHROPIC_BASE_URL: anthropic.url,
    SLACK_BOT_TOKEN: 'xoxb-e2e',
    SLACK_SIGNING_SECRET: 'slack-secret',
    SLACK_API_URL: `${slack.url}/api`,
    SLACK_ALERTS_CHANNEL: 'C-ALERTS',
    TURN_DEBOUNCE_MS: '400',
    HUMANIZED_DELAY: 'off',
    ...(chatwoot
      ? { CHATWOOT_URL: chatwoot.url, CHATWOOT_API_TOKEN: chatwoot.apiToken, CHATWOOT_ACCOUNT_ID: String(chatwoot.accountId), CHATWOOT_INBOX_ID: '1', CHATWOOT_WEBHOOK_SECRET: CHATWOOT_SECRET }
      : {}),
    ...opts.env,
  });
  const fault = opts.rpcFault;
  const appDb = fault
    ? new Proxy(db, {
        get(target, key, receiver) {
          if (key !== 'rpc') {
            const value = Reflect.get(target, key, receiver) as unknown;
            return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
          }
          return (name: string, args?: Record<string, unknown>) => {
            const err = fault(name);
            return err ? Promise.reject(err) : target.rpc(name, args);
          };
        },
      })
    : db;
  const app = await createApp(config, { db: appDb, redisPrefix: prefix, logger: opts.logger ?? silentLogger });
  await app.startWorkers();
  return {
    app,
    db,
    evolution,
    anthropic,
    slack,
    ...(chatwoot ? { chatwoot } : {}),
    post: (body, headers = {}) =>
      Promise.resolve(
        app.http.request('/webhooks/evolution', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-webhook-token': WEBHOOK_TOKEN, ...headers },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      ),
    idle: () => queuesIdle(app.queues.queues),
    async close() {
      await app.close();
      const r = testRedis();
      await dropPrefix(r, prefix);
      r.disconnect();
      await Promise.all([evolution.close(), anthropic.close(), slack.close(), chatwoot?.close()]);
    },
  };
}

/** Waits, then checks that nothing else happened during a quiet period. */
export const settle = (ms = 1_500) => new Promise((r) => setTimeout(r, ms));
