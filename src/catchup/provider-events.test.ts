import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../shared/index.js';
import { enqueueProviderEvent, parseStatusUpdates, statusUpdateSchema } from './provider-events.js';

const FIXTURES = join(import.meta.dirname, '../../tests/fixtures/evolution');
const load = (name: string) => JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8')) as { event: string; instance: string; data: unknown; date_time: string };
const parse = (name: string) => {
  const f = load(name);
  return parseStatusUpdates(f.event, f.data, f.date_time).map((u) => statusUpdateSchema.parse(u));
};

function recording() {
  const jobs: Array<{ name: string; payload: any; jobId?: string }> = [];
  return { jobs, enqueue: async (name: string, payload: unknown, opts?: { jobId?: string }) => (jobs.push({ name, payload, ...(opts?.jobId && { jobId: opts.jobId }) }), { jobId: opts?.jobId ?? '' }) };
}

describe('Evolution status events', () => {
  it('maps messages.update (flat v2 form) to delivered and read for our send', () => {
    expect(parse('messages-update-delivered')).toEqual([
      { id: '3EB0A1B2C3D4E5F6A7B8C9', status: 'delivered', fromMe: true, phone: '5511987654321', text: null, contentHash: null, at: '2025-05-16T12:03:10.512Z' },
    ]);
    expect(parse('messages-update-read')[0]).toMatchObject({ status: 'read' });
  });

  it('reads the older Baileys list with numeric statuses', () => {
    expect(parse('messages-update-baileys')).toEqual([expect.objectContaining({ id: '3EB0A1B2C3D4E5F6A7B8C9', status: 'server_ack', fromMe: true })]);
  });

  it('keeps the text hash of send.message so an in-doubt send can be matched', () => {
    const [u] = parse('send-message');
    const text = 'Oi, Dr. Rafael! Tenho um plantão no sábado no Hospital Santa Clara, 19h às 7h. Te interessa?';
    expect(u).toMatchObject({ id: '3EB0A1B2C3D4E5F6A7B8C9', status: 'pending', phone: '5511987654321', text, contentHash: sha256Hex(text), at: new Date(1747396981 * 1000).toISOString() });
  });

  it('ignores read receipts of the doctor\'s own messages and unknown statuses', () => {
    expect(parseStatusUpdates('messages.update', { keyId: 'X', fromMe: false, status: 'READ' }, '2025-01-01T00:00:00Z')).toEqual([]);
    expect(parseStatusUpdates('messages.update', { keyId: 'X', fromMe: true, status: 'DELETED' }, '2025-01-01T00:00:00Z')).toEqual([]);
    expect(parseStatusUpdates('messages.update', { keyId: 'X', fromMe: true, status: 'PLAYED' }, '2025-01-01T00:00:00Z')[0]?.status).toBe('played');
  });

  it('addresses an @lid chat the way outbound rows do', () => {
    expect(parseStatusUpdates('messages.update', { keyId: 'L', fromMe: true, remoteJid: '182736450912345@lid', status: 'DELIVERY_ACK' }, '2025-01-01T00:00:00Z')[0]?.phone).toBe('182736450912345@lid');
  });
});

describe('enqueueProviderEvent', () => {
  it('starts a catch-up run when an instance reports state open, once per event', async () => {
    const q = recording();
    const conn = load('connection-update');
    expect(await enqueueProviderEvent(q, conn)).toBe('queued');
    expect(await enqueueProviderEvent(q, conn)).toBe('queued');
    expect(q.jobs).toHaveLength(2);
    expect(q.jobs[0]).toMatchObject({ name: 'evolution-catchup', payload: { instance: 'julia-prod', reason: 'reconnect' } });
    // Same event redelivered: same job id, so BullMQ keeps one.
    expect(q.jobs[0]!.jobId).toBe(q.jobs[1]!.jobId);
    expect(q.jobs[0]!.jobId).not.toContain(':');
  });

  it('ignores other connection states and events it does not know', async () => {
    const q = recording();
    expect(await enqueueProviderEvent(q, { ...load('connection-update'), data: { state: 'close' } })).toBe('ignored');
    expect(await enqueueProviderEvent(q, { event: 'presence.update', instance: 'x', data: {} })).toBe('ignored');
    expect(await enqueueProviderEvent(q, { event: 'connection.update', instance: 'x', data: {} })).toBe('ignored');
    expect(q.jobs).toEqual([]);
  });

  it('enqueues status updates (also in the MESSAGES_UPDATE spelling) with a stable id', async () => {
    const q = recording();
    const f = load('messages-update-delivered');
    await enqueueProviderEvent(q, f);
    await enqueueProviderEvent(q, { ...f, event: 'MESSAGES_UPDATE' });
    expect(q.jobs.map((j) => j.name)).toEqual(['evolution-status', 'evolution-status']);
    expect(q.jobs[0]!.jobId).toBe(q.jobs[1]!.jobId);
    expect(q.jobs[0]!.payload.updates[0]).toMatchObject({ status: 'delivered' });
  });
});
