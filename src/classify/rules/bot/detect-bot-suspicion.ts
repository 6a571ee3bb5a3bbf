import { BOT_FRAMES } from './bot-frames.js';
import { detectAutoReply } from '../auto-reply/detect-auto-reply.js';
import { learnedVerdict } from '../../learned/index.js';
import { clauses, detectorInput, normalize } from '../../text/normal-form.js';
import { matchRules, oneOf, type Rule } from '../engine.js';
import { GLAD_TO_TALK } from '../handoff/guards.js';

export interface BotSuspicionResult {
  suspicious: boolean;
  confidence: number;
}

// "ia" is also the verb "ir" ("eu ia te perguntar"), so it is not in this list;
// the AI_TOKEN below handles it with extra context.
const MACHINE = oneOf(
  'robo', 'robot', 'robozinho', 'robozao', 'bot', 'chatbot', 'maquina', 'inteligencia artificial', 'chat ?gpt', 'gpt',
  'gemini', 'assistente virtual', 'atendente virtual', 'algoritmo', 'atendimento automatic[oa]', 'sistema automatic[oa]',
  'resposta automatica', 'mensagem automatica', 'secretaria eletronica', 'gravacao', 'mensagem gravada', 'disparo automatico',
  'atendimento eletronico', 'sistema eletronico',
  // more names of a talking machine ("llm" is squeezed to "lm" by the normaliser).
  'secretaria virtual', 'assistente digital', 'atendente digital', 'siri', 'alexa', 'lm', 'modelo de linguagem',
);
// "ia" counts when it ends the sentence or follows an article ("uma ia", "é ia?").
const AI_TOKEN = '(?:ia(?= ?$| (?:ne|ou|mesmo|ai|aqui|respondendo|ne nao)\\b))';
const BEING = `${oneOf(MACHINE, AI_TOKEN, 'uma ia')}`;
const YOU = oneOf('voce', 'tu', 'isso', 'isso aqui', 'isto', 'aqui', 'julia', 'quem (?:ta|esta) (?:respondendo|falando|escrevendo)');
const IS = oneOf('e', 'es', 'ta', 'esta', 'seria', 'sera', 'nao e', 'por acaso e', 'e mesmo', 'na verdade e');
// Human words count only at a sentence end or before a tag like "ou"/"mesmo"/"né",
// so "você é gente boa" or "é humano trabalhar 24h" stay out.
const TAG_END = '(?= ?$| (?:ou|mesmo|ne|ai|aqui|k|rs|rsrs|ha|haha)\\b)';
const HUMAN = `${oneOf(
  'humano', 'humana', 'gente', 'pessoa', 'atendente', 'gente de verdade', 'gente real', 'pessoa de verdade', 'pessoa real',
  'de carne e osso', 'alguem de carne e osso', 'alguem de verdade', 'alguem real',
)}${TAG_END}`;
// "real"/"de verdade" alone ask about the offer when said of "isso"; only "you" makes them about us.
const REAL_YOU = `${oneOf('voce', 'tu', 'julia')} ${oneOf('e', 'es', 'e mesmo', 'existe')} ${oneOf('real', 'de verdade')}${TAG_END}`;
const TALKING = `${oneOf('to', 'estou', 'eu to', 'eu estou', 'tamo', 'estamos', 'eu falo', 'falo')} ${oneOf('falando', 'conversando', 'teclando', 'trocando mensage(?:m|ns)', 'discutindo', 'batendo papo', 'perdendo tempo')} com`;
const REPLY = oneOf('resposta', 'respostas', 'mensagem', 'mensagens', 'msg', 'retorno', 'texto');

// "automático" is about us only when said of the conversation itself ("isso",
// "aqui", "esse whats", "vc"): "o pagamento é automático?" asks about a process.
const AUTO = '(?:automatic|automatizad|robotizad|programad|eletronic)[oa]s?';
const CHANNEL = oneOf('isso', 'isso aqui', 'isto', 'aqui', 'voce', 'tu', 'julia', 'esse whatsapp', 'esse numero', 'esse chat', 'esse atendimento', 'essa conversa', 'esse contato', 'essas mensagens', 'essa mensagem');
const SERVICE = oneOf('atendimento', 'sistema', 'resposta', 'respostas', 'mensagem', 'mensagens', 'chat', 'conversa', 'contato', 'envio', 'disparo', 'assistente', 'secretaria');
// Machines in an either-or question: "uma pessoa ou um sistema?", "gente ou programa?"
const MACHINE_ALT = oneOf(MACHINE, 'ia', 'uma ia', 'sistema', 'programa', 'computador', 'software', AUTO);
const HUMAN_ALT = oneOf('humano', 'humana', 'gente', 'pessoa', 'atendente', 'gente de verdade', 'pessoa de verdade', 'pessoa real', 'alguem', 'alguem de verdade', 'de carne e osso', 'real');

