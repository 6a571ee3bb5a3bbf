import { learnedVerdict } from '../../learned/index.js';
import { assessAnger } from './anger-signals.js';
import { callForConvenience, guardAgainst, guardedMessage, ONLY_WHETHER_HUMAN, pastToldAsReason, priceComplaintAlone } from './guards.js';
import { INCIDENT_RULES } from './shift-incidents.js';
import { PAYMENT_RULES } from './payment-disputes.js';
import { clauses, detectorInput, normalize } from '../../text/normal-form.js';
import { matchRules, oneOf, type Rule } from '../engine.js';

export type HandoffReason = 'human_request' | 'legal_threat' | 'strong_anger' | 'payment_dispute' | 'complaint';

export interface HandoffResult {
  handoff: boolean;
  reason?: HandoffReason;
  confidence: number;
  signals: string[];
}

const ROLE = oneOf(
  'supervisora?', 'gerente', 'responsavel', 'chefe', 'coordenadora?', 'gestora?', 'superior', 'encarregad[oa]', 'dono', 'dona',
  'diretora?', 'atendente', 'humana?o?', 'ser humano', 'operadora?', 'coordenacao(?: medica)?',
);
// Our departments: asking for one is asking for a person, whatever the words around it.
const DEPT = oneOf(
  'financeiro', 'rh', 'recursos humanos', 'comercial', 'juridico', 'administrativo', 'faturamento', 'contas a pagar', 'suporte',
  'ouvidoria', 'sac', 'diretoria', 'setor de \\w+', 'setor responsavel', 'departamento de \\w+', 'outro setor', 'outra area', 'outro departamento',
  'setor financeiro', 'departamento financeiro', 'pagamentos', 'gerencia', 'supervisao', 'administracao', 'central',
);
const PERSON = oneOf(
  `(?:o |a |um |uma |alguem d[oa] |alguem do |o pessoal d[oa] |com o |outro |outra )?${DEPT}`,
  'a pessoa responsavel', 'pessoa responsavel', 'a pessoa', 'essa pessoa', 'esta pessoa', 'alguem', 'alguem responsavel', 'alguem da equipe', 'alguem de verdade', 'alguem real', 'uma pessoa', 'pessoa de verdade',
  'pessoa real', 'gente de verdade', `(?:o |a |um |uma |seu |sua |teu |tua |o seu |a sua |algum |alguma )?${ROLE}`,
  // whoever is in charge, named by what they do: "quem manda aí", "quem decide", "quem cuida dos pagamentos".
  'quem (?:manda|decide|resolve|e (?:o |a )?responsavel|cuida (?:disso|das escalas|dos pagamentos|do pagamento|do financeiro))(?! (?:no|na|do|da|em|la) (?:hospital|clinica|upa|ubs|ps|plantao|unidade|pronto)\\b)',
  // A named person of ours: "a Carla do RH", "o Marcos do financeiro".
  `(?:o |a )?(?:dra? )?\\S+ ${oneOf('do', 'da')} ${DEPT}`,
);
// The hospital's own staff are not ours to hand over to; asking for them is a logistics question.
const HOSPITAL_SIDE = /^(?:\S+ ){0,3}?(?:d[oa]s? |de )(?:hospital|clinica|upa|ubs|plantao|setor|pronto|ps|uti|la|local|unidade)\b/;
const rejectHospitalSide = (tail: string): boolean => HOSPITAL_SIDE.test(tail);

