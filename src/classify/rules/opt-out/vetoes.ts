import { canonical, detectorInput, keepTitles, normalize } from '../../text/normal-form.js';

// The frames that set a stop phrase aside (detect-opt-out.ts asks them): a negation that means "keeps
// sending", a stop mentioned without being asked for (a joke, a denial, someone else's words, a question,
// a condition, an echo refused), a change of number or format, a message meant for someone else, and a
// stop whose object is narrower than "you" or "messages in general".

// Negation scope: "o app não para de mandar notificação" means "keeps sending";
// only "não, para de mandar" (a comma between) is a refusal followed by a stop.
// The idiom is rewritten before normalising drops the punctuation that tells them apart.
// the negated imperative "não pare de mandar" asks for more, like the indicative ("se não
// pararem de mandar" is a threat, so not that form).
const KEEPS_ON = /\b(?:n[aã]o|naum|n|nunca) +(?:para|param|parou|paravam|parava|pare|parem) +de\b/giu;
// "não quero que vocês parem de mandar" wishes the sending on; "não vou bloquear vocês, relaxa" promises the
// contact stays. With a comma after the "não" ("não, quero que parem"; "não, vou bloquear") they are a no and a stop.
const WANTS_IT_ON = /\b(?:n[aã]o|naum|n|nunca) +(?:quero|queria|gostaria) +(?:que +)?(?:(?:voc[eê]s?|vcs?) +)?(?:parem|pare|parassem|deixem|deixe|deixassem) +de\b/giu;
const WILL_NOT_BLOCK = /\b(?:n[aã]o|naum|n|nunca|jamais) +(?:vou|iria|vo) +(?:te +|lhe +|lhes +)?bloquear\b/giu;
export function keepsOn(text: string): string {
  return text.replace(KEEPS_ON, 'insiste em').replace(WANTS_IT_ON, 'quero que continuem a').replace(WILL_NOT_BLOCK, 'vou manter');
}

