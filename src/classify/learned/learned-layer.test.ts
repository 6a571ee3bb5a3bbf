import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LEARNED_ARTIFACT, learnedObjection, learnedProbability, OBJECTION_CLASSES, pickObjection } from './index.js';

// The trained artifact the runtime loads, read directly; what the whole classification makes of a message is in
// cases/<task>.jsonl.
describe('learned detector layer (knowledge/models/detectors.json)', () => {
  it('loads a compact artifact and scores deterministically', () => {
    expect(statSync(LEARNED_ARTIFACT).size).toBeLessThan(1_000_000);
    const a = learnedProbability('optOut', 'por gentileza retirem meu telefone do cadastro de voces', false);
    const b = learnedProbability('optOut', 'por gentileza retirem meu telefone do cadastro de voces', false);
    expect(a).toBe(b);
    expect(a).toBeGreaterThan(0);
    expect(a).toBeLessThan(1);
  });

  it('reads a plain stop as more likely an opt-out than the same words about one item', () => {
    const general = learnedProbability('optOut', 'por favor parem de me enviar mensagens, obrigado', false);
    const question = learnedProbability('optOut', 'que horas começa o plantão de sábado?', false);
    expect(general).toBeGreaterThan(0.5);
    expect(question).toBeLessThan(0.2);
  });

  it('names a price objection and leaves a neutral line without one', () => {
    expect(learnedObjection('esse valor não paga nem a gasolina até lá').label).toBe('preco');
    expect(learnedObjection('ok, obrigado pelas informações').label).toBeNull();
  });
});

describe('combination policy and features', () => {
  // Probabilities in OBJECTION_CLASSES order: "none" leads, "tempo" second.
  const p = OBJECTION_CLASSES.map((c) => (c === 'none' ? 0.5 : c === 'tempo' ? 0.35 : 0.15 / 9));
  const flagged = { flagged: true, current: { label: null, via: 'none' }, behind: null, openQuestion: false, probabilities: p };

  it('names the reason behind a flagged line by its own threshold, optionally setting "none" aside', () => {
    expect(pickObjection(flagged, { take: 0.6, behindModel: false })).toBeNull();
    expect(pickObjection(flagged, { take: 0.6, behindModel: true, behindTake: 0.3 })).toBeNull();
    expect(pickObjection(flagged, { take: 0.6, behindModel: true, behindTake: 0.3, behindSkipNone: true })).toBe('tempo');
    expect(pickObjection(flagged, { take: 0.6, behindModel: true, behindTake: 0.4, behindSkipNone: true })).toBeNull();
    // The rules' reason always wins.
    expect(pickObjection({ ...flagged, behind: 'preco' }, { take: 0.6, behindModel: true, behindTake: 0.3, behindSkipNone: true })).toBe('preco');
  });
});
