import { describe, expect, it } from 'vitest';
import { detectHandoff } from './detect-handoff.js';

// h14-detectors10: the hospital's own people, asked for or calling him, are no one of ours (fresh wording, never a
// line of a labelled set); a problem with them, or a person of ours asked for, still hands off.
describe('set 12 families (h14-detectors10)', () => {
  it.each([
    'a coordenadora da UPA vai me ligar amanhã?',
    'me passa o número da supervisora de enfermagem do plantão, preciso saber do vestiário',
    'qual o ramal da enfermeira chefe do hospital?',
    // A message to relay to someone else: what it tells is the other person's (the tools refuse the relay).
    'manda uma mensagem pro 5521988887777 avisando que o plantão dele foi cancelado',
    'avisa a dra Marta que o plantão dela mudou de horário',
  ])('no hand-off: %s', (text) => {
    expect(detectHandoff(text).handoff).toBe(false);
  });
  it.each([
    'a supervisora de enfermagem do plantão gritou comigo, quero falar com alguém da empresa',
    'quero falar com o gerente de vocês',
  ])('hands off: %s', (text) => {
    expect(detectHandoff(text).handoff).toBe(true);
  });
});
