import { oneOf } from '../engine.js';

// What a stop is about: the things a doctor asks us to stop sending, the containers he asks to leave, and the
// tails that narrow a stop to one shift, place, roster or kind of offer (detect-opt-out.ts reads them).

// Things a doctor might ask us to stop sending. Singular/plural via "s?".
export const STUFF = oneOf(
  // the singular "plantão" is as general as "plantões" ("não precisa mais me mandar plantão").
  'mensage(?:m|ns)', 'nada', 'coisas?', 'isso', 'propagandas?', 'ofertas?', 'vagas?', 'plantoes', 'plantao',
  'oportunidades?', 'convites?', 'spam', 'notificac(?:ao|oes)', 'anuncios?', 'divulgac(?:ao|oes)', 'ligac(?:ao|oes)',
);
export const SEND = oneOf('mand(?:ar|ando|a|e|em|arem)', 'envi(?:ar|ando|a|e|em|arem)', 'dispar(?:ar|ando|a|e|em)', 'encaminh(?:ar|ando|a|e|em)');
export const PESTER = oneOf(
  'lig(?:ar|ando)', 'ench(?:er|endo)', 'perturb(?:ar|ando)', 'incomod(?:ar|ando)', 'importun(?:ar|ando)',
  'contat(?:ar|ando)', 'contact(?:ar|ando)', 'escrev(?:er|endo)', 'entrar em contato', 'spam',
  // "chamar de doutor" names someone; it is not contact.
  'cham(?:ar|ando)(?! de\\b)', 'insist(?:ir|indo)', 'acion(?:ar|ando)',
);
export const CONTAINER = oneOf('disparos?', 'envios?', 'listas?', 'grupos?', 'cadastros?', 'base', 'contatos', 'sistema', 'mailing', 'banco de dados', 'transmissao', 'agenda');
export const FROM = oneOf('da', 'dessa', 'desta', 'de sua', 'de vossa', 'do', 'desse', 'deste', 'dos', 'das', 'de');
// The e-mail is another channel: "tira meu email da newsletter" said here leaves this chat on.
// the plural "meus dados" / "meus contatos" ("exijo que excluam meus dados").
export const MY_ID = oneOf(`${oneOf('meu', 'minha', 'o meu', 'a minha', 'esse', 'este')} ${oneOf('numero', 'contato', 'telefone', 'celular', 'cadastro', 'dados', 'nome', 'whatsapp', 'inscricao')}`, `(?:os )?meus ${oneOf('dados', 'contatos')}`);
export const REMOVE = oneOf(
  'tir(?:a|e|em|ar)', 'retir(?:a|e|em|ar)', 'remov(?:e|a|am|er)', 'exclu(?:i|a|am|ir)', 'apag(?:a|ue|uem|ar)',
  'delet(?:a|e|em|ar)', 'cancel(?:a|e|em|ar)',
  // "me desvincula dessa base", "desvinculem meu número".
  'desvincul(?:a|e|em|ar)',
  // "encerra meu cadastro aí": closing the record is removing it.
  'encerr(?:a|e|em|ar)',
  // "desativa meu cadastro", "inativa meu número": switching the record off.
  'desativ(?:a|e|em|ar)', 'inativ(?:a|e|em|ar)',
);

// a list named after one specialty, newsletter or waiting line is one kind of item ("me tira da
// lista de obstetrícia", "tira meu email da lista de newsletter"); a list of contacts or offers is all of them.
// "de vez", "de uma vez por todas" say for good, not which list.
export const NARROW_LIST = new RegExp(`^${oneOf('de', 'da', 'do', 'dos', 'das')} (?!${oneOf('vez', 'uma vez', 'todas?', 'todos', 'tudo', 'qualquer', 'transmissao', 'contatos?', 'voces', 'voce', 'vcs', 'medicos?', 'vagas?', 'plantao', 'plantoes', 'envios?', 'disparos?', 'whatsapp', 'zap', 'mensage(?:m|ns)', 'ofertas?', 'divulgac(?:ao|oes)', 'oportunidades?', 'marketing', 'spam', 'sua', 'seu', 'vcs', 'empresa', 'contato', 'telefones?', 'numeros?', 'clientes?', 'cadastro', 'cadastrados')}\\b)\\S+`);

