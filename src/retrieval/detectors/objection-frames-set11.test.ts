import { describe, expect, it } from 'vitest';
import { createDetectors } from './index.js';
import { objectionFromFrames } from './objection-frames.js';
import { normalizeText } from '../normalize.js';

const detectors = createDetectors();
const label = (text: string) => detectors.detect(text).objection.label;
/** The frames alone: what a near miss must not trigger, whatever the learned head reads. */
const framed = (text: string) => objectionFromFrames(normalizeText(text));

// h14-objection12, set 11 families: fresh paraphrases written for this block (not taken from any labelled set),
// each family with near-miss negatives. Positives go through the whole detector, near misses through the frames.
describe('set 11 families', () => {
  it('reads how often, how alike and how unanswered our messages are as comunicacao', () => {
    for (const text of [
      'já é a terceira mensagem de vocês hoje, calma',
      'vaga demais toda hora, assim não dá',
      'dá pra mandar menos mensagem? duas por semana basta',
      'vocês mandam mensagem 24 horas por dia?',
      'me ligaram 4 vezes de manhã enquanto eu estava atendendo',
      'sempre igual toda vez, "oi doutor", cansa',
      'recebi de novo a mesma mensagem de ontem',
      'o texto que vc me mandou tá igualzinho ao que chegou pro meu colega, é robô?',
      'resposta automática de novo? vc nem lê o que eu mando',
      'faz uma semana que ninguém me dá resposta sobre a troca',
      'perguntei o horário duas vezes e você não respondeu',
    ]) expect(label(text), text).toBe('comunicacao');
    // Near misses: his own sending, the style of one reply, a count that is not ours, a question about the group.
    expect(framed('mandei os documentos 3 vezes já')).not.toBe('comunicacao');
    expect(framed('sua resposta parece copiada, é algum script?')).toBeNull();
    expect(framed('já é a terceira vez que trabalho nesse hospital, gosto de lá')).toBeNull();
    expect(framed('o colega disse que é igual ao plantão de sábado?')).toBeNull();
    expect(framed('perguntei pro colega e ele respondeu que é tranquilo')).toBeNull();
  });

  it('reads a payment short of what was due as preco, a fine over a clause not', () => {
    for (const text of [
      'caíram 900 em vez de 1.500 na conta, alguém vê isso?',
      'fiquei 16h e só me pagaram 12, faltam 4 horas',
      'o adicional noturno não caiu esse mês',
      'estão descontando uma taxa que ninguém me falou',
      'me deram um contrato diferente do que vocês mandaram, com valor menor por hora',
      '95 por hora em pronto-socorro? aqui ninguém aceita isso',
    ]) expect(label(text), text).toBe('preco');
    // Near misses: an amount asked about, a fine over a clause (set 6: risco), hours paid in full.
    expect(framed('vai cair 1.500 ou 1.400 líquido?')).toBeNull();
    expect(framed('estão cobrando uma multa por uma cláusula que eu não assinei')).not.toBe('preco');
    expect(framed('pagaram as 12 horas certinho, obrigado')).toBeNull();
  });

  it('reads a heavy or loathed place, its broken system and violence inside it as qualidade', () => {
    for (const text of [
      'aquele hospital é pesado demais, passo',
      'naquele PS não volto nem amarrada',
      'a gestão de lá é uma zona, não quero mais',
      'o sistema do hospital é péssimo, trava em toda evolução',
    ]) expect(label(text), text).toBe('qualidade');
    expect(framed('o plantão foi pesado hoje, mas tranquilo')).toBeNull();
    expect(framed('a gestão de lá mudou esse mês?')).toBeNull();
  });

  it('reads fear for a payment still to come as risco', () => {
    for (const text of [
      'e se a empresa falir, quem me paga os plantões feitos?',
      'quem paga se a clínica fechar no meio do mês?',
      'tem muita empresa de plantão sumindo com o dinheiro dos médicos',
    ]) expect(label(text), text).toBe('risco');
    expect(framed('quem paga o estacionamento, o hospital?')).toBeNull();
    expect(framed('e se o hospital fechar a escala antes, vocês avisam?')).not.toBe('risco');
  });

  it('reads his data withheld from a machine, his name used and our source of his number as confianca', () => {
    for (const text of [
      'não vou mandar meus documentos pra um bot',
      'é uma IA? quero saber antes de enviar meus dados',
      'usaram meu nome numa escala que eu nunca aceitei',
      'me diz de onde vocês tiraram meu contato',
    ]) expect(label(text), text).toBe('confianca');
    expect(framed('pode mandar meus documentos pro hospital?')).toBeNull();
    expect(framed('de onde vocês são?')).not.toBe('confianca');
  });

  it('reads a pause in weeks or to a season and nights already taken as tempo', () => {
    for (const text of [
      'me dá uma pausa de 3 semanas, tô de mudança',
      'até o natal tô fora, depois me procura',
      'o emprego da prefeitura toma todas as minhas noites',
    ]) expect(label(text), text).toBe('tempo');
    expect(framed('qual a pausa de descanso no plantão?')).toBeNull();
    expect(framed('até o natal tem vaga?')).toBeNull();
  });

  it('reads our app freezing and documents asked again as processo, the traffic and no training otherwise', () => {
    expect(label('o app de vocês trava toda hora quando mando foto do CRM')).toBe('processo');
    expect(label('mais documento ainda? já mandei tudo')).toBe('processo');
    expect(label('não quero vaga em Osasco, o trânsito pra chegar é inviável')).toBe('disponibilidade');
    expect(label('sala de parto não, não tenho treinamento pra isso')).toBe('disponibilidade');
    // Near misses: a problem in the registration that holds the payment (set 5: none), a delay told.
    expect(framed('um problema no meu cadastro trava o pagamento, quem vê?')).toBeNull();
    expect(framed('peguei trânsito, chego em 10 minutos')).toBeNull();
  });

  it('reads leaving medicine as motivacao and a habit with another app as lealdade, a third party not', () => {
    expect(label('não atuo mais como médico, migrei para a área de pesquisa')).toBe('motivacao');
    expect(label('vou ficar com a outra mesmo, já tô acostumada com o aplicativo')).toBe('lealdade');
    expect(framed('meu colega não faz mais plantão, tira o número dele')).toBeNull();
  });

  it('holds nothing against us in praise, a kept group, a late arrival, a link, a number of someone gone', () => {
    for (const text of [
      'vocês são os melhores, a outra plataforma só me enrolava',
      'nem pensem em me tirar desse grupo kkk',
      'vou apagar o app daquela outra, só dá dor de cabeça',
      'saí do grupo do hospital, aqui com você é bem melhor',
      'plantão meio puxado, mas deu tudo certo',
      'engarrafamento absurdo, vou chegar uns 15 min atrasado',
      'me passa o link do cadastro?',
      'esse telefone era da minha mãe, ela faleceu ano passado',
    ]) expect(label(text), text).toBeNull();
  });
});
