import { describe, expect, it } from 'vitest';
import { detectOptOut } from './detect-opt-out.js';

// the families read from sets 8-11 after their blind runs, as fresh paraphrases written for these
// tests (not lines of any labelled set), each with near misses that must stay as they are.
describe('families', () => {
  it.each([
    'podem me remover, mudei pra Manaus e aqui não tem vaga de vocês',
    'favor me retirar, agora faço só consultório',
    'quero que excluam-me dos envios',
    'exijo ser excluída imediatamente',
    'solicito ser removido, obrigado',
    'não me mandem mais nada, nem de dia nem de noite',
    'optout',
    'me exclui aí, amigo',
    'tira eu dali por favor',
    'desvinculem meu número de vocês',
    'é robô? se for, me remove',
  ])('opts out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(true);
  });
  it.each([
    'pode me tirar uma dúvida sobre o pagamento?',
    'pode excluir meu plantão de quinta? não vou conseguir',
    'podem me remover da escala de sábado, tive um imprevisto',
    'tem como descadastrar só das vagas de pediatria?',
    'como eu paro de receber, caso um dia eu precise?',
    'se eu for sair da lista eu aviso, fica tranquila',
    'não me manda noturno, nem de segunda nem de terça',
  ])('not an opt-out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(false);
  });
});

describe('families', () => {
  it.each([
    'pode me tirar do cadastro de uma vez, não quero mais',
    'nem me manda mais nada, tá bom?',
    'nunca mais me escreve, por favor',
    'podem apagar tudo que vocês têm sobre mim',
    'hi, please take me off your list',
    'me tira desse esquema aí',
    'renovo meu pedido de descadastro',
    'Não, obrigado, me tira da lista de vocês',
    'Não quero, me removam dos contatos',
  ])('opts out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(true);
  });
  it.each([
    'minha colega pediu pra outra agência tirar ela da lista deles',
    'e se eu pedir pra sair da lista, perco meu histórico?',
    'eu não, quero continuar recebendo as vagas',
    'não quero, prefiro continuar na lista',
  ])('not an opt-out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(false);
  });
  it('the learned layer cannot add a stop the message sets aside: %s', () => {
    expect(detectOptOut('vocês me tiraram da lista sem querer? quero continuar').optOut).toBe(false);
  });
});

describe('families', () => {
  it.each([
    'parem com isso, por favor, eu já me aposentei dos plantões',
    'cessem todo contato comigo a partir de hoje',
    'kindly delete my number, thank you',
    'conforme a LGPD, não quero mais meus dados com vocês',
  ])('opts out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(true);
  });
  it.each([
    'para de me mandar vaga às 5 da manhã, pelo amor de Deus',
    'vocês seguem a LGPD direitinho?',
    'pra Osasco não me manda mais, é longe demais',
    'no carnaval não me mande nada, depois pode voltar a mandar',
    'minha amiga Dra. Paula pediu pra avisar que quer sair da lista de vocês',
    'se continuarem mandando plantão barato eu vou pedir pra sair da lista, hein',
    'não quero mais receber mensagem do grupo da faculdade, ops, mandei pra pessoa errada',
    'quero parar de receber notificação do aplicativo do banco',
    'saí do grupo da cooperativa, aqui com vocês é melhor',
  ])('not an opt-out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(false);
  });
});

describe('families', () => {
  it.each([
    'esqueçam que eu existo, obrigado',
    'olha eu agradeço mas não quero mais que vocês me mandem vaga',
    'aqui é o marido da Dra. Lúcia, ela pediu que tirem o número dela da lista de vocês',
  ])('opts out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(true);
  });
  it.each([
    'aqui é a secretária do Dr. Ivo, ele pediu pra confirmar o plantão de sábado',
    'minha colega pediu que tirem o número dela da lista, eu continuo',
  ])('not an opt-out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(false);
  });
});

describe('families', () => {
  it.each([
    'solicito que apaguem meu cadastro de vocês. Se eu continuar recebendo, vou registrar reclamação.',
    'me tira da lista, a outra empresa eu mandei parar também',
    'exijo a remoção do meu contato. caso continuem mandando mensagem, procuro meus direitos',
  ])('opts out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(true);
  });
  it.each([
    'a outra agência eu pedi pra parar de me mandar vaga, vocês podem continuar',
    'pra cooperativa eu já pedi pra me tirarem da lista, com vocês tá tranquilo',
    'o outro aplicativo eu falei pra parar de mandar notificação, aqui tudo certo',
    'caso continue mandando plantão de pediatria eu aviso, tá ótimo assim',
  ])('not an opt-out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(false);
  });
});

describe('families', () => {
  it.each([
    'não quero mais ofertas, obrigado, já tenho minha escala',
    'vou te bloquear, é sério, chega',
    'para de me mandar mensagem. se continuar eu vou bloquear',
    // Asked without a condition, the way out is wanted: the product stops, though set 13's guide read it as a question.
    'como faço pra sair dessa lista de vocês?',
  ])('opts out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(true);
  });
  it.each([
    'vou te bloquear kkk mentira, manda a de sábado',
    'se a proposta não melhorar eu vou pedir pra sair da lista, viu',
    'se mandarem mais dez por dia eu vou bloquear',
    'eu tinha pedido pra cooperativa parar de me mandar mensagem, vocês tão de boa',
    'não quero mais vagas noturnas, só diurno',
  ])('not an opt-out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(false);
  });
});

