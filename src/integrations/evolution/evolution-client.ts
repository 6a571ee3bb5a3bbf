import type { Logger } from '../../shared/logger.js';
import { CircuitBreaker } from './circuit-breaker.js';
import { postJson } from './post-json.js';
import { BodyTooLargeError } from './read-capped.js';
import { jidCandidates, jidOf, ProviderConfigError, ProviderError, type Presence, type WhatsAppProvider } from './provider.js';

export interface EvolutionClientOptions {
  baseUrl: string;
  apiKey: string;
  logger: Logger;
  timeoutMs?: number;
  /** Extra tries for calls that are safe to repeat. */
  retries?: number;
  backoffMs?: number;
  breaker?: CircuitBreaker;
  /** How long a 401/403/404 (bad key, missing instance) keeps the instance's circuit open. */
  configFaultCooldownMs?: number;
}

/**
 * Wrong key, forbidden, or no such instance: fixing it takes a person. A 404
 * counts only when it is about the instance (a missing message is not).
 */
const isConfigFault = (status: number, body: string) => status === 401 || status === 403 || (status === 404 && /instance/i.test(body));

type RetryPolicy = 'idempotent' | 'not-delivered-only';

/**
 * Answers are JSON of a few KB, except getBase64FromMediaMessage; its cap is
 * the largest photo the model takes (5 MB of base64) plus the JSON around it.
 */
const MAX_RESPONSE_BYTES = 8_000_000;
export const MAX_MEDIA_RESPONSE_BYTES = 5_500_000;

const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * Evolution API v2 client. sendText is NOT idempotent on Evolution's side, so
 * it is only retried here when the request provably never arrived (connection
 * refused, 429); every other failure surfaces as delivered 'unknown' and the
 * outbound job reconciles with findMessages before sending again.
 */
export function createEvolutionClient(opts: EvolutionClientOptions): WhatsAppProvider {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const retries = opts.retries ?? 2;
  const backoffMs = opts.backoffMs ?? 200;
  const breaker = opts.breaker ?? new CircuitBreaker();
  const configCooldownMs = opts.configFaultCooldownMs ?? 5 * 60_000;

  async function once(path: string, body: unknown, instance: string, maxBytes = MAX_RESPONSE_BYTES): Promise<unknown> {
    if (!breaker.acquire(instance)) {
      throw new ProviderError(`evolution ${instance}: circuit open`, undefined, true, 'no');
    }
    let res: { status: number; text: string };
    try {
      res = await postJson(`${base}${path}`, { apikey: opts.apiKey, 'content-type': 'application/json' }, JSON.stringify(body), { timeoutMs, maxBytes });
    } catch (err) {
      // Too big is final for this message: retrying would download it again.
      if (err instanceof BodyTooLargeError) throw new ProviderError(`evolution ${path}: answer over ${maxBytes} bytes`, (err as { status?: number }).status, false, 'unknown');
      breaker.failure(instance);
      const e = err as { code?: string; cause?: { code?: string }; name?: string };
      const code = e.code ?? e.cause?.code ?? e.name ?? 'network';
      throw new ProviderError(`evolution ${path}: ${code}`, undefined, true, NOT_CONNECTED.has(code) ? 'no' : 'unknown');
    }
    const text = res.text;
    if (res.status >= 200 && res.status < 300) {
      breaker.success(instance);
      return text ? (JSON.parse(text) as unknown) : {};
    }
    if (isConfigFault(res.status, text)) {
      breaker.trip(instance, configCooldownMs);
      throw new ProviderConfigError(`evolution ${path}: HTTP ${res.status} (API key or instance)`, res.status, instance);
    }
    if (res.status >= 500) breaker.failure(instance);
    else breaker.success(instance);
    const retryable = res.status >= 500 || res.status === 429 || res.status === 408;
    // A 4xx is a refusal; a 5xx may come after Evolution already handed the message to WhatsApp.
    const delivered = res.status < 500 ? 'no' : 'unknown';
    // The body is not quoted: Evolution echoes the number and the text we sent (finding 12).
    throw new ProviderError(`evolution ${path}: HTTP ${res.status}`, res.status, retryable, delivered);
  }

  async function call(path: string, body: unknown, instance: string, policy: RetryPolicy, maxBytes?: number): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once(path, body, instance, maxBytes);
      } catch (err) {
        const e = err as ProviderError;
        const repeatable = e.retryable && (policy === 'idempotent' || e.delivered === 'no');
        if (!repeatable || attempt >= retries || breaker.blockedUntil(instance) !== null) throw err;
        const wait = backoffMs * 2 ** attempt * (0.75 + Math.random() / 2);
        opts.logger.debug({ path, attempt, wait, err: e.message }, 'evolution retry');
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }

  const enc = encodeURIComponent;
  return {
    kind: 'evolution',
    async sendText(instance, phone, text) {
      const res = (await call(`/message/sendText/${enc(instance)}`, { number: phone, text }, instance, 'not-delivered-only')) as {
        key?: { id?: string };
      };
      const id = res.key?.id;
      if (!id) throw new ProviderError('evolution sendText: answer without key.id', 200, false, 'unknown');
      return { messageId: id };
    },
    async sendPresence(instance, phone, presence: Presence, delayMs) {
      await call(`/chat/sendPresence/${enc(instance)}`, { number: phone, presence, delay: delayMs }, instance, 'idempotent');
    },
    async markMessageAsRead(instance, message) {
      await call(`/chat/markMessageAsRead/${enc(instance)}`, { readMessages: [{ fromMe: false, ...message }] }, instance, 'idempotent');
    },
    async getMediaBase64(instance, message) {
      const res = (await call(`/chat/getBase64FromMediaMessage/${enc(instance)}`, { message: { key: message }, convertToMp4: false }, instance, 'idempotent', MAX_MEDIA_RESPONSE_BYTES)) as {
        base64?: string;
        mimetype?: string;
      };
      return res?.base64 ? { base64: res.base64, mimetype: res.mimetype ?? 'application/octet-stream' } : null;
    },
    async findSentText(instance, phone, text, since, findOpts) {
      // Evolution files the chat under one jid only, and not always the one we dial:
      // a miss under our form is not proof the message is absent (issue 9, finding 6).
      for (const remoteJid of jidCandidates(phone, findOpts?.lid)) {
        const res = await call(`/chat/findMessages/${enc(instance)}`, { where: { key: { remoteJid, fromMe: true } } }, instance, 'idempotent');
        for (const record of messageRecords(res)) {
          if (record.key?.fromMe !== true || !record.key.id) continue;
          const body = record.message?.conversation ?? record.message?.extendedTextMessage?.text;
          const at = Number(record.messageTimestamp ?? 0) * 1000;
          // Seconds resolution on the provider side: allow one second of slack.
          if (body === text && at >= since.getTime() - 1_000) return { messageId: record.key.id };
        }
      }
      return null;
    },
    unavailableUntil(instance) {
      const until = breaker.blockedUntil(instance);
      return until === null ? null : new Date(until);
    },
  };
}

interface MessageRecord {
  key?: { id?: string; fromMe?: boolean; remoteJid?: string };
  message?: { conversation?: string; extendedTextMessage?: { text?: string } };
  messageTimestamp?: number | string;
}

/** v2 answers `{ messages: { records } }`; older builds answer a bare array. */
function messageRecords(res: unknown): MessageRecord[] {
  if (Array.isArray(res)) return res as MessageRecord[];
  const records = (res as { messages?: { records?: unknown } })?.messages?.records;
  return Array.isArray(records) ? (records as MessageRecord[]) : [];
}
