import { maskPhone } from './phone.js';

/**
 * Masks personal data inside free text bound for logs, job failure reasons or
 * the dead-letter table (issue 9, finding 12): WhatsApp JIDs, phone-like digit
 * runs, e-mails and the value part of Postgres' "Key (col)=(value)" details.
 * Masking happens where errors are made, and again where they leave the process.
 */
const JID = /\b(\d{5,20})(?::\d+)?@(s\.whatsapp\.net|c\.us|lid|g\.us|broadcast)\b/g;
const KEY_DETAIL = /Key \(([^)]*)\)=\((?:[^()]|\([^()]*\))*\)/g;
const EMAIL = /\b[\w.+-]+@(?!s\.whatsapp\.net|c\.us|g\.us)[A-Za-z][\w-]*(?:\.[\w-]+)+\b/g;
// 8+ digits, optionally broken by spaces, dots, dashes or parentheses: phones, CPFs, CRMs with UF.
const DIGIT_RUN = /(?<![\w-])\+?\d(?:[\s().-]?\d){7,}(?![\w-])/g;

// URL-encoded "+" and "@" (a phone or JID inside a query string) would hide a number from the rules below.
const ENCODED = /%(2B|40)/gi;

export function maskPii(text: string): string {
  return text
    .replace(ENCODED, (_m, hex: string) => (hex === '40' ? '@' : '+'))
    .replace(KEY_DETAIL, (_m, cols: string) => `Key (${cols})=(***)`)
    .replace(JID, (_m, digits: string, server: string) => `${maskPhone(digits)}@${server}`)
    .replace(EMAIL, '***@***')
    .replace(DIGIT_RUN, (run) => maskPhone(run));
}

/** Keys whose string values are someone's words or name: kept only as a length. */
const WORDS_KEYS = new Set([
  'conversation', 'text', 'caption', 'content', 'body', 'message', 'pushName', 'name', 'displayName', 'vcard',
  'notifyName', 'verifiedBizName', 'title', 'fileName', 'jpegThumbnail', 'base64', 'address',
]);

function redact(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return maskPii(value);
  if (value === null || typeof value !== 'object' || depth > 12) return value;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = WORDS_KEYS.has(k) && typeof v === 'string' ? `[${v.length} chars]` : redact(v, depth + 1);
  }
  return out;
}

/**
 * A request body made safe to keep: JSON keeps its shape (which is what tells
 * why it was refused) with words and names replaced by their length and
 * identifiers masked; anything else is masked as text. Capped at `maxChars`.
 */
export function redactPayload(raw: string, maxChars = 8_192): string {
  let safe: string;
  try {
    safe = JSON.stringify(redact(JSON.parse(raw), 0));
  } catch {
    safe = maskPii(raw.slice(0, maxChars * 2));
  }
  return safe.length > maxChars ? `${safe.slice(0, maxChars)}…[truncated]` : safe;
}
