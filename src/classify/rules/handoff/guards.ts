import { optOutByRules } from '../opt-out/detect-opt-out.js';
import { HOSPITAL, hospitalLogistics, hospitalPeopleAsked } from './hospital-side.js';
import { dataSourceAsked, dataSourceCuriosity } from './data-source-asked.js';

/**
 * Hand-off guards: messages that look like a request or a dispute while being neither:
 * - a call asked for as a convenience: a standing channel preference ("prefiro que me liguem", "não gosto de
 *   negociar por texto", "me liga em vez de mandar texto") or a call put off because the doctor is busy now
 *   ("me liga depois das 19h, agora estou em consulta"). Júlia notes the preference; no person is needed.
 *   A problem or urgency in the same message ("me liga, é urgente", "dúvida no contrato") keeps the hand-off.
 * - a past told as a reason: what happened with another company ("da última vez que peguei plantão por empresa
 *   assim fiquei 3 meses sem receber") or something settled and hoped not to repeat ("espero que não aconteça de
 *   novo"). A dispute still open ("ainda não recebi", "cadê") keeps the hand-off.
 * Both veto the matching rules and also a hand-off the learned layer would add on its own.
 */

// "chega de me ligar, prefiro mensagem": calls stopped for messages is the same preference the other way.
const CHANNEL_PREFERENCE =
  /\bprefiro que (?:me )?(?:liguem|ligue|ligar|telefonem|telefone)\b|\b(?:chega|para|pare|parem|parar) de (?:me )?(?:ligar|telefonar)\b(?: \S+){0,3} (?:prefiro|manda|mande|mandem|pode mandar|so) (?:por )?(?:mensage\w*|texto|whatsapp|aqui|escrito)\b|\bnao gosto de (?:\S+ ){0,2}?(?:por|via|pelo) (?:texto|mensage\w*|escrito|whatsapp|chat)\b|\b(?:em vez de|ao inves de|no lugar de) (?:\S+ ){0,2}?(?:texto|mensage\w*|escrever|digitar)\b/;
const BUSY_NOW = /\b(?:to|estou|tou)(?: aqui)? (?:em consulta|atendendo|em atendimento|em cirurgia|no centro cirurgico|operando|dirigindo|ocupad[oa]|em reuniao|em aula)\b/;
// a call with the recruiter herself ("posso falar contigo por ligação?", "posso te ligar?"), made easier
// a channel preference, not a request for someone else. ("Me liga, é mais fácil explicar por telefone" with no one
// named is a hand-off in sets 3 to 5, so ease alone does not set a call aside.)
const WITH_YOU = /\b(?:falar|conversar|explicar) (?:contigo|com voce|com vc|com a senhora|com tu)\b|\b(?:posso|poderia|podia|deixa eu|da pra eu) te (?:ligar|telefonar)\b|\b(?:a gente|pra gente|para a gente|agente|nos dois) (?:acerta|acertar|acertamos|combina|combinar|combinamos|fecha|fechar|fechamos|alinha|alinhar|alinhamos|ajusta|ajustar|ajustamos) (?:os |as |o |a )?(?:detalhes|tudo|resto|vaga|plantao|datas?|horarios?|escala)\b/;
// "me liga amanhã que a gente acerta os detalhes" settles the offer with her (`WITH_YOU`'s last form);
// also in the infinitive ("me liga às 10h pra gente acertar os detalhes?").
const CALL_HAS_MATTER = /\b(?:urgente|urgencia|problema|reclama\w*|pagamento|contrato|duvida\w*|resolver|ninguem)\b/;

/** A call asked for as a convenience (channel preference, busy now), with no problem named beside it. */
export function callForConvenience(text: string): boolean {
  return (CHANNEL_PREFERENCE.test(text) || BUSY_NOW.test(text) || WITH_YOU.test(text)) && !CALL_HAS_MATTER.test(text);
}

const ELSEWHERE =
  /\b(?:outras? (?:empresas?|agencias?|cooperativas?)|empresa anterior|antiga empresa|ano passado|(?:por|com|numa|em|pela|de) (?:uma )?(?:empresas?|agencias?|cooperativas?) (?:assim|desse tipo|dessas|parecidas?))\b/;
