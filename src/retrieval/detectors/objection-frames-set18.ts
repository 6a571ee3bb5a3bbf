import type { Rule } from './detector.js';
import type { ObjectionLabel } from './labels.js';

/**
 * Objection frames from set 18, the sixth set written from the labelling guide, read after its blind run
 * (h14-detectors12). Its misses were mostly plain objections read as none: a trip or an exam with its date, a
 * profile rule ("não faço X, só Y"), a price weighed against a figure, the channel he wants, a hospital that treated
 * him badly. Normalised text as in the other frame files ("pra" -> "para", "vc" -> "voce", "conto" -> "reais").
 *
 * PRIORITY_FRAMES_18 go with set 17's, before every other frame: a pause that names how long it lasts is time.
 */
export const PRIORITY_FRAMES_18: Rule<ObjectionLabel>[] = [
  {
    label: 'tempo',
    pattern: /\b(pausa|uma pausa|um tempo)( \w+){0,4} (por|uns|umas|ate)\b.{0,40}\b(\d+ (meses|semanas|dias)|depois a gente|eu terminar|eu voltar)\b/,
  },
];

export const OBJECTION_FRAMES_18: Rule<ObjectionLabel>[] = [
  // A moment of his agenda: travelling, an exam with a date, another shift today, "only after", back in a month named.
  {
    label: 'tempo',
    pattern: new RegExp(
      [
        `(?:estou|to) viajando`,
        `(?:tenho|vou fazer|faco|fazer) (?:a |uma )?prova de (?:titulo|residencia|especialista)`,
        `(?:hoje|essa semana|este mes|esse mes|amanha) nao (?:rola|da|consigo|posso)\\b`,
        `(?:estou|to) de plantao em outro (?:lugar|hospital)`,
        `volto a (?:olhar|pegar|ver) (?:\\w+ )?(?:em|no|na|a partir de) (?:janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)`,
        `(?:estou|to) fora de \\d+`,
        `semana que vem a gente ve`,
      ].join('|'),
    ),
  },
  // A rule of his profile: "não faço X, só Y", a weekend or a night refused for good, a distance in km.
  {
    label: 'disponibilidade',
    pattern: new RegExp(
      [
        // (a refusal to leave or to be paid some way is not a profile: "não quero sair da lista, só não posso hoje",
        // "não quero receber por RPA, só PJ")
        `nao (?:faco|pego) mais (?:\\w+ ){1,3}(?:so|somente|apenas) (?!nao|to|estou|depois|quando|se|essa|esse|hoje|agora)\\w+`,
        `nao quero mais (?:pegar )?(?:as |os )?(?:vagas?|plantao|plantoes) (?:de |da |do |em |no |na )?(?!receber|sair)\\w+(?: \\w+)? (?:so|somente|apenas) (?!nao|to|estou|depois|quando|se|essa|esse|hoje|agora)\\w+`,
        `(?:final|fim) de semana nao (?:faco|pego|trabalho)`,
        `nao (?:faco|pego|trabalho)(?: plantao)? (?:noturno|diurno|de noite|de madrugada|fim de semana|final de semana)`,
        `\\d+ ?km (?:daqui|de casa|de onde)`,
        `(?:so|apenas) (?:dia util|dias uteis)`,
      ].join('|'),
    ),
  },
  // The pay weighed: a figure asked for to close, a figure refused, "esse valor não dá", more earned elsewhere.
  {
    label: 'preco',
    pattern: new RegExp(
      [
        `consegue (?:r )?\\d+(?: \\d{3})?(?: reais)?(?: (?:a|por) hora)?\\b.{0,20}\\bfecho`,
        `por (?:r )?\\d+(?: \\d{3})?(?: reais)? (?:to|estou) fora`,
        `(?:esse|este|o) valor nao (?:da|compensa|vale)`,
        `ganho mais (?:no|na|em|fazendo|atendendo)`,
      ].join('|'),
    ),
  },
  // The channel and the timing: a call refused for text, e-mail preferred, reminders stopped, the same offer every
  // day, an offer sent too late, our slowness counted in days, a day of the week kept free, too many notifications.
  {
    label: 'comunicacao',
    pattern: new RegExp(
      [
        `nao (?:me )?(?:liguem|ligue|liga)\\b.{0,30}\\b(?:so|prefiro) (?:so )?(?:mensagem|whatsapp|texto)`,
        `nao quero (?:receber )?ligac\\w*,? (?:so|apenas) (?:mensagem|whatsapp|texto)`,
        `prefiro (?:e ?mail|email)`,
        `(?:para|pare|parem) de (?:me )?mandar lembrete`,
        `todo santo dia`,
        `(?:avisando|avisar|avisa|avisaram|mandar|manda|mandaram) (?:\\w+ ){0,8}?(?:muito )?em cima\\b`,
        `demoraram \\d+ (?:dias|horas|semanas)`,
        `nao (?:me )?(?:mande|manda|mandem) mensage\\w* (?:no |aos? |de )?(?:domingo|sabado|fim de semana|final de semana)`,
        `muita notificac\\w*`,
      ].join('|'),
    ),
  },
  // The place: treated badly there, fed up with that hospital, not liking it, shouted at.
  {
    label: 'qualidade',
    pattern: /\b(me trataram (muito |super )?mal|(saco cheio|cansei|nao aguento mais) (desse|daquele|do|da) (hospital|clinica|upa|ps|pronto socorro)|nao gosto (de la|desse hospital|daquele hospital|dessa clinica)|grit\w* comigo)\b/,
  },
  // Money not received or too slow to come: still waiting for a sum, "que não veio", a month too long, companies
  // that vanish.
  {
    label: 'risco',
    pattern: /\b(nunca cair\w*|nunca caiu|(pagamento|repasse|plantao) (\w+ ){0,3}que nao veio|ainda (estou |to )?esperando (o |os |a |as )?(pagamento|repasse|r \d|\d)|muito tempo (para|pra) esperar|costuma\w* sumir)\b/,
  },
  // The contract's terms: a clause that worries him or that he rejects, a fine in the contract.
  {
    label: 'processo',
    pattern: /\b(clausula (\w+ ){0,3}(me )?preocupa|nao concordo com a clausula|multa no contrato)\b/,
  },
  // Who we are: his name put on a roster without consent, not knowing who writes.
  {
    label: 'confianca',
    pattern: /\b(colocaram meu nome (\w+ ){0,4}sem (eu )?(aceitar|autorizar|pedir)|nao sei com quem (estou|to) falando)\b/,
  },
  // Plantão left for another line of work or for good, told for him or by him.
  {
    label: 'motivacao',
    pattern: /\b(nao (trabalha|trabalho) mais com plant\w*|nao faco mais assistencia)\b/,
  },
];
