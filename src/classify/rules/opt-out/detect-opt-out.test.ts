import { describe, expect, it } from 'vitest';
import { detectOptOut } from './detect-opt-out.js';

const OPT_OUT = [
  'para de me mandar msg',
  'me tira dessa lista',
  'nao quero mais receber mensagem',
  'descadastra meu numero pfv',
  'nao me mande mais nada',
  'sai do meu whats',
  'bloqueia meu contato',
  'stop',
  'pare',
  'não tenho interesse em receber mensagens de vcs',
  'Paaaara de mandar mensagem!!',
  'por favor me removam da lista de vcs',
  'apaga meu número',
  'NÃO QUERO MAIS RECEBER',
  'nao me ligue mais',
  'Parem, por favor',
  'não entrem mais em contato comigo',
  'me deixa em paz',
  'quero parar de receber essas mensagens',
  'vou bloquear esse numero',
  'isso é spam',
  'Não tenho interesse. Me tira da lista',
  'para de me encher o saco',
  'nunca mais me mande nada',
  'n quero + receber msg',
  'Pare. Não tenho interesse em plantão nenhum.',
  'quero ser removido',
  'exclui meu cadastro por favor',
  'não autorizei vcs a usar meu número',
  'chega de propaganda no meu zap',
  'ja pedi pra pararem, de novo isso?',
  'nao me coloquem na lista de vcs',
  'parem com essas mensagens',
  'favor não me enviar mais nada',
  'me tira do grupo de vagas',
  'me esquece',
  'vou denunciar esse número como spam',
  'se vcs não pararem de me mandar mensagem eu bloqueio',
];

const NOT_OPT_OUT = [
  'quando chega o pagamento?',
  'é para mandar os documentos?',
  'não quero esse plantão',
  'não tenho interesse nessa vaga',
  'nao posso essa semana',
  'para de chover aqui',
  'pode parar de reservar o de sabado',
  'manda mais vagas',
  'não me manda o de domingo, só o de sábado',
  'não me tira da lista, só não posso agora',
  'nao quero receber por pix',
  'não precisa me tirar do grupo',
  'nao aguento mais esse calor',
  'para mim tanto faz',
  'parei de fazer plantão noturno',
  'me tira do plantão de sábado',
  'nao me manda mais vaga de sabado',
  'não tenho interesse',
  'bloqueia a agenda de sexta pra mim',
  'pode mandar mensagem amanhã',
  'nao recebi a mensagem',
  'me manda mais detalhes',
  'tira uma dúvida',
  'para quando é a vaga?',
  'vou parar de atender na UPA mês que vem',
  'não quero receber o plantão em dinheiro',
  'é pra sair da escala de domingo?',
  'eu não quero mais, tchau',
  'não quero mais plantões por enquanto',
  'tira meu nome da escala de sexta',
  'nao me esquece quando tiver vaga de noite',
  'não me manda mensagem depois das 22h',
  'não me manda áudio, prefiro escrito',
  'to viajando, nao me manda nada ate segunda',
  'vou denunciar vcs no conselho',
];

describe('detectOptOut', () => {
  it.each(OPT_OUT)('opt-out: %s', (text) => {
    const result = detectOptOut(text);
    expect(result.optOut).toBe(true);
    expect(result.confidence).toBeGreaterThan(0.5);
    expect(result.reason).toBeTypeOf('string');
  });

  it.each(NOT_OPT_OUT)('not opt-out: %s', (text) => {
    expect(detectOptOut(text)).toEqual({ optOut: false, confidence: 0 });
  });

  it('treats empty and punctuation-only input as no opt-out', () => {
    expect(detectOptOut('').optOut).toBe(false);
    expect(detectOptOut('?!').optOut).toBe(false);
  });

  it('only accepts bare "para" as the whole message', () => {
    expect(detectOptOut('Para').optOut).toBe(true);
    expect(detectOptOut('Oi. Para. Sábado tem vaga?').optOut).toBe(false);
  });

  // Issue 14: negation scope, the target of a stop, nominal and infinitive forms.
  it.each([
    'Venho por meio desta pedir a remoção dos meus dados',
    'gentileza nao me procurar mais',
    'nao quero mais ser chamado por esse numero',
    'para de me ficar chamando toda hora',
    'parem de insistir, obrigado',
    'suspende o envio pra mim',
    'tira eu daqui',
    'nao, para de mandar',
    'nao precisa mais me mandar nada',
    'nao me envie mais nada, ja tenho plantao fixo',
  ])('opt-out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(true);
  });

  it.each([
    'meu celular não para de mandar alerta',
    'o grupo do hospital nao para de mandar foto',
    'para de mandar vaga em Santos, eu moro em SP',
    'nao me mande mais plantao noturno',
    'para de mandar escala de 24h, só faço 12',
    'nao me manda mensagem de madrugada',
    'não me chama mais de senhor, pode ser Paulo',
    'nao manda mais de duas vagas por dia, fica confuso',
    'não precisa me mandar mais nada, já confirmei com o hospital',
    'não quero ser chamada pra pediatria',
    'cancela o envio do termo, assino lá',
    'me tira daqui desse plantão de domingo',
    'blz, pode parar de procurar que eu já consegui',
  ])('a preference or another subject, not an opt-out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(false);
  });
});