// "do grupo de vagas de pediatria", "da lista de plantões do Hospital X": a list of offers
// named after one kind or place is one kind of item, though "lista de vagas" alone is all of them.
export const NARROW_OFFERS_LIST = new RegExp(`^(?:de|da|do) (?:vagas?|plantao|plantoes|oportunidades|ofertas) ${oneOf('de', 'da', 'do', 'em', 'no', 'na')} (?!${oneOf('voces', 'vcs', 'voce', 'vc', 'sua', 'seu', 'empresa', 'medicos?', 'whatsapp', 'zap', 'todos?', 'todas?', 'qualquer')}\\b)\\S+`);
export const THEIR_LIST = /^(?:deles|delas|dele|dela|da outra|do outro|da concorrente|do concorrente|de la|daquela|daquele)\b/;

// Bare removal verbs; "cancela" is left out: alone it cancels a booked shift.
export const BARE_REMOVE = oneOf('tira', 'tire', 'tirem', 'retira', 'retire', 'retirem', 'remove', 'remova', 'removam', 'exclui', 'exclua', 'excluam', 'apaga', 'apague', 'apaguem', 'deleta', 'delete');

// A refusal that names one shift, day, place or kind of shift is a preference
// for the recruiter to handle, not a request to stop all contact.
const SHIFT_SPECIFIC = new RegExp(
  '\\b' +
    oneOf(
      `${oneOf('esse', 'essa', 'este', 'esta', 'desse', 'dessa', 'deste', 'desta', 'nesse', 'nessa', 'aquele', 'aquela', 'o', 'a')} ${oneOf('plantao', 'plantoes', 'vagas?', 'escalas?', 'turnos?', 'horarios?', 'hospital', 'hospitais', 'clinicas?', 'cidades?', 'regiao', 'especialidades?')}`,
      // "desse tipo" names one kind of shift, unless it qualifies the messages themselves ("nenhuma mensagem desse tipo").
      `(?<!${oneOf('mensage(?:m|ns)', 'msgs?', 'coisas?', 'propagandas?', 'spam', 'conteudos?', 'contatos?')} )${oneOf('esse', 'essa', 'este', 'esta', 'desse', 'dessa', 'deste', 'desta', 'nesse', 'nessa', 'aquele', 'aquela', 'o', 'a')} tipo(?! de (?:mensage(?:m|ns)|contato|coisa|propaganda|spam|abordagem))`,
      `${oneOf('o', 'a', 'os', 'as')} ${oneOf('de', 'do', 'da', 'dos', 'das')}`,
      'segunda', 'terca', 'quarta', 'quinta', 'sexta', 'sabado', 'domingo', 'feriado', 'noturnos?', 'diurnos?',
      'noite', 'madrugada', 'fim de semana', 'final de semana', 'so', 'somente', 'apenas', 'exceto', 'por enquanto', 'hoje',
      'ate (?:o )?(?:dia|mes|semana|amanha|segunda|terca|quarta|quinta|sexta|sabado|domingo|janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|eu voltar)',
      'durante', 'esse mes', 'essa semana', 'nas ferias', 'depois das?', 'antes das?', 'nesse horario', 'de manha', 'a noite',
      // A time window is when to write, not whether: "não me manda mensagem no horário do almoço".
      'no horario', 'em horario', 'fora do horario', 'no almoco', 'de madrugada', 'de noite', 'cedo', 'enquanto',
      // a clock time is a window too ("para de me mandar mensagem às 4 da manhã").
      '(?:as|a|das|antes das|depois das|ate as) \\d{1,2}(?: ?h| horas?)?(?: da (?:manha|madrugada|noite|tarde))?', 'da madrugada', 'da manha'
    ) +
    '\\b',
);
// The target of a stop: "para de mandar vaga longe", "não me mande plantão de 24h"
// name a kind of shift (a noun with a qualifier), so they refine the offers
// instead of ending them. A bare noun ("para de mandar vaga") still stops everything.
const QUALIFIED_SHIFT = new RegExp(
  `^(?:${oneOf('me', 'mim', 'para mim', 'essas?', 'esses?', 'as', 'os', 'a', 'o', 'mais', 'tantas?', 'tantos')} )*` +
    `${oneOf('vagas?', 'plantao', 'plantoes', 'ofertas?', 'escalas?', 'turnos?')} ` +
    oneOf(
      `${oneOf('de', 'do', 'da', 'dos', 'das', 'no', 'na', 'nos', 'nas', 'em')} (?!${oneOf('plantao', 'plantoes', 'voces', 'voce', 'trabalho', 'emprego', 'medicos?', 'novo', 'merda', 'bosta', 'porcaria', 'droga', 'lixo')}\\b)\\S+`,
      'longe', 'distantes?', 'fora', 'noturn\\w*', 'diurn\\w*',
      // a specialty said as an adjective: "vaga pediátrica", "plantão cirúrgico"
      'pediatric\\w*', 'cirurgic\\w*', 'clinic[oa]s?', 'obstetric\\w*', 'ortopedic\\w*', 'neonata\\w*', 'psiquiatric\\w*', 'ginecologic\\w*', 'anestesic\\w*', 'ambulatori\\w*', 'intensiv\\w*', 'perto', 'acima', 'abaixo', 'com', 'sem', 'ate', 'so', 'apenas',
      'pequen\\w*', 'ruins?', 'baratas?', 'mal pag\\w*', 'pelo(?! amor\\b)', 'pela', 'aos?', 'que (?:eu )?nao',
    ) +
    '\\b',
);
// "cancela o envio do contrato", "daqui desse plantão": the noun is followed by the one thing meant.
export const NAMES_A_THING = new RegExp(`^${oneOf('do', 'da', 'dos', 'das', 'desse', 'dessa', 'deste', 'desta', 'nesse', 'nessa', 'de')} (?!${oneOf('mensage(?:m|ns)', 'vagas?', 'ofertas?', 'propagandas?', 'voces', 'spam', 'divulgac(?:ao|oes)', '(?:essas?|estas?|suas?) (?:mensage(?:m|ns)|vagas?|ofertas?|propagandas?)')}\\b)`);
// A completion after the stop: "já resolvi", "já reservei", "obrigado, já tenho".
export const NO_LONGER_NEEDED = /\bja (?:resolvi|reservei|recebi|sei|entendi|peguei|achei|fechei|consegui|assinei|mandei|vi|entrei|confirmei)\b/;
// "não me manda vaga em Guarulhos": the offers sent to one place, not the sending itself.
// The doctor's own channel ("no meu whats", "nesse número") is where, not which.
export const OWN_CHANNEL_TAIL = /^(?:em|no|na|nesse|neste|nessa|nesta|pelo|por) (?:(?:o )?(?:meu|minha|esse|este|essa|esta) )?(?:whatsapp|numero|celular|telefone|privado|pv|email|zap|chat)\b/;
export const PLACE_TAIL = /^(?:em|no|na|nos|nas|pra|pro) (?!(?:meu|minha|esse|este|essa|esta|whatsapp|numero|celular|telefone|privado|pv|email|mim|voces|ninguem)\b)\S+/;
// the object of the stop is one kind of item or another recipient or place, not messages in
// general: "para de mandar o link do formulário", "não me envia mais contrato", "não manda mais msg pra minha
// secretária", "para de ligar no consultório". A general object ("mensagem", "nada", "isso") may come first.
const NARROW_TAIL = new RegExp(
  `^(?:${oneOf('me', 'mais', 'a', 'o', 'as', 'os', 'essas?', 'esses?', 'tantas?', 'tantos?', 'tanto', 'sua', 'suas', 'seu', 'seus', 'aquele', 'aquela')} )*` +
    `(?:${oneOf('mensage(?:m|ns)', 'nada', 'isso', 'coisas?')} )?` +
    oneOf(
      `${oneOf('pra', 'para', 'pro', 'pros')} (?:o |a )?${oneOf('meu', 'minha', 'meus', 'minhas', 'seu', 'sua')} (?!${oneOf('numero', 'whatsapp', 'celular', 'telefone', 'contato', 'zap')}\\b)\\S+`,
      `${oneOf('no', 'na', 'pelo', 'pela', 'por')} ${oneOf('consultorio', 'fixo', 'outro', 'hospital', 'clinica', 'trabalho', 'email', 'e mail', 'telefone fixo')}`,
      // the offers of one place: "não me manda mais nada do hospital X".
      `${oneOf('do', 'da', 'dos', 'das')} ${oneOf('hospital', 'hospitais', 'clinica', 'clinicas', 'upa', 'santa casa', 'pronto socorro', 'ps')}\\b`,
      `${oneOf('lembretes?', 'links?', 'formularios?', 'contratos?', 'boletos?', 'confirmac(?:ao|oes)', 'documentos?', 'termos?', 'comprovantes?', 'notas?', 'recibos?', 'planilhas?', 'pesquisas?', 'questionarios?', 'avaliac(?:ao|oes)', 'cobrancas?', 'anexos?', 'arquivos?', 'pdfs?', 'audios?', 'fotos?', 'videos?', 'figurinhas?', 'enquetes?')}\\b`,
    ),
);
// a place or hospital put before the stop ("pra Guarulhos não me manda mais", "Santa Casa de
// Sorocaba não me manda mais") names which offers.
export const FRONTED_PLACE = /^(?:(?:pra|para|pro|em|no|na|de|do|da) )?(?!voces|vcs|voce|vc|eu|por|ja|entao|gente|oi|ola|pelo|pode|podem)\S+(?: \S+){0,4} (?:nao|nunca mais) (?:me )?(?:manda|mande|mandem|envia|envie|enviem|oferece|ofereca)\b/;
// "nem noturno nem diurno", "de nenhum tipo" name every kind at once, so they widen the stop.
const EXHAUSTIVE = /^(?:\S+ ){0,2}?nem (?:\S+ ){1,3}?nem \S+|^(?:\S+ ){0,2}?(?:de nenhum tipo|de tipo nenhum|nenhum tipo|de jeito nenhum)\b/;
// "para de insistir nesse": a demonstrative closing the clause points at the one offer talked about.
const POINTED_AT = /^(?:nesse|nessa|neste|nesta|naquele|naquela|desse|dessa|deste|desta|daquele|daquela)(?: (?:ai|ae|aqui|ali|la))?$/;
export const isShiftSpecific = (tail: string): boolean => !EXHAUSTIVE.test(tail) && (SHIFT_SPECIFIC.test(tail) || QUALIFIED_SHIFT.test(tail) || NARROW_TAIL.test(tail) || POINTED_AT.test(tail));
// "as notificações de vaga noturna", "as mensagens de lembrete": the messages of one kind of offer or of notice ("as
// notificações de vagas" are all the offers).
export const namesOneKindOf = (tail: string): boolean => /^(?:de|do|da|dos|das) (?:lembretes?|confirmac\w*|avisos?)\b/.test(tail) || isShiftSpecific(tail.replace(/^(?:de|do|da|dos|das) /, ''));

