import type { Rule } from './detector.js';
import type { ObjectionLabel } from './labels.js';

/**
 * Objection frames from sets 13 and 14, the first two sets written from the labelling guide
 * (docs/eval/labelling-guide.md), read after their blind runs (h14-detectors10). Patterns run on retrieval's
 * normalised text ("R$ 1.200" arrives as "r 1 200", "tá" as "esta").
 *
 * The guide settles the conventions older sets split on, and these frames follow it: payment terms judged long are
 * risco (sets 3-5, 8, 13 and 14; sets 9-11 read them preco), a specialty change that ends plantão altogether is
 * motivacao, a time-clock app or system that fails is processo even inside a hospital.
 */

/** Read before every other frame: statements that settle the type whatever else the message names. */
export const PRIORITY_FRAMES_14: Rule<ObjectionLabel>[] = [
  // Plantão left altogether ("não faço mais plantão", "larguei os plantões", "decidiu parar com plantão", burnout):
  // a specialty or a new area named beside it is why, not a fixed rule of his week. A kind of plantão after it
  // ("não faço mais plantão noturno") is that rule, so it is left out.
  {
    label: 'motivacao',
    pattern: new RegExp(
      [
        `nao (?:faco|pego|dou) mais plant(?:ao|oes)\\b(?! (?:de|do|da|noturno|diurno|no|na|nos|nas|em|aos|longe|assim|\\d)\\b)`,
        `(?:largar|larguei|largou|deixar|deixei|deixou|parar com|parei com|parou com) (?:os |de )?plant(?:ao|oes)\\b(?! (?:de|do|da|noturno|diurno|no|na|nos|nas|em|aos|\\d)\\b)`,
        `(?:decidi|decidiu|resolvi|resolveu) (?:parar|largar|deixar) (?:com |de fazer |de dar )?(?:os )?plant(?:ao|oes)\\b(?! (?:de|do|da|noturno|diurno|no|na|em|\\d)\\b)`,
        `encerr\\w* (?:as |minhas |suas )?atividades (?:de|em) plant(?:ao|oes)`,
        `\\bburn ?out\\b`,
        `saindo da (?:medicina de urgencia|emergencia|urgencia)`,
      ].join('|'),
    ),
  },
  // The time clock, ours or the hospital's, that fails; our app that shows a shift wrongly; mandatory training.
  {
    label: 'processo',
    pattern: new RegExp(
      [
        `(?:app|aplicativo|sistema|relogio) de ponto\\b(?: \\w+){0,5} (?:nao abre|nao funciona|nao registr\\w*|trav\\w*|cai|caindo|fora do ar|horror|nao marc\\w*)`,
        `aceitei (?:o plantao )?no (?:app|aplicativo) (?:\\w+ ){0,3}(?:apareceu|ficou|consta|esta) como recusad`,
        `treinamento obrigatorio`,
      ].join('|'),
    ),
  },
];

/**
 * Set 13's plainest lexical gaps (h14-detectors10, read after its blind run), read after the set 12 frames: a plantão
 * or payment "não foi pago", a value that displeases or came smaller, training and clauses refused, a time-clock app
 * that freezes, years with another company, activities closed, humiliation or harassment at the place (payment terms
 * are read with set 14's frames below). Fresh paraphrases in objection-frames-set14.test.ts ("set 13 families").
 */
export const OBJECTION_FRAMES_13: Rule<ObjectionLabel>[] = [
  {
    label: 'risco',
    pattern: new RegExp(
      [
        `(?:plantao|pagamento|repasse)\\b.{0,40}\\bnao (?:foi|foram) (?:pag|deposit|creditad)\\w*`,
        `nada do (?:meu )?pagamento`,
        `ninguem (?:me )?paga\\b`,
        `pagam (?:sempre )?atrasado`,
      ].join('|'),
    ),
  },
  {
    label: 'preco',
    pattern: new RegExp(
      [
        `nao gostei (?:muito )?(?:desse|do|deste|dess[ea]) valor`,
        `valor (?:esta|veio|ficou) menor`,
        `\\d[\\d ]* (?:reais )?a menos\\b`,
        `desconto de (?:inss|irrf|imposto|iss)\\b.{0,40}\\b(?:nao|sem) (?:estava|era|foi) (?:no )?combinad`,
      ].join('|'),
    ),
  },
  {
    label: 'processo',
    pattern: /\b(treinamento obrigatorio|clausula\b.{0,80}\bnao assino|nao emito nota|(aplicativo|app) de ponto\b.{0,40}\btrav\w*)\b/,
  },
  { label: 'lealdade', pattern: /\b(estou|to) com (a |o )?\w+ (faz|ha) \d+ anos\b/ },
  { label: 'motivacao', pattern: /\b(encerrei (minhas )?atividades (em|de) plantao|plantao (para|pra) mim nao da mais|preciso diminuir (os )?plantoes|preciso diminuir\b)/ },
  { label: 'qualidade', pattern: /\b(me humilhou|me assediou|briga toda noite|nao tinha (a menor )?condic\w* de seguranca|sistema vive caindo)\b/ },
];

