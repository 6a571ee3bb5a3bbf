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