const HUMAN_RULES: readonly Rule[] = [
  // "quero cancelar tudo e falar com o dono": a first wish may come before.
  {
    name: 'human_request:talk_to',
    confidence: 0.95,
    pattern: new RegExp(`\\b${oneOf('quero', 'queria', 'gostaria de', 'preciso', 'posso', 'podia', 'poderia', 'da pra', 'tem como', 'deixa eu', 'me deixa', 'prefiro', 'exijo', 'vou ter que', 'vamos ter que', 'vai ter que')} (?:(?:\\S+ ){1,3}e )?(?:so )?${oneOf('falar', 'conversar', 'tratar', 'resolver isso')} (?:diretamente |direto |agora |urgente )?com ${PERSON}\\b`),
    rejectTail: rejectHospitalSide,
  },
  {
    name: 'human_request:transfer',
    confidence: 0.95,
    pattern: new RegExp(`\\b(?:me )?${oneOf('passa', 'passe', 'passar', 'transfere', 'transfira', 'transferir', 'encaminha', 'encaminhe', 'encaminhar', 'coloca', 'coloque', 'colocar', 'bota', 'conecta', 'poe')} (?:me )?(?:em contato )?${oneOf('pro', 'pra', 'para', 'com', 'ao', 'a')} ${PERSON}\\b`),
    rejectTail: rejectHospitalSide,
  },
  // A person of ours to reach directly: "quero o telefone do coordenador de escalas da empresa".
  { name: 'human_request:their_number', confidence: 0.85, pattern: new RegExp(`\\b(?:quero|queria|preciso|me (?:passa|passe|manda|mande|da|de)|qual) (?:d?o |e o )?(?:telefone|contato|numero|whatsapp?|zap|email) d[oa] (?:${ROLE}|${DEPT})\\b`), rejectTail: rejectHospitalSide },
  // One of our departments needed by name: "preciso do contador ou do financeiro".
  { name: 'human_request:need_department', confidence: 0.85, pattern: new RegExp(`\\b(?:preciso|precisamos|quero|queria) (?:d[oa] \\S+ (?:ou|e) )?(?:d[oa] |de alguem d[oa] )${DEPT}\\b`), rejectTail: rejectHospitalSide },
  // "tem alguém de verdade aí ou é tudo automático?" only asks what we are (bot suspicion); "só curiosidade" asks nothing;
  // "tem supervisor no hospital à noite?" asks about the hospital's staff.
  { name: 'human_request:anyone_there', confidence: 0.9, pattern: new RegExp(`\\btem (?:algum |alguma |um |uma )?${oneOf('humana?o?', 'ser humano', 'pessoa de verdade', 'pessoa real', 'gente de verdade', 'alguem de verdade', 'atendente', 'supervisora?', 'gerente')}\\b`), rejectText: (t) => ASKS_WHAT_WE_ARE.test(t) || ONLY_WHETHER_HUMAN.test(t), rejectTail: (tail) => /^(?:\S+ ){0,2}?(?:no|na|nos|nas|d[oa]s?|de) (?:hospital|clinica|upa|ubs|plantao|setor|pronto socorro|ps|uti|unidade|maternidade)\b/.test(tail), rejectMessage: (whole) => /\bcuriosidade\b/.test(whole) },
  // A call: "me liga", "pode me ligar?", "liga pra mim", "alguém me liga hoje?". Negated ("não me liga") is a preference.
  {
    name: 'human_request:call_me',
    confidence: 0.9,
    pattern: new RegExp(`\\b(?:uma pessoa|alguem|algum humano|um humano|uma humana|um atendente|uma atendente|alguem de voces|alguem da equipe) (?:pode |podia |poderia |consegue |vai )?me (?:ligar|telefonar)\\b|\\bme (?:liga|ligue|liguem|telefona|telefone)\\b|\\b(?:liga|ligue|liguem|telefona|telefone) ${oneOf('para', 'pra')} mim\\b|\\b${oneOf('pode', 'podem', 'poderia', 'poderiam', 'podia', 'consegue', 'conseguem', 'tem como', 'da para', 'da pra', 'alguem', 'alguem pode', 'favor', 'gostaria que', 'queria que', 'preciso que', 'quero que')} (?:me )?(?:ligar|telefonar|ligue|liguem|liga)(?: para mim| pra mim)?\\b`),
    negatable: true,
    // a call as a convenience ("prefiro que me liguem", "agora estou em consulta") is a preference.
    rejectText: (t) => /\b(?:hospital|clinica|upa|coordenador\w*) (?:vai |vao |pode |podem )?me lig/.test(t) || callForConvenience(t),
  },
  // "prefiro falar por telefone", "podemos conversar por telefone?": a call, asked another way.
  { name: 'human_request:by_phone', confidence: 0.85, pattern: /\b(?:falar|conversar|resolver|explicar|tratar) (?:isso )?(?:por|pelo|via) (?:telefone|ligacao|celular)\b/, negatable: true, rejectText: callForConvenience },
  // "tem algum telefone pra eu ligar?", "com quem eu falo?": looking for someone of ours to talk to.
  {
    name: 'human_request:who_to_call',
    confidence: 0.85,
    // The hospital's own number ("telefone do hospital pra eu ligar") is logistics.
    pattern: new RegExp(`\\b(?:telefone|numero|contato|whatsapp) (?!(?:d[oa]s?|de) (?:hospital|clinica|upa|ubs|unidade|recepcao|portaria)\\b)(?:\\S+ ){0,2}?${oneOf('para', 'pra', 'que')} (?:eu )?(?:possa |consiga )?(?:ligar|falar|conversar|resolver)\\b|\\bcom quem (?:eu )?(?:posso |devo |consigo |poderia )?(?:falo|falar|converso|conversar|resolvo|resolver|trato|tratar|negocio|negociar|acerto|acertar|vejo|ver)\\b`),
    rejectTail: (tail) => HOSPITAL_SIDE.test(tail) || /^(?:no|na|pro|pra|para o|para a|com o|com a) (?:hospital|clinica|upa|ubs|unidade|plantao|local|recepcao|portaria)\b|^(?:la|ali|chegando)\b/.test(tail),
    // whom to see on arrival is the hospital's logistics ("cheguei no hospital, com quem falo?").
    // nor is whom to call should a problem come ("se der problema no pagamento, com quem falo?"): nothing happened.
    rejectText: (t) => /\b(?:cheguei|chegando|chegar|chego) (?:no|na|ao|a|la|aqui)\b|\b(?:se|caso) (?:der|tiver|houver|acontecer|rolar|aparecer|de|eu tiver)\b(?: \S+){0,4}? (?:problema|atraso|erro|duvida|imprevisto)s?\b/.test(t),
  },
  {
    name: 'human_request:department_contact',
    confidence: 0.9,
    pattern: new RegExp(`\\b(?:contato|telefone|numero|email|whatsapp|ramal) ${oneOf('do', 'da', 'de')} (?:alguem d[oa] |seu |sua )?${oneOf(DEPT, 'supervisora?', 'gerente', 'responsavel', 'chefe', 'gestora?', 'atendente')}\\b`),
    rejectTail: rejectHospitalSide,
  },
  { name: 'human_request:need_someone', confidence: 0.85, pattern: new RegExp(`\\b${oneOf('preciso', 'precisava', 'quero', 'queria', 'gostaria')} de (?:um |uma )?(?:alguem|pessoa|atendente|responsavel) ${oneOf('d[oa]', 'do setor', 'responsavel', 'que (?:resolva|me ajude|me atenda)')}\\b`), rejectTail: rejectHospitalSide },
  // "preciso de uma ligação de vocês": a call asked for as a noun.
  // a human needed to solve it ("preciso de um humano pra resolver", "preciso de alguém de
  // verdade pra resolver meu problema"), and a request relayed to someone in charge ("pode pedir pra
  // coordenadora me ligar?", "quero falar com ele direto" after naming the responsible).
  { name: 'human_request:human_to_solve', confidence: 0.9, pattern: /\b(?:preciso|precisava|quero|queria) de (?:um |uma )?(?:humano|humana|pessoa|alguem|gente)(?: de verdade| real)? (?:pra|para|que) (?:resolv\w*|me ajud\w*|me atend\w*|falar)\b/ },
  { name: 'human_request:relay_call', confidence: 0.85, pattern: /\b(?:pode|podem|consegue|da pra) pedir (?:pra|para|pro|ao|a) (?:o |a |sua |seu )?(?:coordenador\w*|responsavel|gerente|supervisor\w*|chefe|gestor\w*|financeiro|rh)\b.{0,20}\b(?:me ligar|me liga|me retornar|falar comigo|me chamar)\b/ },
  { name: 'human_request:talk_to_them', confidence: 0.85, pattern: /\b(?:responsavel|gerente|supervisor\w*|chefe|gestor\w*|coordenador\w*)\b.{0,40}\b(?:quero|preciso|gostaria de|queria) (?:falar|conversar) (?:com (?:ele|ela)|direto)\b/, rejectTail: rejectHospitalSide },
  { name: 'human_request:call_noun', confidence: 0.85, pattern: /\b(?:preciso|precisava|quero|queria|gostaria|aguardo|espero) (?:de )?(?:uma )?ligacao (?:de voces|sua|urgente|hoje|agora|amanha|ainda hoje)\b/ },
  // "meu advogado é quem cuida dos meus contratos" names who handles it on his side.
  { name: 'human_request:who_handles', confidence: 0.85, pattern: new RegExp(`\\bquem (?:cuida|trata|resolve|responde|e responsavel) (?:d[oa]s? |pel[oa]s? |de )?(?:meu |minha |meus )?${oneOf('pagamentos?', 'financeiro', 'repasses?', 'reclamac(?:ao|oes)', 'cobrancas?', 'contratos?', 'rh', 'cadastros?', 'escalas? de voces')}\\b`), rejectText: (t) => /\b(?:advogad\w*|contador\w*|contabilidade|secretari\w*|espos[ao]|marido|mulher|socio\w*|assessor\w*|ele|ela)\b(?: \S+){0,2} e quem\b/.test(t) },
  { name: 'human_request:who_is_in_charge', confidence: 0.85, pattern: /\bquem (?:e|seria) (?:o |a )?(?:responsavel|gerente|supervisora?|chefe|gestora?)(?: ai| aqui| por (?:isso|ai|aqui)| de voces| da empresa)?$/, rejectTail: rejectHospitalSide },
  { name: 'human_request:answer_from', confidence: 0.9, pattern: /\b(?:resposta|retorno|posicionamento|posicao|satisfacao) (?:de|do|da) (?:um |uma |o |a |algum |alguma |alguem )?(?:responsavel|gerente|supervisora?|chefe|gestora?|humana?o?|pessoa)\b/ },
  { name: 'human_request:human_service', confidence: 0.95, pattern: /\b(?:atendimento|atendente) human[oa]\b|\bquero (?:um |uma )?(?:humano|humana|atendente|pessoa de verdade)\b/ },
  { name: 'human_request:call_someone', confidence: 0.9, pattern: new RegExp(`\\b${oneOf('chama', 'chame', 'chamem', 'cade')} (?:o |a |um |uma |alguem )?(?:seu |sua )?${oneOf('supervisora?', 'gerente', 'responsavel', 'chefe', 'coordenadora?', 'gestora?', 'humana?o?', 'atendente')}\\b`), rejectTail: rejectHospitalSide },
  // Someone of ours asked to call or write back: "alguém pode me retornar?", "dá pra alguém me chamar no telefone?"
  { name: 'human_request:call_back', confidence: 0.85, pattern: /\bme (?:retornar|retorna|retornem|retorne|dar (?:um )?retorno|(?:chamar|chama|chame|chamem) (?:no|por|pelo) telefone|ligar de volta)\b/, negatable: true, rejectTail: (tail) => /\b(?:vagas?|plantao|plantoes|escala)\b/.test(tail) },
  // An explanation, support or meeting from a person in charge: "quero uma explicação de um responsável",
  // "preciso de apoio de alguém da empresa", "quero uma reunião com a coordenação".
  {
    name: 'human_request:answer_from_someone',
    confidence: 0.85,
    pattern: new RegExp(`\\b${oneOf('preciso', 'precisava', 'quero', 'queria', 'gostaria de', 'exijo', 'solicito', 'peco')}(?: de)? (?:uma |um )?${oneOf('explicacao', 'apoio', 'ajuda', 'retorno', 'resposta', 'reuniao', 'posicionamento', 'satisfacao', 'conversa', 'orientacao')}(?: \\S+){0,3}? ${oneOf('de', 'da', 'do', 'com')} (?:um |uma |a |o |alguem )?${oneOf('alguem', 'responsave(?:l|is)', 'empresa', 'coordenac\\w+', 'coordenador\\w*', 'gerente', 'diretor\\w*', 'supervisor\\w*', 'voces', 'equipe', DEPT)}\\b`),
    rejectTail: rejectHospitalSide,
  },
  // "preciso que alguém resolva isso hoje", "preciso que alguém de lá me responda"
  { name: 'human_request:someone_must', confidence: 0.85, pattern: /\b(?:preciso|quero|queria|gostaria) (?:que|q) (?:alguem|um responsavel|voces|a empresa|o financeiro)(?: \S+){0,3}? (?:me )?(?:resolva|resolvam|responda|respondam|ligue|liguem|retorne|retornem|veja|vejam|ajude|ajudem|tome|tomem|explique|expliquem)\b/ },
  // Reporting an incident to us: "preciso reportar isso pra alguém", "quero relatar o ocorrido à empresa"
  // "preciso reportar isso" closing an account: the report is made to us, and someone must read it.
  { name: 'human_request:report_to', confidence: 0.85, pattern: /\b(?:reportar|relatar|comunicar|levar|formalizar|notificar) (?:isso |o caso |o ocorrido |o que aconteceu )?(?:pra|para|a|ao|com) (?:alguem|um responsavel|o responsavel|(?:a )?empresa|(?:a )?coordenac\w+|voces)\b|\b(?:preciso|quero|vou|gostaria de) (?:reportar|relatar|formalizar|notificar) (?:isso|o ocorrido|o que aconteceu|uma ocorrencia|um incidente)(?: (?:urgente|hoje|agora|ja|com voces))?$/ },
  // "quem resolve isso?", "quem eu cobro?": the person in charge of a problem, asked at the sentence end.
  { name: 'human_request:who_resolves', confidence: 0.85, pattern: /\bquem (?:eu )?(?:resolve|faz|cobro|procuro|aciono|emite|assina|cuida)(?: (?:d?isso|d?essa|d?esse|disso ai|isso ai|ai))?$/ },
  // Ending the contract with us is a person's matter; a booked shift cancelled ("cancelar a reserva") is Júlia's.
  { name: 'human_request:end_contract', confidence: 0.85, pattern: /\b(?:quero|queria|gostaria de|preciso|vou) (?:cancelar|rescindir|encerrar|romper|distratar) (?:o |meu |esse |nosso )?contrato\b/, negatable: true },
  // Company paperwork only our office issues: "podem me mandar a nota fiscal?", "preciso de uma declaração".
  { name: 'human_request:company_document', confidence: 0.85, pattern: /\b(?:(?:podem|pode|poderia|poderiam|consegue|conseguem) (?:me )?(?:mandar|enviar|emitir|fazer|passar)|(?:preciso|precisava|queria|gostaria) de) (?:a |uma |o |um )?(?:nota fiscal|declaracao|informe de rendimentos?|comprovante de (?:pagamento|rendimentos?|vinculo)|holerite|recibo)\b/ },
  // the refusal in the present ("não converso com robô", "não falo com máquina").
  { name: 'human_request:no_bot', confidence: 0.9, pattern: /\bnao (?:quero (?:mais )?(?:falar|conversar)|(?:converso|falo|negocio|trato)(?: mais)?) com (?:um |uma )?(?:robo|bot|maquina|inteligencia artificial|ia|sistema|programa|assistente|atendente virtual)\b/ },
  // (spec 5.4, a person asked for in other words):
  // a person in charge wanted for the matter ("quero ver isso com um responsável", "quero alguém responsável resolvendo");
  {
    name: 'human_request:with_someone_in_charge',
    confidence: 0.85,
    // The verb must be one of dealing with a matter: "quero um plantão com o coordenador X" is a shift.
    pattern: /\b(?:quero|preciso|gostaria de|exijo|queria) (?:ver|rever|revisar|verificar|discutir|tratar|resolver|acertar|negociar|analisar|checar|conferir|esclarecer)(?: \S+){0,2}? com (?:um |uma |o |a |algum |alguma |alguem )?(?:responsavel|gerente|supervisor\w*|coordenador\w*|diretor\w*|gestor\w*|chefe)\b|\b(?:quero|preciso de|exijo|queria) (?:um |uma )?(?:alguem|responsavel|pessoa)(?: responsavel| de verdade| real)? (?:resolvendo|cuidando|vendo isso|pra resolver|para resolver)\b/,
    rejectTail: rejectHospitalSide,
  },
  // a person brought into the chat ("coloca um humano na conversa") or asked for by role ("quero a coordenadora");
  { name: 'human_request:bring_person', confidence: 0.9, pattern: /\b(?:coloca|coloque|bota|poe|chama|chame|traz|traga) (?:um |uma |o |a |algum |alguma )?(?:humano|humana|pessoa|atendente|ser humano|responsavel|supervisor\w*|gerente)(?: de verdade| real)? (?:na conversa|no chat|aqui|nessa conversa|pra falar|para falar|pra conversar)\b|\bquero (?:o |a )(?:coordenador\w*|gerente|supervisor\w*|responsavel|diretor\w*|chefe|gestor\w*)(?: \S+)?$/, rejectTail: rejectHospitalSide },
  // a department or a person needed outright ("preciso do financeiro", "preciso de um humano", "preciso falar com a
  // empresa", "quero uma pessoa pra negociar"), asked for by department ("quem do RH cuida?", "ouvidoria, qual o contato?")
  // or its number ("me passa um telefone", "o contato de alguma pessoa responsável");
  {
    name: 'human_request:need_department',
    confidence: 0.85,
    pattern: new RegExp(`\\b${oneOf('preciso', 'precisava', 'quero', 'queria')} (?:falar com (?:a |o )?|d[oa] |de (?:um |uma )?|(?:um |uma ))${oneOf(DEPT, 'empresa', 'humano', 'humana', 'ser humano', 'pessoa (?:pra|para|que)', 'alguem (?:agora|urgente|ja|responsavel|pra resolver|para resolver)')}\\b|\\bquem d[oa] ${DEPT}\\b|\\b${DEPT}\\b.{0,30}\\bqual (?:o |e o |seria o )?(?:contato|telefone|numero|email|whatsapp)\\b`),
    // "preciso de uma pessoa pra cobrir meu plantão": a colleague to take his shift, not one of ours.
    rejectTail: (tail) => rejectHospitalSide(tail) || /^(?:cobrir|substituir|me substituir|me cobrir|trocar|ficar no meu lugar|assumir|pegar) /.test(tail),
  },
  // one of our people asked for by name ("posso falar com a Ana da escala?", "quero falar com o Marcos do financeiro").
  { name: 'human_request:named_person', confidence: 0.85, pattern: new RegExp(`\\b${oneOf('posso', 'poderia', 'preciso', 'precisava', 'quero', 'queria', 'gostaria de', 'da pra', 'consigo')} (?:falar|conversar) com (?:a |o )?[a-z]+ ${oneOf('da', 'do')} ${oneOf('escala', 'equipe', 'empresa', 'coordenacao', 'voces', DEPT)}\\b`) },
  { name: 'human_request:our_number', confidence: 0.85, pattern: /\bme (?:passa|passe|manda|mande|da|de) (?:um|o|algum|seu|teu) (?:telefone|contato|numero)(?: (?:de|da|do) (?:alguma |algum |uma |um |alguem )?(?:pessoa|responsavel|humano|gerente|supervisor\w*|coordenador\w*)\w*(?: responsavel)?)?(?: (?:por favor|pfv|ai|urgente))?$/ },
  // someone of ours asked after ("cadê a moça que me ligou?"), our legal department asked for ("vocês têm jurídico?").
  { name: 'human_request:where_is_person', confidence: 0.85, pattern: /\bcade (?:a |o )(?:moca|rapaz|menina|menino|pessoa|atendente|mulher|cara|senhora|senhor|humano|humana) (?:que|q|do|da)\b|\b(?:voces )?(?:tem|possuem) (?:um |uma |o |a |algum |alguem d[oa] )?(?:juridico|setor juridico|departamento juridico|ouvidoria|advogad[oa])\b/, rejectMessage: (whole) => /\bcuriosidade\b/.test(whole) || HOSPITAL_HAS.test(whole) },
];

