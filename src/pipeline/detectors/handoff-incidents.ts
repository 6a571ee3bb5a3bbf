import { pastToldAsReason } from './handoff-guards.js';
import type { Rule } from './rules.js';

// h14-handoff9: the situations set 8 found (fresh paraphrases of each in the unit tests, "set 8 families").

// Where a roster failure is told from: at the hospital, from its staff, or against our own confirmation. Without
// one of these, "ainda não tô na escala de março" is a question about next month's roster, which Júlia answers.
const AT_SITE_OR_CONFIRMED =
  /\b(?:cheguei|chegando|to aqui|estou aqui|tava aqui|na porta|na recepcao|na portaria|no hospital|na unidade|coordenador\w* d[oa] (?:ps|hospital|plantao|unidade|uti|setor))\b|\b(?:voce|voces) (?:me )?confirm\w*|\bconfirmaram\b|\b(?:tenho|tem) (?:o )?print\b|\b(?:estava|tava|foi|estavam) confirmad\w*/;
// Work done or money at stake: a company registration in doubt before any shift is a trust question ("tem CNPJ?").
const WORK_OR_PAY = /\b(?:fiz|trabalhei|dei|cobri|ja fiz) (?:\S+ ){0,2}?(?:plantao|plantoes|turno|escala|\d+ ?h)\b|\b(?:nota fiscal|nota|pagamento|recebi|receber|pix|deposito|repasse|assinei)\b/;
const WORKED = /\b(?:fiz|trabalhei|dei|cobri|ja fiz) (?:\S+ ){0,2}?(?:plantao|plantoes|turno|escala|\d+ ?h)\b/;

