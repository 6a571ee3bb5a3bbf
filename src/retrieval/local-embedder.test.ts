import { describe, expect, it } from 'vitest';
import { createLocalEmbedder, localEmbedding } from './local-embedder.js';
import { normalizeWords } from '../classify/index.js';
import { cosine, toVectorLiteral } from './vector.js';

describe('local embedder', () => {
  it('is deterministic, 1024-dimensional and unit length', async () => {
    const embedder = createLocalEmbedder();
    const [a, b] = await embedder.embed(['Plantão noturno no ABC', 'Plantão noturno no ABC'], 'document');
    expect(a).toHaveLength(1024);
    expect(a).toEqual(b);
    expect(Math.hypot(...a!)).toBeCloseTo(1, 6);
    expect(Math.hypot(...localEmbedding(''))).toBeCloseTo(1, 6);
  });

  it('puts a doctor spelling of a sentence next to the written one, and away from an unrelated one', () => {
    const written = localEmbedding('Você não paga pouco pelo plantão noturno?');
    const whatsapp = localEmbedding('vc n paga pouco pelo plantao noturno??');
    const other = localEmbedding('qual o endereço do hospital em Santo André');
    expect(cosine(written, whatsapp)).toBeGreaterThan(0.95);
    expect(cosine(written, other)).toBeLessThan(0.2);
  });

  it('expands WhatsApp abbreviations and folds accents', () => {
    expect(normalizeWords('Vc tb ñ pode hj? Muuuito obg')).toEqual(['voce', 'tambem', 'nao', 'pode', 'hoje', 'muito', 'obrigado']);
  });

  it('writes pgvector literals', () => {
    expect(toVectorLiteral([0.5, -1, Number.NaN])).toBe('[0.5,-1,0]');
  });
});