// Sentences that mention a stop without asking for one. Each is a linguistic frame, not a phrase list:
// - continuation stated anywhere wins over a stop phrase ("continua mandando", "quero continuar recebendo",
//   "manda aí a vaga", "pelo contrário"); a negated continuation ("não quero continuar recebendo") does not;
// "quero continuar!" closing the message (after "vocês me tiraram da lista?"); a request to be put on a list or group
// ("pode me adicionar na lista de transmissão") or to sign up ("como faço pra me cadastrar?") asks for more contact too.
const CONTINUE = /\bquero (?:continuar|ficar|seguir)(?: (?:na|no) (?:lista|grupo|cadastro))?$|\b(?:pode|podem|pode ja) voltar a (?:mandar|enviar|me mandar|me chamar)\b|\b(?:(?<!(?:voce|voces|ele|eles|ainda|e|mas|se|caso|quando|enquanto|se eu|caso eu|quando eu) )(?:continua|continue|continuem|continuar) (?:a )?(?:me )?(?:mandando|enviando|mandar|enviar|recebendo|receber)|(?:pode|podem) continuar|quero (?:continuar |seguir )?receb\w* (?:mais|as|os|sim|vagas?|plantoes|mensage\w*)|pelo contrario|manda (?:ai|sim|as proximas|mais)|pode (?:mandar|me mandar|enviar)|gosto (?:das|de receber)|mas eu gosto)\b|\b(?:pode|podem|poderia|poderiam|consegue|conseguem|quero|queria|gostaria de) (?:me )?(?:adicionar|incluir|colocar|cadastrar|botar) (?:de novo |novamente )?(?:na|no|nas|nos|em|numa|num)\b|\bme (?:adiciona|add|inclui|coloca|bota|poe|cadastra) (?:de novo |novamente )?(?:na|no|nas|nos|em|numa|num) (?:\S+ )?(?:lista|grupo|cadastro|base|transmissao)\b|\bquero (?:entrar|participar) (?:na|no|da|do) (?:lista|grupo)\b|\bcomo (?:eu )?faco (?:pra|para) (?:me )?(?:cadastrar|inscrever|entrar|participar)\b|\b(?:quero|queria|gostaria de) (?:me )?(?:cadastrar|inscrever)\b/;
// "não faz sentido continuar recebendo": a judgement on continuing negates it like "não quero" does.
const NEGATED_BEFORE = /\b(?:nao|nem|nunca|jamais)(?: \S+){0,1} ?$|\bnao (?:faz (?:mais )?sentido|tem (?:mais )?(?:porque|por que|sentido|motivo|razao)|vale (?:mais )?a pena|compensa(?: mais)?|ha (?:porque|motivo|razao))(?: eu| pra mim)? ?$/;
// - a joke taken back ("tô brincando", "zoeira");
// a stop taken back at once ("vou te bloquear, mentira") is a joke too.
// "vocês tão de brincadeira", "só pode ser brincadeira" are indignation at us, not a joke of
// the doctor's; the stop beside them stands.
export const JOKE = /\b(?:(?:to|estou|tava|estava|so) brincando|(?<!\b(?:ta|tao|esta|estao|estava|estavam|tava|tavam|ser|so pode ser|deve ser|de) )brincadeira|zoeira|zuera|zoando|zoa(?:ndo)?)\b|\b(?:bloquear|sair|parar|tirar)\b(?: \S+){0,3} (?:mentira|mentirinha)\b/;
// - a stop that is denied or negated ("eu nunca disse pra parar", "não é pra parar", "não precisa parar");
const DENIED_STOP = /\b(?:(?:nunca|nao) (?:disse|falei|pedi|mandei) (?:pra|para|que|q) (?:voces? )?(?:me )?(?:parar|pararem|parassem|tirar|tirarem|remover|removerem|sair)|quem (?:falou|disse) (?:isso|que)|nao (?:e|eh|era) (?:pra|para) (?:voces? )?(?:parar|pararem|tirar|remover)|nao (?:precisa|precisam|precisa de|tem que|tem por que) (?:voces? )?(?:parar|pararem|me tirar|tirar|remover|sair))\b/;
// - someone else's words, reported or quoted ("minha esposa disse pra...", "meu colega falou '...'");
// up to three words name the person ("meu colega Dr. Rafael pediu pra eu avisar…").
const REPORTED = /\b(?:(?:meu|minha|o|a|um|uma|uns|umas) (?!numero|contato)\S+(?: \S+){0,6} (?:disse|disseram|falou|falaram|pediu|pediram|mandou|acha|achou|quer|queria|respondeu|responderam|escreveu|escreveram)|(?:ele|ela|eles|elas) (?:disse|falou|pediu|mandou|acha|quer)) (?:pra|para|que|q)?\b/;
// - a question about what we would do ("vcs vão parar de mandar se...?", the echo "parar de mandar?");
// a threat on a condition ("se continuar vindo plantão de 800 eu vou pedir pra sair da lista") is
// said of a future that may not come, in its own sentence; an unconditional stop beside it still counts.
// any condition before the threat ("se o valor não subir eu vou pedir pra sair", "se continuarem
// mandando 6 por dia eu vou bloquear"): a warning, not a request.
const CONDITIONAL_THREAT = /\bse (?:continuar|continuarem|mandar|mandarem|vier|vierem|insistir|insistirem|seguir|seguirem)\b(?: \S+){0,10} (?:eu )?vou (?:pedir (?:pra|para) (?:sair|me tirar|me remover|me descadastrar)|sair da lista|me descadastrar)|\bse (?:\S+ ){1,10}?(?:eu )?(?:vou|irei) (?:te |lhe )?(?:pedir (?:pra|para) (?:sair|me tirar|me remover|me descadastrar)|sair da lista|me descadastrar|bloquear)\b/;
const HYPOTHETICAL = /\b(?:(?:voces? )?(?:vao|vai|iriam|iria|ira|irao) parar|(?:e )?se eu (?:nao )?(?:responder|sumir|demorar)|^(?:e |entao |como assim |oi )?parar de (?:mandar|enviar)(?: (?:mensagem|mensagens))?$)/;
// - our stopping as the condition of something else ("se vc parar de mandar eu fico triste"); "se não pararem" is the threat
//   behind a stop.
const IF_WE_STOP = /\bse (?:voce |voces )?(?:parar|pararem|parasse|parassem) de (?:me )?(?:mandar|enviar)\b/;
// - a change of number: stop here, write there ("esse número é do consultório" only with somewhere else to write:
//   "…não é pessoal, não enviem mais" names none);
export const NEW_NUMBER = /\b(?:novo numero|numero novo|numero antigo|antigo numero|(?:contato|telefone|celular|zap|whatsapp) novo|novo (?:contato|telefone|celular|zap|whatsapp)|(?:numero|contato|telefone|celular) velho|mandei (?:o |meu )?(?:numero|contato|telefone|celular) errado|o novo e|mudando de numero|mudei de numero|troquei de numero|troquei o numero|(?:mandar|manda|mande) (?:\S+ )?no novo|usa (?:o )?meu (?:pessoal|particular|outro)|usa (?:o |esse |este )?(?:numero |contato |telefone |celular |whatsapp )?d[oa] (?:consultorio|clinica|secretaria|trabalho|escritorio|hospital)|(?:manda|mande|me chama|chama) no (?:meu )?(?:pessoal|particular|outro numero))\b|^(?=.*(?<!\b(?:nao|nem|nunca) )\b(?:manda|mande|mandem|envia|envie|enviem|me chama|chama|usa|use|prefiro|passo|anota|anote|no (?:meu )?(?:pessoal|particular)|outro numero|\d{4,})\b).*\b(?:esse|este) (?:numero )?e (?:o )?d[oa] (?:consultorio|clinica|secretaria|trabalho|escritorio)\b/;
// one channel stopped with another kept ("não quero mais receber por sms, só zap"; "sms" folds
// to "mensagem", "zap" to "whatsapp"), calls stopped for messages ("não me liga mais, me manda mensagem"), unless the
// messages are refused too ("não me liga nem manda msg").
export const ONE_CHANNEL = /\b(?:por|via|pelo|no|de) (?:mensagem|email|e mail|telefone|ligacao|telegram|instagram|linkedin)\b.{0,20}\b(?:so|apenas|somente) (?:pelo |por |no )?(?:whatsapp|aqui|email|e mail|mensagem)\b|^(?!.*\b(?:nao|nem) (?:me )?(?:manda|mande|mandem|envia|envie|enviem|escreve|escreva|escrevam)\b).*\b(?:liga|ligue|liguem|ligar|ligarem|ligacao|ligacoes)\b(?: \S+){0,3}? (?:me )?(?:manda|mande|mandem|prefiro|so|pode mandar|podem mandar) (?:por )?(?:mensage(?:m|ns)|msg|whatsapp|texto|zap)\b/;
// - a stop aimed at one format or channel, with the other one preferred ("pode parar de mandar áudio? prefiro texto").
export const ONE_FORMAT = /\b(?:parar|para|pare|parem|nao) (?:de )?(?:me )?(?:mandar|mande|manda|mandem|enviar|envie|envia|enviem|encaminhar|encaminha) (?:mais )?(?:esses? |essas? |os |as |tanto |tantos |tantas |mais )?(?:em |por |como |de )?(?:audios?|figurinhas?|stickers?|fotos?|videos?|links?|pdfs?|anexos?|arquivos?|documentos?|imagens?|prints?|textao|textoes|mensage(?:m|ns) de voz)\b|\bprefiro (?:so |apenas |somente )?(?:por |pelo )?(?:texto|mensagem|escrito|whatsapp|email|e mail|ligacao)\b/;

