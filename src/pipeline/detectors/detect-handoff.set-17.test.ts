import { describe, expect, it } from 'vitest';
import { handoffByRules } from './detect-handoff.js';

const handsOff = (text: string) => handoffByRules(text).handoff;

// h14-detectors11, set 17 families: fresh paraphrases, never a line of a labelled set.
describe('hand-off, set 17 families', () => {
  it.each([
    'isso aqui é robô, né? tem alguém aí que possa me ajudar com a escala?',
    'empresa desonesta, baixaram o valor depois que eu já tinha feito o plantão',
    'mudaram o valor depois que a gente fez o plantão, quero explicação',
  ])('hands off: %s', (text) => {
    expect(handsOff(text)).toBe(true);
  });
  it.each([
    'o repasse atrasou em maio mas já caiu, valeu',
    'deu um problema no meu pagamento e a Carla do financeiro resolveu rapidinho',
    'uma amiga comentou que vocês atrasaram o dela, é normal isso?',
    'larguei a outra agência porque eles atrasam tudo, na Plantonize era sempre assim',
    'na outra empresa levei calote, até hoje tô na justiça contra eles',
    'fico com a cooperativa, eles nunca me deixaram na mão',
  ])('no hand-off: %s', (text) => {
    expect(handsOff(text)).toBe(false);
  });
  it('keeps a dispute that is still open beside a settled one', () => {
    expect(handsOff('o de maio já caiu, mas o de junho ainda não recebi, cadê?')).toBe(true);
  });
});

describe('hand-off, set 18 families (h14-detectors12)', () => {
  it.each([
    'se não resolverem hoje eu vou levar o caso pra imprensa',
    'me mandaram embora no meio do plantão sem dizer por quê',
  ])('hands off: %s', (text) => {
    expect(handsOff(text)).toBe(true);
  });
  it.each(['vi na imprensa que o hospital vai reformar o PS', 'fui embora no fim do plantão, deu tudo certo'])('no hand-off: %s', (text) => {
    expect(handsOff(text)).toBe(false);
  });
});
