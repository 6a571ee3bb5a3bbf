import { describe, expect, it } from 'vitest';
import { createDetectors } from './index.js';
import { objectionFromFrames } from './objection-frames.js';
import { normalizeText } from '../normalize.js';

const detectors = createDetectors();
const label = (text: string) => detectors.detect(text).objection.label;
/** The frames alone: what a near miss must not trigger, whatever the learned head reads. */
const framed = (text: string) => objectionFromFrames(normalizeText(text));

// h14-detectors10, sets 13 and 14 families (the first sets written from the labelling guide): fresh paraphrases
// written for this block, never a line of a labelled set, each with near misses through the frames alone.
describe('sets 13 and 14 families', () => {
  it('reads plantão left altogether as motivacao, whatever specialty is named beside it', () => {
    for (const text of [
      'fui pra radiologia e não faço mais plantão, obrigado',
      'larguei os plantões, agora é só pesquisa',
      'ele decidiu parar com plantão depois do infarto',
      'tô com burnout, preciso sair disso',
    ]) expect(label(text), text).toBe('motivacao');
    expect(framed('não faço mais plantão noturno, só diurno')).not.toBe('motivacao');
    expect(framed('larguei os plantões de fim de semana')).not.toBe('motivacao');
  });

  it('reads a time clock that fails, a shift shown as refused and mandatory training as processo', () => {
    for (const text of [
      'o aplicativo de ponto de vocês não abre de jeito nenhum',
      'o relógio de ponto de lá vive caindo',
      'aceitei no app mas ficou como recusado',
      'tem treinamento obrigatório sem remuneração? desanima',
    ]) expect(label(text), text).toBe('processo');
    expect(framed('como funciona o ponto lá?')).toBeNull();
  });

  it('reads long payment terms, money owed and a delayed transfer as risco', () => {
    for (const text of [
      'vocês pagam em 60 dias? aí complica pra mim',
      'noventa dias depois do plantão? absurdo',
      'vocês me devem o plantão de agosto',
      'atrasaram meu repasse de novo',
      'trabalhei e não vi um centavo até agora',
    ]) expect(label(text), text).toBe('risco');
    expect(framed('vocês pagam em quantos dias?')).toBeNull();
    expect(framed('em 30 dias eu volto a pegar plantão')).toBeNull();
  });

  it('reads hours paid as fewer, a fine, a value changed after acceptance and disbelief at R$ per hour as preco', () => {
    for (const text of [
      'trabalhei 12h e pagaram como 6',
      'me cobraram uma multa por desistir com 15 dias de aviso',
      'o valor mudou depois que eu aceitei, não é justo',
      'R$ 800 por 12h de UTI? é piada',
    ]) expect(label(text), text).toBe('preco');
    expect(framed('R$ 800 por 12h? fechado, pode reservar')).toBeNull();
  });

  it('reads offers sent at the last minute, at dawn, or answering another question as comunicacao', () => {
    for (const text of [
      'mandaram a vaga em cima da hora de novo',
      'mensagem de vocês de madrugada não dá',
      'perguntei o valor e você mandou o endereço',
    ]) expect(label(text), text).toBe('comunicacao');
    expect(framed('e se cancelarem em cima da hora, eu recebo?')).not.toBe('comunicacao');
  });

  it('reads his agenda, his fixed profile, his happy alternative, his data and the place', () => {
    expect(label('tô sem datas livres no próximo mês')).toBe('tempo');
    expect(label('vou ficar dois meses fora, tenho residência')).toBe('tempo');
    expect(label('não sou ortopedista, não adianta mandar')).toBe('disponibilidade');
    expect(label('minha disponibilidade é restrita às terças')).toBe('disponibilidade');
    expect(label('minha escala tá fechada com a cooperativa e estou satisfeita')).toBe('lealdade');
    expect(label('não autorizo o uso dos meus dados, tirem tudo')).toBe('confianca');
    expect(label('lá fica um médico só pra 60 pacientes')).toBe('qualidade');
    expect(framed('sou ortopedista, tem vaga de ortopedia?')).toBeNull();
  });
});

