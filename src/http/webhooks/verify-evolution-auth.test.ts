import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyEvolutionAuth } from './verify-evolution-auth.js';

const SECRET = 'webhook-secret';
function jwt(claims: object, secret = SECRET, alg = 'HS256'): string {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = `${enc({ alg, typ: 'JWT' })}.${enc(claims)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

describe('verifyEvolutionAuth', () => {
  it('accepts the shared token and rejects any other', () => {
    expect(verifyEvolutionAuth({ token: SECRET }, SECRET)).toBe(true);
    expect(verifyEvolutionAuth({ token: 'webhook-secreT' }, SECRET)).toBe(false);
    expect(verifyEvolutionAuth({ token: '' }, SECRET)).toBe(false);
  });

  it('accepts an HS256 JWT signed with the token', () => {
    const now = 1_800_000_000;
    expect(verifyEvolutionAuth({ authorization: `Bearer ${jwt({ exp: now + 60 })}` }, SECRET, now)).toBe(true);
  });

  it('rejects a wrong signature, an expired token and another algorithm', () => {
    const now = 1_800_000_000;
    expect(verifyEvolutionAuth({ authorization: `Bearer ${jwt({}, 'other')}` }, SECRET, now)).toBe(false);
    expect(verifyEvolutionAuth({ authorization: `Bearer ${jwt({ exp: now - 120 })}` }, SECRET, now)).toBe(false);
    expect(verifyEvolutionAuth({ authorization: `Bearer ${jwt({}, SECRET, 'none')}` }, SECRET, now)).toBe(false);
    expect(verifyEvolutionAuth({ authorization: 'Bearer a.b' }, SECRET, now)).toBe(false);
  });

  it('rejects everything when no token is configured', () => {
    expect(verifyEvolutionAuth({ token: 'x' }, undefined)).toBe(false);
    expect(verifyEvolutionAuth({}, SECRET)).toBe(false);
  });
});