const HOPE_NOT_AGAIN =
  /\bespero que (?:isso |dessa vez |desta vez )?(?:nao (?:aconteca|se repita|volte a|atrase|ocorra)|seja diferente)\b|\bque (?:isso )?nao se repita\b|\b(?:fico|estou|to|fiquei|ando) (?:\S+ )?(?:preocupad[oa]|receos[oa]|com medo|insegur[oa]|apreensiv[oa]) (?:se|que|de) (?:\S+ ){0,3}?(?:aconte\w*|repet\w*|atras\w*) (?:\S+ )?(?:de novo|novamente|outra vez)\b/;
// a worry that it happens again ("fico preocupado se vai acontecer de novo") after a delay settled.
const OPEN_NOW = /\b(?:ainda|ate hoje|ate agora|cade|continuo|sigo|estou sem|to sem)\b/;

/** A past experience told as a reason (elsewhere, or settled and hoped not to repeat), not a dispute open with us. */
export function pastToldAsReason(text: string): boolean {
  return (ELSEWHERE.test(text) || HOPE_NOT_AGAIN.test(text)) && !OPEN_NOW.test(text);
}

/*
 * guards against what the rules misread (fresh paraphrases in `cases/handoff.jsonl`). Each is read on the
 * whole message, because a rule may fire on one clause ("pode me ligar depois das 19h") while the reason to set it
 * aside is in the next ("agora tô atendendo").
 * - hearsay or a general question about how such companies behave ("ouvi falar que agência de plantão paga com
 *   atraso, é assim com vocês?"): a trust question Júlia answers, unless the doctor tells of his own case;
 * - a joke or a hypothetical ("se algum dia ..., kkk brincadeira"): nothing happened;
 * - looking us up on Reclame Aqui is research, not a complaint posted there;
 * - a call with the recruiter herself, or while busy (`callForConvenience`, widened);
 * - a price complaint alone, even shouted ("VALOR RIDÍCULO"): an objection about the offer, which Júlia answers.
 */
const HEARSAY = /\b(?:ouvi (?:dizer|falar)|fiquei sabendo|soube que|dizem|falam|comentam|me (?:disseram|falaram|contaram)|li (?:em algum lugar |na internet )?que|vi (?:gente )?(?:falando|dizendo|comentando))\b/;
const GENERAL_PRACTICE = /\b(?:atrasa|atrasam|atrasaram (?:\S+ ){0,3}?d[eoa]s? (?:um |uma |uns |umas )?(?:colegas?|medic[oa]s?|outr[oa]s?)|costuma|costumam|demora|demoram|cancela|cancelam|paga|pagam|da calote|dao calote|e comum|acontece muito)\b/;
// The doctor's own case: a first person beside the practice ("me pagaram atrasado", "meu plantão") keeps the hand-off.
const OWN_CASE = /\b(?:me|meu|minha|meus|minhas|comigo|eu|fiz|trabalhei|recebi)\b/;
export function hearsayAboutPractice(text: string): boolean {
  return HEARSAY.test(text) && GENERAL_PRACTICE.test(text) && !OWN_CASE.test(text);
}

// Laughter before the disclaimer ("k brincadeira": the normaliser squeezes "kkkk"); "é brincadeira isso?" and "só
// pode ser brincadeira" are outrage, so a bare "brincadeira" is not enough.
const JOKE = /\bk+ (?:e )?(?:brincadeira|zoeira|zuera|mentira|zoando)\b|\b(?:to|estou|tava|so|so to) (?:brincando|zoando|zuando)\b|\bbrincadeirinha\b/;
const HYPOTHETICAL = /\b(?:se|caso) (?:um dia|algum dia|por acaso|eventualmente|alguma vez|um belo dia)\b/;
export function jokeOrHypothetical(text: string): boolean {
  return (JOKE.test(text) || HYPOTHETICAL.test(text)) && !OPEN_NOW.test(text);
}

const RESEARCH_ON_REVIEWS = /\b(?:pesquisar|pesquisei|pesquiso|olhar|olhei|olho|dar uma olhada|consultar|consultei|checar|chequei|conferir|conferi|procurar|procurei|ler|li|ver|vi|buscar|busquei)\b(?: \S+){0,4}? (?:no |na |o )?reclame ?aqui\b/;
const POSTS_ON_REVIEWS = /\b(?:postar|posto|postei|reclamar|reclamei|registrar|abrir|expor|denunciar|queixa|reclamacao|colocar|botar)\b/;
export function researchOnReviews(text: string): boolean {
  return RESEARCH_ON_REVIEWS.test(text) && !POSTS_ON_REVIEWS.test(text);
}

