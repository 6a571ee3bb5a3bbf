import { describe, expect, it } from 'vitest';
import { csvField, csvRow } from './csv.js';
import { formatReais, formatSaoPaulo } from './sao-paulo-format.js';

describe('CSV for Excel in pt-BR', () => {
  it('quotes separators, quotes and line breaks, and defuses formulas', () => {
    expect(csvRow(['a', 'b;c', 'diz "oi"', 'linha\nduas', null, 3])).toBe('a;"b;c";"diz ""oi""";"linha\nduas";;3\r\n');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-12,5')).toBe('-12,5');
    expect(csvField('+5511987654321')).toBe("'+5511987654321");
    expect(csvField(' espaço ')).toBe('" espaço "');
  });

  it('shows times in São Paulo and money with a decimal comma', () => {
    expect(formatSaoPaulo('2026-03-14T22:00:00Z')).toBe('2026-03-14 19:00');
    expect(formatSaoPaulo(null)).toBe('');
    expect(formatReais(165000)).toBe('1650,00');
    expect(formatReais(5)).toBe('0,05');
  });
});
