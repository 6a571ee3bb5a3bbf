import { describe, expect, it } from 'vitest';
import { cacheMinimum, conservativeTokens, splitAtBreakpoint } from '../../agent/cache-prefix.js';
import { CLASSIFICATION_BASE_FILE, classificationPrompt, classificationSystem } from './classification-system.js';
import { OBJECTION_LABELS } from '../labels.js';

const INSTRUCTIONS = ['classificar-objecao.md', 'classificar-opt-out.md', 'classificar-suspeita-bot.md', 'classificar-handoff.md'];

describe('the shared classification prefix', () => {
  it('is long enough for the fast model to cache it (Haiku 4.5: 4,096 tokens), by the conservative estimate', () => {
    const { prefix, breakpoints } = splitAtBreakpoint([], classificationSystem('classificar-opt-out.md'));
    expect(breakpoints).toBe(1);
    // splitAtBreakpoint prefixes the (empty) tool list; the cached block itself must clear the minimum.
    const block = classificationPrompt(CLASSIFICATION_BASE_FILE);
    expect(conservativeTokens(block)).toBeGreaterThanOrEqual(cacheMinimum('claude-haiku-4-5'));
    expect(conservativeTokens(prefix)).toBeGreaterThanOrEqual(conservativeTokens(block));
  });

  it('is the same block, byte for byte, before every question\'s instruction, and only it is cached', () => {
    const systems = INSTRUCTIONS.map(classificationSystem);
    for (const s of systems) {
      expect(s).toHaveLength(2);
      expect(s[0]).toEqual(systems[0]![0]);
      expect(s[0]!.cache_control).toEqual({ type: 'ephemeral' });
      expect(s[1]!.cache_control).toBeUndefined();
    }
    // The instructions differ and stay short: they are paid on every call.
    expect(new Set(systems.map((s) => s[1]!.text)).size).toBe(INSTRUCTIONS.length);
    for (const s of systems) expect(conservativeTokens(s[1]!.text)).toBeLessThan(150);
  });

  it('defines the four questions and every objection label the parser accepts', () => {
    const base = classificationPrompt(CLASSIFICATION_BASE_FILE);
    for (const q of ['Pergunta A: opt-out', 'Pergunta B: suspeita de bot', 'Pergunta C: hand-off', 'Pergunta D: objeção']) expect(base).toContain(q);
    for (const label of [...OBJECTION_LABELS, 'nenhuma']) {
      expect(base, label).toMatch(new RegExp(`^- ${label}: `, 'm'));
      expect(classificationPrompt('classificar-objecao.md'), label).toContain(label);
    }
  });
});
