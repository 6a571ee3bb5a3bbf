import { detectorInput, normalize } from '../../text/normal-form.js';
import { speakingSentences } from '../../text/speaking-sentences.js';
import { learnedVerdict } from '../../learned/index.js';
import { matchRules, oneOf, type Rule } from '../engine.js';
import { MEMBERSHIP_FRAMES } from './membership-frames.js';
import { RECALL_FRAMES } from './recall-frames.js';
import { ADDRESSED_ELSEWHERE, WRONG_CHAT, conditionalStop, ECHO_REFUSED, endsWithOwnGeneralStop, JOKE, NARROW_KIND, NEW_NUMBER, hasGeneralStopClause, namesFrequency, ONE_CHANNEL, ONE_FORMAT, keepsOn, setsStopAside, statesContinuation, HOLD_ON, ASKS_FOR_TIME } from './vetoes.js';
import { STUFF, SEND, PESTER, CONTAINER, FROM, MY_ID, REMOVE, NARROW_LIST, NARROW_OFFERS_LIST, THEIR_LIST, BARE_REMOVE, NAMES_A_THING, NO_LONGER_NEEDED, OWN_CHANNEL_TAIL, PLACE_TAIL, FRONTED_PLACE, isShiftSpecific, namesOneKindOf, rejectReceiveTail, WANT_NOT, RECEIVE, BE_CONTACTED, CONTACT, ONE_ROSTER, ONE_SHIFT_HERE, FOR_A_WHILE, OTHER_SERVICE, LEFT_FOR_GOOD } from './objects.js';

export interface OptOutResult {
  optOut: boolean;
  confidence: number;
  reason?: string;
}