// Formal complaints and unresolved problems need a person even when calm.
const COMPLAINT_RULES: readonly Rule[] = [
  {
    name: 'complaint:file',
    confidence: 0.85,
    pattern: /\b(?:quero|queria|gostaria de|vou|preciso|desejo) (?:fazer |registrar |abrir |formalizar |deixar )?(?:uma )?(?:reclamacao|reclamar|queixa)\b/,
    negatable: true,
    // Complaining about the hospital, the weather or the price is conversation, not a case for a person.
    rejectTail: (tail) => /^(?:d[oa]s? |com o |com a |n[oa] )(?:hospital|clinica|upa|ubs|tempo|transito|calor|valor|preco)\b/.test(tail),
  },
  { name: 'complaint:nobody_solves', confidence: 0.85, pattern: /\bninguem (?:me )?(?:resolve|resolveu|retorna|retornou|da retorno|deu retorno|me ajuda|me ajudou|faz nada|fez nada)\b/ },
  // "ninguém respondeu" alone reports a slow reply, which Júlia answers herself ("mandei msg
  // semana passada e ninguém respondeu"). It needs a human when it comes with venting, an absolute ("ninguém
  // responde NADA") or a call for someone who can solve it.
  {
    name: 'complaint:nobody_answers',
    confidence: 0.8,
    pattern: /\bninguem (?:me )?(?:responde|respondeu|atende|atendeu)\b/,
    rejectText: (t) =>
      !/\bninguem (?:me )?(?:responde|respondeu|atende|atendeu) (?:nada|nunca)\b|\b(?:porra|merda|caralho|absurdo|palhacada|vergonha|ridicul\w*|descaso|desrespeito)\b|\balguem (?:ai |aqui )?(?:que |pra |para |pode )?(?:resolv\w*|me ajud\w*|me retorn\w*|retorn\w*|me ligar|me liga)\b|\b(?:quero|preciso) (?:falar|resolver)\b/.test(t),
  },
];