// Fresh paraphrases of the frames that mention a stop without asking for one (written for,
// not taken from any labelled set).
describe('detectOptOut: a stop mentioned, not asked', () => {
  it.each([
    'meu irmão falou pra eu mandar vcs pararem de mandar, mas nem ligo',
    'o Pedro disse que eu devia pedir pra me tirarem da lista kkk',
    'não é pra vcs pararem, só tô ocupado',
    'nunca pedi pra parar de mandar, quem inventou isso?',
    'vocês iriam parar de mandar se eu pedisse?',
    'parar de mandar? de jeito nenhum',
    'pode continuar mandando, só demoro pra responder',
    'para de mandar áudio pfv, não consigo ouvir',
    'mudei de número, manda no novo: 21 99999-0000',
    'kkkk brincadeira, não vou te bloquear. manda a vaga',
    'não me manda vaga em Osasco, trânsito horrível',
    'ok, cancela',
  ])('not an opt-out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(false);
  });

  it.each([
    'parar de mandar.',
    'vcs podem parar de enviar mensagens? obg',
    'me tira dessa merda de lista',
    'me exclua',
    'numero bloqueado',
    'não quero continuar recebendo essas mensagens',
    'eu já disse pra parar de mandar',
    'vcs não param de mandar msg, me tira da lista',
    'vcs continuam mandando, já pedi pra parar',
    'cancela o recebimento dessas msgs',
    'nunca pedi pra receber isso de vcs, me remove',
    'prefiro não receber mais essas ofertas',
    'não me manda mais mensagem no meu whats',
  ])('still an opt-out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(true);
  });
});

// a stop whose object is narrower than "you / messages in general". Fresh paraphrases written
// for this change, not taken from any labelled set.
describe('detectOptOut: the object of the stop must be general', () => {
  it.each([
    'vcs mandaram a mesma msg duas vezes, não precisa repetir',
    'para de mandar mensagem repetida, já li',
    'nao precisa enviar a mesma oferta toda hora',
    'larguei a pediatria, nao me manda mais essas vagas',
    'parei de atender obstetrícia, não envia mais isso',
    'não faço mais UTI neo, para de mandar essas',
    'pedi pro meu assistente parar de me mandar planilha, não é com você kkk',
    'avisei o coordenador pra não me mandar mais escala por email',
    'nao me marca mais no grupo pfv',
    'para de mandar vaga no grupo, manda no privado',
    'nao me manda mais anexo, nao abre',
    'para de enviar arquivo, meu celular ta sem espaço',
    'nao encaminha mais documento pelo whats, manda por email',
    'para de mandar mensagem pro meu marido, ele não é médico',
    'não manda mais msg pra minha secretária, fala direto comigo',
    'para de ligar no consultório, me chama aqui',
    'não me manda mais lembrete de plantão, eu anoto',
    'para de mandar o link do formulário, já preenchi',
    'não quero mais receber os boletos por aqui, manda por email',
    'para de mandar tanta mensagem por dia, uma por semana tá bom',
  ])('narrow, not an opt-out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(false);
  });

  it.each([
    'parem de me mandar mensagem, nao quero mais',
    'nunca pedi p receber isso',
    'para com isso',
    'chega com isso, por favor',
    'n quero mais recebe nada de vcs',
    'para d me mandar msg',
    'parei de fazer plantão, não me mandem mais nada',
    'já falei mil vezes pra parar de mandar msg',
    'me tira do grupo de vagas',
    'Solicito que cessem o envio de mensagens para este número.',
    // A narrow frame elsewhere does not hide a general removal.
    'mandaram a mesma vaga 3 vezes. me tira da lista',
    'vc manda a mesma msg todo dia, para de me mandar mensagem',
    'larguei a UTI e vcs continuam, nao me mandem mais nada',
  ])('general, an opt-out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(true);
  });
});

// Fresh paraphrases of the frames, never a line of a labelled set.
describe('detectOptOut: scope of the stop and who it is for', () => {
  it.each([
    'cansei de plantão, por favor me retira',
    'me bloqueia de vez, não quero saber de escala nenhuma',
    'peço que meu telefone seja excluído de todas as listas de vocês',
    'chegam 5 mensagens por dia, me exclui por favor',
    'mudei de área, não tem mais sentido continuar recebendo. podem me tirar da lista',
  ])('an opt-out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(true);
  });

  it.each([
    'nem pensem em me tirar da lista, só tô viajando',
    'não parem de mandar, tô gostando das vagas',
    'por favor me tira da lista de cirurgia vascular, essa área eu não faço',
    'quero sair da lista de espera do centro cirúrgico',
    'mãe, para de me mandar corrente no zap',
    'amor para de mandar foto do cachorro, tô operando',
    'esse número antigo eu vou desativar, parem de mandar nele e usem o fixo',
    'para de ligar, manda só mensagem que eu respondo',
    'pode parar de mandar como pdf? manda a imagem',
    'prefiro receber só pelo whatsapp, tira meu email do mailing',
  ])('not an opt-out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(false);
  });
});

// Families the rules once missed, in fresh wording.
describe('families', () => {
  it.each([
    'excluir por favor',
    'peço que apaguem os meus dados do sistema de vocês',
    'por gentileza, não me procurem mais',
    'prefiro não ser mais contatada por vocês',
    'pode me desconsiderar das próximas, obrigada',
    'me tira dessa merda de lista',
    'me exclui, agora só atendo convênio',
    'não precisa mais me mandar plantão, obrigado',
  ])('opts out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(true);
  });
  it.each([
    'me desconsidera pra vaga de sexta, já fechei outra',
    'me esquece por hoje, tô de plantão 24h',
    'tira meu nome da escala de domingo, por favor',
    'se eu quiser parar de receber, eu te falo',
    'sair da lista? jamais, adoro as vagas',
    'quem passou meu contato? nunca autorizei. apaga',
  ])('not an opt-out unless general: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(text.endsWith('apaga'));
  });
});
