import { describe, expect, it } from 'vitest';
import { chunkMarkdown, embeddingText } from './chunker.js';

describe('chunkMarkdown', () => {
  it('splits by heading and keeps the heading path', () => {
    const md = '# Preço\n\nIntro.\n\n## Prazo\n\nTrinta dias.\n\n### Exceção\n\nFeriado.\n\n## Imposto\n\nPJ.\n';
    const chunks = chunkMarkdown('objections/preco.md', md);
    expect(chunks.map((c) => [c.heading, c.content])).toEqual([
      ['Preço', 'Intro.'],
      ['Preço > Prazo', 'Trinta dias.'],
      ['Preço > Prazo > Exceção', 'Feriado.'],
      ['Preço > Imposto', 'PJ.'],
    ]);
    expect(chunks.map((c) => c.chunkIndex)).toEqual([0, 1, 2, 3]);
    expect(embeddingText(chunks[1]!)).toBe('Preço > Prazo\nTrinta dias.');
  });

  it('splits long sections at paragraph and sentence boundaries', () => {
    const sentence = 'A Júlia confirma o valor com a ferramenta antes de responder. ';
    const md = `# Longo\n\n${sentence.repeat(20)}\n\n${sentence.repeat(5)}`;
    const chunks = chunkMarkdown('a.md', md, { maxChars: 400, minChars: 100 });
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    for (const c of chunks) {
      expect(c.content.length).toBeLessThanOrEqual(500);
      expect(c.content.trim().endsWith('.')).toBe(true);
    }
  });

  it('hashes source, heading and content, so unchanged text keeps its hash', () => {
    const a = chunkMarkdown('a.md', '# T\n\nx\n');
    const b = chunkMarkdown('a.md', '# T\n\nx\n\n# U\n\ny\n');
    const c = chunkMarkdown('b.md', '# T\n\nx\n');
    expect(b[0]!.contentHash).toBe(a[0]!.contentHash);
    expect(c[0]!.contentHash).not.toBe(a[0]!.contentHash);
  });

  it('ignores headings inside code fences', () => {
    const chunks = chunkMarkdown('a.md', '# T\n\n```\n# not a heading\n```\n');
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.content).toContain('# not a heading');
  });
});
