import { createDetector, type Detector, type Rule } from '../../neighbours/detector.js';
import type { Exemplar } from '../../neighbours/exemplars.js';
import type { KnnVote } from '../../neighbours/knn.js';
import type { ObjectionLabel } from '../../labels.js';
import { normalizeText } from '../../text/normal-form.js';
import { CUE_TUNING, isOpenQuestion, objectionFromCues } from './cues.js';
import { isNeutralLogistics, objectionFromFrames } from './frames.js';
import { NOTHING_HELD } from './nothing-held.js';
import { learnedObjection } from '../../learned/index.js';

// Patterns run on normalised text: folded, lowercase, abbreviations expanded
// ("ta" -> "esta", "n" -> "nao", "vc" -> "voce"). Order is priority: risk before
// price, because "e se nao pagarem" is about receiving, not about the amount.
// Days, dates and shifts, as the normaliser leaves them (folded, abbreviations expanded).
const WHEN =
  '(?:segunda|terca|quarta|quinta|sexta|sabado|domingo|fim de semana|feriado|dia \\d{1,2}|essa semana|semana que vem|de dia|de noite|a noite|noturno|diurno|madrugada|de manha|a tarde)(?:s)?(?:-feira)?';

const RULES: Rule<ObjectionLabel>[] = [
  // exasperation at our insistence or frequency is about how we talk to him (sets 3 and 4
  // convention), even when it comes with a stop: "já pedi 3x", "todo santo dia isso", "vcs são insistentes",
  // "vcs somem e depois mandam 10 vagas seguidas". First, so "não aguento mais" after it stays comunicacao.
  {
    label: 'comunicacao',
    pattern:
      /\b(insist\w*|(mensage\w*|isso|vagas?|mandando|mandam) (todo (santo )?dia|toda hora|o tempo todo|sem parar)|todo (santo )?dia (isso|mensage\w*|vaga\w*)|enchendo (o |meu )?saco|(ja )?(pedi|falei|disse) (\d+ ?x|\d+ vezes|varias vezes|mil vezes)|tenho que (pedir|falar) de novo|quantas vezes (vou|tenho|preciso)|que parte do|lotando (meu|o) (whatsapp|celular)|\d+ (mensage\w*|vagas) (por dia|seguidas|de uma vez)|(mandam|manda|mandando|enviam|envia|recebo|chegam) \d+ (\w+ )?(por|ao|num|no|na) (dia|semana)|(somem|some) e (depois )?(aparecem|volta\w*))\b/,
  },
  // Families added after set 3 (development set): each names a situation, not a sentence.
  // Being or fearing to be left unpaid is a risk of the job, even when it reads as distrust
  // ("vi reclamação de atraso", "a colega não recebeu até hoje", "só receber daqui 90 dias").
  {
    label: 'risco',
    pattern:
      /\b(nao (recebeu|recebi|recebemos|caiu|cairam|pagaram|pagou)|(atraso|atrasos|atrasam|atrasaram|atrasar) (de |do |no |o )?pagamento|pagamento (\S+ )?(atrasad\w*|nao caiu)|dias de atraso|cade (o |meu )?pagamento|nada de pagamento|(so|apenas) receber (daqui|depois|em) \d+|receio de|medo de (tomar|levar|nao)|tomar calote|o que acontece se atrasar|se (cancelar|cancelarem) (voces |a vaga )?(pagam|paga|tem)|pagam alguma coisa|o que (voces )?devem)\b/,
  },
  // Distance and getting there belong to where the shift is, not to its price.
  {
    label: 'disponibilidade',
    pattern:
      /\b(deslocamento|afastad\w*|do outro lado|horas? de estrada|\d+ ?h(oras)? de casa|nao dirijo|beira da rodovia|(e )?outra cidade|saindo de \w+|mais perto|nao faz (o )?meu perfil|esse tipo de plantao)\b/,
  },
  // A full schedule or a moment's impossibility is about time: "bem servido de escala", "tô dirigindo",
  // "já tenho meus plantões fixos", "passei no concurso, tô com 40h", "terça é dia de aula".
  {
    label: 'tempo',
    pattern:
      /\b(bem servid\w*|ocupa tudo|nao sobra|(estou|to) dirigindo|no meio de (uma |um )?(cirurgia|atendimento|consulta|procedimento|reuniao)|\d+ plantoes (essa|nessa|esta) semana|(estou|to) com \d+ ?h|agenda (esta )?(cheia|lotada)|ja tenho (meus |os )?plantoes( fixos)?|dia de aula|tenho (um )?(casamento|aniversario|formatura|compromisso)|aniversario d\w+|surgiu um imprevisto|imprevisto com)\b/,
  },
  // Plantão itself is what he no longer wants: another job, another area, no will left.
  {
    label: 'motivacao',
    pattern:
      /\b(nao (estou|to) procurando|ja tenho (trabalho|emprego)|(emprego|vinculo) (fixo|clt)|sou concursad\w*|vinculo clt|nao preciso de plantao|perdi (totalmente |toda )?a vontade|nao tenho mais saco|mudei de area|decidi parar|nao faco mais plant\w*|nao (faco|pego) mais plant\w*)\b/,
  },
  // The paperwork of working with us: a company to open, an accountant, a registration he lacks.
  {
    label: 'processo',
    pattern: /\b(abrir empresa|contador|crm (secundario|de outro estado)|pagar outro crm|rqe (ainda )?nao saiu|documento\w* demais|pedem documento\w*|tem que entrar em cooperativa|nota fiscal todo mes|nf todo mes)\b/,
  },
  // The place is badly run or unsafe for its staff.
  {
    label: 'qualidade',
    pattern:
      /\b(reclamacao (formal )?(sobre|contra)|condicoes (do|da|de trabalho)|destratad\w*|maltratad\w*|sem (enfermeir\w*|equipe|seguranca)|nao tem seguranca|conforto medico|salinha|sem ar|sem cama)\b/,
  },
  // Our own way of talking to him: unanswered, unconfirmed, answered with something else.
  {
    label: 'comunicacao',
    pattern:
      /\b(ninguem (me )?(respond\w*|atende|atendeu|retorn\w*)|ninguem retornou|fiquei esperando (a |o )?(confirmacao|resposta|retorno)|responde com outra|(desculpa|desculpe) (o|pelo) sumico|nao responder nao e pra|insatisfeito com o atendimento|nao consigo responder)\b/,
  },
  // Price stated as a number or a rule of the market.
  {
    label: 'preco',
    // money missing from a pay is about the amount (a wrong deduction alone is a hand-off with no objection).
    pattern: /\b(abaixo da tabela|(ta|esta) faltando (quase |uns |umas |mais de )?(r \d+|\d+ reais)|(subir|aumentar|sobe) (pra|para) \d+|(deveria|devia|nao deveria) pagar mais|gasto (quase )?isso|\d{3,5} nem pensar|\d{3,5} nao (da|rola|pego))\b/,
  },
  {
    label: 'lealdade',
    pattern: /\b(outro app|outra empresa|fico por la|la eles pagam)\b/,
  },
  {
    label: 'risco',
    pattern:
      /\b(calote\w*|caloteir\w*|(e )?se (nao|atrasar\w*) (pagar\w*|receber|pagam)|medo de (nao receber|trabalhar de graca|levar calote)|trabalhar de graca|(tem|com|sem) contrato( assinado)?|garantia|quem garante|seguro de responsabilidade|paga mesmo|pagam mesmo|vou receber mesmo|historia de atraso|atrasam (o )?pagamento)\b/,
  },
  {
    label: 'preco',
    pattern:
      /\b(caro|barato|valor (esta |e )?(muito |meio |bem )?(baixo|ruim|fraco|pouco|fora)|(esta|muito|bem|meio|mto) baixo|paga(m)? (muito |tao )?(pouco|mal)|(outr\w+|la|eles|concorrencia) paga(m)? (bem |muito )?(mais|melhor)|nao compensa|compensa nao|nao vale a pena|(melhorar|melhora|aumentar|aumenta|subir) (o |esse |um pouco o )?(valor|preco)|mixaria|merreca|esmola|miseria|so isso|da menos de|abaixo do mercado|por esse (valor|preco)|desvaloriz\w*|valor (esta )?(abaixo|defasado))\b/,
  },
  {
    label: 'tempo',
    pattern:
      /\b(sem tempo|nao tenho tempo|(nao tenho|sem) (agenda|horario|folga)|agenda (esta )?(cheia|lotada|fechada|apertada)|escala (esta |do mes )?(cheia|fechada|completa)|(muito|super|bem|estou|ando) (ocupad\w*|corrid\w*|enrolad\w*|atolad\w*)|correria|lotad\w* de plant\w*|nao consigo (essa|esta|nessa|esse|este|neste) (semana|mes|dia|data|fim de semana)|(essa|esta|nessa) semana nao|(esse|este) mes (nao|esta fechado)|(?<!(volto|voltei|voltando|retorno) )de ferias|nao da tempo|falta de tempo|cobrindo (um |uma )?colega)\b/,
  },
  {
    label: 'confianca',
    pattern:
      /\b(nunca ouvi falar|nao conheco (voces|a empresa|essa empresa|esse)|que empresa (e|e essa)|quem (e|sao) (voce|voces)|de onde (voce|voces) (e|sao)|como (voce |voces )?(conseguiu|conseguiram|pegou|pegaram|achou|tem) (o )?meu (numero|contato|telefone)|quem (te )?passou meu|golpe|fraude|spam|confiavel|(que|se) (isso |voces |a empresa )?e seri[oa]|empresa seria|(qual|tem|me passa) (o )?cnpj|tem site|reclame aqui|desconfi\w*|nao passo (meus )?dados)\b/,
  },
  {
    label: 'processo',
    pattern:
      /\b(burocra\w*|papelada|(muito|muita|tanto|tanta|monte de) (documento\w*|papel|coisa pra mandar)|mandar (todos )?(esses |os )?documentos|(de novo|outro|mais um) cadastro|cadastro (chato|longo|demorado|complicado|enorme)|formulario|reconhecer firma|(nao tenho|abrir|sem) (pj|cnpj)|tem que ir presencial|link nao abre|exame admissional)\b/,
  },
  {
    // Schedule fit: a day, date or shift he can't do, or the only ones he can
    // ("sexta não dá", "só tenho folga quarta", "já tô escalado dia 15").
    label: 'disponibilidade',
    pattern: new RegExp(
      `\\b(?:(?:so|somente|apenas) (?:posso|consigo|faco|pego|trabalho|tenho (?:folga|livre)|fico livre|da)\\b.{0,24}\\b${WHEN}|${WHEN}(?: eu)? (?:nao (?:da|posso|consigo|rola|faco|pego|trabalho|vou conseguir)|ja (?:to|estou) (?:escalad|ocupad)\\w*|tenho (?:ambulatorio|consultorio|outro plantao))|nao (?:posso|consigo|faco|pego|trabalho|da|rola|vou conseguir)(?: ir)?(?: (?:no|na|o|a))? (?:essa data|nesse dia|nessa data|${WHEN})|ja (?:to|estou) escalad\\w*|(?:to|estou|vou estar) de ferias)\\b`,
    ),
  },
  {
    label: 'disponibilidade',
    pattern:
      /\b((?<!\bde )longe|distante|contramao|fora de mao|fora (da|de) (minha )?(area|regiao|sao paulo)|nao tenho carro|sem carro|deslocamento|(nao (faco|atendo|trabalho com|pego)|parei de (fazer|atender|pegar)|deixei de (fazer|atender|pegar)|larguei (a |o )?) (uti|pediatria|gineco\w*|obstetricia|cirurgia|ortopedia|crianca|infantil)|nao sou (pediatra|cirurgiao|intensivista|ginecologista|obstetra|ortopedista|anestesista|especialista|da area)|nao (e|eh) (minha|da minha) (area|especialidade)|nao tenho (rqe|titulo)|sou generalista|so (atendo|faco) (adulto|pediatria|clinica))\b/,
  },
  {
    label: 'qualidade',
    pattern:
      /\b(hospital (e |esta )?(muito )?(ruim|pessimo|horrivel|bomba|precario)|(e|esta) (uma )?(bomba|caos|zona)|caos|falta (de )?(tudo|material|medicamento|medicacao|insumo|estrutura|retaguarda)|sem (estrutura|retaguarda)|estrutura (e |esta )?(ruim|precaria|pessima)|gestao (e |esta )?(ruim|pessima|horrivel)|nunca mais (volto|piso|trabalho)|nao volto (la|mais)|(fila|demanda) (enorme|absurda|gigante)|porta aberta|superlota\w*|mal falado|fama (ruim|pessima)|(equipe|enfermagem|coordenacao|coordenador) (de la )?(e |esta )?(ruim|pessima|complicada|dificil|toxica))\b/,
  },
  {
    label: 'lealdade',
    pattern:
      /\b(ja trabalho com|ja (tenho|pego|faco) (plantao |plantoes )?(com|pela|pelo|na|no) (outra|outro|minha|meu)|outra empresa|outra plataforma|outro aplicativo|pelo (app|aplicativo)|cooperativa|sou fixo|fixo (no|na|em)(?! (segunda|terca|quarta|quinta|sexta|sabado|domingo|fim de semana|feriado))|(ja )?tenho (minha|meu) (empresa|grupo|escala|equipe)|meu (grupo|coordenador)|satisfeit\w* (onde|com)|exclusividade)\b/,
  },
  {
    label: 'motivacao',
    pattern:
      /\b(cansad\w*|exaust\w*|esgotad\w*|burn ?out|nao aguento mais(?! (isso|essa enrolacao|esse descaso|voces|esperar|essa demora|esse atendimento|essa empresa))|chega de plant\w*|(parei de |parei com |larguei (o |os )?)plant(ao|oes)\b(?! (de|do|da|noturno|diurno|no|na|nos|nas|em|aos|\d))|nao quero mais (plant\w*|fazer plant\w*)|(dar|dando|dei) um tempo|qualidade de vida|quero ter vida|sem animo|desanimad\w*|saco cheio|nao (faco|pego) mais plant\w*|focando no consultorio)\b/,
  },
  {
    label: 'comunicacao',
    pattern:
      /\b((muita|tanta) mensage\w*|prefiro (email|ligacao|que (me )?lig\w*)|me liga|nao uso (muito )?whatsapp|so vejo (o celular|mensage\w*)|(desculpa|desculpe|perdao) (a|pela) demora|demorei (pra|para) responder|(depois|mais tarde) (eu )?(falo|respondo|te respondo)|vejo depois|(estou|to) em plant\w*|nao (consigo|posso) falar agora|me manda (por )?email)\b/,
  },
];

