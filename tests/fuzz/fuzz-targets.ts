import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BODY_LIMITS } from '../../src/http/middleware/body-limit.js';
import type { FuzzRoute } from './fuzz-route.js';

export const EVOLUTION_TOKEN = 'fuzz-evolution-token';
export const CHATWOOT_SECRET = 'fuzz-chatwoot-secret';

/** The env a fuzzed app needs for every fuzzed route to be mounted. Chatwoot's URL is never called (no workers run). */
export const FUZZ_ENV = {
  EVOLUTION_WEBHOOK_TOKEN: EVOLUTION_TOKEN,
  CHATWOOT_URL: 'http://127.0.0.1:9', CHATWOOT_API_TOKEN: 'cw', CHATWOOT_ACCOUNT_ID: '1', CHATWOOT_INBOX_ID: '1', CHATWOOT_WEBHOOK_SECRET: CHATWOOT_SECRET,
};

const FIXTURES = join(import.meta.dirname, '../fixtures/evolution');

/** Every recorded Evolution webhook body. */
export const evolutionSeeds: unknown[] = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(FIXTURES, f), 'utf8')));

/** Chatwoot's message_created shapes the tests use (outgoing, incoming, private, ours), and another event. */
export const chatwootSeeds: unknown[] = [
  { event: 'message_created', id: 901, content: 'Oi doutora, aqui é a supervisão', message_type: 'outgoing', private: false, conversation: { id: 77 }, sender: { id: 7, type: 'user' } },
  { event: 'message_created', id: 902, content: 'nota interna', message_type: 1, private: true, conversation: { id: 77 }, sender: { id: 7, type: 'user' } },
  { event: 'message_created', id: 903, content: 'mensagem do médico', message_type: 'incoming', conversation: { id: 77 }, sender: { id: 'contact-1', type: 'contact' } },
  { event: 'message_created', id: 904, content: 'espelho', message_type: 'outgoing', source_id: 'julia-abc', conversation: { id: 77 } },
  { event: 'conversation_status_changed', id: 77, status: 'resolved' },
];

export const evolutionRoute: FuzzRoute = {
  name: 'evolution',
  path: '/webhooks/evolution',
  limit: BODY_LIMITS.evolution,
  seeds: evolutionSeeds,
  auth: () => ({ 'x-webhook-token': EVOLUTION_TOKEN }),
};

export const chatwootRoute: FuzzRoute = {
  name: 'chatwoot',
  path: '/webhooks/chatwoot',
  limit: BODY_LIMITS.chatwoot,
  seeds: chatwootSeeds,
  auth: () => ({ 'x-webhook-token': CHATWOOT_SECRET }),
};

// Slack (/webhooks/slack, on another branch) joins as one more FuzzRoute here:
//   auth: (body) => { const ts = String(Math.floor(Date.now() / 1000));
//     return { 'x-slack-request-timestamp': ts, 'x-slack-signature': `v0=${hmacSha256(SECRET, `v0:${ts}:${body}`)}` }; }
// plus its seeds (event_callback, url_verification, block_actions) and its env in FUZZ_ENV.
export const FUZZ_ROUTES: FuzzRoute[] = [evolutionRoute, chatwootRoute];
