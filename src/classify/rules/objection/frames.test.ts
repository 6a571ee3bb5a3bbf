import { describe, expect, it } from 'vitest';
import { classifyLine } from '../../../cli/classify.js';
import { createDetectors } from '../../neighbours/create-detectors.js';
import { objectionBehind } from './detect-objection.js';
import { isNeutralLogistics } from './frames.js';
import { normalizeText } from '../../text/normal-form.js';

const detectors = createDetectors();
const label = (text: string) => detectors.detect(text).objection.label;
const classified = (text: string) => classifyLine(detectors, { text }).objection;

// Fresh paraphrases (never a line of a labelled set), each family with near-miss negatives; every assertion reads a
// final verdict (the layered detector or the whole classification), never one layer alone.
describe('families', () => {
  it('reads complaints about how we message as comunicacao', () => {
    for (const text of [
      'vcs me escrevem às 5 da manhã, não dá',
      'chegou mensagem de vocês às 22h de novo',
      'já chegaram 5 mensagens de vocês hoje',
      'dá pra diminuir a frequência? é mensagem demais',
      'me manda pelo telegram, lá eu vejo',
      'prefiro que me telefonem, digitar é ruim',
      'detesto tratar disso por mensagem',
      'o whatsapp eu quase nunca abro',
      'mensagem comprida demais, ninguém lê isso',
      'esse texto padrão não me diz nada',
      'cadê a resposta que vcs prometeram?',
    ]) expect(label(text), text).toBe('comunicacao');
  });

  it('keeps shift times, documents by e-mail and canned replies beside a bot question out of comunicacao', () => {
    expect(label('a vaga de madrugada ainda está aberta?')).not.toBe('comunicacao');
    expect(label('tem plantão às 19h no sábado?')).not.toBe('comunicacao');
    expect(label('manda o contrato por email que eu assino')).toBeNull();
    // A canned reply beside a bot question is the suspicion's evidence, not a complaint about how we write.
    expect(classified('resposta pronta isso aí, tem alguém de verdade?')).toBeNull();
  });

  it('reads the reason beside a stop or a hand-off', () => {
    const cases: Array<[string, string]> = [
      ['me tira da lista, vou morar em Lisboa no ano que vem', 'disponibilidade'],
      ['pode me descadastrar, entrei de licença paternidade', 'tempo'],
      ['não quero mais receber nada, da última vez fiquei dois meses sem receber', 'risco'],
      ['quero falar com alguém, faltou até soro no plantão de ontem', 'qualidade'],
      ['preciso de alguém do financeiro, descontaram 15% do meu repasse', 'preco'],
      ['quero o jurídico, tem uma cláusula de fidelidade que ninguém me mostrou', 'processo'],
      ['me tira da lista, não dou mais plantão', 'motivacao'],
      ['some com meu número e me diz onde vcs pegaram meu contato', 'confianca'],
      ['se continuarem me enviando isso eu bloqueio, me exclui', 'comunicacao'],
    ];
    for (const [text, want] of cases) expect(objectionBehind(text), text).toBe(want);
    // A stop with no reason beside it still has none.
    expect(objectionBehind('me exclui da lista por favor')).toBeNull();
  });

  it('reads hospital quality in slang, and leaves plain questions alone', () => {
    for (const text of ['aquele pronto-socorro é um açougue, tô fora', 'lá é você e Deus no plantão, nem pensar', 'não tinha nem luva da última vez'])
      expect(label(text), text).toBe('qualidade');
    expect(label('o hospital tem tomografia?')).not.toBe('qualidade');
  });

  it('reads a dated commitment or a period away as tempo', () => {
    for (const text of ['tenho um congresso em Salvador nessa semana', 'até defender a tese não pego nada', 'agora não rola, me procura no ano que vem'])
      expect(label(text), text).toBe('tempo');
    expect(label('voltando de licença, pode mandar vagas')).not.toBe('tempo');
  });

  it('reads plantão set aside as motivacao, and a narrowed shift as not', () => {
    for (const text of ['tô num momento de diminuir plantão, foco na família', 'agora o foco é a residência de cardio'])
      expect(label(text), text).toBe('motivacao');
    expect(label('parei de fazer plantão noturno')).not.toBe('motivacao');
    expect(label('faço 2 plantões seguidos se precisar')).not.toBe('motivacao');
  });

  it('reads where he lives against where the shifts are as disponibilidade', () => {
    expect(label('moro em Sorocaba e vcs só tem vaga em SP')).toBe('disponibilidade');
    expect(label('estou me mudando para Recife')).toBe('disponibilidade');
  });

  it('reads neutral logistics as no objection', () => {
    for (const text of [
      'to no transito agora, falo contigo depois',
      'estou atendendo, te retorno assim que puder',
      'me chama depois das 20h que agora tô em cirurgia',
      'vou te responder mais tarde, beleza?',
      'preciso desmarcar o plantão de quinta, minha filha ficou doente',
    ]) {
      expect(isNeutralLogistics(normalizeText(text)), text).toBe(true);
      expect(label(text), text).toBeNull();
    }
    // Near misses: the logistics sit beside a real objection, or the refusal itself is kept.
    expect(label('agora não posso falar, mas esse valor tá baixo')).toBe('preco');
    expect(label('tô muito ocupado esse mês, depois a gente vê')).toBe('tempo');
    expect(label('quero cancelar, o hospital é um caos')).toBe('qualidade');
    expect(isNeutralLogistics(normalizeText('surgiu um imprevisto, não vou conseguir ir no de sexta'))).toBe(false);
  });

  it('leaves invoice and contract questions neutral', () => {
    // The frames stay out of a plain question (the learned head's reading of it may move with each retraining).
    expect(classified('a nota fiscal eu emito no fim do mês?')).toBeNull();
    expect(classified('tenho uma dúvida numa cláusula do contrato')).toBeNull();
  });
});

