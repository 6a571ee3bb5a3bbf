import { z } from 'zod';
import { normalizePhone, safeJobId, type JobQueue } from '../shared/index.js';

/**
 * Evolution's `call` webhook: Baileys' call event as it is (v1.8, v2.2, v2.3),
 * `{ id, from, chatId, callerPn?, status, isVideo, isGroup, date, offline }`.
 * One call produces several events (offer, ringing, then timeout, reject or
 * terminate); only the offer is the doctor reaching out.
 */
export const callReceivedSchema = z.object({
  instance: z.string().min(1),
  callId: z.string().min(1).max(200),
  /** E.164 digits; null when WhatsApp shows only a linked id. */
  phone: z.string().regex(/^\d{8,15}$/).nullable(),
  lid: z.string().nullable(),
  isVideo: z.boolean(),
  at: z.string(),
});
export type CallReceived = z.infer<typeof callReceivedSchema>;

/* eslint-disable @typescript-eslint/no-explicit-any -- Baileys' call event is loose JSON. */
export function parseCallEvent(instance: string, data: unknown, fallbackAt: string): CallReceived | null {
  const call: any = Array.isArray(data) ? data[0] : data;
  if (!call || typeof call !== 'object' || typeof call.id !== 'string' || call.id === '') return null;
  if (String(call.status ?? '').toLowerCase() !== 'offer') return null;
  if (call.isGroup === true || typeof call.groupJid === 'string') return null;
  const jids = [call.callerPn, call.from, call.chatId].filter((j): j is string => typeof j === 'string');
  const pn = jids.find((j) => j.endsWith('@s.whatsapp.net'));
  const phone = pn ? normalizePhone(pn) : null;
  const lid = jids.find((j) => j.endsWith('@lid'))?.replace(/@lid$/, '').replace(/\D/g, '') || null;
  if (!phone && !lid) return null;
  const at = typeof call.date === 'string' || typeof call.date === 'number' ? new Date(call.date) : null;
  return {
    instance,
    callId: call.id,
    phone,
    lid,
    isVideo: call.isVideo === true,
    at: at && !Number.isNaN(at.getTime()) ? at.toISOString() : fallbackAt,
  };
}

const CALL_SETTLE_MS = 3_000;

/** The webhook's hand-off for `call`: null for any other event, so the caller tries the next handler. */
export async function enqueueCallEvent(
  queue: JobQueue,
  envelope: { event: string; instance: string; data: unknown; date_time?: string | undefined },
): Promise<'queued' | 'ignored' | null> {
  if (envelope.event.toLowerCase().replace(/_/g, '.') !== 'call') return null;
  const fallbackAt = envelope.date_time && !Number.isNaN(Date.parse(envelope.date_time)) ? new Date(envelope.date_time).toISOString() : new Date().toISOString();
  const call = parseCallEvent(envelope.instance, envelope.data, fallbackAt);
  if (!call) return 'ignored';
  // Evolution posts its own reject-call text just before the call: a short delay lets that echo be read first.
  await queue.enqueue('call-received', call, { jobId: safeJobId('call', call.instance, call.callId), delayMs: CALL_SETTLE_MS });
  return 'queued';
}