// - a stop whose object is narrower than "you/messages in general". Each frame names the
//   object's kind, not a line: the same message repeated ("a mesma vaga 3 vezes"), offers of a specialty the
//   doctor gave up ("parei de fazer UTI, não manda mais essas"), a stop addressed to someone else
//   ("falei pra secretária parar..., não você"), a group ("não me marca no grupo").
//   A general removal (list, number, unsubscribe) in the same message still wins; see GENERAL_RULES.
const REPEATED = /\b(?:mesm[ao]s? (?:vagas?|mensage(?:m|ns)|coisas?|plantao|plantoes|ofertas?|textos?|informac(?:ao|oes)|lembretes?)|repetid[ao]s?|duplicad[ao]s?|em dobro|(?:manda|mandar|mandando|envia|enviar|enviando|mandou|enviou)(?: \S+){0,4} (?:\d+|duas|tres|quatro|varias|mil) vezes)\b/;
const DROPPED_KIND = /\b(?:nao (?:faco|atendo|pego)(?= (?!mais\b|plantao\b|plantoes\b|nada\b|nenhum\w*\b|isso\b))|parei de (?:fazer|atender|pegar|dar)|nao (?:faco|atendo|pego|dou) mais|larguei (?:a|o)?|sai da|sai do) (?!plantao|plantoes|plantao nenhum|nada|mais nada|medicina)\S+/;
// the other party put first, the telling after it ("a outra
// empresa eu mandei parar de me mandar msg, vcs não", "pra cooperativa eu já pedi pra me tirar"): a stop told to
// someone else, in the past, with the object fronted.
const FRONTED_OTHER_PARTY = String.raw`\b(?:(?:a|na|pra|para|com a|da) (?:outra|outras|aquela|essa outra) (?:empresa|agencia|cooperativa|plataforma|escala|operadora)s?|(?:pro|para o|pra o|o|no|do|com o) (?:outro|aquele|esse outro) (?:app|aplicativo|grupo|hospital|site)|(?:pra|para|a|na|da) (?:cooperativa|concorrente)|(?:pro|para o|o|no) concorrente) (?:eu |ja |eu ja |tambem )?(?:mandei|pedi|falei|disse|avisei)\b.{0,40}\b(?:parar|pararem|parasse|nao mandar|nao me mandar|me tirar|me tirarem|me remover)\b`;
// As a whole sentence's opening only: "me tira da lista, a outra empresa eu mandei parar também" still stops here.
// Also told straight to another company at the sentence's start ("pedi pra outra empresa me tirar da lista e eles nem
// ligaram"), set 14.
const ASKED_ANOTHER = String.raw`(?:eu )?(?:ja )?(?:pedi|falei|mandei|disse|avisei|(?:tinha|havia) (?:pedido|falado|mandado|dito|avisado)) (?:pra|para|a|ao|pro|com) (?:a |o )?(?:outra|outro|aquela|aquele|essa outra|esse outro|uma outra|um outro) (?:empresa|agencia|cooperativa|plataforma|app|aplicativo|grupo|escala|site)s?\b`;
// "eu pedi pra sair da lista da Plantão Já, não de vocês": the stop said not to be ours.
const NOT_OURS = /\b(?:nao|e nao) (?:de|da|do|com|pra|para) (?:voces|voce)\b/;
// a stop with an end ("me tira da lista até março"); a block undone ("bloqueei sem querer, já
// desbloqueei"); a threat with its condition after it ("vou te bloquear se mandar mais plantão bom assim").
const MONTHS = '(?:janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)';
// The end must close the stop itself ("…da lista até março"), not the reason after it ("…a agenda tá lotada até o fim do ano").
const UNTIL = new RegExp(`\\b(?:lista|listas|cadastro|grupo|mandar|mande|manda|enviar|mensagens?|contato|nada|vagas?|ofertas?|plantoes?)(?: \\S+){0,2} (?:ate|so ate) (?:${MONTHS}|o (?:carnaval|natal|fim|final) d?\\w*|a pascoa|semana que vem|mes que vem|o mes que vem|ano que vem|o ano que vem|eu voltar|eu terminar|la)\\b`);
const BLOCK_UNDONE = /\bdesbloque\w*|\bbloquei\w* sem querer\b/;
const THREAT_IF = /\bvou (?:te |lhe )?(?:bloquear|pedir (?:pra|para) sair|sair da lista)\b.{0,12}\bse (?:voce |voces )?(?:mandar|mandarem|continuar|continuarem|insistir|insistirem)\b/;
const TOLD_ELSEWHERE = new RegExp(`^(?:(?:olha|entao|mas|e|oi|so|tipo|bom) )*(?:${FRONTED_OTHER_PARTY}|${ASKED_ANOTHER})`);
export const SOMEONE_ELSE = new RegExp(`${String.raw`\b(?:falei|pedi|disse|avisei|mandei|reclamei|(?:tinha|havia|ja tinha) (?:falado|pedido|dito|avisado|mandado|reclamado)) (?:(?:mil|varias|tantas|duas|tres|\d+) vezes )?(?:(?:pra|para|pro|pros|a|ao|com) (?:a |o |minha |meu |sua |seu )?|(?:a|o|minha|meu|sua|seu) )(?!(?:voce|voces|ti|te|vc|que|mil|varias|tantas|duas|tres|pra|para|isso|ja|mais|nao|vez|vezes)\b)[a-z]+\b.{0,40}\b(?:parar|pararem|parasse|nao mandar|nao me mandar|me tirar)\b|\bnao (?:e |era )?(?:com |pra |para )?(?:voce|voces|ti)(?: ne| viu| k+\w*| rs\w*)?$|\b(?:pede|peca|fala|avisa|diz) (?:pra|para|pro|a|ao) (?:a |o |sua |seu |tua |teu )?(?!voce|voces)[a-z]+ (?:parar|nao me)\b`}|${FRONTED_OTHER_PARTY}`);
// Being added to groups is being put on our lists, not a stop about what goes on in one group.
const GROUP_ONLY = /(?<!\b(?:adicion\w*|add?|inclu\w*|coloc\w*|bot\w*) )\b(?:no|nos|em|nesse|neste|pelo|pro|pra|para o) grupos?\b(?! de vagas)/;
// A cap on frequency ("uma por semana tá bom") asks for fewer messages, not none.
const FREQUENCY_CAP = /\btant[ao]s? (?:mensage(?:m|ns)|vagas?|ofertas?|notificac(?:ao|oes))\b|\b(?:uma|duas|tres|\d+) (?:vez |vezes |mensage(?:m|ns) |vaga |vagas )?(?:por|na|no|a|ao) (?:dia|semana|mes)\b|\bmenos mensage(?:m|ns)\b/;
// A stop on one channel with another one offered: "para de ligar no consultório, me chama aqui".
// also "prefiro receber só por aqui" and, after a stop of calls, "manda msg" (not negated).
const OTHER_CHANNEL = /\b(?:me chama|me chame|fala comigo|fala direto comigo|pode me chamar|me manda|manda|mande|pode mandar|prefiro (?:receber|falar|que mandem|que me mandem)?) ?(?:so |direto |apenas )?(?:aqui|por aqui|pelo whatsapp|no whatsapp|por email|no email|pelo email|no privado|no pv|comigo)\b|(?<!\b(?:nao|nem|nunca) (?:me )?)\b(?:liga|ligue|ligar|ligacao|ligacoes)\b.{0,30}\b(?:manda|mande|mandem|me manda|pode mandar) (?:so |por |uma |so por )?(?:msg|mensagem|mensagens|texto|escrito|whatsapp)\b/;
// the kind put first ("vaga de ambulância e remoção pode parar de mandar").
const FRONTED_KIND = /^(?:essas? |esses? |as |os )?(?:vagas?|plantoes?|plantao|ofertas?) (?:de|da|do|na|no|em) \S+/;
// a time of day or week put first ("depois das 22h não manda nada", "de madrugada não me manda msg"): when not to
// write, not whether. "a partir de hoje" and "de agora em diante" name no such time and stay stops.
const WHEN = String.raw`(?:\d+(?: ?(?:h|hs|hrs?|horas))?(?: \d+)?|(?:a |o )?(?:madrugada|noite|manha|tarde|fim de semana|fins de semana|fds|sabados?|domingos?|feriados?|almoco|horario (?:de|do) \S+|plantao|expediente|trabalho|madrugadas|noites))`;
const FRONTED_TIME = new RegExp(String.raw`^(?:(?:e|mas|so|tipo|olha|por favor|pfv) )*(?:depois d[ao]s?|antes d[ao]s?|a partir d[ao]s?|ate as|de|a|durante (?:a|o)|no|na|nos|nas|aos|as|em|pela|pelas|tarde da|cedo de) ${WHEN} (?:\S+ ){0,2}(?:nao|para de|pare de|parem de)\b`);
export const NARROW_KIND = (t: string): boolean =>
  FRONTED_TIME.test(t) || FRONTED_KIND.test(t) || REPEATED.test(t) || DROPPED_KIND.test(t) || SOMEONE_ELSE.test(t) || GROUP_ONLY.test(t) || OTHER_CHANNEL.test(t);
