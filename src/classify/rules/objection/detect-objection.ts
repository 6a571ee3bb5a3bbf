import { createDetector, type Detector } from '../../neighbours/detector.js';
import type { Exemplar } from '../../neighbours/exemplars.js';
import type { KnnVote } from '../../neighbours/knn.js';
import type { ObjectionLabel } from '../../labels.js';
import { normalizeText } from '../../text/normal-form.js';
import { CUE_TUNING, isOpenQuestion, objectionFromCues } from './cues.js';
import { BROAD_OBJECTION_RULES, isNeutralLogistics, objectionFromFrames } from './frames.js';
import { NOTHING_HELD } from './nothing-held.js';
import { learnedObjection } from '../../learned/index.js';


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
  return objectionFromFrames(normalized) ?? BROAD_OBJECTION_RULES.find((rule) => rule.pattern.test(normalized))?.label ?? null;
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
  const base = createDetector<ObjectionLabel>({ rules: [...BROAD_OBJECTION_RULES], exemplars, noneLabel: 'none', exclude: NOT_AN_OBJECTION, fallback, ...OBJECTION_TUNING, ...knn });
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