const PRICE = '(?:valor|valores|preco|precos|remuneracao|oferta|ofertas|proposta|propostas|hora|cache)';
const PRICE_VERDICT = '(?:ridicul[oa]s?|absurd[oa]s?|baix[oa]s?|miseravel|mixaria|vergonhos[oa]|humilhante|uma piada|pessim[oa]s?|uma porcaria)';
// The verdict must sit on the figure ("que valor ridículo", "ridículo esse valor"), not on a payment that failed.
const PRICE_JUDGED = new RegExp(`\\b${PRICE}\\b(?: \\S+){0,3}? ${PRICE_VERDICT}\\b|\\b${PRICE_VERDICT}(?: \\S+){0,2}? ${PRICE}\\b`);
// Aimed at us or at something that happened, not at the figure: these keep the anger.
const BEYOND_PRICE = /\b(?:voces|vcs|empresa|agencia|ladr\w*|golp\w*|calote|atras\w*|nao (?:recebi|pagaram|caiu)|nada de|ate agora|ainda|fiz|trabalhei|descont\w*|cade|denunci\w*|process\w*|advogad\w*|procon)\b/;
/** A complaint about the price alone (the offer is low), however loud: an objection, not a case for a person. */
export function priceComplaintAlone(text: string): boolean {
  // the figure is ours ("esses valores de vcs são uma piada"): "de vocês" names whose price, not a target.
  const figure = text.replace(new RegExp(`\\b(${PRICE}) (?:de|da|do) (?:voces|vcs|empresa|agencia)\\b`, 'g'), '$1');
  return PRICE_JUDGED.test(figure) && !BEYOND_PRICE.test(figure);
}

/*
 * more guards (fresh paraphrases in `cases/handoff.jsonl`).
 * - a worry about something that has not happened ("o município atrasa salário, aposto que o plantão vai atrasar"):
 *   a trust question, unless the doctor's own payment is late now;
 * - Júlia herself wanted ("quero falar com a Júlia mesmo"): the person asked for is the one answering.
 */
const WORRY_AHEAD =
  /\b(?:vai|vao|deve|devem|capaz de|pode|podem|tende a) (?:\S+ )?(?:atrasar|demorar|nao pagar|dar calote|cancelar|furar)\b|\b(?:medo|receio|preocupad[oa]|preocupacao) (?:de|que|se|com)\b/;
const HAPPENED_TO_ME =
  /\b(?:fiz|trabalhei|fiquei|cobri|atrasou|atrasaram|cancelaram|descontaram|nao (?:recebi|caiu|pagaram|pagou|entrou|veio|depositaram)|cade|ainda|ate hoje|ate agora|faz \S+ (?:dias|semanas|meses)|(?:meu|minha|meus|minhas) (?:\S+ ){0,2}?(?:ta|esta|estao|tao|veio|vieram|ficou|continua) (?:\S+ )?atrasad\w*)\b/;
/** A worry about what may happen (a late payer nearby, a rumour of delays), with nothing of the doctor's own late now. */
export function worryNotHappened(text: string): boolean {
  return WORRY_AHEAD.test(text) && !HAPPENED_TO_ME.test(text);
}

const JULIA_HERSELF = /\b(?:falar|conversar|tratar|resolver) (?:\S+ )?com (?:a )?julia(?: mesmo| mesma| msm| direto| de novo)?\b|\bfoi com (?:voce|vc) que (?:eu )?(?:combinei|falei|acertei|conversei)\b|\bcom (?:voce|vc) mesm[oa]\b/;
const SOMEONE_ELSE = /\b(?:supervisor\w*|gerente|responsavel|chefe|coordenador\w*|humano|humana|pessoa de verdade|atendente|financeiro|juridico|rh)\b/;
/** Júlia herself is the one asked for ("queria falar com a Júlia mesmo"), with no one else named. */
export function wantsJuliaHerself(text: string): boolean {
  return JULIA_HERSELF.test(text) && !SOMEONE_ELSE.test(text);
}