const ASKS_WHAT_WE_ARE = /\bou (?:e |sera )?(?:tudo |so |apenas |um |uma )?(?:robo|bot|maquina|ia|automatic\w*|automatizad\w*|sistema|programa)\b/;

// The courts as the subject of an opinion, not where he will take us: "a justiça do trabalho é lenta demais".
const JUSTICE_IN_GENERAL = /^(?:(?:mas|e|olha|pois|porque|pq) )*(?:a )?justica(?: do trabalho| brasileira| daqui| aqui)? (?:e|esta|ta|anda|demora|nunca|sempre|so|nao)\b/;

const LEGAL_RULES: readonly Rule[] = [
  // The veiled threat closing a sentence: "isso não vai ficar assim", "vocês vão se ver comigo".
  { name: 'legal_threat:veiled', confidence: 0.85, pattern: /\b(?:isso|isto) nao vai ficar (?:assim|barato)(?: nao)?$|\b(?:voces|voce) (?:vao|vai) se ver comigo\b/ },
  { name: 'legal_threat:sue', confidence: 0.95, pattern: /\b(?:vou|vamos|irei|iremos|vai|posso|pretendo|devo) (?:te |lhe |vos |voces |os )?(?:processar|acionar judicialmente|processa los)\b|\b(?:entrar|abrir|mover) (?:com )?(?:um |uma )?(?:processo|acao) (?:contra|judicial)\b|\b(?:processo|acao|causa) trabalhista\b/ },
  // Reading reviews on Reclame Aqui is research; only posting there is a threat.
  { name: 'legal_threat:procon', confidence: 0.95, pattern: /\bprocon\b|\b(?:vou|vamos|vai|irei|postar|botar|colocar|registrar|abrir|fazer|reclamar|expor) (?:\S+ ){0,3}?(?:no |na |uma |um )?(?:reclamac\w+ (?:no |na )?)?reclame ?aqui\b/ },
  // A lawyer as the next step ("pro meu advogado", "meu advogado vai entrar em contato"),
  // not as a source ("meu advogado disse que o contrato está ok").
  { name: 'legal_threat:lawyer', confidence: 0.9, pattern: /\b(?:pro|para o|ao|pelo|com o|do) meu advogad[oa]\b|\b(?:(?:meu|minha|o meu|a minha) advogad[oa]|advogad[oa] (?:meu|minha)) (?:vai|vem|ira|entra|entrara|ja esta|esta|cuida|ja foi|ja sabe|ja tem|fala|falara|liga|ligara|tambem vai)\b|\bacion\w* (?:o |meu |um )?(?:advogad[oa]|juridico)\b|\b(?:chamar|acionar|consultar|procurar|falar com|contratar|passar para|passar pro) (?:um |uma |o |a |meu |minha )?advogad[oa]\b/ },
  { name: 'legal_threat:court', confidence: 0.9, pattern: /\b(?:na|a|pela|da) justica\b|\b(?:vou|vamos|irei) (?:atras|procurar|correr atras) (?:d?os )?meus direitos\b|\bjustica do trabalho\b|\b(?:acao|processo|medida|via|cobranca) judicial\b|\bjudicialmente\b|\bmeu juridico\b|\bdanos morais\b|\bjuizado\b|\bpequenas causas\b/, rejectText: (t) => (/\btribunal de justica\b/.test(t) && !/\bprocess/.test(t)) || JUSTICE_IN_GENERAL.test(t) },
  // A complaint lodged with a council or an authority, told as done or to be done ("já registrei reclamação no CRM
  // contra a empresa"); against a hospital or another company it is not ours.
  { name: 'legal_threat:complaint_lodged', confidence: 0.9, pattern: /\b(?:registrei|registrar|fiz|fazer|abri|abrir|formalizei|formalizar|protocolei|protocolar) (?:uma )?(?:reclamacao|denuncia|queixa|representacao) (?:formal )?(?:\S+ ){0,2}?(?:no|na|ao|junto ao|junto a) (?:crm|cremesp|cfm|conselho|sindicato|ministerio|anvisa|vigilancia)\b/, rejectTail: (tail) => /^(?:\S+ ){0,2}?contra (?:o |a )?(?:hospital|clinica|upa|outra|outro|coordenador|colega)\b/.test(tail), rejectText: (t) => /\bcomo (?:eu )?(?:faco|faz|se faz) (?:pra|para)\b/.test(t) },
  { name: 'legal_threat:authority', confidence: 0.9, pattern: /\bministerio (?:publico|do trabalho)\b|\bmpt\b|\bboletim de ocorrencia\b|\b(?:registrei|registrar|fiz|fazer|abri|abrir|prestei|prestar) (?:um )?bo\b|\bdenunci\w* (?:voces |isso )?(?:no|ao|pro|para o|na|a) (?:crm|cremesp|cfm|procon|ministerio|policia|conselho|sindicato)\b|\bvou (?:chamar|acionar) a policia\b|\bisso e crime\b|\b(?:isso|isso aqui|isso ai|isto) (?:e|ja e) caso de (?:policia|justica|processo|delegacia)\b/ },
];

