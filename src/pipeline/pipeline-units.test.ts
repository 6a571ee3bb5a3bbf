import { describe, expect, it } from 'vitest';
import { splitBubbles, MAX_BUBBLE_CHARS } from './split-bubbles.js';
import { hourFactor, humanizedDelayMs } from './timing.js';
import { validateOutput } from './validate-output.js';

describe('splitBubbles', () => {
  it('splits paragraphs, and long paragraphs at sentence boundaries', () => {
    expect(splitBubbles(['Oi!\n\nTudo bem?'])).toEqual(['Oi!', 'Tudo bem?']);
    const long = Array.from({ length: 12 }, (_, i) => `Frase número ${i} sobre o plantão de sábado.`).join(' ');
    const parts = splitBubbles([long]);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((p) => p.length <= MAX_BUBBLE_CHARS && /\.$/.test(p))).toBe(true);
    expect(parts.join(' ')).toBe(long);
  });

  it('cuts a single endless sentence at word boundaries without losing words', () => {
    const words = Array.from({ length: 120 }, (_, i) => `palavra${i}`).join(' ');
    const parts = splitBubbles([words]);
    expect(parts.every((p) => p.length <= MAX_BUBBLE_CHARS)).toBe(true);
    expect(parts.join(' ')).toBe(words);
  });
});

describe('humanized timing', () => {
  const at = new Date('2026-11-23T14:00:00Z'); // 11:00 in São Paulo
  it('is slower at the edges of the day and at lunch', () => {
    expect(hourFactor(at)).toBe(1);
    expect(hourFactor(new Date('2026-11-23T15:30:00Z'))).toBe(1.3); // 12:30
    expect(hourFactor(new Date('2026-11-23T23:00:00Z'))).toBe(1.4); // 20:00
  });

  it('scales with length, stays within bounds, and varies ±30%', () => {
    const short = humanizedDelayMs({ kind: 'reply', readChars: 10, replyChars: 10, at, random: () => 0.5 });
    const long = humanizedDelayMs({ kind: 'reply', readChars: 10, replyChars: 200, at, random: () => 0.5 });
    expect(long).toBeGreaterThan(short);
    expect(humanizedDelayMs({ kind: 'reply', readChars: 1e6, replyChars: 1e6, at, random: () => 1 })).toBe(12_000);
    expect(humanizedDelayMs({ kind: 'proactive', readChars: 0, replyChars: 0, at, random: () => 0 })).toBe(5_000);
    const lo = humanizedDelayMs({ kind: 'reply', readChars: 100, replyChars: 100, at, random: () => 0 });
    const hi = humanizedDelayMs({ kind: 'reply', readChars: 100, replyChars: 100, at, random: () => 1 });
    expect(hi / lo).toBeCloseTo(1.3 / 0.7, 1);
  });
});

describe('validateOutput', () => {
  const ids = (text: string, known = '') => validateOutput(text, known).map((v) => v.id);
  it('accepts a natural reply', () => {
    expect(ids('Oi Dra! Tenho um noturno no sábado, quer que eu reserve?')).toEqual([]);
  });
  it('flags self-reference, leaked tools, markdown, link syntax and corporate tone', () => {
    expect(ids('Como uma inteligência artificial, não posso')).toContain('ai_self_reference');
    expect(ids('Vou usar a ferramenta buscar_vagas')).toContain('leaked_instructions');
    expect(ids('- opção 1\n- opção 2')).toContain('markdown');
    expect(ids('veja [aqui](http://x)')).toContain('link_syntax');
    expect(ids('Prezado doutor, informamos que')).toContain('corporate');
  });
  it('flags values and dates that the turn did not know', () => {
    expect(ids('Paga R$ 1.500,00 no dia 12/12', '{"valor":"R$ 1.500,00","data":"2026-12-12"}')).toEqual([]);
    expect(ids('Paga R$ 2.000', '{"valor":"R$ 1.500,00"}')).toEqual(['invented_value']);
    expect(ids('É dia 13/12', '{"data":"2026-12-12"}')).toEqual(['invented_date']);
  });
});