const RULES: readonly Rule[] = [
  // "tem uma pessoa aí do outro lado?", "quem tá do outro lado é gente?"
  { name: 'other_side', confidence: 0.85, pattern: new RegExp(`\\b(?:tem|ha|existe) (?:uma |um |alguma |algum )?${oneOf('pessoa', 'humano', 'humana', 'gente', 'alguem', 'ser humano')}(?: de verdade| real)?(?: ai| aqui)? do outro lado\\b|\\bdo outro lado (?:e|ta|esta) (?:uma |um )?(?:${BEING}|${oneOf('pessoa', 'humano', 'humana', 'gente', 'alguem')})\\b`) },
  // "tem humano aí?", "tem alguém lendo isso?": whether anyone is there at all, the whole message. "Tem alguém aí?
  // Mandei mensagem ontem" waits for a reply, "tem algum humano aí? preciso resolver o pagamento" asks for one.
  { name: 'anyone_there', confidence: 0.85, wholeMessageOnly: true, pattern: new RegExp(`^(?:\\S+ ){0,3}?(?:tem|ha|existe) (?:um |uma |algum |alguma )?(?:${oneOf('humano', 'humana', 'ser humano')}(?: de verdade| real)?(?: ai| aqui)?(?: ${oneOf('lendo', 'digitando', 'respondendo', 'olhando')})?|${oneOf('pessoa', 'gente', 'alguem')}(?: de verdade| real)?(?: ai| aqui)? ${oneOf('lendo', 'digitando', 'respondendo', 'olhando')})(?: ${oneOf('isso', 'isso aqui', 'as mensagens', 'as respostas', 'aqui', 'ai')})?$`) },
  // "isso é automático?", "é atendimento automatizado?", "é automático esse whats?"
  { name: 'channel_is_automatic', confidence: 0.9, pattern: new RegExp(`\\b${CHANNEL} ${IS} (?:um |uma |o |a )?(?:${SERVICE} )?${AUTO}\\b|^(?:mas |entao |serio |oi |ei )?${IS} (?:um |uma |o |a )?(?:${SERVICE} )?${AUTO}(?: ${CHANNEL})?$`) },
  // "... uma pessoa ou um sistema?", "vc é real ou automatizada?", "tô falando com a julia de verdade ou com um bot?"
  { name: 'person_or_system', confidence: 0.9, pattern: new RegExp(`\\b(?:um |uma |a |o |com )?${HUMAN_ALT}(?: de verdade| real)?(?: ai| aqui)? ou (?:e |com |de |sera )?(?:tudo |um |uma |o |a )?${MACHINE_ALT}$|\\bou com (?:um |uma |o |a )?${BEING}$`) },
  // "é uma pessoa real que tá me respondendo?", "é robô que responde?"
  { name: 'who_is_replying', confidence: 0.85, pattern: new RegExp(`\\b${oneOf('pessoa', 'humano', 'humana', 'gente', 'alguem', MACHINE, 'uma ia', 'sistema', 'programa')}(?: real| de verdade)? que (?:(?:ta|esta|fica) )?(?:me )?${oneOf('responde', 'respondendo', 'escreve', 'escrevendo', 'digita', 'digitando', 'manda', 'mandando')}\\b`),
    // "que bom falar com alguém que responde rápido" is praise of who answers, not a doubt about it.
    rejectText: (t) => GLAD_TO_TALK.test(t) },
  // "responde rápido demais, é bot né?": a predicate closing the sentence, after a remark.
  // Laughter is squeezed by the normaliser ("kkk" -> "k").
  { name: 'closing_is_machine', confidence: 0.85, pattern: new RegExp(`\\b(?:e|eh|so pode ser|deve ser) (?:um |uma |o )?${BEING}(?: ne| mesmo| ne nao| entao| ai| certeza| k+\\w*| rs\\w*| ha\\w*)?$`) },
  // "vc é um robô?", "isso é IA?", "tu é bot", "quem tá respondendo é robô?"
  { name: 'you_are_machine', confidence: 0.95, pattern: new RegExp(`\\b${YOU} ${IS} (?:um |uma |o |a )?(?:${oneOf('assistente', 'atendente', 'agente', 'atendimento', 'sistema', 'programa')} (?:de |com |por )?)?${BEING}\\b`) },
  // "quem tá falando comigo, uma pessoa?", "vc é um programa?"
  { name: 'who_is_talking', confidence: 0.85, pattern: new RegExp(`\\bquem (?:ta|esta|e que ta|e que esta) (?:falando|conversando|teclando|escrevendo) comigo (?:e )?(?:um |uma )?(?:${MACHINE_ALT}|${HUMAN_ALT})\\b|\\b(?:voce|tu|julia) (?:e|es) (?:um |uma )?${oneOf('programa', 'sistema', 'software', 'computador')}$`) },
  // "é você mesmo ou é o sistema?"
  { name: 'you_or_system', confidence: 0.85, pattern: new RegExp(`\\b(?:voce|tu|julia) (?:mesm[oa]|de verdade) ou (?:e |sera )?(?:um |uma |o |a )?${MACHINE_ALT}\\b`) },
  // "to falando com uma IA?", "estou conversando com um robô ou pessoa?"
  { name: 'talking_with', confidence: 0.95, pattern: new RegExp(`\\b${TALKING} (?:um |uma |o |a )?(?:${BEING}|${HUMAN}|quem de verdade)\\b`) },
  // "vc é humana?", "é gente de verdade?", "você é real?"
  { name: 'you_are_human', confidence: 0.9, pattern: new RegExp(`(?:^|\\b${YOU} )${IS} (?:um |uma )?${HUMAN}|\\b${REAL_YOU}`) },
  // "é robô?", "é chatgpt?" — a bare predicate opening the message is aimed at us.
  { name: 'bare_is_machine', confidence: 0.9, pattern: new RegExp(`^(?:mas |entao |serio |oi |ei )?${IS} (?:um |uma |o |a )?${BEING}\\b`) },
  // "isso é resposta automática?", "mensagem automática né"
  { name: 'automatic_reply', confidence: 0.9, pattern: new RegExp(`(?:\\b${YOU} ${IS}|^${IS}) (?:uma |um )?${REPLY} (?:automatic[ao]s?|automatizad[ao]s?|pronta|prontas|de robo|de bot|gerad[ao]s? por)\\b|\\b(?:essa|esta|essas|estas|sua|suas|tua|tuas) ${REPLY} (?:e|sao|foi|foram|ta) (?:(?:automatic|automatizad|gerad|pront)[ao]s?|(?:de|feitas? por|escritas? por) (?:um |uma )?${BEING})\\b`) },
  // "tem alguém aí ou é bot?", "humano ou robô?", "pessoa ou máquina?"
  { name: 'human_or_machine', confidence: 0.95, pattern: new RegExp(`\\b(?:${HUMAN}|alguem)(?: ai| aqui)? ou (?:e |com |de )?(?:tudo |um |uma )?(?:${BEING}|automatic[oa])\\b|\\b${BEING} ou (?:com |de )?(?:um |uma )?(?:${HUMAN}|alguem)\\b`) },
  // "... ou é robô?" closing a question offers "you are a machine" as the alternative.
  // "automático" is left out: "manual ou é automático?" is about a process.
  { name: 'or_is_machine', confidence: 0.85, pattern: new RegExp(`\\bou (?:e|sera que e|seria) (?:um |uma |o )?${BEING}(?= ?$| (?:ne|mesmo|k|rs)\\b)`) },
  // "essa conversa é com uma pessoa?", "esse chat é respondido por robô?"
  { name: 'conversation_with', confidence: 0.9, pattern: new RegExp(`\\b(?:essa conversa|esse chat|esse atendimento|esse numero|esse whatsapp|aqui) (?:e|ta sendo|esta sendo) (?:com|feito por|respondid[oa] por|operad[oa] por) (?:um |uma )?(?:${BEING}|${HUMAN})`) },
  // "é você mesmo que tá digitando?"
  { name: 'really_you_typing', confidence: 0.85, pattern: /\b(?:e|eh) voce mesm[oa] (?:que )?(?:ta|esta|que ta)? ?(?:digitando|escrevendo|respondendo)\b/ },
  // "essas mensagens são enviadas automaticamente?"
  { name: 'sent_automatically', confidence: 0.8, pattern: new RegExp(`\\b${REPLY} (?:\\S+ ){0,3}?(?:sao|e|foi|foram) (?:enviad|mandad|respondid|gerad|escrit|disparad)[oa]s? (?:automaticamente|por (?:um |uma )?(?:${BEING}|sistema))\\b`) },
  // "vc parece um robô", "parece resposta de bot"
  { name: 'sounds_like_machine', confidence: 0.8, pattern: new RegExp(`\\b(?:voce|isso|(?:a |as |sua |suas |essa |essas )?respostas?|tu) (?:parece|parecem|ta parecendo|soa|soam|fala (?:igual|que nem|como)) (?:(?:um|uma|resposta de|coisa de|de) )?${BEING}\\b`) },
  // "vcs usam IA pra responder?", "é um robô que responde?"
  { name: 'uses_ai_to_reply', confidence: 0.85, pattern: new RegExp(`\\b(?:usa|usam|usando|utiliza|utilizam) (?:um |uma )?(?:${MACHINE}|ia) (?:pra|para) (?:responder|conversar|falar|mandar|atender)\\b`) },
  // Refusing to deal with a machine presumes one is there: "não sou obrigado a falar com robô",
  // "quero uma pessoa real, não um robô", "não vou passar meus documentos pra uma IA".
  { name: 'refuses_machine', confidence: 0.85, pattern: new RegExp(`\\b(?:(?:falar|conversar|falando|conversando|tratar) |(?:passar|mandar|enviar) (?:\\S+ ){0,2}?)(?:com|pra|para|a) (?:um |uma |o |a )?${BEING}\\b|\\bnao (?:com|e|um|uma) (?:um |uma )?${BEING}$`) },
  // Too fast or too uniform to be a person: "rápido demais pra ser gente", "duvido que seja pessoa".
  { name: 'doubts_human', confidence: 0.85, pattern: new RegExp(`\\b(?:demais|muito rapido|rapido) (?:pra|para) (?:ser|ter sido) (?:uma |um )?${oneOf('gente', 'humano', 'humana', 'pessoa', 'alguem', 'voce')}\\b|\\bduvido (?:que |q )?(?:voce )?(?:seja|e|ser) (?:uma |um )?${oneOf('gente', 'humano', 'humana', 'pessoa', 'alguem', 'real', 'de verdade')}\\b`) },
  // A verdict on the replies or the name: "parece robô", "essa resposta parece pronta", "júlia é nome de robô".
  { name: 'seems_machine', confidence: 0.8, pattern: new RegExp(`\\bparece(?:m)? (?:ser )?(?:um |uma )?(?:(?:resposta|respostas|mensagem|texto|coisa|conversa) )?(?:de )?${BEING}\\b|\\b(?:essa|esta|sua|essas|suas|tua) ${REPLY} (?:\\S+ )?(?:parece|parecem|ta|esta|soa) (?:\\S+ )?(?:pronta|prontas|copiada|copiadas|decorada|padrao|roteirizada|automatica|gerada)\\b|\\bnome de ${BEING}\\b|\\b(?:responde|respondendo|fala|escreve) (?:sempre )?(?:igual|igualzinho|a mesma coisa)\\b.{0,30}\\b${BEING}\\b`) },
  // A bare label with a tag: "sistema automatizado né?", "atendimento automático, né".
  { name: 'labels_automatic', confidence: 0.85, pattern: new RegExp(`^(?:e |isso e |ah )?(?:um |uma )?${SERVICE} ${AUTO}(?: ne| mesmo| ne nao| entao| ai)?$`) },
  // A person or the system: "é alguém da equipe que tá digitando ou é o sistema?"
  { name: 'typist_or_system', confidence: 0.85, pattern: new RegExp(`\\b(?:digitando|respondendo|escrevendo|falando|teclando)\\b.{0,30}\\bou (?:e |sera )?(?:o |a |um |uma )?${MACHINE_ALT}$`) },
  // "tem alguém aí de carne e osso?", "tem gente aí ou não?"
  { name: 'anyone_real', confidence: 0.85, pattern: new RegExp(`\\btem (?:alguem|gente|uma pessoa|algum humano|um humano)(?: ai| aqui)? (?:de carne e osso|de verdade|real|humano)\\b|\\btem (?:alguem|gente|uma pessoa)(?: ai| aqui) ou nao$`) },
  // suspicion stated rather than asked. "tô achando q é bot", "desconfio que é um sistema automatizado",
  // "tá com cara de chatgpt", "nem parece gente respondendo", "se vc for robô...", "resposta pronta né? robozinho".
  { name: 'suspects_machine', confidence: 0.85, pattern: new RegExp(`\\b(?:acho|aposto|achando|acredito|desconfio|desconfiad[oa]|suspeito|impressao|certeza|reconheco|saquei|percebi) (?:de )?(?:que |q )?(?:(?:to|estou) (?:falando|conversando) com |(?:voce|isso|aqui|julia) )?(?:e |seja |ta |esta )?(?:um |uma |o |a |so )?(?:${BEING}|${SERVICE} ${AUTO}|${AUTO})\\b`), rejectTail: (tail) => /^d[oa]s? (?!voces|vcs|julia|empresa)\S+/.test(tail) },
  { name: 'looks_like_machine', confidence: 0.85, pattern: new RegExp(`\\b(?:com|tem|de) cara de (?:(?:resposta|coisa|texto|mensagem) de )?${BEING}\\b|\\b(?:nem|nao) parece (?:ser )?(?:gente|humano|humana|pessoa|alguem|uma pessoa)(?: de verdade| real)?(?: respondendo| escrevendo| falando)?\\b`) },
  { name: 'if_you_are_machine', confidence: 0.85, pattern: new RegExp(`\\bse (?:voce|tu|isso|julia) (?:for|e|fosse|for mesmo) (?:um |uma |o |a )?${BEING}\\b`) },
  { name: 'canned_reply', confidence: 0.8, pattern: new RegExp(`^(?:e |isso e |so |mais uma |outra )?(?:uma )?(?:resposta|mensagem|msg) (?:pronta|automatica|de robo|de bot|copiada)(?: (?:ne|de novo|ne nao|essa|hein|outra vez|k+\\w*|rs\\w*))*$|^(?:seu |sua |ô |o |oi |ai )?(?:robozinho|robozao|chatbot|robo|bot)(?: k+\\w*| rs\\w*| ne)?$`) },
  // "você é a tal da IA que ...", "vc é tipo um robô?"
  { name: 'you_are_that_machine', confidence: 0.9, pattern: new RegExp(`\\b${YOU} ${IS} (?:a tal d[ao]|tipo|tipo um|tipo uma|meio|algum|alguma) (?:um |uma )?${BEING}\\b`) },
  // "tem alguém aí ou é só sistema?"
  { name: 'someone_or_only_system', confidence: 0.9, pattern: new RegExp(`\\b(?:${HUMAN_ALT})(?: ai| aqui)? ou (?:e )?(?:so|tudo|apenas) (?:um |uma |o |a )?${MACHINE_ALT}\\b`) },
  // "você existe mesmo?", "a júlia existe?"
  // the machine addressed, thanked or insulted ("robô chato, ...", "parabéns pro robô", "valeu, bot"):
  // a remark made to the interlocutor as a machine, not a question about one.
  { name: 'machine_addressed', confidence: 0.8, pattern: new RegExp(`^(?:ô |o |ei |oi |seu |sua |ai )?${oneOf('robo', 'robozinho', 'bot', 'chatbot', 'maquina')} ${oneOf('chato', 'chata', 'burro', 'burra', 'idiota', 'inutil', 'lerdo', 'insistente', 'educado', 'educada', 'esperto', 'esperta')}\\b|\\b(?:parabens|obrigad[oa]|valeu|brigad[oa]) (?:pro|pra|ao|a|seu|sua) (?:seu |sua |o |a )?${oneOf('robo', 'robozinho', 'bot', 'chatbot', 'maquina', 'ia', 'inteligencia artificial')}\\b`) },
  // "é tudo automático aqui né", "beep bop?": the conversation labelled as a machine's.
  { name: 'all_automatic_here', confidence: 0.85, pattern: new RegExp(`\\b(?:e|eh|ta) (?:tudo |tudo isso )?${AUTO} (?:aqui|isso|por aqui|esse whatsapp|essa conversa)(?: ne| mesmo| entao| ne nao)?$|^(?:beep|bip|bipe) (?:bop|boop|bup|bip)\\b`) },
  // "alguém de carne e osso pode me atender?": asking for a real person presumes a machine answers now.
  { name: 'someone_real_to_attend', confidence: 0.85, pattern: /\balguem (?:de carne e osso|de verdade|real|humano) (?:(?:pode|poderia|podia|consegue|pra|para|que) )?(?:me )?(?:atender|responder|falar|ajudar|ler)\b/ },
  { name: 'do_you_exist', confidence: 0.8, pattern: /\b(?:voce|julia) existe(?: mesmo| de verdade)?(?= ?$| ou\b)/ },
];

