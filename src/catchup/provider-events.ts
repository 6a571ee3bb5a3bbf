import { z } from 'zod';
import { normalizePhone, safeJobId, sha256Hex, type JobQueue } from '../shared/index.js';

/**
 * Evolution webhook events that are not messages: `connection.update` (an
 * instance reconnecting triggers a catch-up run at once) and delivery status
 * (`messages.update`, `send.message`). Only parsing and enqueuing here: the
 * webhook never touches the database.
 */
export const DELIVERY_STATUSES = ['pending', 'error', 'server_ack', 'delivered', 'read', 'played'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const statusUpdateSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.enum(DELIVERY_STATUSES),
  fromMe: z.boolean().nullable(),
  /** E.164 digits, or `<lid>@lid`: the form outbound_messages.phone uses. */
  phone: z.string().nullable(),
  /** send.message only: the text and its hash, to settle an in-doubt send. */
  text: z.string().nullable(),
  contentHash: z.string().nullable(),
  at: z.string(),
});
export type StatusUpdate = z.infer<typeof statusUpdateSchema>;

// Evolution's names (and Baileys' numeric WAMessageStatus) → ours.
const BY_NAME: Record<string, DeliveryStatus> = {
  ERROR: 'error', PENDING: 'pending', SERVER_ACK: 'server_ack', DELIVERY_ACK: 'delivered', READ: 'read', PLAYED: 'played',
};
const BY_NUMBER: DeliveryStatus[] = ['error', 'pending', 'server_ack', 'delivered', 'read', 'played'];

function statusOf(raw: unknown): DeliveryStatus | null {
  if (typeof raw === 'number') return BY_NUMBER[raw] ?? null;
  if (typeof raw === 'string') return BY_NAME[raw.toUpperCase()] ?? (/^\d$/.test(raw) ? (BY_NUMBER[Number(raw)] ?? null) : null);
  return null;
}

function phoneOf(...jids: Array<unknown>): string | null {
  const list = jids.filter((j): j is string => typeof j === 'string' && j.length > 0);
  const pn = list.find((j) => j.endsWith('@s.whatsapp.net'));
  if (pn) return normalizePhone(pn);
  const lid = list.find((j) => j.endsWith('@lid'));
  return lid ? `${lid.replace(/@lid$/, '').replace(/\D/g, '')}@lid` : null;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- Evolution payloads are loose JSON. */
function textOf(message: any): string | null {
  if (!message || typeof message !== 'object') return null;
  if (typeof message.conversation === 'string') return message.conversation;
  if (typeof message.extendedTextMessage?.text === 'string') return message.extendedTextMessage.text;
  return null;
}

function secondsToIso(ts: unknown): string | null {
  const n = typeof ts === 'number' ? ts : typeof ts === 'string' ? Number(ts) : NaN;
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000).toISOString() : null;
}

/** messages.update (v2.1+ flat `{ keyId, status }`, a list of them, or Baileys' `{ key, update }`) and send.message. */
export function parseStatusUpdates(event: string, data: unknown, at: string): StatusUpdate[] {
  const items: any[] = Array.isArray(data) ? data : [data];
  const out: StatusUpdate[] = [];
  for (const d of items) {
    if (!d || typeof d !== 'object') continue;
    if (event === 'send.message') {
      const key = d.key ?? {};
      const status = statusOf(d.status) ?? 'pending';
      const text = textOf(d.message);
      if (typeof key.id !== 'string') continue;
      out.push({
        id: key.id, status, fromMe: key.fromMe ?? true, phone: phoneOf(key.remoteJid, key.remoteJidAlt),
        text, contentHash: text === null ? null : sha256Hex(text), at: secondsToIso(d.messageTimestamp) ?? at,
      });
      continue;
    }
    const id = d.keyId ?? d.key?.id;
    const status = statusOf(d.status ?? d.update?.status);
    const fromMe = d.fromMe ?? d.key?.fromMe ?? null;
    // Read receipts of the doctor's own messages say nothing about our sends.
    if (typeof id !== 'string' || !status || fromMe === false) continue;
    out.push({ id, status, fromMe, phone: phoneOf(d.remoteJid ?? d.key?.remoteJid), text: null, contentHash: null, at });
  }
  return out;
}

export interface ProviderEnvelope {
  event: string;
  instance: string;
  data: unknown;
  date_time?: string | undefined;
}

/**
 * The webhook's hand-off for non-message events. 'queued' when a job was
 * enqueued, 'ignored' otherwise. Job ids make a redelivered event a no-op.
 */
export async function enqueueProviderEvent(queue: JobQueue, envelope: ProviderEnvelope): Promise<'queued' | 'ignored'> {
  const event = envelope.event.toLowerCase().replace(/_/g, '.');
  const at = envelope.date_time && !Number.isNaN(Date.parse(envelope.date_time)) ? new Date(envelope.date_time).toISOString() : new Date().toISOString();
  if (event === 'connection.update') {
    const state = (envelope.data as { state?: unknown } | null)?.state;
    if (state !== 'open') return 'ignored';
    await queue.enqueue('evolution-catchup', { instance: envelope.instance, reason: 'reconnect' }, {
      jobId: safeJobId('catchup', envelope.instance, 'open', String(Date.parse(at))),
    });
    return 'queued';
  }
  if (event !== 'messages.update' && event !== 'send.message') return 'ignored';
  const updates = parseStatusUpdates(event, envelope.data, at);
  if (updates.length === 0) return 'ignored';
  const fingerprint = updates.map((u) => `${u.id}.${u.status}`).join('.');
  await queue.enqueue('evolution-status', { instance: envelope.instance, updates }, { jobId: safeJobId('status', envelope.instance, fingerprint) });
  return 'queued';
}