/** How often we write, named: a cap asked for ("uma por semana tá bom") or the complaint behind a stop ("vcs mandam 10 por dia"). */
export const namesFrequency = (t: string): boolean => FREQUENCY_CAP.test(t);
// A stop that closes its sentence with a general object is general whatever came before it: "vc manda a mesma
// msg todo dia, para de me mandar mensagem" complains about repetition and still asks to stop everything.
const ENDS_WITH_GENERAL_STOP = /\b(?:para|pare|parem|parar|chega|deixa|deixem|nao) (?:de |com )?(?:me )?(?:mandar|manda|mande|mandem|enviar|envia|envie|enviem)(?: me)?(?: mais)? (?:mensage(?:m|ns)|nada|coisa nenhuma)(?: (?:pra mim|por favor|de voces|nenhuma))?$/;
/** A normalized sentence or clause closed by a general stop the doctor asks himself, at any time. */
export const endsWithOwnGeneralStop = (c: string): boolean => ENDS_WITH_GENERAL_STOP.test(c) && !SOMEONE_ELSE.test(c) && !FRONTED_TIME.test(c);
/**
 * A clause of the raw message (commas kept apart) that is a general stop on its own: "parem de me mandar msg,
 * vcs mandam 10 por dia" asks to stop everything and then says why. A frequency named elsewhere is then the
 * complaint behind the stop, not a cap on it.
 */