const RULES: readonly Rule[] = [
  // the English keywords doctors borrow ("opt out", "optout"); "descadastrar só dos de fim de semana"
  // is one kind of offer.
  // "me descadastrar do app do hospital" leaves someone else's service.
  { name: 'unsubscribe', confidence: 0.97, pattern: /\bdescadastr\w*|\bdesinscrev\w*|\bdesinscri\w*|\bunsubscribe\b|\bopt ?out\b/, negatable: true, rejectTail: (tail) => /^(?:so|somente|apenas) (?:d[aoe]s?|nos?|nas?|em)\b/.test(tail) || OTHER_SERVICE.test(tail) },
  // A bare imperative closing a sentence: "me exclui", "me removam", "remova." There is no object
  // left to make it about a shift ("remove a vaga de quinta" has one).
  { name: 'bare_remove_me', confidence: 0.88, pattern: new RegExp(`(?:\\b(?:me|nos) ${BARE_REMOVE}|\\b(?:pode|podem|poderia|poderiam) me ${oneOf('tirar', 'retirar', 'remover', 'excluir', 'apagar', 'deletar', 'descadastrar')}|^(?:\\S+ ){0,3}?${BARE_REMOVE}(?: me)?)(?: ${oneOf('por favor', 'agora', 'ja', 'logo', 'daqui', 'dai', 'obrigad[oa]', 'entao', 'de uma vez', 'de vez', 'imediatamente', 'urgente', 'ai', 'pf', 'pfv', 'pls', 'parceir[oa]', 'amig[oa]', 'querid[oa]', 'moca', 'moco')})*$`), negatable: true },
  // "Bloqueado.", "número bloqueado": the doctor reports the block as done.
  // "bloqueei, nem adianta mandar": the block told as done, with no use in sending.
  { name: 'blocked_no_use', confidence: 0.88, pattern: /\bbloqueei\b(?: \S+){0,3}? nem adianta (?:me )?(?:mandar|mandarem|insistir|escrever|ligar)\b/ },
  { name: 'blocked', confidence: 0.88, pattern: /^(?:(?:numero|contato|voce|voces|ja|vou deixar|ta|esta) )*bloquead[oa]s?(?: (?:ja|agora|viu|tchau))*$|^(?:(?:ja|to|estou) )?bloqueando(?: (?:voces|o numero|esse numero|esse contato))?(?: (?:ja|agora|viu|tchau))*$|\b(?:tchau|pronto|chega|adeus) bloquead[oa]s?(?: (?:ja|agora|viu))*$/ },
  ...MEMBERSHIP_FRAMES,
  // After a complaint about what we send, "não quero mais" closing the message is the stop itself ("recebo umas 10
  // mensagens dessas por semana e cansei, não quero mais", "vocês ainda me mandam mensagem? já falei que não quero").
  {
    name: 'no_more_after_messages',
    confidence: 0.82,
    // "já falei que não quero" restates an earlier refusal the same way; "de novo?? já falei que não quero" names the
    // sending again.
    pattern: /\b(?:nao quero mais|(?:ja )?(?:falei|disse|avisei|pedi|expliquei) (?:\S+ )?que nao quero(?: mais)?)(?: (?:nada|isso|receber))?(?: (?:por favor|obrigad\w*|viu|ok|ta|nao|poxa|pow|caramba))*$/,
    rejectText: (t) => !/\b(?:mensage\w*|recebo|recebendo|mandam|mandando|enviam|enviando|insistent\w*|insistem|insistindo|insistencia|de novo|denovo|outra vez)\b/.test(t) || /\b(?:vagas?|plantao|plantoes|ofertas?) (?:de|do|da|no|na|em|noturn\w*|diurn\w*)\b/.test(t),
  },
  // "já pedi pra me tirarem", "pedi pra parar": a repeated request is the clearest signal of all ("pedi pra parar de
  // mandar vaga noturna" repeats a narrow one).
  // "quantas vezes vou ter que pedir pra me tirarem?": the request repeated in exasperation, said to us now.
  { name: 'asked_how_many_times', confidence: 0.9, pattern: /\bquantas vezes (?:\S+ ){0,3}?(?:pedir|pedi|falar|falei|dizer|disse|repetir) (?:pra|para|que) (?:voces )?(?:parar|pararem|parem|me tirar|me tirarem|me tirem|nao me mandar|nao mandar)\b/, rejectTail: (tail) => ONE_ROSTER.test(tail) || isShiftSpecific(tail.replace(/^de (?:me )?(?:mandar|enviar|oferecer) /, '')) },
  { name: 'asked_before', confidence: 0.9, pattern: /\b(?:ja )?(?:mandei|(?:falei|disse)(?: (?:\d+|duas|tres|varias|mil|umas \S+|um monte de|zilhoes de) vezes)? (?:pra|para)) (?:voces )?(?:parar|pararem)\b|\b(?:ja )?pedi (?:(?:\d+|duas|tres|varias|mil|umas) vezes )?(?:pra|para|que) (?:voces )?(?:me )?(?:tirar|tirarem|tirassem|remover|removerem|excluir|excluirem|descadastrar|parar|pararem|parassem|nao mandar|nao me mandar|sair)\b/, rejectTail: (tail) => ONE_ROSTER.test(tail) || isShiftSpecific(tail.replace(/^de (?:me )?(?:mandar|enviar|oferecer) /, '')) },
  // "tô pedindo educadamente pra vocês pararem": the stop asked of us, nothing narrower after it.
  { name: 'asks_us_to_stop', confidence: 0.88, pattern: /\b(?:pedindo|peco|pedi|vou pedir)(?: \S+){0,2}? (?:pra|para|que) (?:voces |vcs )?(?:parem|pararem|parar)(?: (?:de (?:me )?(?:mandar|enviar|escrever|chamar)(?: (?:mensage\w*|isso|nada|coisas?))?|com isso|por favor|agora|ja|mais|obrigad[oa]))*$/, negatable: true },
  // "dispenso esse tipo de mensagem": the kind of contact as a whole; a bare "dispenso" turns down this offer.
  { name: 'decline_the_kind', confidence: 0.85, pattern: /\bdispenso (?:esse tipo de |este tipo de |essas |estas |suas |as |qualquer )(?:mensage(?:m|ns)|contatos?|ofertas|vagas|propagandas|abordage(?:m|ns)|tipo de contato)\b/, rejectTail: isShiftSpecific },
  // "me poupe dessas mensagens"; "dessas vagas de 12h" is one kind.
  { name: 'spare_me', confidence: 0.88, pattern: /\bme poup(?:e|em|a) (?:dessas?|desses?|destas?|das|dos|de) (?:mensage\w*|vagas|ofertas|propagandas|coisas|spam|disparos|contatos)\b/, rejectTail: (tail) => isShiftSpecific(tail) || /^(?:de|do|da|em|no|na|noturn\w*|diurn\w*|so)\b/.test(tail) },
  {
    name: 'stop_sending',
    confidence: 0.95,
    pattern: new RegExp(`\\b${oneOf('para', 'pare', 'parem', 'parar', 'pararem', 'parassem', 'chega', 'deixa', 'deixe', 'deixem', 'deixarem', 'deixassem', 'cessem', 'cessar', 'cessassem')} ${oneOf('de', 'com')} (?:(?:me |nos )?(?:ficar )?(?:${SEND}|${PESTER})|(?:me|nos) (?:ficar )?procur(?:ar|ando))\\b`),
    // "procurar" is contact only with "me" ("para de me procurar"); "pode parar de procurar, já achei" is searching.
    // "para de mandar agora que eu vejo amanhã as outras": for now, with a reply promised, is a pause.
    rejectMessage: (whole) => /\bagora\b/.test(whole) && ASKS_FOR_TIME.test(whole),
    rejectTail: isShiftSpecific,
  },
  // "chega de mensagem", "parem com essas propagandas": the noun alone carries the verb.
  {
    name: 'enough_of',
    confidence: 0.9,
    // "chega dessas mensagens": the article may be fused with "de".
    pattern: new RegExp(`\\b${oneOf('para', 'pare', 'parem', 'parar', 'pararem', 'chega', 'basta')} ${oneOf('de', 'com', 'dessas?', 'destas?', 'desses?', 'das', 'dos')} (?:a |as |o |os |essas? |estas? |esses? |tanta |tantas |sua |suas )?${oneOf('mensage(?:m|ns)', 'spam', 'propagandas?', 'anuncios?', 'ligac(?:ao|oes)', 'divulgac(?:ao|oes)', 'ofertas?', 'convites?')}\\b`),
  },
  // "chega de vaga pra mim": the offers as a whole; a kind or a moment after it ("chega de plantão noturno") narrows it.
  { name: 'enough_of_offers', confidence: 0.88, pattern: new RegExp(`\\b${oneOf('chega', 'basta')} ${oneOf('de', 'com', 'dessas?', 'destas?', 'desses?')} (?:essas? |tantas? )?${oneOf('vagas?', 'plantoes', 'ofertas?', 'convites?')}\\b`), rejectTail: (tail) => isShiftSpecific(tail) || /^(?:d[aoe]s?|em|no|na|de|noturn\w*|diurn\w*|longe|barat\w*|ruim|ruins|pessim\w*|mal pag\w*|\d+)\b/.test(tail) },
  // A complaint about the messages closed by a stop of its own: "ninguém pediu essas msg, para",
  // "tô cansado dessas mensagens, chega". The stop word is the message's last word.
  // "tô cansado desse robô mandando mensagem, para": the sending itself named as the complaint.
  // "to de saco cheio dessas msg, some": going away is the same stop.
  { name: 'complaint_then_stop', confidence: 0.85, pattern: new RegExp(`\\b(?:essas?|estas?|tantas?|suas?|dessas?|destas?|de tanta|das|mandando|enviando|recebendo) ${oneOf('mensage(?:m|ns)', 'propagandas?', '(?:ofertas?|vagas?)(?! (?:de|do|da|dos|das|em|no|na|nos|nas|pra|para|pro|com|sem|acima|abaixo|noturn|diurn|long|pert|\\d))')}\\b(?: \\S+){0,8} ${oneOf('para', 'pare', 'parem', 'chega', 'basta', 'some', 'suma', 'sumam')}(?: ${oneOf('por favor', 'pf', 'pfv', 'ja', 'agora', 'viu', 'ta')})*$`) },
  // Being pestered, said of us as it happens: "vocês tão me enchendo o saco". "enchendo de vaga boa" is praise.
  { name: 'being_pestered', confidence: 0.85, pattern: /^(?:ja )?(?:ta|tao|esta|estao) me (?:enchendo|perturbando|incomodando|torrando)(?: o saco)?(?: (?:para|pare|parem|chega))?$|\b(?:voces|voce|isso|essas mensagens?) (?:estao|tao|ta|esta|ficam|fica) me (?:enchendo|perturbando|incomodando|importunando|torrando)\b/, rejectTail: (tail) => /^(?:de|com) (?!mensage(?:m|ns)|msg|spam|propaganda)/.test(tail) },
  // "peço que não me escrevam", "favor não me liguem mais": the request in the subjunctive, closing its clause.
  { name: 'ask_not_to_write', confidence: 0.88, pattern: /\b(?:peco|pedimos|solicito|gostaria|favor|por favor)(?: (?:que|q))? (?:voces |vcs )?(?:nao|nunca mais) (?:me |nos )?(?:escrevam|mandem|enviem|liguem|procurem|contatem|contactem|chamem|incomodem|perturbem)(?: (?:mais|nada|por favor|obrigad[oa]))*$/ },
  { name: 'stop_spam', confidence: 0.9, pattern: /\b(?:isso|isto|isso aqui|voces|esse numero|essas mensagens) (?:e|sao) (?:um )?spam\b|\b(?:denunci|report|marquei)\w* (?:\S+ ){0,2}?(?:como )?spam\b/, rejectMessage: (whole) => /\b(?:sem querer|por engano|por acidente)\b/.test(whole) },
  // The colloquial double negative closing a general stop ("não manda mais mensagem pra mim não, obrigado"): the last
  // "não" underlines the whole request, so there is no place, time or kind left after it to narrow it.
  { name: 'do_not_send_underlined', confidence: 0.95, pattern: new RegExp(`\\b(?:nao|num) (?:me |nos )?${CONTACT} mais (?:(?:essas?|esses?|as|os|suas?|seus?) )?${oneOf('vagas?', 'mensage(?:m|ns)', 'ofertas?', 'plantoes', 'nada', 'isso', 'coisas?')}(?: (?:pra|para) mim)? nao(?: ${oneOf('valeu', 'obrigad[oa]', 'ta', 'viu', 'ok', 'blz', 'beleza', 'por favor')})*$`) },
  {
    name: 'do_not_send',
    confidence: 0.93,
        // "nem me manda mais nada" (the "nem" of exasperation); "nunca mais me escreve" needs no object.
    pattern: new RegExp(`\\b(?:nao|nem|nunca mais) (?:quero (?:mais )?que (?:voce |voces )?)?(?:me |nos )?${CONTACT} (?:mais|nunca mais|${STUFF})\\b|\\bnunca mais (?:me |nos )?${CONTACT}\\b`),
    // "não me chama mais de doutor", "não manda mais de 3 por dia": a name or a cap, not a stop.
    // "não manda mais vaga pra Osasco": the place may follow the offers named.
    rejectTail: (tail) => isShiftSpecific(tail) || /^de\b/.test(tail) || PLACE_TAIL.test(tail) || PLACE_TAIL.test(tail.replace(/^(?:(?:essas?|esses?|as|os|a|o) )?(?:vagas?|plantoes|plantao|ofertas?|escalas?) /, '')),
    rejectText: (t) => FRONTED_PLACE.test(t) && /\b(?:hospital|santa casa|upa|ps|pronto socorro|clinica|hgs?|hu)\b|^(?:pra|para|pro|em) /.test(t),
  },
  {
    // "não precisa mandar mais nada, já reservei": no longer needed is not unwanted.
    name: 'no_need_to_send',
    confidence: 0.88,
    pattern: new RegExp(`\\bnao (?:precisa|precisam) (?:mais )?(?:me |nos )?${CONTACT} (?:mais|nunca mais|(?:as |os |essas |esses )?${STUFF})\\b`),
    rejectTail: (tail) => isShiftSpecific(tail) || /^de\b/.test(tail) || PLACE_TAIL.test(tail) || NO_LONGER_NEEDED.test(tail),
  },
  // "então não precisa mais me procurar, tá?": with "mais" and nothing after the verb (a
  // sentence's end), no object narrows it; a completion after it in the sentence ("…, já consegui") is not at the end.
  { name: 'no_need_to_seek_me', confidence: 0.85, pattern: new RegExp(`\\b(?:nao|nem) (?:precisa|precisam) (?:mais (?:me |nos )?${CONTACT}|(?:me |nos )?${CONTACT} mais|mais (?:entrar|entrarem) em contato(?: comigo| conosco)?)(?: (?:nao|ta|ok|viu|ne|blz|beleza|por favor|obrigad[oa]|valeu|ta bom|to fora(?: de vez)?|estou fora(?: de vez)?))*${LEFT_FOR_GOOD}$`), rejectMessage: (whole) => /\b(?:se|caso) (?:\S+ ){0,6}?(?:continuar|continuarem|for|forem|seguir|seguirem|ficar|ficarem|vier|vierem)\b/.test(whole) },
  // "tô fora de vez", "tô fora dessa lista": out for good, not out of one shift ("tô fora do plantão de sábado").
  { name: 'out_for_good', confidence: 0.85, pattern: /\b(?:to|estou|tou|fico) fora (?:de vez|pra sempre|para sempre|definitivamente|de tudo|dessa lista|da lista|desse cadastro|do cadastro|desses envios)\b/, negatable: true },
  { name: 'no_contact', confidence: 0.92, pattern: /\b(?:encerr|cess|cort|suspend|interromp)\w* (?:aqui )?(?:qualquer|todo|todos os|o|meu|nosso) contatos? (?:comigo|conosco|com (?:a|essa|esta|sua) empresa|com voces)\b|^(?:quero |favor |por favor )?(?:encerrar|encerra|encerro) (?:o |esse |este |nosso |meu )?contato(?: (?:aqui|por favor|obrigad[oa]))*$|\bnao (?:me )?(?:entre|entrem|entra|entrar|entrarem) (?:mais )?em contato\b|\bnao quero (?:mais )?(?:nenhum )?contato\b(?! com (?:o|a) (?:hospital|clinica))/, rejectTail: (tail) => /^(?:anterior|antiga|passada|de antes|d[oa] (?!voces|vcs)\S+)/.test(tail) },
  { name: 'do_not_want_receive', confidence: 0.93, pattern: new RegExp(`\\b(?:${WANT_NOT}|${oneOf('gostaria de', 'prefiro', 'quero', 'desejo')} nao) (?:mais )?${RECEIVE}\\b`), rejectTail: rejectReceiveTail },
  // "não quero ser chamado pra UTI": called for a kind of shift is a preference.
  { name: 'do_not_want_contact', confidence: 0.92, pattern: new RegExp(`\\b${WANT_NOT} (?:mais )?${BE_CONTACTED}\\b`), rejectTail: (tail) => isShiftSpecific(tail) || /^(?:para|pra|pro) (?!isso|nada|mais|nenhum|nenhuma|oferec)\S/.test(tail) },
  // Formal, nominal requests: "solicito a exclusão do meu contato", "peço a remoção dos meus dados".
  {
    name: 'removal_request',
    confidence: 0.92,
    // "a exclusão definitiva de meu número", an adjective between the request and its object.
    pattern: new RegExp(`\\b${oneOf('exclusao', 'remocao', 'retirada', 'descadastramento', 'descadastro', 'apagamento', 'eliminacao')}(?: ${oneOf('definitiva', 'total', 'completa', 'imediata', 'integral', 'permanente')})? ${oneOf('do', 'dos', 'da', 'das', 'de')} ${oneOf('meu', 'meus', 'minha', 'minhas')} ${oneOf('numero', 'contato', 'contatos', 'telefone', 'celular', 'cadastro', 'dados', 'nome', 'whatsapp', 'email')}\\b`),
    negatable: true,
    rejectTail: isShiftSpecific,
  },
  // the request named as such ("reitero meu pedido de exclusão", "segue meu pedido de descadastro").
  { name: 'removal_request_named', confidence: 0.9, pattern: /\b(?:meu|o|um|novo) (?:pedido|requerimento|solicitacao) de (?:exclusao|remocao|descadastro|descadastramento|retirada|apagamento)\b/, negatable: true, rejectTail: (tail) => /^(?:d[aoe]s? (?:vaga|plantao|escala|reserva|turno|proposta)|desse|dessa)\b/.test(tail) },
  // every record deleted ("podem deletar tudo que vocês têm de mim", "apaguem todos os meus dados").
  { name: 'delete_everything', confidence: 0.9, pattern: /\b(?:apag|delet|exclu|elimin)\w* (?:tudo|todos os (?:meus )?(?:dados|registros)|todas as (?:minhas )?informac\w*)(?: (?:que|q) (?:voces?|vcs?) (?:tem|tenham|guardam?) (?:de|sobre) mim| (?:meu|meus|sobre mim|de mim))/, negatable: true },
  // English, as doctors borrow it ("please remove me from your list", "stop texting me"); "off" arrives as "of", repeated letters being squeezed.
  { name: 'english_stop', confidence: 0.9, pattern: /\b(?:remove me|remove my (?:number|contact|name|data|phone)|delete my (?:number|contact|data)|take me off?|unsubscribe me|stop (?:texting|messaging|sending|contacting) me|do not (?:contact|text|message) me|dont (?:contact|text|message) me|(?:please )?stop sending(?: (?:messages|this|these))?(?: please)?$|no more (?:messages|texts|offers)(?: please)?$)\b/ },
  // "cancela o envio dessas mensagens", "suspende os disparos": stopping the sending itself.
  // The formal noun of the same request, asked for: "solicito a suspensão de qualquer comunicação comercial".
  { name: 'cancel_sending', confidence: 0.88, pattern: /\b(?:solicito|peco|pedimos|requeiro|quero|queria|gostaria d[aeo]|exijo|favor|aguardo) (?:a |o )?(?:suspensao|cessacao|interrupcao|cancelamento|encerramento) (?:de|do|da|dos|das) (?:qualquer |toda |todas as |todos os |todo |os |as |o |a )?(?:comunicac(?:ao|oes)|contatos?|envios?|mensage(?:m|ns)|disparos?)(?: comercia(?:l|is))?\b/, negatable: true, rejectTail: (tail) => isShiftSpecific(tail) || namesOneKindOf(tail) || NAMES_A_THING.test(tail) },
  { name: 'cancel_sending', confidence: 0.9, pattern: new RegExp(`\\b${oneOf(REMOVE, 'parar', 'parem', 'pare', 'cess(?:e|em|ar|a)', 'suspend(?:e|a|am|er)', 'interromp(?:e|a|am|er)', 'encerr(?:a|e|em|ar)')} (?:o |os |a |as |esse |esses |essas? )?${oneOf('envios?', 'disparos?', 'mensagens', 'recebimento', 'notificac(?:ao|oes)')}\\b`), negatable: true, rejectTail: (tail) => isShiftSpecific(tail) || namesOneKindOf(tail) || /^(?:daquel[ae]|dess[ae]|dest[ae]) (?:vaga|oferta|mensagem|plantao)\b/.test(tail) || NAMES_A_THING.test(tail) },
  // "não insista, amanhã te respondo" asks for time, and "não insistam com o Dr. Carlos" is about someone else.
  // "desiste não, insiste que eu pego" urges us on: its "não" closes "desiste".
  { name: 'do_not_insist', confidence: 0.88, pattern: /\b(?:nao|parem de|pare de|para de|chega de) (?:me )?(?:insist\w*)\b/, rejectText: (t) => /\bnao insist\w* (?:muito|tanto)\b|\bdesist\w* nao\b/.test(t), rejectMessage: (whole) => ASKS_FOR_TIME.test(whole), rejectTail: (tail) => isShiftSpecific(tail) || /^com (?:o|a|os|as|ele|ela|eles|elas|meu|minha)\b/.test(tail) },
  // "como eu paro de receber isso?": asking how, with no condition, is asking for it (the labelling guide).
  { name: 'stop_receiving', confidence: 0.9, pattern: /\b(?:parar|deixar) de receber\b|\bcomo (?:eu )?(?:paro|deixo) de receber\b/, negatable: true, rejectTail: rejectReceiveTail },
  { name: 'how_to_leave', confidence: 0.88, pattern: /\b(?:onde|como) (?:eu )?(?:clico|aperto|toco|digito) (?:pra|para) (?:sair|me descadastrar)(?: (?:disso|daqui|dessa|desse|da|do)\b|$)/, negatable: true },
  // "quero meu número fora dessa lista", "quero meus dados fora do cadastro".
  { name: 'my_id_out', confidence: 0.9, pattern: new RegExp(`\\b(?:quero|queria|exijo|preciso) (?:o |os )?(?:meu|meus) (?:numero|nome|contato|telefone|cadastro|dados)(?: e (?:o |os )?(?:meu|meus) \\w+)? fora ${FROM} (?:sua |seu |vossa |essa |esta |dessa |desta )?${CONTAINER}\\b`), negatable: true, rejectTail: (tail) => NARROW_LIST.test(tail) || THEIR_LIST.test(tail) },
  // "deixa eu fora dessa lista", "quero ficar fora do cadastro".
  { name: 'keep_me_out', confidence: 0.88, pattern: new RegExp(`\\b(?:deixa|deixe|deixem|quero ficar|prefiro ficar) (?:eu |me )?fora ${FROM} (?:sua |seu |vossa |essa |esta )?${CONTAINER}\\b`), negatable: true, rejectTail: (tail) => NARROW_LIST.test(tail) || NARROW_OFFERS_LIST.test(tail) || THEIR_LIST.test(tail) },
  // "Quero sair. Como faço?": leaving, said as a whole sentence.
  { name: 'want_out', confidence: 0.88, pattern: /^(?:eu )?(?:quero|queria|preciso) sair(?: (?:da lista|dessa lista|disso|daqui|de tudo|do cadastro|dessa|disso ai))?(?: (?:por favor|pfv|pf|agora|ja|logo|obrigad[oa]|obg|brigad[oa]|valeu|vlw|grat[oa]|tchau))*$/ },
  { name: 'no_more_messages', confidence: 0.88, pattern: new RegExp(`\\bnao quero (?:mais )?(?:receber )?(?:(?:essas|estas|suas|tantas|as) )?(?:${oneOf('mensage(?:m|ns)', 'nada de voces', 'nada com voces', 'saber de voces', 'saber disso', 'saber d(?:e|as|essas|estas) mensage(?:m|ns)', 'spam', 'papo com voces', 'conversa com voces')})\\b`) },
  // "não quero mais ofertas" is the offers as a whole; a qualified kind ("…de pediatria") stays narrow.
  // "não quero mais saber dessas vagas": hearing of the offers at all; "dessa vaga" is one, and "saber de plantão"
  // is about the work (tiredness), not about us.
  { name: 'no_more_offers', confidence: 0.88, pattern: new RegExp(`\\bnao quero mais (?:receber )?(?:${oneOf('ofertas', 'propostas', 'vagas', 'convites', 'oferta nenhuma', 'vaga nenhuma', 'nenhuma oferta', 'nenhuma vaga')})\\b|\\bnao quero (?:mais )?saber (?:de|das|dessas|destas) (?:vagas?|ofertas|propostas)\\b`), rejectTail: (tail) => !OWN_CHANNEL_TAIL.test(tail) && /^(?:d[aoe]s?|em|no|na|nos|nas|pra|para|por|so|de|com|que|acima|abaixo|longe|assim|nesse|nessa|desse|dessa|esse|essa|agora|hoje|esse mes|este mes|ate|noturn\w*|diurn\w*|barat\w*|long\w*|distant\w*|ruins?|curt\w*|pesad\w*|\d+)\b/.test(tail) },
  // "me bloqueia aí" asks to be blocked, the imperative of "bloqueia meu número".
  { name: 'block_me', confidence: 0.88, pattern: /\bme bloque(?:ia|ie|iem)\b/, negatable: true },
  // "quase bloqueei vocês", "ia bloquear vocês, mas…": a block that did not happen.
  { name: 'block', confidence: 0.9, pattern: new RegExp(`\\b(?:bloque(?:ia|ar|ie|iem|ei)) (?:${MY_ID}|${oneOf('voce', 'voces', 'esse numero', 'este numero', 'seu numero', 'o numero', 'esse contato', 'o contato', 'isso')})\\b`), rejectTail: (tail) => /^(?:daquel\w*|dess[ae]s? outr\w*|da outra|do outro|de outra|de outro|do hospital|da clinica|dela|dele)\b/.test(tail) , rejectText: (t) => /\b(?:quase|ia|iria|pensei em|cheguei a pensar em) (?:te |lhe )?bloque\w*/.test(t) },
  // Reporting to a council or Procon is a legal threat (hand-off), not a request to stop.
  // "mais uma msg e eu bloqueio": the next message named as the last.
  { name: 'will_block', confidence: 0.9, pattern: /\bmais (?:uma|um) (?:\S+ )?(?:mensagem|mensagens|vaga|vagas|dessas?|desses?) (?:e|que) (?:eu )?(?:te |lhe |voces )?(?:bloqueio|vou bloquear|bloquearei)\b/ },
  { name: 'will_block', confidence: 0.9, pattern: /^(?:\S+ )?vou (?:te |lhe )?bloquear(?= (?:toda|todo|porque|pois|de tanto|ja|agora|mesmo|sim|voces|isso|esse numero|este numero|seu numero|o numero de voces)\b)|\bvou (?:te |lhe |lhes )?bloquear(?: (?:voce|voces|esse numero|esse contato|seu numero|o numero|isso|e|viu|hein|agora|ja))?$|\bvou te bloquear\b/ },
  // "sai fora" as a whole clause dismisses us ("sai fora, não quero"); beside a figure or an offer ("sai fora, 500
  // reais por 12h?") it dismisses that offer.
  { name: 'get_lost', confidence: 0.85, pattern: /\b(?:receber|recebo|recebendo|mensage\w*|mandam|mandando) (?:\S+ ){0,4}?(?:sai|vaza) fora$|^(?:(?:ah|ai|mano|ow|ei|po|pqp) )*(?:(?:sai|saia|saiam) fora|(?:vaza|vazem)(?: fora| daqui)?)(?: (?:voces|vcs|voce|vc|daqui|ja|agora|por favor|pfv|viu|chatos?|chatas?|mala|pentelh\w*|ow|nao quero(?: mais)?(?: nada)?))*$/, rejectMessage: (whole) => /\b(?:\d+|reais|valor|preco|paga\w*|plantao|plantoes|vaga|vagas|hospital|turno|escala)\b/.test(whole) },
  // "para com isso", "some": a stop that is the whole clause ("vcs são insuportáveis, some").
  { name: 'stop_this', confidence: 0.85, pattern: /^(?:(?:ah|ai|mano|po|pqp|gente|ja falei|ja disse) )*(?:para|pare|parem) com (?:isso|essas mensagens|essa palhacada|essa insistencia)(?: (?:serio|por favor|pelo amor de deus|pelo amor|ja|agora|viu|pfv))*$|(?:^(?:(?:ah|ai|mano|entao|agora) )*|\b(?:voces|vcs) (?:sao|sao muito|e|sao tao) \S+(?: demais)? )(?:some|suma|sumam)(?: (?:daqui|da minha vida|por favor|pelo amor de deus|ja|agora|viu|pfv))*$/ },
  // "não tenho mais interesse nessas ofertas": no longer, and the offers as a whole, nothing after them but thanks;
  // "nessa vaga" is one offer, "nas vagas noturnas" one kind, and a bare "não tenho interesse" a no to this one.
  { name: 'no_longer_interested_in_offers', confidence: 0.85, pattern: /\bnao tenho mais (?:nenhum )?interesse (?:n|em )?(?:essas|estas|suas|as|nas|nestas|em) (?:ofertas|vagas|mensagens|propostas|oportunidades)\b/, rejectTail: (tail) => tail !== '' && !/^(?:obrigad[oa]|valeu|por favor|pf|pfv|de voces|de vcs|ok|ta|viu|nao|ja|mais)\b/.test(tail) },
  // "me erra" (leave me alone) as a whole clause.
  { name: 'leave_me_be', confidence: 0.85, pattern: /^(?:(?:ah|ai|mano|po|pqp|ow) )*me erra(?: (?:por favor|pelo amor de deus|pelo amor|viu|ja|agora|mano))*$/ },
  // A bare "para" closing refusals said over and over ("não quero, não quero e não quero. entendeu? para.").
  // "já disse que não quero, para": the refusal repeated and the stop in one sentence.
  { name: 'stop_after_refusals', confidence: 0.82, pattern: /^(?:para|pare|parem)$|^(?:eu )?ja (?:falei|disse)(?: (?:mil|\d+|duas|tres|varias|um monte de) vezes)?(?: que)? nao quero(?: mais)?(?: nada)? (?:para|pare|parem)$/, rejectMessage: (whole) => !/\bnao quero\b.*\bnao quero\b|\bja (?:falei|disse)\b|\bentendeu\b|\b(?:de novo|denovo|outra vez)\b/.test(whole) },
  { name: 'get_out', confidence: 0.9, pattern: /\b(?:sai|saia|saiam|some|suma|sumam|desaparece|desaparecam) (?:do|da) (?:meu|minha) (?:whatsapp|celular|telefone|vida|pv|chat|numero|conversa|zap|inbox|caixa de entrada)\b|\b(?:sai|saia|saiam|larga|larguem) do meu pe\b(?! com)/ },
  // A pause with an end is not a stop: "me esquece essa semana, tô de férias".
  { name: 'leave_me_alone', confidence: 0.8, pattern: /\bme (?:deixa|deixe|deixem) em paz\b|\b(?:deixa|deixe|deixem) (?:eu|a gente) em paz\b|\bme esquec(?:e|a|am)\b|\besquec(?:e|a|am) que eu existo\b|\b(?:finge|finja|finjam) que eu nao existo\b|\b(?:desencana|desencane|desencanem|desiste|desista|desistam) de mim\b|\besquec(?:e|a|am) (?:de mim|meu numero|meu contato)\b|\b(?:pode|podem|poderia|poderiam|favor|por favor) (?:me )?esquecer (?:de mim|meu numero|meu contato|meu telefone|que eu existo)\b/, negatable: true, rejectTail: (tail) => FOR_A_WHILE.test(tail) || ONE_ROSTER.test(tail) || ONE_SHIFT_HERE.test(tail) },
  ...RECALL_FRAMES,
  // "nunca pedi pra receber isso": receiving was never wanted, so it is a stop.
  // "eu não pedi pra receber isso": what he receives named as ours ("não pedi pra receber o pagamento adiantado" is money).
  { name: 'never_asked', confidence: 0.85, pattern: /\bnunca (?:pedi|solicitei|autorizei) (?:pra|para|que|q) (?:voces? )?(?:me )?(?:receber|mandar|mandarem|enviar|enviarem)\b|\b(?:nao|nem) (?:pedi|solicitei) (?:pra|para) (?:receber|ninguem me mandar) (?:isso|isto|nada|essas? (?:mensage\w*|vagas|ofertas|coisas)|mensage\w*|vagas|ofertas|spam)\b/ },
  // A stop that is its whole clause, said to us: "já falei que não tenho interesse, parem", "pode parar. não quero",
  // "vcs são chatos demais, me deixa". Never the bare "para" (also "for"), and never with a word after it.
  // "parem" may close a longer sentence; "pode parar" only opens its own; "me deixa" opens it or closes a complaint
  // about us ("vcs são chatos demais, me deixa"), never a condition ("se tiver vaga boa me deixa"). A stop reported
  // as said to someone else ("tava falando pros meus filhos: parem!") is theirs.
  {
    name: 'bare_stop',
    confidence: 0.82,
    pattern: /(?:^(?:(?:entao|agora|ja|so|por favor|pf|pfv|pelo amor de deus) )*(?:(?:pode|podem) (?:parar|para)|pare|me (?:deixa|deixe|deixem))|(?:^|(?<!\bque )\b)parem)(?: (?:por favor|pf|pfv|ja|agora|viu|ta|pelo amor de deus|de vez|com isso))*$/,
    negatable: true,
    // "quando acabar eu aviso, aí vocês parem": a stop for later, on his word.
    rejectText: (t) => /\b(?:falando|falei|disse|gritei|pedi|mandei) (?:\S+ ){0,3}?(?:pr[oa]s?|para [oa]s?|a|ao|aos|as) \S+/.test(t) || /\b(?:ai|dai) (?:voces |voce )?parem\b/.test(t),
    rejectMessage: (whole) => HOLD_ON.test(whole),
  },
  // The same stop asked politely, as a wish: "gostaria que parassem", "peço que parem, obrigado". Its whole clause
  // again: with an object after it ("que parassem de me colocar no noturno") it is about that object.
  {
    name: 'wished_stop',
    confidence: 0.82,
    pattern: /\b(?:gostaria|queria|quero|peco|pedimos|pediria|solicito|espero) (?:muito )?(?:que|q) (?:voces |voce )?(?:parem|parassem|pare|parasse)(?: (?:por favor|pf|pfv|ja|agora|imediatamente|de vez|com isso|obrigad[oa]|grat[oa]))*$/,
    negatable: true,
  },
  // A no to every offer, for good: "não tenho interesse nem agora nem nunca". A no to one hospital or kind stays a no.
  { name: 'never_interested', confidence: 0.85, pattern: /\bnao tenho (?:nenhum )?interesse(?: (?:em nada|em nenhuma (?:vaga|oferta|proposta)|em nenhum plantao|em vagas|em plantao|em plantoes))? (?:nem agora nem nunca|nem agora nem depois|nunca mais|jamais|nunca)\b/ },
  {
    name: 'leave_me_after_complaint',
    confidence: 0.8,
    pattern: /\bme (?:deixa|deixe|deixem)(?: (?:por favor|pf|pfv|ja|agora|viu|pelo amor de deus|de vez))*$/,
    negatable: true,
    rejectText: (t) => /^ ?se\b/.test(t) || !/\b(?:chat[oa]s?|saco|insuport\w*|irritant\w*|inconvenient\w*|encheu|enchendo|cansei|chega|inferno|perturb\w*|importun\w*)\b/.test(t),
  },
  // "nao faz sentido me mandar isso, pode tirar": a bare removal closing a complaint about what we send; a shift,
  // a roster or a date anywhere makes it a removal from that instead.
  {
    name: 'bare_removal_after_sending',
    confidence: 0.8,
    // "não lembro de ter me cadastrado, favor remover": a record he never made is what goes.
    pattern: /\b(?:pode|podem|favor|por favor) (?:me )?(?:tirar|remover|excluir|apagar)(?: (?:por favor|pf|pfv|ja|entao|viu))*$/,
    rejectText: (t) => !/\bme (?:mand|envi)\w*|\b(?:mensage\w*|mandam|mandando|enviam|enviando|me cadastr\w*|cadastrei)\b/.test(t) || /\b(?:errad\w*|contratos?|documentos?|arquivos?|fotos?|pdfs?|links?|audios?|comprovantes?|notas?|escalas?|reservas?|dia \d+|agenda|turno|data)\b|\b(?:vagas?|plantao|plantoes) (?:de|do|da|no|na|dia|\d)\b(?! (?:vagas?|plantao|plantoes)\b)/.test(t),
  },
  // "nao vou pegar plantao com vcs nunca, podem me esquecer": forgetting him, the clause's end.
  // "podem me esquecer, não volto a fazer plantão": the reason for good may follow.
  { name: 'forget_me', confidence: 0.82, pattern: /\b(?:pode|podem|poderia|poderiam) me esquecer(?: (?:de vez|pra sempre|para sempre|por favor|viu|ta))*(?:$| nao (?:volto|vou voltar|faco mais|pego mais|quero mais|trabalho mais|tenho mais interesse)\b)/, rejectText: (t) => /\b(?:nao|nem) (?:pode|podem|poderia|poderiam) me esquecer\b/.test(t) },
  // "para com isso, não quero mais": stopping "this" when it is the whole clause.
  { name: 'stop_this', confidence: 0.85, pattern: /^(?:\S+ )?(?:para|pare|parem|chega) com isso(?: (?:por favor|ja|agora|pelo amor de deus))*(?: nao quero mais(?: nada)?)?$/ },
  // "parem com isso por favor, eu tenho 70 anos e não dou mais plantão": the reason follows in the
  // first person.
  { name: 'stop_this_because', confidence: 0.85, pattern: /^(?:\S+ )?(?:parem|pare) com isso(?: por favor)? (?:eu|ja|nao (?:dou|faco|pego|trabalho|quero)|to|estou|tenho|sou|parei|mudei)\b/ },
  // "vocês seguem a LGPD?" asks about compliance; the law invoked for a demand still stops. What is not authorised must
  // be the contact, his data or nothing named ("não autorizo o desconto do ISS" is about pay).
  // the past "não autorizei" is a stop when what was not authorised is the contact itself;
  // "não autorizei ninguém a compartilhar meus dados… como conseguiram?" asks how, which is trust, not a stop.
  { name: 'no_consent', confidence: 0.85, pattern: /\bnao autorizo(?:$| (?:mais )?(?:(?:o|a|os|as|nenhum|nenhuma|qualquer|tal) )?(?:uso|envio|envios|contato|mensage\w*|que|voces|vcs|meu|minha|meus|minhas|esse|essa|este|esta|isso|nada|ninguem|receber|mandar|enviar|ligar|contatar|armazenamento|tratamento|compartilhamento|compartilhar|cadastro|divulgac\w*|disparo\w*))\b|\b(?:nao autorizei|nao dei autorizacao)(?:$| (?:(?:voces?|vcs?|ninguem|a empresa) )?(?:(?:a|pra|para) )?(?:(?:me|nenhum|esse|este|o|a) )?(?:mandar|mandarem|enviar|enviarem|contatar|contatarem|ligar|ligarem|receber|contato|envio|mensage(?:m|ns)|isso|nada|uso do meu (?:numero|contato|telefone|whatsapp)|usar(?:em)? (?:o |os )?(?:meu|meus) (?:numero|contato|telefone|whatsapp|dados|cadastro)|(?:meu|esse) (?:numero|contato|cadastro))\b)|\b(?:com base na|conforme a?|nos termos da|pela|de acordo com a|segundo a) lgpd\b/ },
  // An interjection may come first ("aff, chega", "poxa, parem"); bare "para" stays whole-message only below.
  // "vixe, chega, não quero mais isso não": the stop word may be followed by the refusal it stands for.
  { name: 'stop_keyword', confidence: 0.9, pattern: /^(?:(?:af|afs|afe|ah|ai|poxa|putz|pqp|nossa|gente|mano|serio|vixe|oxe|eita|egua|ja falei|ja disse|ja|(?:nao )?obrigad[oa]) )*(?:por favor )?(?:stop|pare|parem|parar|sair|remover|excluir|descadastrar|chega|basta|cancelar inscricao)(?: (?:com isso|de mandar|ja|agora|por favor|obrigad[oa]|stop|ne))*(?: nao quero mais(?: isso| nada)?(?: nao)?)?$/, rejectMessage: (whole) => HOLD_ON.test(whole) },
  // "desliga essa merda de mensagem automática", "desliguem as mensagens": switching our sending off (the plural after
  // "desativa" is cancel_sending). A kind named after it ("desliga as mensagens de lembrete") is one kind.
  {
    name: 'switch_off_sending',
    confidence: 0.85,
    pattern: /\b(?:deslig(?:a|ue|uem|ar)|desativ(?:a|e|em|ar)) (?:(?:essas?|estas?|as|a|os|suas?|seus?) )?(?:\S+ de )?(?:mensage(?:m|ns)|msgs?|envios?|disparos?|notificac(?:ao|oes))(?: automatic\w*)?\b/,
    rejectTail: (tail) => isShiftSpecific(tail) || namesOneKindOf(tail),
  },
  // Bare "para" is also a preposition, so it counts only as the entire message.
  // An annoyed interjection may come first ("aff, para"); "ah, para" is also disbelief, so it is not one of them.
  { name: 'stop_keyword', confidence: 0.85, pattern: /^(?:(?:af|afs|afe|pqp|mds|meu deus|putz|ja falei|ja disse) )*(?:para|para para|para por favor|por favor para)$/, wholeMessageOnly: true },
  // "sem mais mensagens, obrigado": the whole message asks for no more.
  { name: 'no_more_please', confidence: 0.85, pattern: /^(?:\S+ )?sem mais (?:mensage(?:m|ns)|contatos?|vagas|ofertas|envios)(?: (?:por favor|obrigad[oa]|pf|pfv|pra mim|de voces))*$/ },
  // "não enche", "ah, não me perturbe mais": the whole message asks not to be pestered.
  { name: 'do_not_pester', confidence: 0.85, pattern: /^(?:(?:ah|ai|pqp|mano|po|poxa|af|afs|affs) )*nao (?:me )?(?:enche|encha|encham|perturbe|perturbem|incomode|incomodem)(?: (?:o saco|mais|por favor|ne|porra))*$/ },
  { name: 'please_stop', confidence: 0.85, pattern: /\bpor favor (?:parem|pare)$|\b(?:parem|pare) por favor$/ },
];

