import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectBotSuspicion } from '../rules/bot/detect-bot-suspicion.js';
import { detectHandoff } from '../rules/handoff/detect-handoff.js';
import { detectOptOut } from '../rules/opt-out/detect-opt-out.js';
import { LEARNED_ARTIFACT, learnedObjection, learnedProbability, OBJECTION_CLASSES, pickObjection } from './index.js';

// Fresh paraphrases written for this test, not copied from any labelled set
// or from the rules' unit tests: they check the trained artifact the runtime loads.
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

  it.each([
    'por gentileza, retirem meu telefone do cadastro de vocês',
    'não desejo mais ser contactado por essa empresa',
    'chega, parem de me mandar essas coisas',
  ])('opt-out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(true);
  });

  it.each([
    'qual o valor do plantão noturno em Osasco?',
    'amanhã eu vejo e te respondo, pode ser?',
    'o app de vocês parou de me mandar notificação, como reativo?',
  ])('not an opt-out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(false);
  });

  it.each(['tô trocando mensagem com um programa de computador?', 'quem me responde aqui é gente ou máquina?'])('bot suspicion: %s', (text) => {
    expect(detectBotSuspicion(text).suspicious).toBe(true);
  });

  it.each(['qual o endereço do hospital?', 'vocês pagam por pix ou transferência?'])('no bot suspicion: %s', (text) => {
    expect(detectBotSuspicion(text).suspicious).toBe(false);
  });

  it.each(['quero resolver isso com o responsável do financeiro, me passa o contato dele', 'meu pagamento não caiu até agora, quero falar com uma pessoa'])('hand-off: %s', (text) => {
    expect(detectHandoff(text).handoff).toBe(true);
  });

  it.each(['beleza, pode me mandar os detalhes da vaga', 'tem estacionamento no hospital?'])('no hand-off: %s', (text) => {
    expect(detectHandoff(text).handoff).toBe(false);
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