// stated, conditional and addressed forms (bot-frames.ts).
const ALL_RULES: readonly Rule[] = [...RULES, ...BOT_FRAMES];

/**
 * Does the doctor sincerely ask whether he is talking to a machine? Mentions
 * of robots elsewhere ("cirurgia robótica", "robô aspirador") do not count:
 * every rule needs the question aimed at the interlocutor.
 */
// other companies' bots, told as hearsay or in relief ("um colega disse que tem agência usando robô pra
// mandar vaga, ainda bem que vocês não"), are not a doubt about us, unless the doctor asks it of us too.
const OTHER_COMPANIES = /\b(?:outras? (?:empresas?|agencias?)|tem (?:empresa|agencia)s?|uma (?:empresa|agencia)|empresas? (?:de escala|de plantao|dessas|assim)|agencias? (?:de escala|de plantao|dessas|assim)|concorrent\w*)\b/;
const TOLD_OR_RELIEVED = /\b(?:ainda bem|que bom que|diferente de voces|nao (?:sao|e) (?:assim|o caso)|disse|disseram|falou|falaram|contou|contaram|ouvi|vi (?:uma )?(?:reportagem|noticia|materia)|li (?:que|uma))\b/;
const ASKED_OF_US = /\b(?:voces|voce|vc) (?:tambem|tb)\b|\be (?:voces|voce|vc|aqui)$|\b(?:voces|voce|vc) (?:usam|usa|sao|e) (?:\S+ )?(?:bot|robo|ia|inteligencia artificial|maquina)\b/;
export function otherCompaniesBots(text: string): boolean {
  return OTHER_COMPANIES.test(text) && TOLD_OR_RELIEVED.test(text) && !ASKED_OF_US.test(text);
}

