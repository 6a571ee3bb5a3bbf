import { describe, expect, it } from 'vitest';
import { objectionFromFrames } from './objection-frames.js';
import { normalizeText } from '../normalize.js';

/** The frames alone, on retrieval's normalised text. */
const framed = (text: string) => objectionFromFrames(normalizeText(text));

// h14-detectors12, set 18 families: fresh paraphrases written for this block, never a line of a labelled set.
describe('set 18 families', () => {
  it('reads a pause with its length as tempo', () => {
    expect(framed('vou dar uma pausa nos plantões por uns 45 dias, depois a gente vê')).toBe('tempo');
    expect(framed('tô viajando com a família, volto segunda')).toBe('tempo');
    expect(framed('semana que vem tenho prova de título, não dá')).toBe('tempo');
    expect(framed('amanhã não rola, tô de plantão em outro hospital')).toBe('tempo');
    expect(framed('usei IA pra estudar pra prova de título')).toBeNull();
  });
  it('reads a rule of his profile as disponibilidade, not a refusal to leave', () => {
    expect(framed('não faço mais pediatria, só clínica adulto')).toBe('disponibilidade');
    expect(framed('não quero mais vagas de UTI neo, só alojamento')).toBe('disponibilidade');
    expect(framed('fim de semana não faço, nem adianta')).toBe('disponibilidade');
    expect(framed('não quero sair da lista não, só não posso esse sábado')).not.toBe('disponibilidade');
  });
  it('reads the pay weighed against a figure as preco', () => {
    expect(framed('consegue 150 a hora? aí eu fecho na hora')).toBe('preco');
    expect(framed('24h por 1.500? tô fora')).toBe('preco');
    expect(framed('gosto das vagas, mas esse valor não compensa')).toBe('preco');
    expect(framed('ganho mais atendendo convênio no consultório')).toBe('preco');
  });
  it('reads the channel and the timing as comunicacao', () => {
    expect(framed('não me liguem, por favor, prefiro só mensagem')).toBe('comunicacao');
    expect(framed('prefiro email, é mais fácil de achar depois')).toBe('comunicacao');
    expect(framed('parem de me mandar lembrete, eu anoto tudo')).toBe('comunicacao');
    expect(framed('avisando às 18h de um plantão às 19h? muito em cima')).toBe('comunicacao');
    expect(framed('não me mandem mensagem no sábado, é dia da família')).toBe('comunicacao');
  });
  it('reads the place, the money still awaited, a clause, a roster without consent and plantão left', () => {
    expect(framed('não me chama mais pro Regional, me trataram super mal')).toBe('qualidade');
    expect(framed('ainda estou esperando o pagamento de março')).toBe('risco');
    expect(framed('essa cláusula de multa me preocupa')).toBe('processo');
    expect(framed('colocaram meu nome na escala de sábado sem eu aceitar')).toBe('confianca');
    expect(framed('ele não trabalha mais com plantões, só consultório')).toBe('motivacao');
  });
});
