import { describe, expect, it } from 'vitest';
import { createDetectors } from './create-detectors.js';

// How the layered detector reached its answer (rule, neighbours, lexicon) and what it answers beside the objection;
// what each message's objection is, is in cases/objection.jsonl (src/classify/cases.test.ts).
const detectors = createDetectors();

describe('detectors', () => {
  it('recognises the spec examples of objections by rule, confidently', () => {
    const cases: Array<[string, string]> = [
      ['o valor ta baixo', 'preco'],
      ['nao tenho tempo', 'tempo'],
      ['nunca ouvi falar', 'confianca'],
      ['mto documento', 'processo'],
      ['fica longe demais', 'disponibilidade'],
      ['esse hospital e ruim', 'qualidade'],
      ['ja trabalho com outra empresa', 'lealdade'],
      ['e se nao pagarem?', 'risco'],
      ['to cansado de plantao', 'motivacao'],
    ];
    for (const [text, label] of cases) {
      const d = detectors.detect(text).objection;
      expect(d, text).toMatchObject({ label, via: 'rule' });
      expect(d.confidence).toBeGreaterThanOrEqual(0.75);
    }
  });

  it('always names an objective', () => {
    for (const text of ['hmm', 'faco por 1800', 'me tira da lista', 'qual o endereco?', 'adorei o plantao, equipe otima']) {
      expect(detectors.detect(text).objective.label, text).not.toBeNull();
    }
    expect(detectors.detect('faco por 1800').objective.label).toBe('negociacao');
    expect(detectors.detect('me tira da lista').objective.label).toBe('sem_interesse');
  });

  it('reads the profile from the conversation, not only the last message', () => {
    expect(detectors.detect('qual o endereco?').profile.label).toBeNull();
    const d = detectors.detect('qual o endereco?', ['acabei de me formar', 'seria meu primeiro plantao']);
    expect(d.profile).toMatchObject({ label: 'junior', via: 'rule' });
  });

  // These two read the layered detector without the learned layer, which answers first where it is confident.
  it('uses nearest neighbours when no rule fires', () => {
    const d = createDetectors({ learned: false }).detect('kkkk 900 conto num noturno');
    expect(d.objection.via).toBe('knn');
    expect(d.objection.label).toBe('preco');
  });

  it('names an objection from the domain lexicon when no rule or neighbour decides, at low confidence', () => {
    // Words no rule pattern holds; the lexicon knows they are about money / safety / tiredness.
    const layered = createDetectors({ learned: false });
    for (const [text, label] of [
      ['com esse pagamento nao cubro nem o uber', 'preco'],
      ['plantao sozinho la me deixa inseguro', 'risco'],
      ['to saturado, preciso desacelerar', 'motivacao'],
    ] as const) {
      const d = layered.detect(text).objection;
      expect(d.label, text).toBe(label);
      if (d.via === 'lexicon') expect(d.confidence).toBeLessThan(0.6);
    }
  });
});
