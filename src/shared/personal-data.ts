import { canonical } from './text.js';

/**
 * Doctors' phones and CRMs as people may see them in Slack (docs/decisions/0220-slack-access.md):
 * enough to recognise a doctor ("+55 11 9••••-7777", "CRM/SP ••••56"), never enough to
 * reach or impersonate one. `scrubPersonalData` is the last filter on every text that
 * leaves for Slack; `maskToolResult` masks what the managers' model is shown.
 */

const DOT = '•';
const BR_DDD = /^[1-9][1-9]$/;
const UF = 'AC|AL|AP|AM|BA|CE|DF|ES|GO|MA|MT|MS|MG|PA|PB|PR|PE|PI|RJ|RN|RS|RO|RR|SC|SP|SE|TO';

/** A phone in any notation, shown with country, DDD, first digit and last four. */
export function maskPhoneForPeople(value: string): string {
  const digits = canonical(value).replace(/\D/g, '');
  if (digits.length < 8) return `${DOT.repeat(4)}`;
  const national = (digits.length === 12 || digits.length === 13) && digits.startsWith('55') ? digits.slice(2) : digits;
  const last4 = national.slice(-4);
  if ((national.length === 10 || national.length === 11) && BR_DDD.test(national.slice(0, 2))) {
    const subscriber = national.slice(2);
    return `+55 ${national.slice(0, 2)} ${subscriber[0]}${DOT.repeat(subscriber.length - 5)}-${last4}`;
  }
  if (national.length === 8 || national.length === 9) return `${national[0]}${DOT.repeat(national.length - 5)}-${last4}`;
  return `${DOT.repeat(4)}-${last4}`;
}

/** The last four digits, for "Dra. Ana (final 7777)". */
export function phoneSuffix(value: string): string {
  return canonical(value).replace(/\D/g, '').slice(-4);
}

/** A CRM with its state kept and all digits but the last two hidden. */
export function maskCrm(value: string): string {
  const text = canonical(value);
  const uf = new RegExp(`\\b(${UF})\\b`, 'i').exec(text.replace(/crm/gi, ' '))?.[1]?.toUpperCase();
  const digits = text.replace(/\D/g, '');
  const shown = digits.length > 2 ? `${DOT.repeat(digits.length - 2)}${digits.slice(-2)}` : DOT.repeat(4);
  return `CRM${uf ? `/${uf}` : ''} ${shown}`;
}