export function hasGeneralStopClause(text: string): boolean {
  return text.split(/[,;.!?\n]+/).map(normalize).some(endsWithOwnGeneralStop);
}

// - a message meant for someone close, sent to the wrong chat: it opens by calling the reader "amor", "mãe"...
//. A recruiter is never addressed so; the stop is for that person.
// Words a doctor might also say to us ("querida", "mano", "bem,") are left out: a missed stop costs less than a false one,
// but this frame is a veto, so it keeps to forms of address for family and partners.
// a message sent to the wrong chat, said so ("ops, mandei pra pessoa errada", "era pra outro grupo").
export const WRONG_CHAT = /\b(?:mandei|enviei|mandou|foi) (?:pra|para|pro|no|na) (?:pessoa|conversa|grupo|chat|contato|numero) (?:errad[oa])\b|\b(?:era|foi) (?:pra|para|pro) (?:outra pessoa|outro grupo|outro contato|outra conversa)\b|\bmensagem errada\b|\berrei (?:o|a) (?:contato|conversa|grupo|chat)\b/;
export const ADDRESSED_ELSEWHERE = /^(?:oi |ei )?(?:amor|meu amor|mor|mozao|mozi|minha vida|meu bem|benzinho|mae|mamae|mainha|pai|papai|painho|filh[oa]|filhot[ea]|vo|vovo|sogr[ao])\b(?! (?:de|do|da|amado|eterno|nosso|santo)\b)/;

