import { pastToldAsReason } from './guards.js';
import type { Rule } from '../engine.js';
import { CARE_INCIDENT_RULES, PAY_INCIDENT_RULES } from './care-and-pay-incidents.js';
import { PRESS_AND_PAY_RULES } from './press-and-pay-incidents.js';
import { AT_SITE_OR_CONFIRMED, WORK_OR_PAY, WORKED } from './incident-context.js';

// situations on the shift itself (fresh paraphrases of each in cases/handoff.jsonl), their context in
// incident-context.ts; care and pay incidents are in care-and-pay-incidents.ts.

// more situations (fresh paraphrases and near misses in `cases/handoff.jsonl`).
const SCORN = '(?:lixo|de quinta|de merda|de fundo de quintal|porca|podre|vagabunda|picareta|nojenta|ridicula|amadora|de palavrao|uma piada|uma vergonha|uma palhacada|uma fraude)';
const SOCIAL = '(?:instagram|insta|facebook|face|twitter|tiktok|linkedin|youtube|redes? sociais|rede social|grupos?|stories|story|status)';
const PERSONAL_DATA = '(?:dados bancarios|dados do banco|conta bancaria|selfie|senha|codigo|token|cartao|foto (?:d[oa] |com (?:o |a )?)?(?:crm|documento|rg|cnh|cpf|rosto)|documentos|taxa|pix|deposito|adiantamento)';
export const SHIFT_INCIDENT_RULES: readonly Rule[] = [
  // Contempt aimed at the company: "que empresa lixo", "empresa de quinta", "vocês são uma piada", "nunca vi tanta
  // incompetência". Said of a hospital it is a reason for a no ("esse hospital é uma piada, não vou").
  {
    name: 'strong_anger:contempt_for_company',
    confidence: 0.85,
    pattern: new RegExp(`\\b(?:empresa|agencia|empresinha|firma) ${SCORN}\\b|\\b(?:voces|vcs) (?:sao|e) (?:mesmo )?(?:uma |um )?(?:piada|lixo|vergonha|palhacada|fraude|bando de \\S+|piada de mau gosto)\\b|\\bnunca vi tanta (?:incompetencia|desorganizacao|bagunca|falta de respeito|sacanagem|enrolacao)\\b`),
    rejectText: (t) => /\b(?:hospital|clinica|upa|ubs|outra empresa|outras empresas|empresa anterior)\b/.test(t) && !/\b(?:voces|vcs)\b/.test(t),
  },
  // The machine insulted is anger aimed at us, whatever else the message asks ("robô safado, para de me mandar").
  { name: 'strong_anger:insult_at_machine', confidence: 0.85, pattern: /\b(?:robo|robozinho|bot|chatbot|maquina|ia) (?:safad[oa]|idiota|imbecil|inutil|maldit[oa]|de merda|de palavrao|lixo|desgracad[oa]|filho da (?:puta|palavrao)|nojent[oa]|escrot[oa])\b/ },
  // Legal threats in other words: the synthetic future ("acionarei", "processarei"), the police, a suit filed, the
  // data authority. A hypothetical or a joke is set aside by the guards.
  {
    name: 'legal_threat:other_verbs',
    confidence: 0.9,
    pattern: /\b(?:acionarei|acionaremos|processarei|processaremos|denunciarei|representarei|recorrerei a justica)\b|\banpd\b|\bvou (?:na|a|ate a|pra|para a) (?:policia|delegacia)\b|\bdelegacia\b|\b(?:entro|entrarei|vou entrar|vamos entrar|entrei|ja entrei) com (?:uma |um )?(?:acao|processo|queixa|representacao|denuncia)\b|\b(?:dar|prestar|registrar|fazer) (?:uma )?queixa (?:na|a) policia\b/,
  },
  // Exposure on social media: a post about what we did, or us exposed. Telling colleagues about a job is a referral.
  {
    name: 'legal_threat:expose_online',
    confidence: 0.85,
    pattern: new RegExp(`\\b(?:vou|vamos|irei|vou ter que|ja vou) (?:\\S+ )?(?:postar|publicar|divulgar|expor|espalhar|contar|jogar|colocar|botar)\\b(?: \\S+){0,8}? (?:no |na |nos |nas |em |pro |pra )(?:meu |minha |meus |minhas |todos os |todo )?${SOCIAL}\\b|\\b(?:postarei|publicarei|divulgarei|exporei)\\b|\\b(?:expor|expondo) (?:a empresa|a agencia|voces|vcs|o nome de voces)\\b`),
    rejectText: (t) => !/\b(?:o que (?:voces |vcs )?(?:me )?(?:fizeram|fez|aprontaram)|expor|expondo|voces|vcs|a empresa|essa empresa|absurdo|descaso|golpe|calote|sacanagem|vergonha|palhacada|print|caso)\b/.test(t) || /\b(?:indicar|indico|recomendar|recomendo|divulgar a vaga|a vaga|as vagas|oportunidade|colegas vao gostar)\b/.test(t),
  },
  // A scam feared once personal data, documents or money were asked for; or a scam rumour about us.
  {
    name: 'complaint:scam_data_asked',
    confidence: 0.85,
    pattern: new RegExp(`\\bgolpe\\w*\\b(?: \\S+){0,12}? (?:pediram|pedindo|pediu|pedem|querem|exigiram|exigindo|mandaram mandar)\\b(?: \\S+){0,4}? ${PERSONAL_DATA}\\b|\\b(?:pediram|pedindo|pediu|pedem|querem|exigiram|exigindo)\\b(?: \\S+){0,4}? ${PERSONAL_DATA}\\b(?: \\S+){0,12}? golpe\\w*\\b`),
  },
  {
    name: 'complaint:scam_rumour',
    confidence: 0.85,
    pattern: /\b(?:dizendo|falando|comentando|disseram|falaram|comentaram|dizem|falam|ouvi)\b(?: \S+){0,3}? (?:que )?(?:voces|vcs|a empresa|essa empresa|esta empresa) (?:sao|e|eram|seriam|dao|aplicam) (?:um |uma )?(?:golpe|golpistas?|fraude|picaretas?|calote\w*|pilantras?)\b/,
    // "ouvi dizer que vocês são golpe, é verdade?" asks for reassurance, which Júlia gives.
    rejectText: (t) => /\b(?:e verdade|procede|sera que|isso e verdade|confere)\b/.test(t),
  },
  // A signature forged, or a contract the doctor never signed.
  { name: 'complaint:forged_signature', confidence: 0.9, pattern: /\bfalsific\w+\b|\bassinatura (?:\S+ ){0,2}?(?:falsa|falsificad\w*|forjad\w*)\b|\b(?:assinaram|assinou) (?:por mim|no meu lugar|em meu nome)\b|\b(?:nunca|jamais) assinei (?:isso|esse|este|essa|esta|nada)\b|\busaram (?:o )?meu (?:nome|crm|cpf) sem\b/ },
  // Unsafe staffing in other words: two areas at once, a room without a doctor, "irregular e perigoso". A question
  // about an offer ("vou ter que cobrir duas alas?") or a refusal is a reason Júlia hears.
  {
    name: 'complaint:unsafe_staffing',
    confidence: 0.85,
    pattern: /\b(?:cobrir|atender|tocar|segurar|responder por|cuidar de|ficar com) (?:as |os )?(?:duas|dois|tres|\d) (?:areas|setores|alas|andares|unidades|salas|postos|emergencias|utis|enfermarias|plantoes) (?:ao mesmo tempo|sozinh\w*|simultane\w*|de uma vez)\b|\b(?:irregular|ilegal) e perigos[oa]\b|\bperigos[oa] e (?:irregular|ilegal)\b|\bsem (?:nenhum )?medico (?:na|no) (?:sala vermelha|emergencia|uti|pronto socorro|ps|sala de emergencia)\b/,
    rejectText: (t) => /\b(?:vou ter que|vai ter que|teria que|terei que|tenho que|seria|sera que|nao vou|nao pego|nao aceito)\b/.test(t),
  },
  // Harassment told in other words, or a wish to put it on record with us.
  {
    name: 'complaint:harassment',
    confidence: 0.9,
    pattern: /\bcomentarios? (?:\S+ ){0,2}?(?:sobre|d[oa]) (?:o |a )?(?:meu|minha|meus|minhas) (?:corpo|aparencia|roupa|roupas|bunda|peito\w*|seios?|pernas?|cabelo|cor)\b|\b(?:passou|passaram|passando) a mao (?:em mim|no meu|na minha)\b|\bme (?:tocou|tocaram|apalpou|agarrou|agarraram|encoxou|beijou a forca)\b|\bimportunac\w+ sexual\b|\bpiadas? (?:machistas?|sexuais|de cunho sexual|racistas?|homofobic\w*)\b|\b(?:registrar|formalizar|documentar|relatar) (?:isso |o ocorrido |o caso |o que aconteceu )?formalmente\b|\bregistro formal\b/,
  },
  // Hours or pay zeroed or left unpaid, and a correction demanded. "O plantão não apareceu no extrato" is a check
// Júlia can make, so a shift merely missing from a statement is not enough.
  {
    name: 'payment_dispute:zeroed_or_missing',
    confidence: 0.85,
    pattern: /\b(?:vieram|veio|vem|ficaram|ficou|estao|esta|ta|constam|consta|apareceu|apareceram|sairam|saiu|caiu|cairam) (?:\S+ ){0,2}?zerad[oa]s?\b|\bzeraram\b|\b(?:horas?|plantao|plantoes|adicional|adicionais|extras?|noturno) (?:\S+ ){0,8}?nao (?:foram|foi) (?:pag[oa]s?|computad[oa]s?|contad[oa]s?)\b|\b(?:quero|exijo|preciso|solicito|peco) (?:que )?(?:isso|isto|o valor|o pagamento|a diferenca|o erro|o repasse|as horas)? ?(?:seja |sejam )?(?:corrigid\w*|acertad\w*|ajustad\w*|regularizad\w*|estornad\w*)\b/,
    rejectText: (t) => !/\b(?:pag\w*|valor|pix|repasse|deposito|holerite|extrato|horas?|extras?|recebi|receber|contracheque|nota|dinheiro|plantao|plantoes)\b/.test(t) || /\b(?:cadastro|endereco|email|telefone|nome|crm)\b/.test(t),
  },
  // A person at the company asked for to confirm before the doctor trusts us with data.
  {
    name: 'human_request:confirm_with_person',
    confidence: 0.85,
    pattern: /\b(?:quero|preciso|prefiro|gostaria de|queria|so vou|so passo|so mando|antes) (?:\S+ ){0,3}?(?:confirmar|checar|verificar|validar|conferir) (?:isso |tudo |antes )?com (?:alguem|uma pessoa|um humano|um responsavel|algum responsavel|o responsavel|a empresa|um atendente|um funcionario|uma funcionaria)\b/,
    rejectTail: (tail) => /^(?:d[oa]s? |de )(?:hospital|clinica|upa|ubs|unidade|plantao)\b/.test(tail),
  },
  // Left waiting at the door with no shift ("me deixaram plantado na portaria sem escala nenhuma").
  {
    name: 'complaint:left_at_door',
    confidence: 0.9,
    pattern: /\bme (?:deixaram|deixou) (?:plantad[oa]|esperando|parad[oa]|a ver navios|na porta|na portaria|na recepcao)\b|\bsem (?:plantao|escala|agendamento|vaga) (?:nenhum|nenhuma|algum|alguma)\b/,
    rejectText: (t) => !AT_SITE_OR_CONFIRMED.test(t) && !/\b(?:plantad[oa]|a ver navios)\b/.test(t),
  },
];