// Opt-outs and "are you a bot?" have their own detectors upstream and stop or
// redirect the turn; handling them as an objection would argue with a refusal. A stop phrase is excluded only
// when nothing but a general object follows it: a stop with a narrow object ("para de mandar
// plantão de pediatria, só faço clínica", "parei de fazer UTI, não manda mais essas") is a preference whose
// reason is the objection. "não me chama mais pra nada" and "me esquece" are stops too.
const NOT_AN_OBJECTION =
  /\b(((para|pare|parem|parar) de (me )?(mandar|enviar|chamar)|nao (me )?(mande|mandem|manda|chama|chame|chamem|procura|procure) mais)( (me|mais|nada|isso|mensagem|mensagens|coisa|por favor|para nada))*(?= *$)|me esquec\w*|(me )?(tira|tire|remove|remova|exclui|exclua) (da|dessa|desta|do|meu)|(?<!nao (quero|vou|pretendo) )sair (da|dessa) lista|descadastr\w*|(?<!nao sou (um )?)robo|bot|chatgpt|inteligencia artificial|(uma|e) ia|automatic\w*|maquina|(pessoa|gente|alguem) de verdade|humana|humano|procon|processar|justica|denunciar)\b/;

/**
 * The objection behind a message that is acted on otherwise (an opt-out, a hand-off, a bot question):
 * "tô com a agenda cheia, me tira da lista" stops the contact, and the reason is still worth recording.
 * Rules only: the neighbours and the lexicon would read the stop itself as the objection.
 */