function mentionsWithoutAsking(sentence: string): boolean {
  return JOKE.test(sentence) || DENIED_STOP.test(sentence) || REPORTED.test(sentence) || TOLD_ELSEWHERE.test(sentence) || NOT_OURS.test(sentence) || UNTIL.test(sentence) || BLOCK_UNDONE.test(sentence) || THREAT_IF.test(sentence) || HYPOTHETICAL.test(sentence) || CONDITIONAL_THREAT.test(sentence) || IF_WE_STOP.test(sentence);
}

// a stop that is only a condition ("quando eu quiser sair da lista é só falar?", "se um dia eu quiser
// sair eu aviso") or an echo the doctor refuses ("sair dessa lista? nunca, ...") is not a request. The refusal must
// stand alone: "quem te deu meu contato? nunca autorizei" goes on to a verb and still stops.
// "for" needs "eu" ("é bot? se for, me descadastra" is conditional on a fact about us, and stops);
// "se eu pedir pra sair da lista, perco o cadastro?" asks what would happen; the condition may follow the stop ("como faço pra sair, caso um dia eu queira?").
export const CONDITIONAL_STOP = /\b(?:quando|se|caso|no dia que|o dia que|no dia em que) (?:um dia )?(?:(?:eu )?(?:quiser|quizer|precisar|decidir|resolver|mudar de ideia|mude de ideia)|eu for) (?:\S+ )?(?:sair|parar|ser removid|ser excluid|descadastr|que (?:voces )?parem|que me tirem)|\b(?:se|caso|quando) eu (?:pedir|solicitar) (?:pra|para|que) (?:voces )?(?:sair|parar|me tir|me remov|me exclu|me descadastr)|\b(?:sair|parar|descadastr\w*|ser (?:removid|excluid|retirad)\w*)\b(?: \S+){0,6} (?:se|caso) (?:um dia )?(?:eu )?(?:queira|quiser|quizer|precise|precisar|decida|decidir|resolva|resolver|mude de ideia|mudar de ideia)\b|\b(?:se|caso|quando) (?:um dia )?(?:eu )?(?:mude|mudar) de ideia\b.{0,60}\b(?:descadastr\w*|sair|parar|ser removid\w*)\b/;
// read sentence by sentence, since normalising drops the question mark that closed a request
// ("pode parar de mandar? se eu quiser eu procuro vocês" read as "parar de mandar se eu quiser").
export function conditionalStop(text: string): boolean {
  return text.split(/[.?!;\n]+/).some((sentence) => CONDITIONAL_STOP.test(normalize(sentence)));
}
export const ECHO_REFUSED = /\?\s*(?:nunca|jamais|nem pensar|de jeito nenhum|claro que n[aã]o|nem morto|nem morta|nem a pau|nem sonhando)\s*(?:[,.!]|$)/iu;

