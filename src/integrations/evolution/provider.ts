import { AppError } from '../../shared/errors.js';

/**
 * The narrow port the outbound wrapper sends through. Two adapters implement
 * it: the Evolution HTTP client and the console provider (no EVOLUTION_API_URL).
 */
export interface WhatsAppProvider {
  readonly kind: 'evolution' | 'console';
  sendText(instance: string, phone: string, text: string): Promise<{ messageId: string }>;
  /** "composing" while the text is "typed"; best effort. */
  sendPresence(instance: string, phone: string, presence: Presence, delayMs: number): Promise<void>;
  markMessageAsRead(instance: string, message: { remoteJid: string; id: string; fromMe?: boolean }): Promise<void>;
  /** A received media message's content (WhatsApp media URLs are encrypted); null when unavailable. */
  getMediaBase64(instance: string, message: { remoteJid: string; id: string }): Promise<{ base64: string; mimetype: string } | null>;
  /**
   * Our own message with this text sent at or after `since`, if the provider has it (reconciliation).
   * Looked up under every address the chat may be filed under (see jidCandidates).
   */
  findSentText(instance: string, phone: string, text: string, since: Date, opts?: { lid?: string | null }): Promise<{ messageId: string } | null>;
  /** When the instance's circuit is open: the earliest time to try again. */
  unavailableUntil(instance: string): Date | null;
}

export type Presence = 'available' | 'unavailable' | 'composing' | 'recording' | 'paused';

/**
 * `delivered` tells the caller what a failure means for a send: 'no' when the
 * request provably never reached the provider (safe to send again), 'unknown'
 * when it may have been accepted (reconcile before sending again).
 */
export class ProviderError extends AppError {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly retryable: boolean,
    readonly delivered: 'no' | 'unknown',
  ) {
    super('provider', message, { status });
  }
}

/**
 * 401, 403 or 404 from Evolution: a wrong API key or a missing instance. A
 * configuration fault, not a verdict on the message: the send waits (the
 * instance's circuit is open) and the managers are told.
 */
export class ProviderConfigError extends ProviderError {
  readonly configFault = true;
  constructor(
    message: string,
    status: number,
    readonly instance: string,
  ) {
    super(message, status, true, 'no');
  }
}

// A recipient that is already a jid (an @lid doctor) is used as it is.
export const jidOf = (phone: string) => (phone.includes('@') ? phone : `${phone.replace(/\D/g, '')}@s.whatsapp.net`);

/**
 * Every jid WhatsApp may file one chat under. Brazilian mobiles exist with and
 * without the ninth digit (55 DD 9XXXX-XXXX vs 55 DD XXXX-XXXX), and WhatsApp
 * keeps many older accounts under the 12-digit form whatever number we dial;
 * a doctor may also be known by an @lid. Our own form comes first.
 */
export function jidCandidates(phone: string, lid?: string | null): string[] {
  const out = [jidOf(phone)];
  const digits = phone.includes('@') ? '' : phone.replace(/\D/g, '');
  if (digits.startsWith('55')) {
    const ddd = digits.slice(2, 4);
    const local = digits.slice(4);
    if (local.length === 9 && local.startsWith('9')) out.push(`55${ddd}${local.slice(1)}@s.whatsapp.net`);
    // A mobile stored without the ninth digit starts with 6-9.
    if (local.length === 8 && /^[6-9]/.test(local)) out.push(`55${ddd}9${local}@s.whatsapp.net`);
  }
  if (lid) out.push(lid.includes('@') ? lid : `${lid}@lid`);
  return [...new Set(out)];
}