/*
 * more guards (fresh paraphrases in `cases/handoff.jsonl`).
 * - a legal word negated ("não vou processar ninguém kkk, só queria entender o desconto"), with no other legal word;
 * - Júlia herself, to settle it directly ("prefiro resolver direto contigo"), with no problem named;
 * - distrust of a machine with no request for a person ("não vou passar meus dados pra uma máquina"): the bot
 *   detector reads it; "não falo com máquina" still asks for a person and is not touched;
 * - where we got his number asked out of curiosity, with no threat, authorisation or removal ("não estou pedindo
 *   pra sair, só quero saber de onde tiraram meu número");
 * - no need of a company said ("não preciso de empresa"): a reason, not a department asked for.
 */
// "processa meu pedido de cadastro": the verb asks for paperwork to be handled, not for a lawsuit.
const PROCESSING_ASKED = /\bprocess(?:a|e|em|ar|arem) (?:o |a |os |as |meu |minha |meus |minhas )?(?:pedido|cadastro|pagamento|documentos?|solicitac\w*|inscric\w*|dados|nota|planilha|credenciamento|contrato)\b/;
const NEGATED_LEGAL =
  /\b(?:nao|nem|jamais|nunca) (?:vou|quero|pretendo|irei|vamos|penso em|to pensando em|estou pensando em|to querendo|estou querendo|e pra|precisa) (?:\S+ )?(?:processar|denunciar|acionar|expor|entrar na justica|abrir (?:um )?processo|reclamar no procon|botar no reclame aqui)\b(?: (?:ninguem|ngm|voces|vcs|a empresa|ninguem nao|nao))?/g;
const LEGAL_WORD = /\b(?:process\w*|denunc\w*|advogad\w*|procon|justica|judicial\w*|anpd|delegacia|policia|reclame ?aqui|lgpd|medidas cabiveis)\b/;
/** A legal word only ever negated ("não vou processar ninguém"), with none said plainly elsewhere in the message. */
export function legalNegated(text: string): boolean {
  if (!new RegExp(NEGATED_LEGAL.source).test(text)) return false;
  return !LEGAL_WORD.test(text.replace(NEGATED_LEGAL, ' '));
}
/** Paperwork asked to be processed, with no other legal word in the message. */
export function processingAsked(text: string): boolean {
  return PROCESSING_ASKED.test(text) && !LEGAL_WORD.test(text.replace(new RegExp(PROCESSING_ASKED.source, 'g'), ' '));
}

const DIRECT_WITH_YOU =
  /\b(?:falar|conversar|tratar|resolver|acertar|combinar|fechar|ver) (?:isso |tudo |as coisas )?(?:direto |diretamente |so )?(?:contigo|com voce|com vc|com a senhora|com tu)(?: mesm[oa]| direto| msm)?\b/;
const DIRECT_HAS_MATTER = /\b(?:urgente|urgencia|problema|reclama\w*|pagamento|pag\w* errad\w*|descont\w*|atras\w*|golpe|process\w*|advogad\w*|cancel\w*)\b/;
/** Júlia herself, to settle things directly ("prefiro resolver direto contigo"), with no problem or anyone else named. */
export function directWithJulia(text: string): boolean {
  return DIRECT_WITH_YOU.test(text) && !DIRECT_HAS_MATTER.test(text) && !SOMEONE_ELSE.test(text);
}

// "que bom falar com alguém que responde rápido": glad of who answers now, not asking for someone else.
// Exported: the bot rules read it too ("alguém que responde" praised is no doubt about who answers).
export const GLAD_TO_TALK = /\b(?:que bom|bom|otimo|adoro|gosto de|gostei de|finalmente|prazer(?: em)?) (?:\S+ ){0,2}?(?:falar|conversar|tratar) com (?:alguem|uma pessoa|gente|voce|vc)\b/;
/** Glad to be talking with whoever answers, with no problem or anyone else named. */
export function gladToTalk(text: string): boolean {
  return GLAD_TO_TALK.test(text) && !DIRECT_HAS_MATTER.test(text) && !SOMEONE_ELSE.test(text);
}

const MACHINE_WORD = '(?:maquina|robo|robozinho|bot|chatbot|ia|inteligencia artificial|sistema|programa)';
const DISTRUST_OF_MACHINE = new RegExp(
  `\\b(?:nao|nunca|jamais) (?:vou |quero |irei |pretendo |to a fim de )?(?:passar|mandar|enviar|dar|fornecer|compartilhar|informar|confiar) (?:\\S+ ){0,3}?(?:pra|para|a|com|em) (?:uma |um |o |a |essa |esse |nenhuma |nenhum )?${MACHINE_WORD}\\b|\\bnao confio (?:em |numa |num )?${MACHINE_WORD}\\b`,
);
const PERSON_ASKED = /\b(?:humano|humana|pessoa|alguem|atendente|responsavel|gerente|supervisor\w*|me (?:liga|ligue|chama|chame|atende|atenda)|quero falar|falar com)\b/;
/** Distrust of a machine with no person asked for: a suspicion of a bot, which that detector reads. */
export function distrustWithoutRequest(text: string): boolean {
  return DISTRUST_OF_MACHINE.test(text) && !PERSON_ASKED.test(text);
}