/** The sentences that still speak for the doctor once mentions of a stop are set aside. */
export function ownSentences(text: string): string[] {
  // "meu colega disse que não tem interesse, mas eu quero sair da lista": after a mention set aside,
  // what follows "mas" is the doctor's own voice again, so it is read as a sentence of its own.
  const raw = (keepTitles(canonical(text)).match(/[^.?!;\n]+[.?!;\n]*/g) ?? []).flatMap((s) => {
    const but = /,?\s+mas\s+/iu.exec(s);
    const mentionFirst = but !== null && mentionsWithoutAsking(normalize(s)) && mentionsWithoutAsking(normalize(s.slice(0, but.index)));
    return mentionFirst ? [s.slice(0, but.index), s.slice(but.index + but[0].length)] : [s];
  });
  return raw
    .filter((s) => {
      const n = normalize(s);
      // Only a question can be hypothetical; "parar de mandar." as a statement is a request.
      if (HYPOTHETICAL.test(n) && !s.includes('?')) return !JOKE.test(n) && !DENIED_STOP.test(n) && !REPORTED.test(n);
      return !mentionsWithoutAsking(n);
    })
    .map(normalize)
    .filter((c) => c.length > 0);
}

// a continuation under a condition ("caso continue recebendo, tomarei medidas", "se eu continuar
// recebendo") is the threat behind a stop, not a wish to stay.
export function statesContinuation(normalized: string): boolean {
  const m = CONTINUE.exec(normalized);
  return m !== null && !NEGATED_BEFORE.test(normalized.slice(0, m.index));
}