// "receber" is also about money; only message-like objects make it an opt-out.
const NOT_MESSAGES = new RegExp(`^${oneOf('o', 'a', 'meu', 'minha', 'em', 'por', 'via', 'no', 'na', 'pelo', 'pela', 'ate', 'antes', 'depois', 'dia', 'pagamento', 'valor', 'dinheiro', 'pix')}\\b`);
// messages of another group or app ("mensagem do grupo de ex-alunos", "as notificações do aplicativo
// do hospital") are someone else's sending.
const OTHER_SENDER = /^(?:\S+ ){0,2}?d[oa]s? (?:grupo|grupos|turma|condominio|aplicativo|app|sistema|portal|site|banco|operadora|plano)\b/;
// What a doctor calls our sending when he vents: "me tira dessa porra", "quero sair desse negócio".
export const THIS_THING = oneOf('porra', 'merda', 'bosta', 'palhacada', 'bagaca', 'joca', 'treco', 'troco', 'trambolho', 'porcaria', 'zona', 'inferno', 'parada', 'budega', 'droga', 'negocio', 'esquema', 'trem', 'coisa', 'role', 'lance');
// Someone else's service named after a removal: "do app do hospital", "do site da clínica", "do banco". Unlike
// OTHER_SENDER, "do sistema de vocês" is ours.
export const OTHER_SERVICE = /^d[oa]s? (?:(?:app?|aplicativo|site|sistema|portal|grupo|newsletter|plataforma) d[oa]s? (?!voces|vcs|julia)\S+|(?:hospital|clinica|banco|plano|operadora|outra|outro)\b)/;
// A reason that ends plantão for good, closing a stop: "não precisa mais me mandar, tô aposentado".
export const LEFT_FOR_GOOD = `(?: (?:(?:eu )?(?:to|estou|ja estou|ja to) )?(?:aposentad[oa]|parei de (?:fazer |dar )?plant\\w*|nao faco mais plant\\w*|mudei de (?:area|cidade|estado|pais)|sai da medicina))?`;
export const rejectReceiveTail = (tail: string): boolean =>
  OTHER_SENDER.test(tail) || isShiftSpecific(tail) || (NOT_MESSAGES.test(tail) && !new RegExp(`^${oneOf('o', 'a')}s? ${STUFF}`).test(tail));

