import { describe, expect, it } from 'vitest';
import { jidCandidates } from './provider.js';

describe('jidCandidates', () => {
  it('a Brazilian mobile with the ninth digit is also looked up without it, and the @lid last', () => {
    expect(jidCandidates('5511987654321', '123456789012345')).toEqual([
      '5511987654321@s.whatsapp.net',
      '551187654321@s.whatsapp.net',
      '123456789012345@lid',
    ]);
  });

  it('a 12-digit mobile gains the ninth digit; a landline and a foreign number stay as they are', () => {
    expect(jidCandidates('551187654321')).toEqual(['551187654321@s.whatsapp.net', '5511987654321@s.whatsapp.net']);
    expect(jidCandidates('551132654321')).toEqual(['551132654321@s.whatsapp.net']);
    expect(jidCandidates('14155550123')).toEqual(['14155550123@s.whatsapp.net']);
  });

  it('a doctor known only by @lid is looked up by it, once', () => {
    expect(jidCandidates('123456789012345@lid', '123456789012345@lid')).toEqual(['123456789012345@lid']);
  });
});