// a payment trouble told of another company, or settled and hoped not to repeat, is a reason, not a dispute.
function unlessPastToldAsReason(rule: Rule): Rule {
  const own = rule.rejectText;
  return { ...rule, rejectText: (t) => pastToldAsReason(t) || (own?.(t) ?? false) };
}

// Legal threats outrank the rest: they need a person even when polite.
// the incident frames (handoff-incidents.ts) join the family their name starts with.
const incidents = (family: HandoffReason) => INCIDENT_RULES.filter((r) => r.name.startsWith(`${family}:`));
const FAMILIES: ReadonlyArray<readonly [HandoffReason, readonly Rule[]]> = [
  ['legal_threat', [...LEGAL_RULES, ...incidents('legal_threat')]],
  ['payment_dispute', [...PAYMENT_RULES, ...incidents('payment_dispute')].map(unlessPastToldAsReason)],
  ['human_request', [...HUMAN_RULES, ...incidents('human_request')]],
  ['complaint', [...COMPLAINT_RULES, ...incidents('complaint')]],
  ['strong_anger', incidents('strong_anger')],
];

// censored swearing ("filhos da p***", "m*rda") is swearing; the normaliser would read "p" as "para".
// A letter or three then masks, or masks inside a word; markdown ("**urgente**") starts with the mask and is left alone.
const MASKED_WORD = /(?<![\p{L}*#])\p{L}{1,3}(?:[*#]{2,}\p{L}{0,4}|[*#]+\p{L}{1,5})(?![\p{L}*#])/gu;
function unmaskSwearing(text: string): string {
  return text.replace(MASKED_WORD, 'palavrao');
}

// "o hospital tem advogado próprio?": a department of the hospital asked about, not ours.
const HOSPITAL_HAS = /\b(?:o|a) (?:hospital|clinica|upa|ps|pronto socorro|santa casa|prefeitura|cooperativa|maternidade)(?: \S+)? (?:tem|possui)\b/;

/** Should a human take this conversation over? Deterministic, no I/O. */
export function handoffByRules(raw: string): HandoffResult {
  // Capitals and "!" are read on the canonical text too: "𝐀𝐁𝐒𝐔𝐑𝐃𝐎" is shouting.
  const text = unmaskSwearing(detectorInput(raw));
  const normalized = normalize(text);
  if (normalized.length === 0) return { handoff: false, confidence: 0, signals: [] };
  const parts = clauses(text);
  const signals: string[] = [];
  let reason: HandoffReason | undefined;
  let confidence = 0;
  for (const [family, rules] of FAMILIES) {
    // a guard read on the whole message sets a hit aside (a rule may fire on one clause only).
    const found = matchRules(rules, normalized, parts).filter((hit) => {
      const guard = guardAgainst(normalized, hit.name);
      if (guard) signals.push(`guard:${guard}:${hit.name}`);
      return !guard;
    });
    signals.push(...found.map((hit) => hit.name));
    if (found[0] && !reason) {
      reason = family;
      confidence = found[0].confidence;
    }
  }
  const anger = assessAnger(text, normalized);
  signals.push(...anger.signals);
  // venting about the price alone ("VALOR RIDÍCULO") is an objection; a joke is not anger either.
  const angerSetAside = priceComplaintAlone(normalized) || guardAgainst(normalized, 'strong_anger:count') !== undefined;
  if (anger.strong && angerSetAside) signals.push('guard:anger_set_aside');
  if (anger.strong && !reason && !angerSetAside) {
    reason = 'strong_anger';
    confidence = Math.min(0.95, 0.6 + 0.1 * anger.signals.length);
  }
  return reason ? { handoff: true, reason, confidence, signals } : { handoff: false, confidence: 0, signals };
}

/** The rules combined with the learned layer: what the pipeline and `julia classify` use. */
export function detectHandoff(raw: string): HandoffResult {
  const rules = handoffByRules(raw);
  // what the guards set aside (a call as a convenience, a past told as a reason) the model, which reads
  // only words such as "me liga" or "atraso", may not turn into a hand-off the rules did not see.
  if (!rules.handoff) {
    const text = normalize(detectorInput(raw));
    if (guardedMessage(text)) return rules;
  }
  const learned = learnedVerdict('handoff', raw, rules.handoff, (piece) => handoffByRules(piece).handoff);
  if (learned.yes === rules.handoff) return rules;
  // A hand-off only the model sees has no rule family to name; the trigger reads it as a request for a person.
  return learned.yes ? { handoff: true, confidence: learned.p, signals: [...rules.signals, 'learned'] } : { handoff: false, confidence: 0, signals: [...rules.signals, 'learned_veto'] };
}