// a machine in the doctor's family or life ("meu filho fica conversando com IA o dia inteiro") is not a
// doubt about us: a relative or someone of his is the subject, and nothing is said to us (no "você", "vocês", "aqui").
const SOMEONE_OF_HIS = /\b(?:meu|minha|meus|minhas) (?:filh[oa]s?|esposa|marido|mulher|mae|pai|irma[oa]?s?|sobrinh[oa]s?|net[oa]s?|namorad[oa]|familia|sogr[oa]|avo|sobrinhada|primo|prima|amig[oa]s?|pacientes?|alunos?|residentes?)\b(?: \S+){0,4}? (?:conversa|conversando|fala|falando|usa|usando|usou|vive|fica|brinca|brincando|pergunta|perguntando|pede|pedindo|conversou|falou|adora|ama|viciad[oa]) (?:\S+ ){0,3}?(?:robo|robozinho|bot|chatbot|ia|inteligencia artificial|chat ?gpt|gpt|alexa|siri|maquina)\b/;
const SAID_TO_US = /\b(?:voce|vc|voces|vcs|tu|julia|contigo|comigo|aqui|to falando|estou falando|to conversando|estou conversando)\b/;
export function machineInHisLife(text: string): boolean {
  return SOMEONE_OF_HIS.test(text) && !SAID_TO_US.test(text);
}