const NO_NEED_OF_US = /\bnao (?:preciso|precisava|quero|queria) (?:mais )?(?:de |falar com )?(?:a |o |uma |um |nenhuma |nenhum )?(?:empresa|agencia|intermediari\w+|intermediacao|voces|vcs)\b/;
/** "Não preciso de empresa": a reason for a no, not a department asked for, with no one else named. */
export function noNeedOfUs(text: string): boolean {
  return NO_NEED_OF_US.test(text) && !SOMEONE_ELSE.test(text);
}

/*
 * - a shift that started late by minutes is not a late payment ("o plantão atrasou 40 minutos, mas deu tudo certo");
 * - anger at a place alone ("ESSE HOSPITAL É UMA BOSTA") is the reason for a no, like a price complaint alone;
 * - a call asked as proof of being a person ("se vc é uma pessoa, me liga") tests what we are;
 * - refusing to talk to a machine beside a stop ("não converso com IA, me tira da lista") ends the contact;
 * - "humilhação" said of a price is a price complaint.
 */
const LATE_BY_MINUTES = /\batras\w* (?:uns |quase |mais de |so )?\d+ ?(?:min\w*|h|horas?)\b|\batras\w* (?:pra|para) (?:comecar|chegar|iniciar|render)\b/;
const PLACE = new RegExp(`${HOSPITAL.source}|\\b(?:sala|equipe|enfermagem|estrutura|lugar|ps|uti)\\b`);
const BEYOND_PLACE = /\b(?:voces|vcs|empresa|agencia|julia|robo|bot|pag\w*|dinheiro|calote|golp\w*|atras\w*|process\w*|advogad\w*|procon|justica|assedi\w*|agred\w*|comigo|me (?:trataram|xingaram|humilharam|ameacaram|deixaram|mandaram))\b/;
export function placeComplaintAlone(text: string): boolean {
  return PLACE.test(text) && !BEYOND_PLACE.test(text);
}
const BOT_TEST = /\bse (?:vc|voce|tu|isso) (?:e|for|fosse) (?:mesmo )?(?:uma |um )?(?:pessoa|humano|humana|gente|de verdade|real)\b/;
const PRICE_HUMILIATION = /\b(?:r \d|\d+ reais|valor|preco)\b.{0,40}\bhumilhac\w*|\bhumilhac\w* (?:esse|o|de) (?:valor|preco)\b/;

// "tem humano aí?" asks what answers (bot suspicion), not for someone to take over; "tem algum humano aí?" and
// "tem algum humano que possa me atender?" ask for one.
export const ONLY_WHETHER_HUMAN = /^(?:\S+ ){0,4}?tem (?:um |uma )?(?:humano|humana|ser humano|alguem (?:de verdade|real|de carne e osso)|pessoa (?:de verdade|real)|gente de verdade)(?: ai| aqui| de verdade| lendo(?: isso)?| digitando| respondendo)*$/;

/**
 * The rule hits a guard read on the whole message sets aside: a hit names its rule, "family:frame".
 * Returns the guard's name, or undefined when the hit stands.
 */
