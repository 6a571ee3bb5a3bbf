import { describe, expect, it } from 'vitest';
import { createDetectors } from './index.js';
import { objectionFromFrames } from './objection-frames.js';
import { normalizeText } from '../normalize.js';

const detectors = createDetectors();
const label = (text: string) => detectors.detect(text).objection.label;
/** The frames alone: what a near miss must not trigger, whatever the learned head reads. */
const framed = (text: string) => objectionFromFrames(normalizeText(text));

// h14-detectors10, set 12 families: fresh paraphrases written for this block (not taken from any labelled set),
// each family with near misses. Positives go through the whole detector, near misses through the frames alone.
describe('set 12 families', () => {
  it('reads no will left for plantão, said without tiredness, as motivacao', () => {
    for (const text of [
      'tô sem cabeça pra plantão esse semestre',
      'quero é sossego agora, obrigado',
      'plantão pra mim é coisa do passado, agora é outra fase',
      'agora quero só consultório, chega de PS',
      'não tô precisando de renda extra, pode deixar',
      'esse ano tô pegando leve, sem plantão',
      'não aguento mais virar a noite, já deu',
    ]) expect(label(text), text).toBe('motivacao');
    expect(framed('quero só consultório de pediatria na zona sul, tem?')).not.toBe('motivacao');
    expect(framed('tô precisando de dinheiro, manda o que tiver')).toBeNull();
  });

  it('reads a place called rotten, badly run or hostile to doctors from outside as qualidade', () => {
    for (const text of [
      'aquele hospital de Caucaia é uma roubada',
      'a UPA do centro é um lixo, não volto',
      'a gestão de lá anda desorganizada demais',
      'dizem que lá tratam mal os plantonistas de fora',
      'o prontuário eletrônico de lá cai toda hora',
    ]) expect(label(text), text).toBe('qualidade');
    expect(framed('o hospital é uma referência em trauma')).toBeNull();
    expect(framed('a gestão de lá é nova?')).toBeNull();
  });

  it('reads the amount against disbelief, another payer or the hours worked as preco', () => {
    for (const text of [
      '900 reais pra 12h em Belém? tá de brincadeira',
      'a cooperativa daqui paga o dobro disso',
      'prometeram 1.800 e pagaram 1.300',
      'pagaram só 6 horas e eu fiz 12',
    ]) expect(label(text), text).toBe('preco');
    expect(framed('900 reais pra 12h, fechado, pode reservar')).toBeNull();
    expect(framed('prometeram que ia ter ar condicionado')).toBeNull();
  });

  it('reads not knowing us before giving documents as confianca', () => {
    for (const text of [
      'vocês têm escritório físico? queria conhecer antes',
      'não mando RG pra quem eu não conheço',
      'um amigo falou mal de vocês, disse que somem',
      'preciso saber com quem tô lidando antes de mandar meus dados',
    ]) expect(label(text), text).toBe('confianca');
    expect(framed('qual o endereço do hospital?')).toBeNull();
  });

  it('reads a CRM of one state and a journey by boat as disponibilidade', () => {
    for (const text of [
      'meu CRM é só de Goiás, não dá pra Brasília',
      'não tenho mais CRM ativo no Rio',
      '4h de balsa pra chegar? inviável',
    ]) expect(label(text), text).toBe('disponibilidade');
    expect(framed('meu CRM é 123456-SP')).toBeNull();
  });

  it('reads paperwork like a public contest as processo, a vanished payer as risco, offers mixed up as comunicacao', () => {
    expect(label('pedem ASO, cartão de vacina e certidão, parece concurso')).toBe('processo');
    expect(label('o credenciamento leva 45 dias, até lá já foi')).toBe('processo');
    expect(label('a última agência sumiu com o dinheiro de todo mundo')).toBe('risco');
    expect(label('vem tudo misturado, pediatria com ortopedia, não consigo achar nada')).toBe('comunicacao');
    expect(label('é notificação pipocando o dia inteiro')).toBe('comunicacao');
    expect(framed('o pagamento sumiu do extrato?')).toBeNull();
  });

  it('reads a holiday roster dropped for a trip as tempo and an exclusive contract as lealdade', () => {
    expect(label('me tira da escala de natal, vou viajar com a família')).toBe('tempo');
    expect(label('tenho contrato de exclusividade com a fundação, não posso')).toBe('lealdade');
    expect(framed('a escala de natal já saiu?')).toBeNull();
  });
});