// A machine of his own: his phone's automatic reply ("vou deixar resposta automática ligada", "desculpa a resposta
// automática de antes") or a device or app he names ("o app de ponto é um robô burro"). Said without a word for us,
// it is not a question about who writes here.
const HIS_OWN_MACHINE = /\b(?:(?:vou deixar|deixei|ativei|liguei|desliguei|esqueci) (?:a |uma |minha )?(?:resposta|mensagem) automatica|(?:desculpa|desculpe|perdao) (?:a|pela|pelas|as) (?:resposta|respostas|mensagem|mensagens) automatica|(?:meu|minha) (?:\S+ ){0,2}?(?:resposta|mensagem) automatica|(?:resposta|mensagem) automatica d[oa] (?:meu|minha)|(?:app|ap|aplicativo|relogio|catraca|totem|leitor|biometria|sistema) (?:de |do |da )?(?:\S+ )?(?:e|eh|parece) (?:um |uma )?(?:robo|maquina)\b)/;

// "você não é robô né? kkk brincadeira": a question taken back as a joke at the end of the message, as the other
// detectors read a joke.
const TAKEN_BACK = /\b(?:brincadeira|(?:to|estou|tava|so) brincando|zoeira|zuera|zoando)(?: (?:k+|rs+|ha\w*|he\w*))*$/;

