import type { Rule } from './rules.js';

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
];
