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
  /** Our own message with this text sent at or after `since`, if the provider has it (reconciliation). */
  findSentText(instance: string, phone: string, text: string, since: Date): Promise<{ messageId: string } | null>;
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

// A recipient that is already a jid (an @lid doctor) is used as it is.
export const jidOf = (phone: string) => (phone.includes('@') ? phone : `${phone.replace(/\D/g, '')}@s.whatsapp.net`);