// Set 15, read after its blind run: fresh wording of its families, with near misses through the frames alone.
describe('set 15 families', () => {
  it('reads the owner who left plantão, told by someone for him, as motivacao', () => {
    expect(label('sou a secretária da Dra. Núbia, ela não atende mais plantão e pediu pra tirarem o contato')).toBe('motivacao');
    expect(framed('sou a secretária da Dra. Núbia, ela pediu pra confirmar o plantão')).toBeNull();
  });
  it('reads a roster or time-clock app that fails as processo', () => {
    expect(label('o app de escala não abre no meu celular, não consigo confirmar')).toBe('processo');
    expect(label('a biometria do ponto nunca reconhece meu dedo')).toBe('processo');
  });
  it('reads a month to be called back in and a date already taken as tempo', () => {
    expect(label('me chama em setembro, agora tô no internato')).toBe('tempo');
    expect(label('já peguei outro pra essa data, foi mal')).toBe('tempo');
    expect(framed('em setembro tem plantão lá?')).toBeNull();
  });
  it('reads no energy left and nothing more of plantão as motivacao', () => {
    expect(label('não tenho mais pique pra isso, 30 anos de PS')).toBe('motivacao');
    expect(label('não quero mais saber de plantão, sério')).toBe('motivacao');
    expect(framed('não quero mais saber de plantão de vocês, me esquece')).not.toBe('motivacao');
  });
  it('reads a floor per hour and a missing extra as preco, a dangerous street as qualidade', () => {
    expect(label('só me chama pra plantão acima de 160 a hora')).toBe('preco');
    expect(label('faltou o adicional de insalubridade no pagamento')).toBe('preco');
    expect(label('fica num bairro perigoso, já assaltaram uma enfermeira lá')).toBe('qualidade');
    expect(framed('tem alguma vaga acima de 2 mil?')).toBeNull();
  });
  it('reads repeated messages, reminders piled up and our slowness as comunicacao', () => {
    expect(label('4 mensagens iguais em meia hora, calma')).toBe('comunicacao');
    expect(label('que demora pra me responderem, hein')).toBe('comunicacao');
    expect(framed('desculpa a demora pra responder, tava operando')).toBeNull();
  });
  it('reads one city only and a kind refused for good as disponibilidade, a fixed team as lealdade', () => {
    expect(label('só pego plantão em Niterói')).toBe('disponibilidade');
    expect(label('não tenho interesse em plantão fora de Recife')).toBe('disponibilidade');
    expect(label('já sou da equipe fixa do PS do Hospital Ipê e tô feliz lá')).toBe('lealdade');
    expect(framed('só pego no mesmo hospital de sempre')).not.toBe('disponibilidade');
  });
});

// Set 13, read after its blind run: its plainest lexical gaps, in fresh wording, with near misses.
describe('set 13 families', () => {
  it('reads a payment that never came as risco and a smaller one as preco', () => {
    expect(label('o repasse de março não foi depositado até agora')).toBe('risco');
    expect(label('e nada do pagamento, hein')).toBe('risco');
    expect(label('veio 350 a menos no meu extrato')).toBe('preco');
    expect(label('não gostei desse valor, sinceramente')).toBe('preco');
    expect(framed('o plantão foi pago direitinho, obrigado')).toBeNull();
    expect(framed('quanto tempo pra cair o pagamento?')).toBeNull();
  });
  it('reads mandatory training and a clock app that freezes as processo, years elsewhere as lealdade', () => {
    expect(label('tem treinamento obrigatório antes? aí não')).toBe('processo');
    expect(label('o app de ponto travou e não marcou minha saída')).toBe('processo');
    expect(label('tô com a cooperativa faz 5 anos, tô bem')).toBe('lealdade');
    expect(framed('tô com a agenda livre faz dias')).toBeNull();
  });
  it('reads activities closed as motivacao and humiliation at the place as qualidade', () => {
    expect(label('encerrei minhas atividades em plantão, obrigado')).toBe('motivacao');
    expect(label('o chefe do PS me humilhou, não volto lá')).toBe('qualidade');
    expect(framed('encerrei o plantão agora, tudo certo')).toBeNull();
  });
});