export function botSuspicionByRules(raw: string): BotSuspicionResult {
  const text = detectorInput(raw);
  // An upper-case "IA" is the acronym, never the verb, so it is safe to rewrite.
  // the robot emoji names the machine ("ok 🤖, anota aí").
  const expanded = text.replace(/\bI\.?A\b/g, 'inteligencia artificial').replace(/\u{1F916}/gu, ' robo ');
  const normalized = normalize(expanded);
  if (normalized.length === 0 || otherCompaniesBots(normalized) || machineInHisLife(normalized)) return { suspicious: false, confidence: 0 };
  if (HIS_OWN_MACHINE.test(normalized) && !SAID_TO_US.test(normalized)) return { suspicious: false, confidence: 0 };
  const [best] = matchRules(ALL_RULES, normalized, clauses(expanded));
  if (!best || TAKEN_BACK.test(normalized)) return { suspicious: false, confidence: 0 };
  // A question mark makes a sincere question likelier than a passing remark.
  const confidence = Math.min(1, best.confidence + (text.includes('?') ? 0.03 : 0));
  return { suspicious: true, confidence };
}

// The doctor speaking of himself ("não sou robô", "sou humano, demoro"): the machine word's subject is the speaker,
// so a model that reads only the word may not add a suspicion the rules did not see.
// "robô nada, eu que sou lento": the word denied of himself.
const SPEAKER_IS_SUBJECT = /\b(?:eu )?(?:nao |tambem nao )?sou (?:um |uma )?(?:robo|robozinho|bot|maquina|ia|inteligencia artificial|humano|humana|gente)\b|^(?:robo|bot|maquina) (?:nada|nenhum|coisa nenhuma)\b(?: \S+){0,3} eu\b/;