// The words that make the act are not its reason: "me liga" is the hand-off, "spam" the opt-out,
// "reclame aqui" the threat; read alone they would pass for comunicacao or confianca.
const ACT_WORDS = /\b(me (liga|ligue|liguem|ligar)|liga (pra|para) mim|spam|(?<!(pesquis\w*|olh\w*|consult\w*|checar|ver) (\w+ ){0,2}(no |o )?)reclame aqui|procon|justica|processar|denunciar)\b/g;

// beside a question about a machine, how the replies read (canned, generic, long, instant) is
// the suspicion's evidence, not a complaint about how we write (sets 3, 7 and 8: "que resposta genérica, tem
// alguém aí?", "um texto gigante em 2 segundos, duvido que seja pessoa" have no objection).
const BOT_TALK = /\b(robo\w*|bot|chatgpt|inteligencia artificial|(uma|e) ia|automatic\w*|maquina|pessoa|humano|humana)\b/;
const WRITING_EVIDENCE = /\b((resposta|mensagem|texto|textao)s? (\w+ ){0,2}(generic\w*|pront\w*|padrao|automatic\w*|gigante\w*|enorme\w*|grande\w*|long[oa]s?)|textao)\b/g;

/** The normalised text with the act's own words set aside, so that only its reason is read. */
function besideTheAct(normalized: string): string {
  const rest = normalized.replace(ACT_WORDS, ' ');
  return BOT_TALK.test(rest) ? rest.replace(WRITING_EVIDENCE, ' ') : rest;
}

