import { describe, expect, it } from 'vitest';
import { createJobSigner } from './job-signature.js';

const signer = createJobSigner('k'.repeat(32));
const payload = { ctx: { method: 'COMMAND', actor: 'slack:U1', bypassReason: 'pediu', doctorId: 'd1' }, text: 'oi', idempotencyKey: 'x' };

describe('job signatures', () => {
  it('verify what was signed, whatever the key order or undefined members after a JSON round trip', () => {
    const sig = signer.sign(payload);
    const reordered = { idempotencyKey: 'x', text: 'oi', ctx: { doctorId: 'd1', bypassReason: 'pediu', actor: 'slack:U1', method: 'COMMAND', instance: undefined } };
    expect(signer.verify(JSON.parse(JSON.stringify(payload)), sig)).toBe(true);
    expect(signer.verify(reordered, sig)).toBe(true);
  });

  it('refuse any change to a field, a missing or malformed signature, and another key', () => {
    const sig = signer.sign(payload);
    expect(signer.verify({ ...payload, ctx: { ...payload.ctx, method: 'MANUAL' } }, sig)).toBe(false);
    expect(signer.verify({ ...payload, ctx: { ...payload.ctx, handoffNotice: true } }, sig)).toBe(false);
    expect(signer.verify(payload, undefined)).toBe(false);
    expect(signer.verify(payload, 'zz')).toBe(false);
    expect(createJobSigner('j'.repeat(32)).verify(payload, sig)).toBe(false);
    expect(() => createJobSigner('short')).toThrow(/32 characters/);
  });
});