// impatience for a reply ("cadê a resposta?", "vai me responder?") with no word of what we are is a slow
// reply, not a doubt about a machine; the model, which weighs "resposta" as a bot word, may not add a suspicion there.
const WAITING_FOR_REPLY = /\b(?:cade|e) (?:a |o |minha |meu )?(?:resposta|retorno)\b|\b(?:vai|vao|ninguem|nao vai|voce nao vai) (?:me )?responder\b|\b(?:ainda )?sem (?:resposta|retorno)\b/;
const SAYS_WHAT_WE_ARE = /\b(?:robo\w*|bot|chatbot|maquina|ia|inteligencia artificial|automatic\w*|automatizad\w*|humano|humana|gente|pessoa|sistema|programa|gpt|chat ?gpt|virtual|script|pronta|prontas|gravad\w*|disparo\w*|em massa|copia e cola)\b/;

// the doctor comparing himself to a machine ("vou responder rapidinho igual robô", "trabalho feito
// máquina"): the speaker is the subject, as in `SPEAKER_IS_SUBJECT`, so the model may not add a suspicion alone.
const SPEAKER_COMPARES =
  /\b(?:eu (?:\S+ ){0,3}?|vou \S+ (?:\S+ )?|(?:to|estou|tava|estava|ando|fico|fiquei|virei) (?:\S+ )?(?:\S+ )?|(?:trabalho|trabalhei|respondo|falo|escrevo|atendo|atendi|funciono) (?:\S+ )?)(?:igual|que nem|feito|tipo|como|parecendo) (?:um |uma )?(?:robo|robozinho|maquina|bot)\b/;

// a process called automatic ("o repasse é automático?", "a renovação é automática") names how a thing
// works, not who writes; after set 17 ("o WhatsApp também é automático?") the model weighs "automático" alone.
const PROCESS_AUTOMATIC = /\b(?:o|a|os|as) (?!whatsapp?\b|zap\b|atendimento\b|conversa\b|chat\b|respostas?\b|mensage)\S+(?: \S+){0,2} (?:e|eh|sao|fica|ficam|vai ser) (?:tudo |todo |toda )?automatic\w*\b/;

// a machine that belongs to someone else (the hospital's delivery robot, a course on AI, the hospital's script):
// the machine word names their tool, not who writes to him, so the model may not add a suspicion alone.
const OTHERS = '(?:hospital|clinica|upa|ps|banco|condominio|farmacia|faculdade|curso|escola|prefeitura|operadora|laboratorio)';
const TOOL = '(?:robo\\w*|bot|chatbot|maquina|sistema|ia|inteligencia artificial|script|gpt|chat ?gpt)';
const ANOTHERS_MACHINE = new RegExp(
  `\\b${OTHERS}\\b(?: \\S+){0,2}? (?:colocou|tem|usa|usou|comprou|instalou|botou) (?:um |uma |o |a )?${TOOL}\\b|\\b${TOOL}\\b(?: \\S+){0,3}? d[oa] ${OTHERS}\\b|\\bcurso (?:\\S+ )?de ${TOOL}\\b`,
);