// Nothing is held against us when the message reaches someone who is not the doctor ("esse número agora é meu,
// não sou médico"), ends praising us against someone else ("pedi pra outra empresa me tirar da lista, vocês são de
// boa"), or is one of the neutral lines of nothing-held.ts (a reminder not needed, a document asked for, a reply
// promised for later, another company left while he stays with us).
const NOT_THE_DOCTOR_OR_PRAISE =
  /\b(nao sou (medic[oa]|doutora?)|(numero|telefone|contato) (errado|trocou de dono)|dono antigo|antigo dono|(esse|este) numero (agora )?e (meu|de outra pessoa)|voces sao (bem |muito )?(mais )?(educad\w*|de boa|melhores|otim\w*|gente boa))\b/;
export const NOTHING_AGAINST_US = new RegExp(`${NOT_THE_DOCTOR_OR_PRAISE.source}|\\b(?:${NOTHING_HELD.source})`);

export function objectionBehind(text: string): ObjectionLabel | null {
  if (NOTHING_AGAINST_US.test(normalizeText(text))) return null;
  const normalized = besideTheAct(normalizeText(text));
  // The per-label rules first (frames.ts): narrower situations that the general rules above would misread.
  return objectionFromFrames(normalized) ?? RULES.find((rule) => rule.pattern.test(normalized))?.label ?? null;
}

