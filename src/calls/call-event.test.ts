import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCallEvent } from './call-event.js';

const fixture = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../../tests/fixtures/evolution', `${name}.json`), 'utf8'));
const AT = '2025-05-16T12:40:00.512Z';

describe('parseCallEvent', () => {
  it('reads Evolution 2.3\'s offer', () => {
    expect(parseCallEvent('julia-prod', fixture('v2.3-call-offer').data, AT)).toEqual({
      instance: 'julia-prod', callId: 'C4E1B0A7F2D94E3B8A6C5D1E0F9A8B7C', phone: '5511987654321', lid: null, isVideo: false, at: '2025-05-16T12:40:00.000Z',
    });
  });
  it('ignores the call\'s later events, group calls and shapes it cannot read', () => {
    expect(parseCallEvent('i', fixture('v2.3-call-terminate').data, AT)).toBeNull();
    expect(parseCallEvent('i', { ...fixture('v2.3-call-offer').data, isGroup: true, groupJid: '1203@g.us' }, AT)).toBeNull();
    expect(parseCallEvent('i', null, AT)).toBeNull();
    expect(parseCallEvent('i', { id: 'x', status: 'offer' }, AT)).toBeNull();
  });
  it('takes the phone from callerPn when the caller shows a linked id (Baileys 7)', () => {
    const r = parseCallEvent('i', { id: 'c1', status: 'offer', from: '188800000000001@lid', callerPn: '5511987654321@s.whatsapp.net', date: 'garbage' }, AT);
    expect(r).toMatchObject({ phone: '5511987654321', lid: '188800000000001', at: AT });
  });
});