// Thanks and praise of how she answers ("vc é muito educada", "que bom falar com alguém que responde rápido") with no
// word of what we are: the model weighs the praise of speed or manners as a doubt, and may not add one alone.
const PRAISE = /\b(?:educad[oa]|atencios[oa]|simpatic[oa]|gentil|prestativ[oa]|querid[oa]|fofa|que bom (?:falar|conversar)|obrigad[oa]|amig[oa])\b/;
// who else got the message ("essa mensagem foi pra todo mundo?", "é só pra mim ou pra geral?") asks about the audience, not
// about what writes it: with nothing said of what we are, the model may not add a suspicion alone.
const AUDIENCE_ASKED = /\b(?:pra|para|pro) (?:todo mundo|todos|geral|varios medicos|outros medicos|meu colega)\b|\bso (?:pra|para) mim\b/;

// Questions about her as a colleague ("vc é nova aí?", "trabalha aí faz tempo?") with no word of what we are: small
// talk about a person, which the model may not read as a doubt alone.
const ABOUT_HER_AS_COLLEAGUE = /\b(?:voce|tu) (?:e|eh) (?:nova|novo|novata|novato|estagiaria|daqui|de onde)\b|\b(?:voce|tu) trabalha (?:ai|la|nessa empresa|com isso) (?:faz|ha) (?:muito )?tempo\b|\bfaz tempo que (?:voce|tu) trabalha\b/;

// Doubt about the offer, not about who writes ("manda um contrato modelo pra eu ver se é sério"): with no word of what we
// are, the model may not read it as a doubt about a machine.
const OFFER_DOUBTED = /\b(?:pra|para) (?:eu )?(?:ver|saber|conferir|checar) se (?:e|eh|isso e) (?:seri[oa]|real|verdade|confiavel|legit\w*)\b/;

// A person of ours asked for with no word of what we are ("quero falar com o responsável"): he wants someone with more
// say, he does not doubt that a person answers.
const PERSON_ASKED = /\b(?:quero|preciso|queria|exijo) falar com (?:o |a )?(?:responsavel|gerente|supervisor\w*|financeiro|dono|chefe|coordenador\w*|diretor\w*)\b/;

/** Frames that are no doubt about a machine unless a word of what we are comes with them; the model may not add one. */
const NO_DOUBT_WITHOUT_A_WORD_OF_US = [WAITING_FOR_REPLY, PRAISE, AUDIENCE_ASKED, ABOUT_HER_AS_COLLEAGUE, OFFER_DOUBTED, PERSON_ASKED];

/** The rules combined with the learned layer: what the pipeline and `julia classify` use. */
export function detectBotSuspicion(raw: string): BotSuspicionResult {
  // His own phone's automatic answer ("Resposta automática: estou em cirurgia…") names a machine of his, not ours.
  if (detectAutoReply(raw).autoReply) return { suspicious: false, confidence: 0 };
  const rules = botSuspicionByRules(raw);
  const text = normalize(detectorInput(raw));
  if (!rules.suspicious && SPEAKER_IS_SUBJECT.test(text)) return rules;
  if (otherCompaniesBots(text) || machineInHisLife(text) || TAKEN_BACK.test(text)) return rules;
  if (!rules.suspicious && SPEAKER_COMPARES.test(text)) return rules;
  if (!rules.suspicious && !SAYS_WHAT_WE_ARE.test(text) && NO_DOUBT_WITHOUT_A_WORD_OF_US.some((frame) => frame.test(text))) return rules;
  if (!rules.suspicious && (PROCESS_AUTOMATIC.test(text) || ANOTHERS_MACHINE.test(text) || HIS_OWN_MACHINE.test(text)) && !SAID_TO_US.test(text)) return rules;
  const learned = learnedVerdict('botSuspicion', raw, rules.suspicious, (piece) => botSuspicionByRules(piece).suspicious);
  if (learned.yes === rules.suspicious) return rules;
  return learned.yes ? { suspicious: true, confidence: learned.p } : { suspicious: false, confidence: 0 };
}