// "não me tira da lista não, pf", "ai, não me removam": a removal refused at the start of its clause is a wish to stay.
// Read within a comma's reach and outside a question, because "não, me tira da lista" is a no and then a stop, and
// "não me tira da lista?" may ask why we have not.
const KEEP_ME = /^(?:(?:ah|ai|ei|opa|olha|calma|mas|por favor|pf|pfv|pelo amor de deus) )*nao (?:me |nos )?(?:tira|tire|tirem|retira|retire|retirem|remove|remova|removam|exclui|exclua|excluam|apaga|apague|apaguem|descadastra|descadastre|descadastrem)\b/;
function refusesRemoval(text: string): boolean {
  return canonical(text)
    .split(/[.!;\n]+/)
    .filter((sentence) => !sentence.includes('?'))
    .flatMap((sentence) => sentence.split(','))
    .some((clause) => KEEP_ME.test(normalize(clause)));
}

// "vocês me removeram? não chega mais nada", "parei de receber as vagas": the sending missed, or a removal asked about,
// is a wish for the messages back.
const MISSES_OUR_MESSAGES = /\bnao (?:me )?(?:chega|chegam|recebo|recebi|estou recebendo|to recebendo|tenho recebido|vem|veio|vieram|aparece) mais\b|\bparei de receber\b|\bpararam de (?:me )?(?:mandar|enviar)\b|\b(?:voces |vcs )?me (?:removeram|tiraram|excluiram|descadastraram)\b(?! (?:e|mas) (?:continu|ainda))/;

/** A wish to stay, a condition, a joke, another addressee, a wrong chat or a stop told to someone else: frames that bind the learned layer too. */
export function setsStopAside(raw: string): boolean {
  const text = keepsOn(detectorInput(raw));
  const normalized = normalize(text);
  // a stop told to someone else, a block undone, a pause until a date and a move to another number, channel or
  // format bind the model too: the rules set them aside and the model, reading the words of a stop, added them back;
  // so does a removal refused, whose words are a stop's.
  return NEW_NUMBER.test(normalized) || ONE_CHANNEL.test(normalized) || ONE_FORMAT.test(normalized) || conditionalStop(text) || statesContinuation(normalized) || JOKE.test(normalized) || ADDRESSED_ELSEWHERE.test(normalized) || WRONG_CHAT.test(normalized) || TOLD_ELSEWHERE.test(normalized) || SOMEONE_ELSE.test(normalized) || BLOCK_UNDONE.test(normalized) || UNTIL.test(normalized) || refusesRemoval(text) || MISSES_OUR_MESSAGES.test(normalized);
}

// Read on the whole message by single rules (`rejectMessage`):
// One shift named by its day: "o plantão de quinta", "a escala do dia 15", "minha reserva de amanhã".
export const ONE_BOOKED_SHIFT = /\b(?:o|a|esse|essa|do|da|no|na|meu|minha) (?:plantao|escala|reserva|turno) (?:de|do|da) (?:segunda|terca|quarta|quinta|sexta|sabado|domingo|amanha|hoje|dia \d{1,2}|\d{1,2})\b/;
// "Stop! Espera, antes de reservar: é 12h?": a stop that holds the conversation a moment, not the contact.
export const HOLD_ON = /\b(?:espera|espere|esperai|pera|perai|calma ai|antes de (?:reservar|confirmar|fechar|agendar))\b/;
// A reply promised later: "vou pensar e te falo", "amanhã te respondo", "eu vejo quando der".
export const ASKS_FOR_TIME = /\b(?:vou (?:pensar|ver|analisar|olhar|decidir)|(?:te|lhe) (?:falo|respondo|retorno|aviso|chamo)|eu (?:vejo|decido|respondo|aviso) (?:quando|depois|amanha|mais tarde)|calma)\b/;
