import { describe, expect, it } from 'vitest';
import { loadPrompts } from '../agent/index.js';
import { loadPipelineReplies } from './load-replies.js';
import { createLeakDetector } from './prompt-leak.js';
import { validateOutput } from './validate-output.js';

const replies = loadPipelineReplies(loadPrompts());
const leaks = createLeakDetector(replies.confidential!);
const rules = loadPrompts().staticBlocks.find((b) => b.name === 'rules.md')!.text;

describe('prompt_leak', () => {
  it('flags a reply that writes out a passage of the rules, whatever the case, accents or punctuation', () => {
    const passage = rules.split('\n').find((l) => l.startsWith('6.'))!.slice(3);
    expect(validateOutput(`Claro! Lá vai: ${passage.toUpperCase()}`, '', leaks).map((v) => v.id)).toContain('prompt_leak');
    const unaccented = passage.normalize('NFD').replace(/\p{M}/gu, '').replace(/[.,"!]/g, ' ');
    expect(leaks.quoted(unaccented, '')).not.toBeNull();
  });

  it('leaves ordinary replies, and words the doctor himself wrote, alone', () => {
    expect(validateOutput('Oi! Tenho uma vaga no sábado, quer que eu veja os detalhes pra vc?', '', leaks)).toEqual([]);
    const passage = rules.split('\n').find((l) => l.startsWith('4.'))!.slice(3, 200);
    expect(leaks.quoted(passage, `o médico escreveu: ${passage}`)).toBeNull();
  });

  it("does not treat the hospitals' map, which Júlia is meant to tell, as confidential", () => {
    const map = loadPrompts().staticBlocks.find((b) => b.name === 'hospitais-regiao.md')!.text;
    const line = map.split('\n').find((l) => l.split(' ').length > 14)!;
    expect(leaks.quoted(line, '')).toBeNull();
  });
});