const JID = /(\d[\d:]{4,})@(s\.whatsapp\.net|c\.us|lid|g\.us)\b/gi;
const LID_OR_JID_DIGITS = /(\d+)(?::\d+)?/;
const CRM_LABELLED = new RegExp(`\\bCRM(?:\\s*[-/:]?\\s*(?:${UF})(?![A-Za-z]))?\\s*[-/:nº°#.]*\\s*(\\d(?:[\\s.]?\\d){2,8})(?:\\s*[-/]\\s*(?:${UF})\\b)?`, 'gi');
const CRM_WITH_UF = new RegExp(`(?<![\\w.-])(\\d(?:\\.?\\d){3,6})\\s?[-/]\\s?(${UF})\\b`, 'g');
// A run of digits broken by spaces, dots, dashes or parentheses, not glued to letters (Slack ids, hex ids).
const DIGIT_RUN = /(?<![A-Za-z0-9•+])(?:\+\s?)?\(?\d(?:[\s.()\-]{0,2}\d){7,}(?![A-Za-z0-9•])/g;
// Uuids are the ids the model passes between tools; their digit groups are never phones.
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/**
 * A WhatsApp group id of today's form (120363 and at least nine more digits: longer than
 * any phone starting with +1 203) names a group, not a person, and managers need it whole
 * to allow or deny the group. Old-form ids (creator's phone, dash, time) are still masked.
 */
const GROUP_ID = /(?<!\d)120363\d{9,}(?:@g\.us)?(?![\d-])/;
const KEPT = new RegExp(`${UUID.source}|${GROUP_ID.source}`, 'gi');
const SHORT_PHONE = /^\+?9?\d{4}[\s.-]?\d{4}$/;
// A mobile number (DDD, the ninth digit, eight more) even when glued to letters ("tel5511987…x").
const GLUED_MOBILE = /(?<![0-9])(?:\+?55)?[1-9][1-9]9\d{8}(?![0-9])/g;

/**
 * Removes full phones (any Brazilian notation, with or without +55 and the ninth
 * digit, WhatsApp JIDs and @lid ids), CRMs and other long identifiers from free
 * text, whoever wrote it. Idempotent, so it can run at every layer.
 */
export function scrubPersonalData(text: string): string {
  const t = plainDigits(text);
  let out = '';
  let last = 0;
  for (const m of t.matchAll(KEPT)) {
    out += scrubPart(t.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  return out + scrubPart(t.slice(last));
}

/**
 * Fullwidth or mathematical digits become ASCII and invisible characters next to digits
 * go, so "１１ ９８…" or "11\u200B98…" are seen as the number they show. The rest of the
 * text is left as written (ordinals like "2º", emoji sequences).
 */
function plainDigits(text: string): string {
  return text
    .replace(/\p{Nd}/gu, (d) => (d >= '0' && d <= '9' ? d : d.normalize('NFKC')))
    .replace(/(?<=[\d\s().+-])\p{Cf}+|\p{Cf}+(?=[\d\s().+-])/gu, '');
}

function scrubPart(text: string): string {
  return text
    .replace(JID, (_m, id: string, server: string) => {
      const digits = LID_OR_JID_DIGITS.exec(id)?.[1] ?? id;
      const s = server.toLowerCase();
      if (s === 'lid') return `${DOT.repeat(4)}-${digits.slice(-4)}@lid`;
      if (s === 'g.us') return `grupo ${DOT.repeat(4)}${digits.slice(-4)}`;
      return maskPhoneForPeople(digits);
    })
    .replace(CRM_LABELLED, (m) => maskCrm(m))
    .replace(CRM_WITH_UF, (m) => maskCrm(m))
    .replace(DIGIT_RUN, (run) => {
      const digits = run.replace(/\D/g, '');
      if (digits.length >= 10) return maskPhoneForPeople(digits);
      return SHORT_PHONE.test(run.trim()) ? maskPhoneForPeople(digits) : run;
    })
    .replace(GLUED_MOBILE, (m) => maskPhoneForPeople(m));
}

const PHONE_KEY = /phone|telefone|celular|whatsapp|jid|^lid$|remote|sender|participant|numero|contato|contact/i;
const CRM_KEY = /^crm/i;
const TEXT_KEY = /^(texto|text|body|conteudo|content|mensagem|message|corpo|caption)$/i;

export interface ToolResultMaskOptions {
  /** Longest text kept from a message body (history lines, group posts). */
  maxText?: number;
}

/**
 * A tool result made safe for the managers' model: phone and CRM fields masked by
 * name, every other string scrubbed, message bodies trimmed. Ids (uuids) are kept:
 * the model needs them to call the next tool.
 */
export function maskToolResult(value: unknown, opts: ToolResultMaskOptions = {}, key = '', depth = 0): unknown {
  const maxText = opts.maxText ?? 280;
  if (depth > 20) return null;
  if (typeof value === 'string') {
    if (new RegExp(`^${GROUP_ID.source}$`).test(value)) return value;
    if (PHONE_KEY.test(key) && value.replace(/\D/g, '').length >= 8) return /[a-z]{3}/i.test(value) ? scrubPersonalData(value) : maskPhoneForPeople(value);
    if (CRM_KEY.test(key) && /\d/.test(value)) return maskCrm(value);
    const clean = scrubPersonalData(value);
    return TEXT_KEY.test(key) && clean.length > maxText ? `${clean.slice(0, maxText)}…` : clean;
  }
  if (typeof value === 'number' && (PHONE_KEY.test(key) || CRM_KEY.test(key))) return maskToolResult(String(value), opts, key, depth);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskToolResult(v, opts, key, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = maskToolResult(v, opts, k, depth + 1);
  return out;
}