const SET_8_RULES: readonly Rule[] = [
  // At the door with no schedule, not recognised, or left off the roster we confirmed: the shift fails right now.
  {
    name: 'complaint:not_on_roster',
    confidence: 0.9,
    pattern:
      /\bnao (?:tinha|tem|havia|existe|existia|consta|constava) (?:nenhum |nenhuma )?(?:plantao|escala|agendamento|registro)(?: nenhum| nenhuma)? (?:no meu nome|em meu nome|pra mim|para mim|comigo)\b|\b(?:meu nome )?nao (?:ta|esta|estava|tava|consta|constava|aparece|aparecia|estou|to) na escala\b|\bnao (?:estou|to|tava|estava|fui) escalad[oa]\b|\bninguem (?:aqui |la )?(?:sabe|sabia) (?:dizer )?quem (?:eu )?sou\b|\bninguem (?:aqui |la )?(?:me )?(?:conhece|esperava|estava me esperando|tava me esperando|sabe de mim|sabia de mim)\b/,
    rejectText: (t) => !AT_SITE_OR_CONFIRMED.test(t),
  },
  // Left alone with the patients, or an unsafe shift going on now. Said of a place in general or when refusing an
  // offer ("lá o plantonista fica sozinho com 40 pacientes, não vou") it is a reason for a no, which Júlia hears.
  {
    name: 'complaint:left_alone',
    confidence: 0.9,
    pattern:
      /\b(?:(?:eu )?(?:to|estou|fiquei|tava|estava|continuo)|me (?:deixaram|deixou|colocaram|colocou|largaram|largou|botaram|botou|escalaram|escalou|abandonaram)) sozinh[oa]s?\b(?: \S+){0,5}? (?:com (?:\d+|mais de \d+|uns \d+) (?:pacientes?|leitos?|fichas?|atendimentos?)|sem (?:nenhum |nenhuma |um |uma )?(?:apoio|clinic\w+|medic\w+|outro medico|colega|equipe|retaguarda|rendicao|ninguem|enfermeir\w+|plantonista))\b|\b(?:isso|aqui|esse plantao|essa situacao) (?:nao (?:e|ta|esta) segur[oa]|(?:e|ta|esta) (?:perigos[oa]|arriscad[oa]))\b/,
    rejectText: (t) =>
      !/\b(?:pacientes?|leitos?|ps|uti|plantonista|equipe|sozinh\w+|apoio|emergencia|sala vermelha)\b/.test(t) ||
      /\b(?:nao (?:vou|pego|aceito|topo)|nem pensar|fico insegur\w*|tenho receio|ja ouvi)\b/.test(t),
  },
  // Held past the shift without relief, and who pays the hours: asked after the fact, not as a rule of the offer
  // ("quem paga as horas extras, o hospital ou vocês?" before a shift is a question Júlia answers).
  {
    name: 'payment_dispute:held_past_shift',
    confidence: 0.85,
    pattern:
      /\b(?:me seguraram|me segurou|me prenderam|me fizeram ficar|tive (?:que|de) ficar|fiquei|trabalhei)\b(?: \S+){0,6}? sem (?:rendicao|ninguem (?:pra|para) (?:me )?render|ser rendid[oa]|substitut\w+)\b|\bme (?:seguraram|segurou|prenderam|fizeram ficar) (?:\S+ ){0,3}?ate (?:as )?\d+|\bninguem (?:veio|apareceu|chegou) (?:pra|para) (?:me )?render\b|\bquem (?:vai )?(?:me )?(?:paga|pagar|pagara|cobre|banca|ressarce) (?:\S+ ){0,2}?horas? (?:a mais|extras?|excedentes?|adicionais?)\b/,
    rejectText: (t) => !/\b(?:me seguraram|me segurou|me prenderam|me fizeram ficar|tive (?:que|de) ficar|fiquei|trabalhei|fiz|sem rendicao|ninguem (?:veio|apareceu|chegou))\b/.test(t),
  },
  // A scam after the work was done, or an invalid company registration once work or money is at stake.
  {
    name: 'complaint:invalid_registration',
    confidence: 0.85,
    pattern:
      /\bcnpj\b(?: \S+){0,6}? (?:inativ|baixad|inapt|suspens|cancelad|irregular|invalid|fals|fantasma)\w*\b|\bcnpj\b(?: \S+){0,6}? nao (?:existe|consta|aparece|e valido)\b/,
    rejectText: (t) => !WORK_OR_PAY.test(t) || pastToldAsReason(t),
  },
  { name: 'complaint:scam_after_shift', confidence: 0.85, pattern: /\bgolpe\w*\b|\bgolpista/, rejectText: (t) => !WORKED.test(t) || pastToldAsReason(t) || /\b(?:uma vez|ja cai)\b/.test(t) },
  // Data rights: a threat of measures ("caso contrário, tomarei as medidas cabíveis") or a demand to know where our
  // copy of the doctor's data came from. A bare "como conseguiram meu número?" beside a removal is an opt-out.
  {
    name: 'legal_threat:measures',
    confidence: 0.9,
    pattern: /\b(?:medidas|providencias) (?:cabiveis|legais|judiciais|juridicas)\b|\bcaso contrario\b.{0,40}\b(?:medidas|providencias)\b/,
  },
  {
    name: 'legal_threat:data_source',
    confidence: 0.85,
    pattern:
      /\b(?:quero|exijo|gostaria de|preciso|solicito|desejo|requeiro) (?:saber|que (?:me )?(?:informem|informe|digam|diga|expliquem|explique|esclare\w+)) (?:de )?(?:onde|como|quem|com quem) (?:voces |a empresa )?(?:conseguiram|conseguiu|obtiveram|obteve|pegaram|pegou|tiraram|arrumaram|acharam|passou|passaram|forneceu|forneceram|vazou|vazaram)\b|\b(?:origem|fonte) d(?:os|o|a) (?:meus? |minha )?(?:dados|numero|contato|telefone|cadastro)\b/,
  },
  // Someone sent for to talk, whatever prompted it ("resposta pronta, né? manda alguém de verdade falar comigo").
  {
    name: 'human_request:send_someone',
    confidence: 0.85,
    pattern:
      /\b(?:manda|mande|mandem|bota|coloca|coloque|traz|traga|chama|chame|chamem) (?:um |uma |o |a |algum |alguma )?(?:alguem|pessoa|humano|humana|gente|atendente|ser humano|funcionari\w+)(?: de verdade| real| de carne e osso| da empresa| da equipe| responsavel| de voces)? (?:pra |para |que |q )?(?:falar|conversar|me atender|me atenda|me responder|me responda|me ligar|me ligue|resolver)\b/,
  },
];

/**
 * Hand-off frames added after reading set 7 (h14-detectors8). Set 7's misses were not new words for the
 * old families but new situations a recruiter cannot settle alone: something went wrong at the shift
 * (cancelled late, no schedule at the door, someone else put in the doctor's place, unpaid hours),
 * the doctor's safety (harassment, humiliation, an unsafe shift), a reputational or regulatory threat
 * ("vou denunciar", "vou expor vocês"), a scam in our name, a demand for whoever is in charge, and an insult
 * aimed at us. Each frame names a situation, not a line: the unit tests hold fresh paraphrases of each.
 */
