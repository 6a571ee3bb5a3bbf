import { randomUUID } from 'node:crypto';
import type { Logger } from '../../shared/logger.js';
import type { WhatsAppProvider } from './provider.js';

/**
 * With no EVOLUTION_API_URL (laptop, demo) messages go to the log; the wrapper
 * still records them in the database exactly as real sends.
 */
export function createConsoleProvider(logger: Logger): WhatsAppProvider & { sent: Array<{ instance: string; phone: string; text: string; id: string; at: number }> } {
  const sent: Array<{ instance: string; phone: string; text: string; id: string; at: number }> = [];
  return {
    kind: 'console',
    sent,
    async sendText(instance, phone, text) {
      const id = `console-${randomUUID()}`;
      sent.push({ instance, phone, text, id, at: Date.now() });
      if (sent.length > 1_000) sent.shift();
      logger.info({ instance, phone, text, messageId: id }, 'whatsapp (console provider)');
      return { messageId: id };
    },
    async sendPresence() {},
    async markMessageAsRead() {},
    // Nothing was received through a provider, so there is no media to fetch.
    async getMediaBase64() {
      return null;
    },
    async findSentText(instance, phone, text, since) {
      const hit = sent.find((s) => s.instance === instance && s.phone === phone && s.text === text && s.at >= since.getTime());
      return hit ? { messageId: hit.id } : null;
    },
    unavailableUntil: () => null,
  };
}
