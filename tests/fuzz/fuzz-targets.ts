import { createHmac, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BODY_LIMITS } from '../../src/http/middleware/body-limit.js';
import type { FuzzRoute } from './fuzz-route.js';

export const EVOLUTION_TOKEN = 'fuzz-evolution-token';
export const CHATWOOT_SECRET = 'fuzz-chatwoot-secret';
export const SLACK_SECRET = 'fuzz-slack-signing-secret';

/** The env a fuzzed app needs for every fuzzed route to be mounted. Chatwoot's URL is never called (no workers run). */
export const FUZZ_ENV = {
  EVOLUTION_WEBHOOK_TOKEN: EVOLUTION_TOKEN,
  CHATWOOT_URL: 'http://127.0.0.1:9', CHATWOOT_API_TOKEN: 'cw', CHATWOOT_ACCOUNT_ID: '1', CHATWOOT_INBOX_ID: '1', CHATWOOT_WEBHOOK_SECRET: CHATWOOT_SECRET,
  // Slack's Web API points at a closed loopback port: a queued command's reply fails there, never on the network.
  SLACK_BOT_TOKEN: 'xoxb-fuzz', SLACK_SIGNING_SECRET: SLACK_SECRET, SLACK_API_URL: 'http://127.0.0.1:9/api/',
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
  // Signed as Chatwoot signs (sha256= HMAC of "{timestamp}.{raw body}"), one delivery id per request.
  auth: (body) => {
    const ts = String(Math.floor(Date.now() / 1000));
    const mac = createHmac('sha256', CHATWOOT_SECRET).update(`${ts}.`).update(body).digest('hex');
    return { 'x-chatwoot-signature': `sha256=${mac}`, 'x-chatwoot-timestamp': ts, 'x-chatwoot-delivery': randomUUID() };
  },
};

/** Slack's bodies: an event (mention), the URL check, and a button click (form-encoded, as Slack sends it). */
export const slackSeeds: unknown[] = [
  { type: 'event_callback', event_id: 'EvFUZZ0001', event: { type: 'app_mention', user: 'UMANAGER1', text: '<@U0JULIA> status', channel: 'CGESTAO', ts: '1700000000.000100' } },
  { type: 'url_verification', challenge: 'fuzz-challenge' },
  { type: 'event_callback', event_id: 'EvFUZZ0002', event: { type: 'message', channel_type: 'im', user: 'UMANAGER1', text: 'e ontem?', channel: 'D1', ts: '1700000000.000200' } },
];

export const slackRoute: FuzzRoute = {
  name: 'slack',
  path: '/webhooks/slack',
  limit: BODY_LIMITS.default,
  seeds: slackSeeds,
  // Signed as Slack signs: v0= HMAC-SHA256 of "v0:{timestamp}:{raw body}".
  auth: (body) => {
    const ts = String(Math.floor(Date.now() / 1000));
    const mac = createHmac('sha256', SLACK_SECRET).update(`v0:${ts}:`).update(body).digest('hex');
    return { 'x-slack-request-timestamp': ts, 'x-slack-signature': `v0=${mac}` };
  },
};

export const FUZZ_ROUTES: FuzzRoute[] = [evolutionRoute, chatwootRoute, slackRoute];