/** Neighbour thresholds, calibrated on the first labelled set only (bench/detectors-eval.ts). */
export const OBJECTION_TUNING = { minSimilarity: 0.3, minShare: 0.45, k: 7 };

/** Below this confidence a neighbours' answer yields to a clear lexicon reading (CV, bench/detectors-cv.ts). */
const WEAK_VOTE = 0.5;

/** Objection type of a doctor's message (spec 4.2), or null when there is none. */
export function createObjectionDetector(
  exemplars: Exemplar[],
  tuning: Partial<typeof OBJECTION_TUNING> & { cues?: Partial<typeof CUE_TUNING> | false; learned?: boolean } = {},
): Detector<ObjectionLabel> {
  const { cues, learned = true, ...knn } = tuning;
  const layered = createLayeredDetector(exemplars, cues, knn);
  if (!learned) return layered;
  // a precise rule keeps its answer; otherwise a confident learned reading (threshold chosen
  // by leave-one-set-out, bench/detectors-loso.ts) replaces the neighbours and the lexicon.
  return {
    detect(text) {
      const d = layered.detect(text);
      if (d.via === 'rule' || isOpenQuestion(normalizeText(text))) return d;
      const m = learnedObjection(text);
      return m.confident ? { label: m.label as ObjectionLabel | null, confidence: m.probability, via: 'model' } : d;
    },
  };
}

function createLayeredDetector(
  exemplars: Exemplar[],
  cues: Partial<typeof CUE_TUNING> | false | undefined,
  knn: Partial<typeof OBJECTION_TUNING>,
): Detector<ObjectionLabel> {
  const fallback = cues === false ? undefined : (normalized: string, votes: KnnVote[]) => objectionFromCues(normalized, votes, cues);
  const base = createDetector<ObjectionLabel>({ rules: RULES, exemplars, noneLabel: 'none', exclude: NOT_AN_OBJECTION, fallback, ...OBJECTION_TUNING, ...knn });
  if (cues === false) return base;
  return {
    detect(text) {
      // neutral logistics and the per-label rules come before the general ones. A frame also
      // names the reason beside a stop the opt-out detector did not flag ("mensagem às 6 da manhã de domingo??
      // me tira dessa lista"), as objectionBehind does for flagged ones.
      const normalized0 = normalizeText(text);
      if (isNeutralLogistics(normalized0) || NOTHING_AGAINST_US.test(normalized0)) return { label: null, confidence: 0.9, via: 'rule' };
      // beside a stop, a joke about one or a bot word that no upstream detector flagged
      // ("se mandar mais um em X eu peço pra sair da lista, brincadeira, mas é longe demais"), the reason is
      // read as objectionBehind reads it for flagged ones: the per-label rules, then the general ones.
      // A bot word alone ("resposta automática do meu e-mail", "sou quase um robô") keeps to the frames.
      const act = NOT_AN_OBJECTION.test(normalized0);
      const framed = act && !BOT_TALK.test(normalized0) ? objectionBehind(text) : objectionFromFrames(act ? besideTheAct(normalized0) : normalized0);
      if (framed) return { label: framed, confidence: 0.9, via: 'rule' };
      const d = base.detect(text);
      if (d.via !== 'knn') return d;
      // Neighbours answer by shared words, so they are overruled where words mislead:
      // a neutral question that merely names a topic, and a weak vote against a clear lexicon reading.
      const normalized = normalizeText(text);
      if (isOpenQuestion(normalized)) return { label: null, confidence: 0, via: 'none' };
      if (d.confidence < WEAK_VOTE) {
        const lexicon = objectionFromCues(normalized, [], cues);
        if (lexicon && lexicon !== d.label) return { label: lexicon, confidence: 0.4, via: 'lexicon' };
      }
      return d;
    },
  };
}
