import { AT_SITE_OR_CONFIRMED, WORKED } from './incident-context.js';
import type { Rule } from '../engine.js';

// situations the rules once missed (fresh paraphrases and near misses in `cases/handoff.jsonl`).
// A serious condition at the hospital: no drugs, supplies or working equipment. Alone it may be a reason for a no.
const MISSING_CARE =
  '(?:medicac\\w*|medicamentos?|remedios?|dipirona|soro|oxigenio|insumos?|material(?: basico)?|luvas?|epi|desfibrilador|monitor\\w*|ventilador\\w*|respirador\\w*|carrinho de parada|ambu|raio x|tomografo|laboratorio)';
const SERIOUS_CONDITION = new RegExp(
  `\\bsem (?:nem )?(?:\\S+ ){0,2}?${MISSING_CARE}\\b|\\bnao (?:tem|tinha|ha|havia) (?:nem )?(?:\\S+ ){0,2}?${MISSING_CARE}\\b|\\b${MISSING_CARE} (?:\\S+ ){0,2}?(?:quebrad\\w*|sem funcionar|nao funciona\\w*|parad[oa]s?|em falta|faltando|vencid\\w*)\\b|\\b(?:condicoes|estrutura) (?:precarias?|desumanas?|insalubres?|absurdas?)\\b|\\binsalubr\\w*\\b`,
);
const HEALTH_AUTHORITY = '(?:vigilancia sanitaria|anvisa|crm|cremesp|cremerj|cremers|cremego|cremeb|cfm|conselho regional(?: de medicina)?|conselho de medicina|secretaria (?:municipal |estadual )?de saude|ministerio da saude|coren)';
const REFUSING = /\b(?:nao (?:vou|pego|aceito|topo|quero)|nem pensar|to fora)\b/;
export const CARE_INCIDENT_RULES: readonly Rule[] = [
  // A shift cancelled at the door, or a closed door on arrival: the shift fails now. A worry or a question ("e se
  // cancelarem na porta?") is not an event, and a lost trip told afterwards is not enough (set 1 labels "ninguém me
  // avisou que o hospital tinha cancelado, perdi a viagem" no hand-off).
  {
    name: 'complaint:cancelled_on_arrival',
    confidence: 0.9,
    pattern:
      /\b(?:cancelaram|cancelou|desmarcaram|desmarcou|(?:foi|tinha sido) (?:cancelad|desmarcad)[oa]) (?:\S+ ){0,3}?(?:na porta|na portaria|na recepcao|quando (?:eu )?cheguei|assim que (?:eu )?cheguei|comigo (?:ja )?(?:la|aqui|no hospital)|com (?:eu|eu ja) (?:la|aqui|chegando))\b|\b(?:cheguei|chegando|to aqui|estou aqui|vim|fui)\b(?: \S+){0,8}? (?:porta|portao|hospital|unidade|clinica|upa) (?:\S+ )?(?:fechad[oa]|trancad[oa]|interditad[oa])\b/,
    rejectText: (t) => /\b(?:e se|se (?:cancelarem|cancelar|fechar)|sera que|ja aconteceu|costuma\w*|tenho medo|receio)\b/.test(t),
  },
  // Kept out at the door of the shift he came for ("o hospital não me deixou entrar", "a portaria me barrou"): the
  // shift fails now. A worry or a question about it ("e se não me deixarem entrar?") is not the event.
  {
    name: 'complaint:refused_entry',
    confidence: 0.88,
    pattern:
      /\b(?:nao (?:me )?(?:deixou|deixaram|deixa|deixam|liberou|liberaram|libera|liberam) (?:eu )?(?:entrar|subir|assumir|passar)|(?:me )?(?:barraram|barrou)|fui barrad[oa]|(?:to|estou|fiquei) barrad[oa])\b/,
    rejectText: (t) => /\b(?:e se|se (?:nao )?me (?:deixarem|barrarem)|sera que|costuma\w*|tenho medo|receio|academia|condominio|predio|show|festa|balada|estadio|banco)\b/.test(t) || !/\b(?:hospital|plantao|portaria|porta|recepcao|seguranca|upa|clinica|unidade|pronto socorro|ps|uti|cheguei|chegando|cracha)\b/.test(t),
  },
  // Worked, and his name is missing from the hospital's payroll or list: who pays him is in doubt.
  {
    name: 'payment_dispute:missing_from_payroll',
    confidence: 0.85,
    pattern:
      /\b(?:meu nome|eu|o meu nome|meu crm) (?:\S+ ){0,2}?(?:nao|nem) (?:\S+ )?(?:consta|constava|aparece|aparecia|esta|estava|ta|tava|to|estou|entrou|entrei|foi incluid\w*) (?:\S+ ){0,1}?(?:na|no|da|do) (?:folha|lista de pagamento|relacao de pagamento|planilha de pagamento|fechamento|lote de pagamento)\b|\b(?:folha|lista de pagamento|relacao de pagamento|fechamento) (?:\S+ ){0,4}?(?:sem (?:o )?meu nome|nao (?:consta|aparece|tem) (?:o )?meu nome)\b/,
    rejectText: (t) => !WORKED.test(t) && !/\b(?:trabalhei|fiz|cobri|dei)\b/.test(t),
  },
  // His CRM or name put on a roster or a shift he never accepted: used without consent.
  {
    name: 'complaint:crm_used_without_consent',
    confidence: 0.9,
    pattern:
      /\b(?:usando|usaram|usou|usam|colocaram|colocou|botaram|puseram|escalaram|lancaram|incluiram|cadastraram) (?:o )?meu (?:crm|nome|cpf|registro)\b|\bmeu (?:nome|crm) (?:\S+ ){0,2}?(?:na|no|numa|num|em) (?:escala|plantao|lista|planilha)\b/,
    rejectText: (t) =>
      !/\b(?:nunca|jamais) (?:\S+ )?(?:fui|aceitei|peguei|confirmei|autorizei|trabalhei|pisei|assinei)\b|\bnao (?:autorizei|aceitei|confirmei|peguei|pedi|assinei)\b|\bsem (?:a )?(?:minha )?(?:autorizacao|permissao|consentimento|eu saber|me (?:avisar|consultar|perguntar))\b/.test(t),
  },
  // A payment from an unknown person or a third party, or suspected laundering.
  {
    name: 'complaint:unknown_payer',
    confidence: 0.85,
    pattern:
      /\b(?:pix|pagamento|deposito|transferencia|repasse|dinheiro|valor)\b(?: \S+){0,4}? (?:veio|vieram|caiu|chegou|entrou|foi feito|foi feita) (?:\S+ ){0,2}?(?:de|por|da conta de|na conta de) (?:uma |um )?(?:pessoa fisica|terceir\w+|desconhecid\w+|outra pessoa|pessoa (?:que|q) (?:eu )?nao conheco|alguem (?:que|q) (?:eu )?nao conheco|cpf (?:de )?(?:outra pessoa|desconhecido))\b|\blavagem de dinheiro\b|\b(?:parece|e|eh|cheira a|tem cara de) lavagem\b/,
    rejectText: (t) => /\b(?:pode|posso|podem|vai|vao|seria|sera que vai|costuma\w*) (?:\S+ )?(?:vir|cair|pagar|receber)\b/.test(t) && !/\b(?:veio|caiu|chegou|entrou)\b/.test(t),
  },
  // Calls to us unanswered many times: strong anger in other words ("liguei 8 vezes e ninguém atende").
  {
    name: 'strong_anger:calls_unanswered',
    confidence: 0.85,
    pattern:
      /\b(?:liguei|tentei ligar|tentei contato|chamei|mandei (?:mensage\w*|msg|email|whats)|escrevi)\b(?: \S+){0,2}? (?:[3-9]|\d{2,}|tres|quatro|cinco|seis|sete|oito|nove|dez|varias|diversas|inumeras|mil|um monte de) vezes\b/,
    rejectText: (t) =>
      !/\bninguem (?:me )?(?:atende|atendeu|responde|respondeu|retorna|retornou)\b|\bsem (?:nenhuma )?(?:resposta|retorno)\b|\bnao (?:me )?(?:atendem|atenderam|atende|atendeu|respondem|responderam|retornam|retornaram)\b|\bnada\b/.test(t) ||
      (/\b(?:hospital|clinica|upa|ubs|recepcao|portaria)\b/.test(t) && !/\b(?:voces|vcs|de voces|da empresa)\b/.test(t)),
  },
  // A report to the health authorities or the medical council, with a serious condition named.
  {
    name: 'legal_threat:health_authority',
    confidence: 0.9,
    pattern: new RegExp(
      `\\b(?:vou|vamos|irei|vou ter que|preciso|ja vou|ja estou|estou) (?:\\S+ )?(?:levar|denunciar|reportar|comunicar|acionar|chamar|notificar|informar|avisar|procurar|fazer (?:uma )?denuncia)\\b(?: \\S+){0,3}? (?:a |ao |na |no |pra |para a |para o |pro |com a |com o |junto (?:a|ao) )?${HEALTH_AUTHORITY}\\b|\\b(?:levarei|denunciarei|acionarei|notificarei) (?:\\S+ ){0,2}?${HEALTH_AUTHORITY}\\b`,
    ),
    rejectText: (t) => !SERIOUS_CONDITION.test(t) && !/\b(?:vigilancia sanitaria|anvisa)\b/.test(t),
  },
  // A serious condition now at the shift, with someone called on to act; said of an offer it is a reason for a no.
  {
    name: 'complaint:serious_condition',
    confidence: 0.85,
    pattern: SERIOUS_CONDITION,
    rejectText: (t) =>
      !/\balguem (?:precisa|tem que|tem de|deveria|pode|poderia) (?:\S+ )?(?:ver|olhar|resolver|fazer alguma coisa|fazer algo|tomar (?:uma |alguma )?providencia)\b|\bnao da (?:pra|para) trabalhar (?:assim|desse jeito|nessas condicoes)\b|\b(?:quero|preciso|exijo|peco) (?:uma |alguma )?providencia\b|\btomem (?:uma |alguma )?providencia\b|\bcoloca\w* (?:a )?vida (?:\S+ ){0,2}?em risco\b/.test(t) || REFUSING.test(t),
  },
  // A request for a human put as a condition ("se tiver algum humano aí, me chama").
  {
    name: 'human_request:if_any_human',
    confidence: 0.9,
    pattern:
      /\bse (?:tiver|houver|existir|tem|ai tiver) (?:algum |alguma |um |uma )?(?:humano|humana|ser humano|pessoa(?: de verdade| real)?|gente de verdade|atendente|alguem de verdade|alguem real|funcionari[oa] de verdade)(?: ai| aqui| por ai| na empresa| lendo| do outro lado)?\b/,
    rejectText: (t) => !/\b(?:me )?(?:chama|chame|chamem|responde|responda|liga|ligue|atende|atenda|fala comigo|falar comigo|quero falar|pede|peca|passa|transfere|avisa|manda (?:ele|ela))\b/.test(t),
  },
  // The machine insulted in other words ("robô do capeta", "bot dos infernos").
  { name: 'strong_anger:machine_cursed', confidence: 0.85, pattern: /\b(?:robo|robozinho|bot|chatbot|maquina) (?:do capeta|do cao|do diabo|do demonio|do inferno|dos infernos|dos diabos|infernal|insuportavel|miseravel|maldit[oa]|desgracad[oa]|porcaria)\b/ },
];

