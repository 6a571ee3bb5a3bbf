import { describe, expect, it } from 'vitest';
import { maskPhone, normalizePhone } from './phone.js';

describe('normalizePhone', () => {
  it.each([
    ['+55 (11) 98765-4321', '5511987654321'],
    ['5511987654321', '5511987654321'],
    ['11987654321', '5511987654321'],
    ['011 98765-4321', '5511987654321'],
    // WhatsApp still reports some mobiles without the ninth digit.
    ['551187654321', '5511987654321'],
    ['551187654321@s.whatsapp.net', '5511987654321'],
    ['1187654321', '5511987654321'],
    ['+55 21 8765-4321', '5521987654321'],
    // Landlines (first digit 2-5) keep eight digits.
    ['551132654321', '551132654321'],
    ['(11) 3265-4321', '551132654321'],
    // Foreign numbers pass through as digits.
    ['+1 415 555 2671', '14155552671'],
    ['+351 912 345 678', '351912345678'],
  ])('%s -> %s', (raw, expected) => {
    expect(normalizePhone(raw)).toBe(expected);
  });

  it.each(['', 'abc', '123', '55 00 98765-4321', '5511887654321x'.repeat(2)])('rejects %j', (raw) => {
    expect(normalizePhone(raw)).toBeNull();
  });

  it('gives one doctor one number whichever form arrives', () => {
    const forms = ['551187654321@s.whatsapp.net', '5511987654321@s.whatsapp.net', '+55 11 98765-4321'];
    expect(new Set(forms.map(normalizePhone)).size).toBe(1);
  });
});

describe('maskPhone', () => {
  it('keeps country, area and last four digits only', () => {
    expect(maskPhone('5511987654321')).toBe('5511*****4321');
    expect(maskPhone('12')).toBe('***');
  });
});