export const WANT_NOT = `nao ${oneOf('quero', 'queria', 'desejo', 'gostaria de', 'preciso', 'tenho (?:mais )?interesse em', 'me interessa', 'aceito', 'autorizo')}`;
export const RECEIVE = oneOf('receber?', 'continuar recebendo', 'ficar recebendo', 'seguir recebendo');
// Being contacted is about us whatever follows ("por vocês", "por aqui"); only a shift-specific tail vetoes it.
export const BE_CONTACTED = `ser ${oneOf('contatad[oa]', 'contactad[oa]', 'procurad[oa]', 'incomodad[oa]', 'importunad[oa]', 'perturbad[oa]', 'chamad[oa]', 'acionad[oa]', 'lembrad[oa]')}`;
// Verbs of contacting, in the forms a refusal takes: imperative, subjunctive and infinitive
// ("não me procure", "favor não me procurar", "nao me manda").
export const CONTACT = oneOf(
  SEND, 'lig(?:ue|uem|a|ar|arem)', 'cham(?:e|em|a|ar|arem)', 'procur(?:e|em|a|ar|arem)', 'contat(?:e|em|ar|arem)', 'contact(?:e|em|ar|arem)',
  'escrev(?:a|am|e|er|erem)', 'incomod(?:e|em|a|ar|arem)', 'perturb(?:e|em|a|ar|arem)', 'ench(?:a|am|e|er|erem)', 'acion(?:e|em|ar|arem)',
);