// more situations (fresh paraphrases and near misses in `cases/handoff.jsonl`).
// A figure in the normalised text: "1.400" reads "1 400", "1.200,00" reads "1 200 00".
const AMOUNT = '(?:r )?\\d+(?: \\d{3})*(?: \\d{2})?(?: ?k| mil| reais| conto)?';
const PAID = '(?:vieram|veio|caiu|cairam|entrou|entraram|pagaram|pagou|depositaram|depositou|transferiram|mandaram|recebi|chegou|chegaram)';
const INSTEAD_OF = '(?:em vez de|ao inves de|no lugar de|e nao|quando (?:eram|era|o combinado (?:era|foi)|combinamos|combinaram|deveria ser|deviam ser)|sendo que (?:eram|era|o combinado (?:era|foi)|combinamos|combinaram))';
export const PAY_INCIDENT_RULES: readonly Rule[] = [
  // A payment short against the figure agreed ("vieram 800 em vez de 1.400"): the amount paid set against the one owed.
  {
    name: 'payment_dispute:short_of_agreed',
    confidence: 0.85,
    pattern: new RegExp(`\\b${PAID} (?:so |apenas |somente )?${AMOUNT} ${INSTEAD_OF} (?:os |o |as )?${AMOUNT}\\b`),
  },
  // A shift cancelled, learned on arrival from the door or the reception ("cheguei e a portaria disse que tinha sido
  // cancelado"). A worry, a question or a lost trip told with no arrival is not enough.
  {
    name: 'complaint:cancelled_learned_on_arrival',
    confidence: 0.9,
    pattern:
      /\b(?:cheguei|chegando|quando cheguei|assim que cheguei|(?:to|estou) aqui (?:no|na|em)|(?:to|estou) na (?:porta|portaria|recepcao))\b(?: \S+){0,12}? (?:(?:tinha sido|foi|tava|estava|ta|esta|tinham) (?:\S+ )?(?:cancelad|desmarcad|suspens)[oa]s?|cancelaram|cancelou|desmarcaram|desmarcou)\b/,
    rejectText: (t) => /\b(?:e se|se (?:cancelarem|cancelar|desmarcar)|sera que|costuma\w*|tenho medo|receio|cheguei a (?:pensar|achar|ver|cogitar))\b/.test(t),
  },
  // Another doctor in his slot when he arrives ("a escala tava com o nome de outro médico no meu horário").
  {
    name: 'complaint:other_doctor_in_my_slot',
    confidence: 0.9,
    pattern:
      /\bnome de outr[oa] (?:medic[oa]|colega|plantonista|profissional|pessoa)\b|\boutr[oa] (?:medic[oa]|colega|plantonista|profissional) (?:\S+ ){0,3}?(?:no meu (?:lugar|horario|plantao|turno)|na minha (?:vaga|escala|vez))\b|\b(?:nao quis|se recusou a|recusou) (?:\S+ )?(?:sair|me dar o lugar|liberar o plantao|largar o plantao)\b/,
    rejectText: (t) => !AT_SITE_OR_CONFIRMED.test(t),
  },
  // A lawsuit threatened in the present tense ("Processo vocês."). "O processo vocês mandam por email?" is the noun.
  {
    name: 'legal_threat:present_tense',
    confidence: 0.9,
    pattern:
      /(?<!\b(?:o|no|do|esse|este|seu|meu|nosso|um|pelo|num|qual|que|algum|nenhum|todo|cada|novo|mesmo) )\b(?:processo|denuncio|exponho|aciono) (?:voces|vcs|essa empresa|a empresa|essa agencia|essa firma)\b(?! (?:ja|mandam|enviam|fazem|precisam|tem|usam|pedem|exigem))/,
  },
];