/** Read after the set 8-13 frames. */
export const OBJECTION_FRAMES_14: Rule<ObjectionLabel>[] = [
  // Whether and when he is paid: terms judged long, money owed, not a cent seen, a payment delayed.
  {
    label: 'risco',
    pattern: new RegExp(
      [
        `(?:pag\\w*|receb\\w*|prazo|repasse)(?: \\w+){0,4} (?:\\d+|trinta|quarenta|sessenta|noventa) dias\\b.{0,40}\\b(?:muito|nao da|complica\\w*|dificil|puxado|demais|absurdo|nao existe|nao compensa|inviavel)`,
        `(?:\\d+|trinta|quarenta|sessenta|noventa) dias (?:depois|apos|pra pagar|para pagar)\\b.{0,30}\\b(?:muito|nao da|complica\\w*|demais|absurdo)`,
        `(?:pagam|paga|pagar) (?:so )?(?:\\d+|trinta|sessenta|noventa) dias depois`,
        `aquela historia de \\d+ dias`,
        `(?:so )?aceito se o pagamento (?:sair|cair|for feito) em ate \\d+ dias`,
        `(?:voces )?me devem\\b`,
        `nao vi (?:a cor d[oe] )?(?:um )?centavo`,
        `atrasaram (?:o |meu |o meu )?(?:pagamento|repasse)`,
        `(?:repasse|pagamento) (?:esta |ta )?atrasad\\w*`,
      ].join('|'),
    ),
  },
  // The amount: hours paid as fewer, a fine for a cancellation announced, a value changed after he accepted, a
  // percentage taken.
  {
    label: 'preco',
    pattern: new RegExp(
      [
        `(?:fiz|trabalhei|dei) (?:o plantao de |um plantao de )?\\d+ ?h\\b(?: \\w+){0,4} (?:pagaram|pago|paga) (?:como|so|somente) \\d+`,
        `(?:cobraram|cobrou|cobram|descontaram) (?:de mim |me )?(?:uma |a )?multa\\b`,
        `valor (?:do plantao )?(?:mudou|caiu|baixou) depois que (?:eu )?aceitei`,
        `desconto de \\d+ ?%`,
        `^(?!.*\\b(?:to dentro|estou dentro|fechado|pode reservar|aceito|topo|bora)\\b).*\\br \\d[\\d ]* (?:para|pra|por|num|no) (?:um )?(?:plantao de )?\\d+ ?h\\b.{0,60}\\b(?:brincadeira|piada|doid[oa]|louc[oa]|serio|zoando|palhacada)`,
      ].join('|'),
    ),
  },
  // Our contact: sent or changed at the last minute (a cancellation at the door is a hand-off, not this), at dawn, the
  // answer to another question. A voice note refused stays unread: sets 2-5 label it none.
  {
    label: 'comunicacao',
    pattern: new RegExp(
      [
        `(?:mand\\w*|avis\\w*|oferec\\w*|mudaram|mudou|muda|vaga\\w*|oferta\\w*|confirmac\\w*)(?: \\w+){0,4} em cima da hora`,
        `mensage\\w*(?: \\w+){0,3} de madrugada|de madrugada\\b.{0,25}\\b(?:bloque\\w*|para|pare|parem|chega)`,
        `(?:para|pare|parem|parar) de (?:me )?mandar mensage\\w* de madrugada`,
        `perguntei (?:\\w+ ){1,8}e (?:voce |vc )?(?:mandou|respondeu|falou) (?:o |a |outra|outro|sobre)`,
        `nao respond\\w* (?:nada )?(?:do )?que (?:eu )?pergunt\\w*`,
      ].join('|'),
    ),
  },
  // His agenda: no free dates in the coming weeks, months away for an exam, free only next week.
  {
    label: 'tempo',
    pattern: new RegExp(
      [
        `sem (?:datas?|dias?|horarios?) (?:livres?|disponive\\w*)`,
        `(?:vou ficar|fico|estarei|vou estar) (?:\\d+|dois|tres|quatro|seis) (?:meses|semanas) fora`,
        `semana que vem (?:eu )?(?:fico|estou|to|estarei) livre`,
      ].join('|'),
    ),
  },
  // His fixed profile: a shift length refused for another, a specialty he is not, a restricted availability, hours
  // of road.
  {
    label: 'disponibilidade',
    pattern: new RegExp(
      [
        `nao quero (?:mais )?plantao de \\d+ ?h\\b`,
        `nao sou (?:cardio\\w*|pediatra|ortopedista|anestesista|intensivista|obstetra|ginecologista|clinic[oa]|cirurgia\\w*|\\w+logista)\\b`,
        `(?:sou|eu sou) (?:\\w+ )?(?:cirurgia\\w*|\\w+logista|pediatra|ortopedista|anestesista|intensivista|obstetra)\\b.{0,60}\\bnao tem nada a ver`,
        `minha disponibilidade (?:e|esta|fica) restrita`,
        `\\d+ ?h(?:oras)? de estrada`,
      ].join('|'),
    ),
  },
  // Already served and happy elsewhere.
  {
    label: 'lealdade',
    pattern: /\b((agenda|escala) fechada com (a |o )?\w+.{0,40}\bsatisfeit\w*|ja tenho (os |meus )?plantoes (pela|pelo|na|no|com) \w+)/,
  },
  // His data, not authorised.
  {
    label: 'confianca',
    pattern: /\b(nao autorizo o uso (d[aoe]s? )?(meus |minhas )?(dados|informac\w*)|nunca autorizei nada)\b/,
  },
  // The place: harassment suffered, one doctor for a crowd.
  {
    label: 'qualidade',
    pattern: /\b(sofri assedio|(um|1) medico so (para|pra) \d+|so (um|1) medico (para|pra) \d+)\b/,
  },
];