// Rules whose object is general by construction: they survive a narrow frame elsewhere in the message.
// A bare "me removam"/"me exclui" has no object to narrow it (it was vetoed by a complaint about
// frequency before it, "recebo 10 por semana, me removam").
const GENERAL_RULES = new Set(['no_more_after_messages', 'do_not_add_anywhere', 'removal_request_named', 'delete_everything', 'english_stop', 'remove_me_from_this', 'unsubscribe', 'bare_remove_me', 'block_me', 'remove_from_list', 'leave_list', 'remove_my_id', 'removal_request', 'block', 'will_block', 'get_out', 'no_contact', 'asked_before', 'asked_how_many_times', 'no_consent', 'leave_me_alone']);



/** Does the doctor ask us to stop contacting him? Deterministic, no I/O. */
export function optOutByRules(raw: string): OptOutResult {
  const text = keepsOn(detectorInput(raw));
  const normalized = normalize(text);
  if (normalized.length === 0) return { optOut: false, confidence: 0 };
  if (conditionalStop(text) || ECHO_REFUSED.test(text) || statesContinuation(normalized) || JOKE.test(normalized) || ADDRESSED_ELSEWHERE.test(normalized) || WRONG_CHAT.test(normalized) || NEW_NUMBER.test(normalized) || ONE_FORMAT.test(normalized) || ONE_CHANNEL.test(normalized)) {
    return { optOut: false, confidence: 0 };
  }
  const own = speakingSentences(text, normalized);
  if (own.length === 0) return { optOut: false, confidence: 0 };
  const found = matchRules(RULES, own.join(' '), own);
  // A narrow object leaves only the general rules, unless a sentence ends on a general stop; a frequency is narrow
  // only when no clause is a general stop by itself.
  const narrow = !own.some(endsWithOwnGeneralStop) && (own.some(NARROW_KIND) || (own.some(namesFrequency) && !hasGeneralStopClause(text)));
  const [best] = narrow ? found.filter((h) => GENERAL_RULES.has(h.name)) : found;
  if (!best) return { optOut: false, confidence: 0 };
  return { optOut: true, confidence: best.confidence, reason: best.name };
}

