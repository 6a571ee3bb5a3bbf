import { describe, expect, it } from 'vitest';
import { objectionFromFrames } from './objection-frames.js';
import { normalizeText } from '../normalize.js';

/** The frames alone, on retrieval's normalised text. */
const framed = (text: string) => objectionFromFrames(normalizeText(text));

// h14-detectors11, set 17 families: fresh paraphrases written for this block, never a line of a labelled set.
describe('set 17 families', () => {
  it('reads a pause with its return as tempo, before any motivacao reading', () => {
    expect(framed('vou dar um tempo dos plantões por causa da obra em casa, em março eu volto')).toBe('tempo');
    expect(framed('tô sem cabeça pra plantão agora, me procura daqui uns 3 meses')).toBe('tempo');
    expect(framed('vou dar um tempo, cansei de plantão')).not.toBe('tempo');
  });
  it('reads a fixed roster elsewhere as lealdade, unless it is named for the hours it takes', () => {
    expect(framed('já tenho escala fixa no São Luiz, tô tranquilo')).toBe('lealdade');
    expect(framed('meus plantões fixos com a Unimed me bastam')).toBe('lealdade');
    expect(framed('tenho plantão fixo no domingo, não consigo')).not.toBe('lealdade');
    expect(framed('minha escala fixa no HU ocupa todas as minhas noites')).not.toBe('lealdade');
  });
  it('reads a hospital he will not set foot in again as qualidade', () => {
    expect(framed('no Regional eu não piso mais, a chefia humilha plantonista')).toBe('qualidade');
    expect(framed('tive problema com a coordenação de lá, não quero mais')).toBe('qualidade');
    expect(framed('nesse hospital eu não trabalho mais, manda dos outros')).toBeNull();
  });
  it('reads offers narrowed to a kind or a place as disponibilidade, not a time of day', () => {
    expect(framed('só quero as de UTI adulto, o resto pode deixar')).toBe('disponibilidade');
    expect(framed('manda só quando tiver vaga em Campinas')).toBe('disponibilidade');
    expect(framed('outra vaga em Osasco? eu moro em Mogi')).toBe('disponibilidade');
    expect(framed('só me manda vaga de noite')).not.toBe('disponibilidade');
  });
  it('reads fewer shifts by choice as motivacao', () => {
    expect(framed('quero reduzir bastante esse ano')).toBe('motivacao');
    expect(framed('tô pegando plantão demais, vou segurar')).toBe('motivacao');
    expect(framed('a partir de agora só um por mês')).toBe('motivacao');
    expect(framed('meu colega não faz mais plantão, o número é dele')).toBeNull();
  });
  it('reads how and when we write as comunicacao, not a window he asks for', () => {
    expect(framed('não me mande nada depois das 21h, por favor')).toBe('comunicacao');
    expect(framed('vocês demoraram uma semana pra me responder')).toBe('comunicacao');
    expect(framed('não quero mais receber os lembretes, obrigado')).toBe('comunicacao');
    expect(framed('me avisa antes da próxima vez, fiquei sabendo em cima')).toBe('comunicacao');
    expect(framed('pode mandar mensagem depois das 19h?')).toBeNull();
    expect(framed('desculpa, demorei pra responder')).toBeNull();
  });
  it('reads money never paid or paid to the wrong account as risco', () => {
    expect(framed('o plantão de maio nunca foi pago')).toBe('risco');
    expect(framed('o repasse tá atrasado faz 3 semanas')).toBe('risco');
    expect(framed('depositaram numa conta que não é minha')).toBe('risco');
    expect(framed('vocês pagam em dia, né?')).toBeNull();
  });
  it('reads a wrong payment as preco, a company without registration as confianca, a notary as processo', () => {
    expect(framed('pagaram errado de novo')).toBe('preco');
    expect(framed('qual a razão social de vocês?')).toBe('confianca');
    expect(framed('empresa que não informa o CNPJ eu não trabalho')).toBe('confianca');
    expect(framed('não tenho CNPJ, tem problema?')).not.toBe('confianca');
    expect(framed('reconhecer firma em cartório pra um plantão? não')).toBe('processo');
  });
});