// - a removal from one shift, roster or selection is narrow;
export const ONE_ROSTER = /^(?:d[aoe]s?|dessa|desta|desse|deste|naquela|naquele) (?:vaga|vagas|escala|escalas|plantao|plantoes|turno|proposta|selecao|processo|concorrencia|troca|reserva|cobertura|substituicao)\b/;
// - forgotten for one shift ("me esquece nesse plantão de sábado", "pode esquecer de mim pra essa vaga") is narrow;
export const ONE_SHIFT_HERE = /^(?:nesse|nessa|neste|nesta|no|na|pra|para|pro|por) (?:esse |essa |este |esta )?(?:vaga|vagas|plantao|plantoes|escala|escalas|turno|reserva)\b/;
// - a pause with an end ("essa semana", "por enquanto", "até eu voltar") is not a stop;
export const FOR_A_WHILE = /^(?:so |por )?(?:essa|esta|nessa|por essa) (?:semana|quinzena|mes)\b|^(?:hoje|por hoje|por enquanto|por ora|por um tempo|uns dias|ate (?:eu voltar|segunda|terca|quarta|quinta|sexta|sabado|domingo|o fim|semana|mes))\b/;
// - new general stops: "nem me procurem mais", "gostaria de não ser mais contatado", "me desconsidere das próximas
//   ofertas", "me tira dessa porra", "me remova, só trabalho com a cooperativa" (a reason clause after the removal).
export const BE_CONTACTED_WORD = oneOf('contatad[oa]s?', 'contactad[oa]s?', 'procurad[oa]s?', 'incomodad[oa]s?', 'importunad[oa]s?', 'perturbad[oa]s?', 'acionad[oa]s?');
// - a list named after one thing ("da lista de espera do hospital", "da lista do plantão de natal") is one roster.
export const namedList = (tail: string): boolean => {
  const m = /^(?:d[aoe]s?|dess[ae]|dest[ae]) (?:\S+ )?(?:lista|listas|grupo|grupos) (.*)$/.exec(tail);
  return m !== null && (NARROW_LIST.test(m[1]!) || NARROW_OFFERS_LIST.test(m[1]!));
};
// "cancela minha inscrição no congresso": a registration for an event, not with us.
// Someone else the contact is with: "meu contato com a empresa anterior", "com o hospital".
export const WITH_SOMEONE_ELSE = /^com (?:a |o |essa |esse |aquela |aquele )?(?:(?:empresa|agencia|cooperativa|escala) (?:anterior|antiga|passada|de antes|d[oa] (?!voces|vcs)\S+)|hospital|clinica|outr[ao]s?|concorrente)\b/;
export const AN_EVENT = /^(?:no|na|do|da|pro|pra|para o|para a) (?:curso|congresso|evento|prova|residencia|concurso|webinar|aula|palestra|simposio|jornada|workshop)\b/;
