import { pino, type DestinationStream, type Logger } from 'pino';
import { maskPhone } from './phone.js';
import { maskPii } from './pii.js';

export type { Logger };

/**
 * Keys whose values are phone numbers (masked) or message bodies (omitted).
 * Doctors' numbers and words are personal data (LGPD): logs at info and above
 * must be shareable with a vendor without exposing them.
 */
const PHONE_KEYS = new Set(['phone', 'number', 'remoteJid', 'remoteJidAlt', 'participant', 'to', 'from', 'sender']);
const BODY_KEYS = new Set(['text', 'body', 'caption', 'content', 'message', 'draft', 'prompt']);
/** Free-text error fields: a vendor or driver may quote a number back; masked again here. */
const ERROR_KEYS = new Set(['err', 'error', 'reason', 'cause']);

function scrub(value: unknown, keepBodies: boolean, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, keepBodies, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (PHONE_KEYS.has(key) && (typeof v === 'string' || typeof v === 'number')) out[key] = maskPhone(String(v));
    else if (!keepBodies && BODY_KEYS.has(key) && typeof v === 'string') out[key] = `[omitted ${v.length} chars]`;
    else if (ERROR_KEYS.has(key) && typeof v === 'string') out[key] = maskPii(v);
    else out[key] = scrub(v, keepBodies, depth + 1);
  }
  return out;
}

export function createLogger(level = 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'julia' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        // Bodies are only kept when someone is debugging on purpose.
        log: (obj) => scrub(obj, level === 'debug' || level === 'trace') as Record<string, unknown>,
      },
    },
    destination,
  );
}

/** For tests and one-off scripts that must not print. */
export const silentLogger: Logger = pino({ level: 'silent' });