export const INCIDENT_RULES: readonly Rule[] = [
  // The shift itself failed: the doctor is owed an answer from someone who can act.
  {
    name: 'complaint:shift_failed',
    confidence: 0.85,
    pattern:
      /\b(?:cancelaram|cancelou|desmarcaram|desmarcou|tiraram|trocaram)\b(?: \S+){0,4} (?:em cima da hora|sem (?:me )?avisar|sem aviso|na ultima hora)\b|\bnao (?:tinha|tem|havia|existia) (?:nenhuma? )?(?:plantao|escala|agendamento)(?: nenhuma?)? (?:marcad|agendad|escalad|confirmad)\w*|\b(?:mandaram|colocaram|escalaram|botaram) outr[oa] (?:medic[oa]|colega|plantonista|profissional)\b|\b(?:ja )?(?:tinha sido|foi|estava|tava) (?:preenchid|ocupad|pegad)[oa] por outr|\bnao (?:estava|estou|tava|to|era) autorizad[oa] a (?:atender|trabalhar|entrar|ficar)\b|\bquem vai me (?:ressarcir|reembolsar|pagar|indenizar)\b|\btrabalhei (?:\S+ ){0,4}?(?:de graca|sem receber)\b|\bme deixaram na mao\b|\bvoltei (?:pra|para) casa sem\b/,
  },
  // The doctor's safety or dignity at the hospital: never a logistics question.
  {
    name: 'complaint:safety',
    confidence: 0.9,
    pattern:
      /\bassedi\w+\b|\b(?:me )?(?:humilh\w+|ameac\w+ (?:me )?(?:bater|agredir|processar|denunciar)|agredid[oa]|me agrediu|me agrediram)\b|\b(?:situacao|condic\w+|ambiente|plantao) (?:\S+ ){0,2}?insegur[oa]s?\b|\bpreciso de (?:um )?(?:respaldo|amparo|apoio juridico|ajuda urgente)\b/,
  },
  // Reputation and regulators: a threat, polite or not, is for a person.
  {
    name: 'legal_threat:report',
    confidence: 0.9,
    pattern: /\b(?:vou|vamos|irei|vou ter que) (?:\S+ )?(?:denunciar|expor|processar|queimar) (?:voces|essa empresa|esse numero|essa agencia|isso|o nome)\b|\bisso vai ter consequencias?\b/,
    // "denunciar como spam" is a stop, read by the opt-out detector.
    rejectText: (t) => /\bspam\b/.test(t),
  },
  // Someone used our name to ask for money: a scam report.
  { name: 'complaint:scam_in_our_name', confidence: 0.9, pattern: /\b(?:dizendo|dizia|falando|alegando) (?:que )?(?:ser|era|e) (?:de voces|da empresa|da agencia|daqui|da equipe)\b|\b(?:golpe|golpista)\b(?: \S+){0,4} (?:em nome|usando o nome)\b/ },
  // Whoever is in charge, asked for outright: "quero a gerência", "quem é o seu chefe?".
  {
    name: 'human_request:in_charge',
    confidence: 0.85,
    pattern: /\b(?:quero|exijo|chama|chame|chamem|cade) (?:o |a )?(?:gerencia|gerente|supervisor\w*|chefe|diretor\w*|dono|responsavel)\b|\bquem e (?:o |a )?(?:seu |sua |teu |tua )?(?:gerente|chefe|supervisor\w*|superior|diretor\w*|dono|responsavel)\b/,
    // The hospital's people are logistics ("quem é o responsável do plantão no hospital?").
    rejectText: (t) => /\b(?:d[oa]s?|no|na) (?:hospital|clinica|upa|ubs|plantao|ps|uti|unidade|setor)\b/.test(t),
  },
  // An insult aimed at us, alone, is enough: the anger count needs two signals for venting in general.
  { name: 'strong_anger:insult_at_us', confidence: 0.85, pattern: /\b(?:voces|vcs|voce|vc) (?:sao|e|sao mesmo) (?:uns |umas |um |uma |um bando de )?(?:incompetentes?|idiotas?|ladr\w+|picaretas?|golpistas?|amadores|palhac[oa]s?|vagabund[oa]s?|mentiros[oa]s?|pilantras?)\b|\bvai (?:se |te )?f\W*\w{0,2}der\b/ },
  ...SET_8_RULES,
];