const SHORT_STOP_WORDS = 8;
// the explicit requests the learned veto may not set aside. Replayed on sets 7-17 (each set's rules
// snapshot against its blind run, read with today's rules; docs/decisions/0140-quality.md ""), the veto
// removed 29 true stops fired by these families and 2 false ones (both "remove_from_list", one now read by
// NARROW_OFFERS_LIST): the doctor's reason after an explicit removal ("pode apagar meu número, vocês demoraram 4 dias")
// reads to the model like a complaint. A missed stop keeps messaging someone who asked us to stop; these go through.
const UNVETOED = new Set(['do_not_send_underlined', 'want_it_deleted', 'remove_from_list_bare', 'enough_of', 'no_need_to_send', 'bare_stop', 'forget_me', 'remove_from_list_asked', 'leave_me_after_complaint', 'no_more_after_messages', 'stop_adding_me', 'bare_removal_after_sending', 'ask_not_to_write', 'do_not_want_receive', 'get_out', 'out_for_good', 'remove_my_id', 'remove_from_list', 'block', 'stop_sending', 'do_not_want_contact', 'be_removed', 'no_contact', 'asked_how_many_times', 'no_need_to_seek_me']);
const wordCount = (raw: string): number => normalize(detectorInput(raw)).split(' ').filter(Boolean).length;

