import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evolutionEnvelopeSchema, normalizeEvolution, normalizeEvolutionAll, type NormalizeResult } from './normalize-evolution.js';
import { inboundMessageSchema, type InboundMessage } from './inbound-message.js';

const FIXTURES = join(import.meta.dirname, '../../tests/fixtures/evolution');
function fixture(name: string): NormalizeResult {
  return normalizeEvolution(evolutionEnvelopeSchema.parse(JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8'))));
}
function message(name: string): InboundMessage {
  const r = fixture(name);
  if (r.status !== 'message') throw new Error(`${name}: ${r.status} ${'reason' in r ? r.reason : ''}`);
  // Everything produced must satisfy the job payload schema.
  return inboundMessageSchema.parse(r.message);
}

describe('normalizeEvolution', () => {
  it('reads plain and extended text, with the send time from messageTimestamp (seconds)', () => {
    const m = message('text-conversation');
    expect(m).toMatchObject({ instance: 'julia-prod', phone: '5511987654321', kind: 'text', isGroup: false, fromMe: false, triggersTurn: true });
    expect(m.text).toMatch(/^Oi, td bem\? Vi a vaga/);
    expect(m.sentAt).toBe(new Date(1747398123 * 1000).toISOString());
    expect(message('text-extended').kind).toBe('text');
  });

  it('adds the ninth digit so an old-format number is the same doctor', () => {
    expect(message('text-old-number').phone).toBe('5511987654321');
  });

  it.each([
    ['image-caption', 'image', /CRM/],
    ['video-caption', 'video', /estacionamento/],
    ['document-caption', 'document', /.*/],
  ])('%s keeps the caption as text and the media details', (name, kind, text) => {
    const m = message(name);
    expect(m.kind).toBe(kind);
    expect(m.text).toMatch(text);
    expect(m.media?.mimetype).toBeTruthy();
  });

  it('marks a voice note as ptt audio with no text', () => {
    const m = message('audio-ptt');
    expect(m).toMatchObject({ kind: 'audio', text: '', media: { ptt: true, seconds: 23 } });
  });

  it('reads stickers, locations and contacts', () => {
    expect(message('sticker').kind).toBe('sticker');
    const loc = message('location');
    expect(loc.kind).toBe('location');
    expect(loc.extra).toMatchObject({ latitude: -23.5614372, longitude: -46.6559135 });
    const contact = message('contact');
    expect(contact).toMatchObject({ kind: 'contact', text: 'Dr. Rafael Moura', extra: { contactPhone: '5521998765432' } });
  });

  it('stores reactions and deletions without starting a turn', () => {
    expect(message('reaction')).toMatchObject({ kind: 'reaction', text: '👍', targetId: '3EB0C4D5E6F7A8B9C0D1E2', triggersTurn: false });
    expect(message('deleted')).toMatchObject({ kind: 'delete', targetId: 'D03F6B8C4E1A2597F8C9D0E1F2A3B405', triggersTurn: false });
    expect(message('deleted-event')).toMatchObject({ kind: 'delete', providerMessageId: 'D03F6B8C4E1A2597F8C9D0E1F2A3B405-revoke' });
  });

  it('reads edits in both the wrapped upsert and the messages.edited event', () => {
    const wrapped = message('edited');
    // An edit never starts a turn of its own: the inbound job applies it to its target.
    expect(wrapped).toMatchObject({ kind: 'edit', targetId: 'A3F9C21B7E4D8065F1A2B3C4D5E6F708', triggersTurn: false, resolveByTarget: true });
    expect(wrapped.text).toMatch(/domingo/);
    const event = message('edited-event');
    expect(event.kind).toBe('edit');
    expect(event.providerMessageId).toMatch(/^A3F9C21B7E4D8065F1A2B3C4D5E6F708-edit-/);
    expect(event.text).toMatch(/domingo/);
  });

  it('uses remoteJidAlt for an @lid chat and keeps both ids', () => {
    const m = message('lid-with-alt');
    expect(m).toMatchObject({ phone: '5511987654321', lid: '182736450912345', chatJid: '182736450912345@lid' });
  });

  it('keeps an @lid message without alt, identified by the lid alone', () => {
    const m = message('lid-without-alt');
    expect(m).toMatchObject({ phone: null, lid: '209384756102938' });
  });

  it('takes the group sender from key.participant', () => {
    const m = message('group');
    expect(m).toMatchObject({ isGroup: true, phone: '5511987654321', chatJid: '120363025246125486@g.us' });
  });

  it('flags messages sent from the phone as fromMe', () => {
    expect(message('from-me').fromMe).toBe(true);
  });

  it('ignores status broadcasts and events we do not handle', () => {
    expect(fixture('status-broadcast')).toMatchObject({ status: 'ignored', reason: expect.stringMatching(/@broadcast/) });
    expect(fixture('connection-update')).toMatchObject({ status: 'ignored' });
  });

  it('reports a message it can never process as invalid', () => {
    expect(normalizeEvolution({ event: 'messages.upsert', instance: 'x', data: { key: { id: 'A' } } }).status).toBe('invalid');
    expect(normalizeEvolution({ event: 'messages.upsert', instance: 'x', data: { key: { remoteJid: 'abc@example', id: 'A' }, message: { conversation: 'oi' } } }).status).toBe('invalid');
  });

  it('turns an unknown message type into unsupported rather than losing it', () => {
    const r = normalizeEvolution({ event: 'MESSAGES_UPSERT', instance: 'x', data: { key: { remoteJid: '5511987654321@s.whatsapp.net', id: 'Z1' }, message: { orderMessage: { itemCount: 1 } }, messageTimestamp: 1 } });
    expect(r).toMatchObject({ status: 'message', message: { kind: 'unsupported', extra: { fields: ['orderMessage'] } } });
  });
});

describe('normalizeEvolution on hostile payloads (issue 13 fuzzing, seed 1313)', () => {
  const key = { remoteJid: '5511987654321@s.whatsapp.net', id: 'FZ-1' };
  const upsert = (data: Record<string, unknown>) => normalizeEvolution({ event: 'messages.upsert', instance: 'i', data: { key, ...data } });

  it('falls back to the delivery time for a timestamp no Date can hold, instead of throwing', () => {
    const r = upsert({ message: { conversation: 'oi' }, messageTimestamp: 1e300 });
    expect(r.status === 'message' && r.message.sentAt).toBe(new Date(r.status === 'message' ? r.message.sentAt : 0).toISOString());
    const edit = normalizeEvolution({ event: 'messages.edited', instance: 'i', data: { key, editedMessage: { conversation: 'x' }, timestampMs: 'amanhã' }, date_time: '2026-01-01T00:00:00.000Z' });
    expect(edit.status === 'message' && edit.message.sentAt).toBe('2026-01-01T00:00:00.000Z');
  });

  it('reads a field of the wrong type as empty text, never throwing on objects that cannot become strings', () => {
    const weird = { toString: 1 };
    expect(upsert({ message: { extendedTextMessage: { text: weird } } })).toMatchObject({ status: 'message', message: { kind: 'text', text: '' } });
    expect(upsert({ message: { locationMessage: { name: weird, address: [[]] } } })).toMatchObject({ status: 'message', message: { kind: 'location', text: '' } });
    expect(upsert({ message: { contactMessage: { displayName: weird, vcard: weird } } })).toMatchObject({ status: 'message', message: { kind: 'contact', text: '' } });
  });

  it('stops unwrapping after a few levels: 100,000 nested viewOnce messages are unsupported, not a stack overflow', () => {
    let message: Record<string, unknown> = { conversation: 'oi' };
    for (let i = 0; i < 100_000; i++) message = { viewOnceMessage: { message } };
    expect(upsert({ message })).toMatchObject({ status: 'message', message: { kind: 'unsupported' } });
    expect(upsert({ message: { viewOnceMessage: { message: { ephemeralMessage: { message: { conversation: 'oi' } } } } } })).toMatchObject({ message: { kind: 'text', text: 'oi' } });
  });
});

describe('normalizeEvolution across Evolution versions (issue 26)', () => {
  it.each([
    ['v2.2-buttons-response', { type: 'button', id: 'aceitar_plantao', title: 'Aceitar plantão' }],
    ['v1.8-list-response', { type: 'list', id: 'turno_noturno_2405', title: 'Sábado 24/05 - noturno 19h-07h' }],
    ['v2.3-template-button-reply', { type: 'template', id: 'confirmar_presenca', title: 'Confirmo presença' }],
    ['v2.3-interactive-response', { type: 'interactive', id: 'quero_v1', title: 'Quero esse plantão' }],
  ])('%s: the tapped option is the doctor\'s text, and in extra', (name, choice) => {
    const m = message(name);
    expect(m).toMatchObject({ kind: 'text', text: choice.title, triggersTurn: true, extra: { choice } });
  });

  it('opens view-once, ephemeral and unknown FutureProof wrappers', () => {
    expect(message('v2.2-view-once-image')).toMatchObject({ kind: 'image', text: expect.stringContaining('CRM') });
    expect(message('v2.3-view-once-extension-video')).toMatchObject({ kind: 'video', text: 'olha a fila do PS agora' });
    expect(message('v2.2-ephemeral-text')).toMatchObject({ kind: 'text', text: expect.stringContaining('temporárias') });
    const r = normalizeEvolution({ event: 'messages.upsert', instance: 'i', data: { key: { remoteJid: '5511987654321@s.whatsapp.net', id: 'W1' }, message: { someFutureWrapperMessage: { message: { conversation: 'oi' } } } } });
    expect(r).toMatchObject({ status: 'message', message: { kind: 'text', text: 'oi' } });
  });

  it('reads the quote from the content (2.2) or from data.contextInfo (2.3), with whether we wrote it', () => {
    for (const name of ['v2.3-quoted-offer', 'v2.2-quoted-offer-extended']) {
      expect(message(name).extra['quoted']).toMatchObject({ id: '3EB0C7A1D2E3F4051627', fromUs: true, text: expect.stringContaining('Hospital Santa Aurora') });
    }
  });

  it('records polls, votes and protocol notices without a turn; ignores our own', () => {
    expect(message('v2.3-poll-vote')).toMatchObject({ kind: 'poll_vote', triggersTurn: false, targetId: '3EB0A9B8C7D6E5F4A3B2' });
    expect(message('v2.3-poll-creation')).toMatchObject({ kind: 'poll', triggersTurn: false, extra: { options: ['Diurno', 'Noturno'] } });
    const own = normalizeEvolution({ event: 'messages.upsert', instance: 'i', data: { key: { remoteJid: '5511987654321@s.whatsapp.net', fromMe: true, id: 'P1' }, message: { protocolMessage: { type: 'HISTORY_SYNC_NOTIFICATION' } } } });
    expect(own.status).toBe('ignored');
  });

  it('acknowledges keyless protocol events, newsletters and unknown protocol types instead of refusing them', () => {
    for (const name of ['v2.3-history-sync-notification', 'v2.3-ephemeral-setting', 'v2.3-newsletter-post']) expect(fixture(name).status).toBe('ignored');
  });

  it('2.3 messages.edited from the sender\'s side names no doctor: resolved by its target, never fromMe', () => {
    const m = message('v2.3-messages-edited');
    expect(m).toMatchObject({ kind: 'edit', phone: null, lid: null, fromMe: false, resolveByTarget: true, targetId: 'D0E1F2A3B4C5D6E7F8A9B0C1D2E3F4A5' });
    expect(m.text).toMatch(/domingo na UTI adulto/);
  });

  it('gives one id to one change whatever form it came in', () => {
    expect(message('v2.2-messages-edited').providerMessageId).toBe(message('v2.2-edited-upsert').providerMessageId);
    expect(message('v2.3-messages-edited-revoke').providerMessageId).toBe(message('v2.3-messages-delete').providerMessageId);
  });

  it('reads a list of messages in one envelope, item by item', () => {
    const one = JSON.parse(readFileSync(join(FIXTURES, 'text-conversation.json'), 'utf8'));
    const rs = normalizeEvolutionAll({ ...one, data: [one.data, { ...one.data, key: { ...one.data.key, id: 'SECOND' } }] });
    expect(rs.map((r) => r.status === 'message' && r.message.providerMessageId)).toEqual([one.data.key.id, 'SECOND']);
  });

  it('never throws on a paramsJson that is not JSON', () => {
    const r = normalizeEvolution({ event: 'messages.upsert', instance: 'i', data: { key: { remoteJid: '5511987654321@s.whatsapp.net', id: 'N1' }, message: { interactiveResponseMessage: { body: { text: 'Enviado' }, nativeFlowResponseMessage: { paramsJson: '{nope' } } } } });
    expect(r).toMatchObject({ status: 'message', message: { kind: 'text', text: 'Enviado' } });
  });
});