describe('families', () => {
  it.each([
    'sou a secretária da Dra. Beatriz, ela pede que não mandem mais mensagens pra ela',
    'Sou assistente do Dr. Lucas. Ele solicita a remoção do contato dele da lista de vocês.',
    'Em nome da Dra. Sílvia, peço que retirem o número dela do cadastro.',
    'quero meu número fora da lista de vocês, obrigado',
    'vou reclamar no procon e quero meus dados fora do cadastro de vocês',
  ])('opts out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(true);
  });
  it.each([
    'pedi pra outra agência me tirar da lista e continuaram mandando, vocês pelo menos são educados',
    'eu tinha falado com a outra empresa pra me tirarem do grupo, aqui tá tudo bem',
    'sou a secretária do Dr. Lucas, ele pediu pra confirmar o plantão de sexta',
    'quero meu número fora da lista de espera do plantão de terça, não vou conseguir',
  ])('not an opt-out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(false);
  });
});

describe('families', () => {
  it.each([
    'pode parar de mandar? quando eu precisar eu chamo vocês',
    'aqui é o filho da Dra. Vera, pedimos que parem de procurar ela, ela está doente',
    'sou a secretária do Dr. Otávio, ele pediu que parem de chamar ele pra plantão',
  ])('opts out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(true);
  });
  it.each([
    'não quero mais receber por email, só zap',
    'não manda mais nada nesse número, é o da clínica. usa o meu pessoal',
    'a Dra. Lia, que divide consultório comigo, pediu pra sair da lista de vocês. eu fico',
    'caso eu mude de ideia um dia, dá pra pedir descadastro por aqui?',
    'saí da lista da outra agência, não de vocês, relaxa',
    'para de mandar tanta mensagem, uma por dia basta',
  ])('not an opt-out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(false);
  });
});

describe('families', () => {
  it.each([
    'Quero sair. Obrigado.',
    'por favor me exclui, trabalho só com a cooperativa agora',
    'vou bloquear, todo dia a mesma coisa',
    'já mandei parar. PARA.',
  ])('opts out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(true);
  });
  it.each([
    'não me mande mais nada nesse whatsapp, usa o número da clínica',
    'bloqueei vocês sem querer, já desbloqueei, desculpa',
    'me tira da lista até junho, tô de licença',
    'vou bloquear o número daquela outra agência, vocês são tranquilos',
    'vou te bloquear se mandar mais vaga boa assim kkk',
    'não faço obstetrícia, pode parar de me mandar essas',
    'vaga de remoção pode parar de mandar, não faço',
    'quero sair do plantão de sábado, surgiu um imprevisto',
  ])('not an opt-out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(false);
  });
  it('a pause with an end and a block undone bind the learned layer too', () => {
    expect(detectOptOut('me tira da lista até junho, tô de licença').optOut).toBe(false);
    expect(detectOptOut('bloqueei vocês sem querer, já desbloqueei, desculpa').optOut).toBe(false);
  });
});

describe('families', () => {
  it('lets no learned veto set aside an explicit removal followed by its reason', () => {
    expect(detectOptOut('pode apagar meu número, vocês levaram uma semana pra responder e eu já fechei com outra').optOut).toBe(true);
    expect(detectOptOut('vou bloquear esse número, vocês mandam mensagem de hora em hora desde segunda').optOut).toBe(true);
  });
  it.each([
    'me tira dessa porcaria, é vaga a cada meia hora',
    'vocês tão de brincadeira com esse valor? me remove da lista',
    'só pode ser brincadeira, 3 mensagens hoje. me exclui do cadastro',
    'já fechei com o hospital da minha cidade, então não precisa mais me procurar, ok?',
    'não autorizei esse envio, parem',
    'nunca dei meu número pra vocês, não autorizei contato nenhum',
    'a secretária disse que eu tinha interesse, mas eu quero sair da lista',
    'me tira do grupo de vagas de vocês, não aguento mais',
  ])('opts out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(true);
  });
  it.each([
    'não autorizei ninguém a passar meu telefone, quem deu pra vocês?',
    'não autorizei o débito desse valor no meu pagamento',
    'me tira da lista, brincadeira kkk, manda as de sábado',
    'não precisa mais me procurar, já consegui o plantão com a Ana',
    'me tira do grupo de vagas de ortopedia, o de clínica eu quero',
    'minha sócia escreveu "me remove da lista" aqui? foi brincadeira dela, ignora',
    'para de mandar no meu celular pessoal, usa o da clínica: (11) 98888-1234',
  ])('not an opt-out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(false);
  });
});

describe('families', () => {
  it.each([
    'deixa eu fora desse cadastro, por favor',
    'sou a esposa dele e, como esposa dele, peço a retirada do contato dele',
    'minha filha que tá escrevendo: meu pai pediu pra parar de mandar mensagem pra ele',
    'para de mandar vaga noturna e para de mandar qualquer coisa, cansei',
  ])('opts out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(true);
  });
  it.each([
    'deixa eu fora dessa escala de sábado, surgiu um compromisso',
    'me deixa fora do grupo de vagas de pediatria, o resto pode',
    'para de mandar vaga noturna, só diurna',
  ])('not an opt-out: %s', (text) => {
    expect(detectOptOut(text).optOut).toBe(false);
  });
});