/** The rules combined with the learned layer: what the pipeline and `julia classify` use. */
export function detectOptOut(raw: string): OptOutResult {
  const rules = optOutByRules(raw);
  // the frames that set a stop aside (a wish to stay, a condition, a joke, another addressee) bind the
  // model too: it reads "me tiraram da lista? quero continuar" as words of a stop and cannot tell the question from it.
  if (!rules.optOut && setsStopAside(raw)) return rules;
  // a rule hit in a message of a few words has no context for the model to read, and its veto then
  // only ever set aside true stops ("não quero continuar recebendo essas mensagens"): across the blind rule runs of
  // sets 2-14, four false stops had 8 words or fewer, two fixed by later rules and two the guide's "como faço pra sair?".
  if (rules.optOut && wordCount(raw) <= SHORT_STOP_WORDS) return rules;
  if (rules.optOut && rules.reason && UNVETOED.has(rules.reason)) return rules;
  const learned = learnedVerdict('optOut', raw, rules.optOut, (piece) => optOutByRules(piece).optOut);
  if (learned.yes === rules.optOut) return rules;
  // The model vetoes a rule hit it finds very unlikely, or adds a stop it is very sure of.
  return learned.yes ? { optOut: true, confidence: learned.p, reason: 'learned' } : { optOut: false, confidence: 0 };
}