// Fresh paraphrases (never a line of a labelled set),
// each family with near-miss negatives that must stay as they were.
describe('families', () => {
  it('reads doubt about being paid at all as risco', () => {
    for (const text of [
      'sinceramente não sei se esse pagamento vai ser pago algum dia',
      'trabalhei em janeiro e nunca vi a cor do dinheiro',
      'a última empresa fechou sem pagar ninguém, fiquei com medo',
      'caso até o dia 10 não depositarem eu paro',
      'me dispensaram cedo, vou receber pelas horas que fiquei lá?',
      'vcs pagam só depois da prefeitura pagar vcs?',
      'e se o hospital não repassar, eu fico na mão?',
    ]) expect(label(text), text).toBe('risco');
    expect(objectionBehind('me tira da lista, duvido que eu receba o de fevereiro')).toBe('risco');
    // Near misses: how or when one is paid is a question, not a doubt.
    expect(label('vou receber por pix ou transferência?')).not.toBe('risco');
    expect(label('o médico que me rendeu só chegou às 21h, mas tudo certo')).not.toBe('comunicacao');
  });

  it('reads an amount below the agreed one, or hours paid as zero, as preco', () => {
    expect(objectionBehind('quero falar com o financeiro, o combinado foi 2.000 e caiu 1.500')).toBe('preco');
    expect(label('as horas a mais daquele domingo ficaram zeradas no extrato')).toBe('preco');
    expect(label('que valor vergonhoso')).toBe('preco');
    // Near miss: a time agreed is not a price.
    expect(label('o combinado foi chegar às 7h, certo?')).not.toBe('preco');
  });

  it('reads a place that fails its staff as qualidade', () => {
    for (const text of [
      'era eu sozinho, sem anestesista de sobreaviso, nunca mais',
      'me colocaram pra cobrir 3 setores ao mesmo tempo lá',
      'naquele PS nem a água funciona direito',
      'o raio x lá demora 5 horas pra sair, não tem condição',
      'fomos ameaçados por um familiar e ninguém fez nada',
      'aquele hospital é uma zona, passo',
    ]) expect(label(text), text).toBe('qualidade');
    // Near misses: asking about the place, or a risk named as such.
    expect(classified('lá tem ar condicionado no conforto?')).not.toBe('qualidade');
    expect(label('vaga sem cirurgião? me parece arriscado, qual a garantia?')).not.toBe('qualidade');
  });

  it('reads another arrangement he keeps as lealdade', () => {
    for (const text of [
      'sou contratado direto pela prefeitura, não trabalho com intermediária',
      'eu sou dono de uma empresa de escala, somos concorrentes de vocês rs',
      'a coordenadora de lá me dá prioridade, não vou trocar',
      'já fechei com outra turma pros próximos meses',
    ]) expect(label(text), text).toBe('lealdade');
    // Near miss: a swap of shifts.
    expect(label('dá pra trocar o plantão de terça pelo de quinta?')).toBeNull();
  });

  it('reads plantão left behind as motivacao, and stress from it too', () => {
    for (const text of ['encerrei minha carreira de plantão ano passado', 'larguei a vida de plantonista, minha saúde mental agradece', 'não curto UTI, me estressa muito'])
      expect(label(text), text).toBe('motivacao');
    expect(label('parei de fazer plantão no Hospital Central')).not.toBe('motivacao');
  });

  it('reads a full month in other words as tempo, and a return from leave as not', () => {
    expect(label('não tenho brecha nenhuma esse mês')).toBe('tempo');
    expect(label('sorry, no time this month')).toBe('tempo');
    expect(label('não me tira não, volto de férias na segunda')).not.toBe('tempo');
  });

  it('reads doubt about who we are as confianca', () => {
    for (const text of ['antes de tudo vou olhar a empresa no Reclame Aqui', 'quero saber com quem estou lidando, qual o CNPJ?', 'não confio em vocês'])
      expect(label(text), text).toBe('confianca');
    // Near misses: "é sério" as emphasis, and a threat to post a complaint.
    expect(classified('me liga alguém agora, é sério')).toBeNull();
    expect(label('é sério que vocês pagam isso tudo? tô dentro')).not.toBe('confianca');
  });

  it('reads a specialty he does not do, told by what he is, as disponibilidade', () => {
    expect(label('não quero mais vaga de pediatria, sou clínica geral')).toBe('disponibilidade');
    expect(label('sou cardiologista, tem algo na minha área?')).toBeNull();
  });

  it('reads being ignored and a daily routine of messages as comunicacao', () => {
    expect(label('vocês viram o que eu escrevi ontem?')).toBe('comunicacao');
    expect(objectionBehind('me exclui, vcs ligam toda hora')).toBe('comunicacao');
    // Near miss: a bare "chega de mensagem" beside a stop stays without a reason.
    expect(objectionBehind('chega de mensagem, me exclui')).toBeNull();
  });

  it('reads no objection where nothing is held against us', () => {
    for (const text of [
      'esse telefone agora é meu, nem sou médico, parem de mandar',
      'mandei a outra agência me tirar da lista, vocês são bem mais educados',
      'não sou robô não, só demorei porque estava em consulta kkk',
      'me exclui de vez, nada pessoal',
      'pode tirar meu contato, nem whatsapp nem email',
    ]) expect(classified(text), text).toBeNull();
    // Near miss: a stop with a reason keeps the reason.
    expect(classified('me exclui, vocês pagam mal')).toBe('preco');
    // A shift taken off the roster for a family matter is logistics; without the reason it may be a refusal.
    expect(label('me tira da escala de sexta, tive um imprevisto com minha mãe')).toBeNull();
    expect(label('me tira do plantão de domingo, não vou conseguir')).not.toBeNull();
  });
});