export function guardAgainst(text: string, hit: string): string | undefined {
  const family = hit.slice(0, hit.indexOf(':'));
  if (hit === 'payment_dispute:late' && LATE_BY_MINUTES.test(text)) return 'late_by_minutes';
  if (family === 'strong_anger' && placeComplaintAlone(text)) return 'place_complaint_alone';
  if (hit === 'human_request:call_me' && BOT_TEST.test(text)) return 'bot_test';
  if (hit === 'human_request:no_bot' && optOutByRules(text).optOut) return 'stop_beside';
  if (hit === 'complaint:safety' && PRICE_HUMILIATION.test(text)) return 'price_humiliation';
  if (/^human_request:(?:call_me|by_phone)$/.test(hit) && callForConvenience(text)) return 'call_for_convenience';
  if (hit === 'legal_threat:procon' && researchOnReviews(text)) return 'research_on_reviews';
  if (family !== 'human_request' && jokeOrHypothetical(text)) return 'joke_or_hypothetical';
  if (/^(?:payment_dispute|complaint|strong_anger)$/.test(family) && hearsayAboutPractice(text)) return 'hearsay_about_practice';
  if (family === 'human_request' && hospitalLogistics(text)) return 'hospital_logistics';
  if (family === 'human_request' && wantsJuliaHerself(text)) return 'julia_herself';
  if (family === 'payment_dispute' && worryNotHappened(text)) return 'worry_not_happened';
  if (family === 'strong_anger' && priceComplaintAlone(text)) return 'price_complaint_alone';
  if (family === 'human_request' && hospitalPeopleAsked(text)) return 'hospital_people';
  if (family === 'legal_threat' && legalNegated(text)) return 'legal_negated';
  if (family === 'human_request' && directWithJulia(text)) return 'direct_with_julia';
  if (family === 'human_request' && distrustWithoutRequest(text)) return 'distrust_without_request';
  if (hit === 'legal_threat:data_source' && dataSourceCuriosity(text)) return 'data_source_curiosity';
  if (family === 'human_request' && noNeedOfUs(text)) return 'no_need_of_us';
  if (/^(?:payment_dispute|complaint)$/.test(family) && settledAlready(text)) return 'settled_already';
  if (/^(?:payment_dispute|complaint|strong_anger)$/.test(family) && colleagueCase(text)) return 'colleague_case';
  if (/^(?:payment_dispute|complaint|legal_threat)$/.test(family) && anotherCompanysFault(text)) return 'another_companys_fault';
  return undefined;
}

// a message to be relayed to someone else ("manda uma mensagem pro 5511… dizendo que o plantão dele foi
// cancelado"): what it tells is about the other person, and the tools refuse the relay; the model may not turn its
// words ("cancelado") into a hand-off of ours.
const RELAY = /\b(?:manda|mande|envia|envie|avisa|avise|fala|diz|passa) (?:agora )?(?:uma |um |essa |esse )?(?:mensagem |recado |aviso |whats |zap )?(?:pro|pra|para o|para a|para|ao|a) (?:\d{8,}|numero \d|dr|dra|doutor|doutora|colega|medico|medica)\b/;
export function relayToAnother(text: string): boolean {
  return RELAY.test(text);
}

/*
 * 
 * - a problem already settled ("atrasou mas já caiu", "o Rafael do financeiro resolveu rapidinho"): thanks, not a
 *   dispute, unless something is still open;
 * - a colleague's case told to ask whether it is common ("meu colega disse que vocês atrasaram o dele"): hearsay
 *   with a named teller;
 * - another company's fault or lawsuit ("eles atrasam tudo", "brigo na justiça com eles" after "na outra empresa").
 */
