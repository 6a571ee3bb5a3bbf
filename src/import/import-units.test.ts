import { describe, expect, it } from 'vitest';
import { mapColumns } from './columns.js';
import { sniffSeparator } from './read-csv.js';
import { parseCents, parseDateTime, parsePhone, parseRegistration } from './values.js';

describe('import values', () => {
  it('reads phones in every Brazilian notation, adding the ninth digit to old mobiles', () => {
    for (const raw of ['(11) 98765-4321', '+55 11 98765-4321', '011 98765-4321', '11987654321', '5511987654321', '(11) 8765-4321', '+55 (11) 8765-4321', '11 98765-4321 / 3333-4444']) {
      expect(parsePhone(raw), raw).toBe('5511987654321');
    }
    expect(parsePhone('(11) 3456-7890')).toBe('551134567890');
    expect(parsePhone('123')).toBeNull();
  });

  it('reads dates and times as São Paulo time, and money in both notations', () => {
    expect(parseDateTime('28/11/2026 19:00')?.toISOString()).toBe('2026-11-28T22:00:00.000Z');
    expect(parseDateTime('28/11/26 19h')?.toISOString()).toBe('2026-11-28T22:00:00.000Z');
    expect(parseDateTime('2026-11-28 19h30')?.toISOString()).toBe('2026-11-28T22:30:00.000Z');
    expect(parseDateTime('2026-11-28T19:00')?.toISOString()).toBe('2026-11-28T22:00:00.000Z');
    expect(parseDateTime('2026-11-28T19:00:00Z')?.toISOString()).toBe('2026-11-28T19:00:00.000Z');
    expect(parseDateTime('31/02/2026 10:00')).toBeNull();
    expect(parseDateTime('amanhã')).toBeNull();
    expect(parseCents('R$ 1.650,00')).toBe(165000);
    expect(parseCents('1650')).toBe(165000);
    expect(parseCents('1.650')).toBe(165000);
  });

  it('matches headers without case or accents, in Portuguese or English, and sniffs the separator', () => {
    expect(mapColumns('doctors', ['NOME', 'Celular', 'Região', 'Situação Cadastral']).columns).toEqual({ name: 0, phone: 1, region: 2, status: 3 });
    expect(mapColumns('doctors', ['name', 'e-mail']).missing).toEqual(['telefone']);
    expect(mapColumns('shifts', ['Hospital', 'Especialidade', 'Início', 'Duração', 'Valor']).missing).toEqual([]);
    expect(sniffSeparator('nome;telefone;"a, b"')).toBe(';');
    expect(sniffSeparator('nome,telefone,"a; b; c"')).toBe(',');
    expect(parseRegistration('Aprovado')).toBe('aprovado');
    expect(parseRegistration('em análise')).toBe('pendente');
  });
});