const ROSTER_INCIDENT_RULES: readonly Rule[] = [
  // At the door with no schedule, not recognised, or left off the roster we confirmed: the shift fails right now.
  {
    name: 'complaint:not_on_roster',
    confidence: 0.9,
    pattern:
      /\bnao (?:tinha|tem|havia|existe|existia|consta|constava) (?:nenhum |nenhuma )?(?:plantao|escala|agendamento|registro)(?: nenhum| nenhuma)? (?:no meu nome|em meu nome|pra mim|para mim|comigo)\b|\b(?:meu nome )?nao (?:ta|esta|estava|tava|consta|constava|aparece|aparecia|estou|to) na escala\b|\bnao (?:estou|to|tava|estava|fui) escalad[oa]\b|\bnao (?:tinha|tem|havia|consta|constava|acha\w*|encontr\w*) (?:o )?meu nome (?:na|no) (?:escala|lista|sistema)\b|\bninguem (?:aqui |la )?(?:sabe|sabia) (?:dizer )?quem (?:eu )?sou\b|\bninguem (?:aqui |la )?(?:me )?(?:conhece|esperava|estava me esperando|tava me esperando|sabe de mim|sabia de mim)\b/,
    rejectText: (t) => !AT_SITE_OR_CONFIRMED.test(t),
  },
  // "cheguei e não tinha plantão nenhum": nothing there at all, said on arrival ("cheguei a olhar" is no arrival).
  {
    name: 'complaint:not_on_roster',
    confidence: 0.85,
    pattern: /\bcheguei (?!a )(?:\S+ ){0,6}?nao (?:tinha|havia|existia) (?:(?:nenhum|nenhuma) (?:plantao|escala|agendamento|vaga)|(?:plantao|escala|agendamento|vaga) (?:nenhum|nenhuma))\b/,
  },
  // on arrival, his shift already given to someone else ("cheguei no PS e a vaga já tinha sido dada pra outro médico").
  { name: 'complaint:given_to_another', confidence: 0.85, pattern: /\bcheguei (?!a )(?:\S+ ){0,6}?(?:a vaga|o plantao|meu plantao|a escala|meu lugar|minha vaga) (?:ja )?(?:tinha sido |foi |estava |tava )?(?:dad[oa]|passad[oa]|entregue|preenchid[oa]|ocupad[oa]|repassad[oa]) (?:pra|para|a|por) (?:outr[oa]|alguem|um colega|uma colega)\b/ },
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
  // The relief did not come and he is still there: "o médico da noite não apareceu e eu tô aqui há 30h". A colleague
  // who did not come, told without him stuck ("o plantonista de ontem faltou"), is news, not an incident of his.
  {
    name: 'complaint:no_relief',
    confidence: 0.85,
    pattern: /\b(?:medic[oa]|plantonista|colega|rendicao|substitut[oa]|pessoal) (?:\S+ ){0,4}?(?:nao (?:apareceu|chegou|veio)|faltou|sumiu)\b(?: \S+){0,6}? (?:(?:to|estou|tou|sigo|continuo|ainda to|ainda estou|fiquei) (?:aqui|no plantao|sozinh\w*|de plantao)|ha (?:\d+|mais de \d+) ?(?:h|horas)|sem (?:rendicao|dormir|parar))\b/,
  },
  // No one to relieve him, said while he is there: "to no plantão e não tem médico pra me render, preciso de ajuda".
  {
    name: 'complaint:no_relief_now',
    confidence: 0.85,
    pattern: /\b(?:nao tem|nao apareceu|nao veio|nao chegou|ninguem (?:veio|apareceu|chegou)?) (?:\S+ ){0,3}?(?:pra|para) me (?:render|substituir|trocar)\b/,
    rejectText: (t) => !/\b(?:(?:to|estou|tou|sigo|continuo|ainda|ja) (?:aqui|no plantao|de plantao|no hospital|na uti|no ps)|preciso de ajuda|socorro|urgente|ha \d+ ?(?:h|horas)|faz \d+ ?(?:h|horas))\b/.test(t),
  },
  // Sent away in the middle of his shift: "fui dispensada às 2h no meio do plantão sem explicação".
  {
    name: 'complaint:sent_away_mid_shift',
    confidence: 0.85,
    pattern: /\b(?:fui (?:dispensad[oa]|mandad[oa] embora)|me (?:dispensaram|dispensou|mandaram embora|mandou embora))\b(?: \S+){0,6}? (?:no meio do (?:plantao|turno)|antes do fim do (?:plantao|turno)|sem (?:nenhuma )?explicacao)\b/,
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
 * Hand-off frames for situations a recruiter cannot settle alone, beyond the request, threat and dispute
 * families: something went wrong at the shift (cancelled late, no schedule at the door, someone else put in the doctor's place, unpaid hours),
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
      /\b(?:cancelaram|cancelou|desmarcaram|desmarcou|tiraram|trocaram|vez(?:es)? que (?:voces |vcs )?(?:cancelam|desmarcam|tiram|trocam))\b(?: \S+){0,4} (?:em cima da hora|sem (?:me )?avisar|sem aviso|na ultima hora)\b|\bnao (?:tinha|tem|havia|existia) (?:nenhuma? )?(?:plantao|escala|agendamento)(?: nenhuma?)? (?:marcad|agendad|escalad|confirmad)\w*|\b(?:mandaram|colocaram|escalaram|botaram) outr[oa] (?:medic[oa]|colega|plantonista|profissional)\b|\b(?:ja )?(?:tinha sido|foi|estava|tava) (?:preenchid|ocupad|pegad)[oa] por outr|\bnao (?:estava|estou|tava|to|era) autorizad[oa] a (?:atender|trabalhar|entrar|ficar)\b|\bquem vai me (?:ressarcir|reembolsar|pagar|indenizar)\b|\btrabalhei (?:\S+ ){0,4}?(?:de graca|sem receber)\b|(?<!\b(?:nunca|jamais|nem) )\bme deixaram na mao\b|\bvoltei (?:pra|para) casa sem\b/,
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
    pattern: /\b(?:quero|exijo|chama|chame|chamem|cade) (?:o |a )?(?:gerencia|gerente|supervisor\w*|chefe|diretor\w*|dono|responsavel)\b|\bquem e (?:o |a )?(?:seu |sua |teu |tua )?(?:gerente|chefe|supervisor\w*|superior|diretor\w*|dono|responsavel(?! tecnic))\b/,
    // The hospital's people are logistics ("quem é o responsável do plantão no hospital?").
    rejectText: (t) => /\b(?:d[oa]s?|no|na|daquel[ea]|dess[ea]|nesse|nessa) (?:hospital|clinica|upa|ubs|plantao|ps|uti|unidade|setor)\b/.test(t),
  },
  // An insult aimed at us, alone, is enough: the anger count needs two signals for venting in general.
  { name: 'strong_anger:insult_at_us', confidence: 0.85, pattern: /^(?:\S+ )?(?:seus|suas|bando de|cambada de|corja de) (?:caloteir[oa]s|ladr(?:oes|onas)|picaretas|pilantras|vagabund[oa]s|safad[oa]s|mentiros[oa]s)\b|\b(?:voces|vcs|voce|vc) (?:sao|e|sao mesmo) (?:uns |umas |um |uma |um bando de )?(?:incompetentes?|idiotas?|ladr\w+|picaretas?|golpistas?|caloteir[oa]s?|amadores|palhac[oa]s?|vagabund[oa]s?|mentiros[oa]s?|pilantras?)\b|\bvai (?:se |te )?(?:f\W*\w{0,2}der|palavrao)\b/ },
  ...ROSTER_INCIDENT_RULES,
  ...SHIFT_INCIDENT_RULES,
  ...CARE_INCIDENT_RULES,
  ...PAY_INCIDENT_RULES,
  ...PRESS_AND_PAY_RULES,
];