const SETTLED = /\b(?:mas )?ja (?:caiu|cairam|pagaram|pagou|recebi|acertaram|acertou|resolveram|resolveu|foi resolvido|normalizou|regularizaram)\b|\bmas (?:ja )?(?:chegou|caiu|cairam|entrou|veio|pagaram|recebi)(?: \S+){0,2}? (?:obrigad[oa]|valeu|tudo certo|tranquilo|de boa)\b|\bresolve(?:u|ram) (?:rapidinho|rapido|tudo|na hora|logo|super rapido)\b|\b(?:falei|conversei) com (?:o |a )?\S+ e (?:ja )?(?:resolveram|resolveu|acertaram|acertou)\b/;
export function settledAlready(text: string): boolean {
  return SETTLED.test(text) && !/\b(?:ainda (?:nao|falta)|cade|continuo|sigo sem|de novo|outra vez)\b/.test(text);
}
const TELLER = /\b(?:meu|minha|um|uma) (?:colega|amig[oa]|conhecid[oa]|parceir[oa]|residente|plantonista)(?: \S+){0,3}? (?:disse|falou|contou|comentou|reclamou)\b/;
export function colleagueCase(text: string): boolean {
  if (!TELLER.test(text)) return false;
  const rest = text.replace(TELLER, ' ').replace(/\b(?:dele|dela|deles)\b/g, ' ');
  return !/\b(?:me|meu|minha|meus|minhas|comigo|fiz|trabalhei|recebi)\b/.test(rest);
}
const THEIR_FAULT = /\beles (?:\S+ )?(?:atrasam|atrasaram|atrasavam|nao pagam|nao pagaram|dao calote|deram calote)\b/;
const AGAINST_THEM = /\b(?:com|contra) (?:eles|elas|aquela empresa|a outra|(?:uma |a )?outras? (?:empresas?|agencias?|cooperativas?))\b/;
// "tive problema com pagamento na MedPlus, nada a ver com vcs": the doctor himself says it was not us.
const NOT_US = /\bnada a ver com (?:voces|vcs|a julia)\b|\bnao foi (?:com|culpa de) (?:voces|vcs)\b/;
// "fiz plantão com uma agência e até hoje não recebi, por isso tô com receio": what another owes him, told as his
// reason for caution with us.
const ANOTHER_AGENCY = /\b(?:com|por|numa|em|pra) uma (?:agencia|empresa|cooperativa)\b/;
const FOR_CAUTION = /\bpor isso (?:\S+ )?(?:(?:to|estou|fico|fiquei|ando) (?:com )?(?:receio|medo|desconfiad\w*|preocupad\w*|insegur\w*|com pe atras)|pergunto|a pergunta)\b/;
export function anotherCompanysFault(text: string): boolean {
  return NOT_US.test(text) || (THEIR_FAULT.test(text) && /\b(?:pela|pelo|na|no|com a|com o) (?!voces?\b)\S+\b/.test(text)) || (ELSEWHERE.test(text) && AGAINST_THEM.test(text)) ||
    ((ELSEWHERE.test(text) || ANOTHER_AGENCY.test(text)) && FOR_CAUTION.test(text));
}

/**
 * Someone asked to take his shift ("tem alguém pra me render às 7h?", "consegue alguém pra cobrir meu plantão?"): a
 * colleague for the roster, which Júlia can look for, not a person of ours.
 */
const COVER = /\b(?:alguem|quem|outro medico|outra medica|colega) (?:\S+ ){0,3}?(?:me )?(?:render|cobrir|substituir|ficar no meu lugar|assumir (?:o )?meu|pegar (?:o )?meu (?:plantao|turno|lugar))\b/;
export function coverAsked(text: string): boolean {
  return COVER.test(text);
}

const CALL_WORD = /\b(?:lig\w*|telefon\w*|chamada|audio)\b/;
/** A message the model alone may not turn into a hand-off: one of the guards above holds on it. */
// Our record asked about ("vocês já deram calote em alguém?"), with nothing of his own: a trust question.
const RECORD_ASKED = /\b(?:voces|vcs|a empresa) (?:ja )?(?:deram|dao|deu|atrasaram|atrasam|atrasou) (?:\S+ )?(?:calote|pagamento|o pagamento) (?:em|de|pra|para|com) (?:alguem|algum medico|algum colega|outros)\b/;
export function recordAsked(text: string): boolean {
  return RECORD_ASKED.test(text) && !OWN_CASE.test(text);
}

// Added to a group or list without being asked: a complaint about how we reach him (he may leave it), not a case.
const ADDED_UNASKED = /\b(?:me )?(?:adicionaram|adicionou|colocaram|colocou|incluiram|botaram|add) (?:\S+ ){0,2}?(?:num|numa|em|no|na|nesse|nessa) (?:grupo|lista)\b.{0,30}\bsem (?:pedir|perguntar|autorizacao|minha autorizacao|eu pedir|consentimento|avisar)\b/;
export function addedUnasked(text: string): boolean {
  return ADDED_UNASKED.test(text);
}

export function guardedMessage(text: string): boolean {
  return (callForConvenience(text) && CALL_WORD.test(text)) || pastToldAsReason(text) || hearsayAboutPractice(text) || jokeOrHypothetical(text) || researchOnReviews(text) || priceComplaintAlone(text) ||
    hospitalLogistics(text) || worryNotHappened(text) || wantsJuliaHerself(text) ||
    hospitalPeopleAsked(text) || legalNegated(text) || processingAsked(text) || directWithJulia(text) || gladToTalk(text) || distrustWithoutRequest(text) || dataSourceAsked(text) || noNeedOfUs(text) || relayToAnother(text) ||
    settledAlready(text) || colleagueCase(text) || anotherCompanysFault(text) || coverAsked(text) || recordAsked(text) || addedUnasked(text);
}
