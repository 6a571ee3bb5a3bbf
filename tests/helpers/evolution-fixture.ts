import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evolutionEnvelopeSchema, normalizeEvolution, type InboundMessage } from '../../src/inbound/index.js';

const DIR = join(import.meta.dirname, '../fixtures/evolution');

/** A recorded Evolution webhook body (sent now unless told otherwise), with optional overrides. */
export function evolutionPayload(name: string, patch: { id?: string; text?: string; timestamp?: number; remoteJid?: string } = {}): Record<string, any> {
  const body = JSON.parse(readFileSync(join(DIR, `${name}.json`), 'utf8'));
  if (patch.id) body.data.key.id = patch.id;
  if (patch.remoteJid) body.data.key.remoteJid = patch.remoteJid;
  if (patch.text !== undefined) body.data.message = { conversation: patch.text };
  // Default to now: a reply's proof (spec 9.3) needs an inbound from the last 30 minutes.
  body.data.messageTimestamp = patch.timestamp ?? Math.floor(Date.now() / 1000);
  return body;
}

export function inboundFrom(name: string, patch: Parameters<typeof evolutionPayload>[1] = {}): InboundMessage {
  const r = normalizeEvolution(evolutionEnvelopeSchema.parse(evolutionPayload(name, patch)));
  if (r.status !== 'message') throw new Error(`fixture ${name} did not normalize: ${r.status}`);
  return r.message;
}

let unique = 0;

/**
 * A recorded Evolution body (tests/fixtures/evolution/<version>-<kind>.json) made
 * usable again: an upsert gets a fresh id (unless told) and the current time; a
 * change (messages.edited, messages.delete, an editedMessage upsert) can point at
 * another message and carry another edit time; a quote can point at a message we sent.
 */
export function evolutionVersionPayload(
  name: string,
  patch: { id?: string; remoteJid?: string; timestamp?: number; quote?: { id: string; text: string }; targetId?: string; editedAtMs?: number } = {},
): Record<string, any> {
  const body = JSON.parse(readFileSync(join(DIR, `${name}.json`), 'utf8'));
  const d = body.data;
  const event = String(body.event).toLowerCase();
  if (event === 'messages.upsert' && d?.key) {
    d.key.id = patch.id ?? `${d.key.id}-${process.pid}-${++unique}`;
    if (patch.remoteJid) d.key.remoteJid = patch.remoteJid;
    d.messageTimestamp = patch.timestamp ?? Math.floor(Date.now() / 1000);
    if (patch.quote) {
      const ci = { stanzaId: patch.quote.id, participant: body.sender, quotedMessage: { conversation: patch.quote.text } };
      if (d.contextInfo) d.contextInfo = ci;
      if (d.message?.extendedTextMessage?.contextInfo) d.message.extendedTextMessage.contextInfo = ci;
    }
    const protocol = d.message?.editedMessage?.message?.protocolMessage ?? d.message?.protocolMessage;
    if (protocol && patch.targetId) protocol.key.id = patch.targetId;
    if (protocol && patch.editedAtMs) protocol.timestampMs = String(patch.editedAtMs);
  }
  if (event === 'messages.edited' && d?.key) {
    if (patch.targetId) d.key.id = patch.targetId;
    if (patch.editedAtMs) d.timestampMs = String(patch.editedAtMs);
  }
  if (event === 'messages.delete' && d) {
    if (patch.targetId) d.id = patch.targetId;
    if (patch.remoteJid) d.remoteJid = patch.remoteJid;
  }
  return body;
}
