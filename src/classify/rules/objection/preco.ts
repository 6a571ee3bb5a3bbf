import type { ObjectionRule } from './rule.js';

/** The situations read as preco; the highest priority that fires decides across every label. */
export const PRECO_RULES: ObjectionRule[] = [
  // What we paid or charged, not the offer's price: discounts, hours left out, a fee nobody mentioned.
  {
    label: 'preco', priority: 950, provenance: 'set 8 as a development set',
    pattern:
      /\b(descontaram|descontou|desconto (indevido|errado|a mais|sem aviso)|(lancaram|lancou|pagaram|pagou|registraram) (so |apenas )?\d+ ?h(oras)?|\d+ ?h(oras)? (no|em) (meu )?(informe|holerite|extrato|demonstrativo|repasse)|(cobraram|cobrando|cobram) (uma )?taxa|dinheiro de volta|estorno)\b/,
  },
  // The amount paid against the one agreed ("o combinado era 1.800", sets 7 and 9), hours paid as zero, a price
  // called absurd in one word. Not a wrong amount alone ("pagaram errado, faltou metade"): sets 1, 5, 6, 8 and
  // the dev sets label it none (a matter for the financeiro, handed off).
  {
    label: 'preco', priority: 910, provenance: 'set 9 as a development set',
    pattern:
      /\b((o )?combinado (era|foi) (de )?(r )?\d|(horas|extras|plantao) (\w+ ){0,8}(vieram|veio|ficaram|ficou|sairam|saiu) zerad\w*|valor (ridiculo|absurdo|vergonhoso|humilhante)|(ridiculo|vergonhoso) (esse|o) valor)\b/,
  },
  // The amount paid against the one promised (set 9's "o combinado era" said as "prometeram"), hours worked and
  // left unpaid (sets 8 and 9: hours left out are preco), prices called a joke, a threat over low offers.
  // Not a whole payment missing or late: sets 3-9 read that as risco.
  {
    label: 'preco', priority: 865, provenance: 'set 10 as a development set',
    pattern: new RegExp(
      [
        `(?:prometeram|prometeu|combinaram|falaram) (?:\\w+ ){0,2}(?:r )?\\d[\\d ]* (?:e|mas) (?:\\w+ ){0,4}(?:pag\\w*|veio|caiu|depositou|depositaram) (?:\\w+ ){0,2}(?:r )?\\d`,
        `(?:nao pagaram|nao pagou|nao vieram|ficaram sem pagar|nao entraram) (?:as |essas |minhas |aquelas )?(?:\\d+ ?h(?:oras)? )?(?:horas|extras|hora extra)`,
        `(?:valor|valores|preco|precos) (?:\\w+ ){0,3}(?:e|sao) uma (?:piada|vergonha|palhacada)`,
        `(?:se|caso) (?:continuar|continuarem) (?:vindo|mandando|oferecendo) (?:plant\\w* |vaga\\w* )?(?:de|a|por) (?:r )?\\d+`,
      ].join('|'),
    ),
  },
  // A payment short of what was due: an amount instead of another, hours paid short, an extra or a fee, a fine
  // charged, a contract handed over at a lower rate, an hourly rate set against what the region accepts.
  {
    label: 'preco', priority: 815, provenance: 'set 11 as a development set',
    pattern: new RegExp(
      [
        `(?:vieram|veio|caiu|cairam|depositaram|depositou|pagaram|pagou) (?:r )?\\d[\\d ]* (?:em vez|ao inves|no lugar) de (?:r )?\\d`,
        `(?:so|somente|apenas) (?:me )?(?:pagaram|pagou) (?:as )?\\d+\\b(?! (?:de|do|da) )|pagaram (?:so )?\\d+ das \\d+`,
        `adicional (?:de \\w+ |noturno )?(?:nao veio|nao caiu|nao pagaram|nao foi pago|nao entrou|sumiu)`,
        `(?:cobrando|cobraram|cobram|descontaram|descontando|descontou) (?:\\w+ ){0,2}(?:multa|taxa)(?!.{0,50}\\bclausula)`,
        `(?:contrato|valor) diferente (?:\\w+ ){0,6}(?:com )?valor menor|com valor menor (?:por hora|do que)`,
        `\\d+ (?:reais )?(?:a|por) hora\\b.{0,50}\\bninguem (?:\\w+ ){0,2}aceita`,
      ].join('|'),
    ),
  },
  // The amount: a value per hours met with disbelief, another payer that pays double, a promise of N paid as M,
  // the hours paid short of the hours worked.
  {
    label: 'preco', priority: 760, provenance: 'set 12 as a development set',
    pattern: new RegExp(
      [
        `\\d[\\d ]*(?: mil)? (?:reais|conto|contos|pila|paus) (?:para|por|num|no|em) (?:um )?(?:plantao de )?\\d+ ?h(?:oras)?\\b.{0,60}\\b(?:doid[oa]|loucur\\w*|louc[oa]|serio|piada|brincadeira|zoando|zoeira)`,
        `(?:paga|pagam|pagando|pagava) (?:o dobro|o triplo|bem mais|muito mais|\\d+ ?% a mais)`,
        `prometeram (?:r )?\\d[\\d ]*(?: mil)? e (?:so )?(?:pagaram|depositaram|caiu|veio)`,
        `pag[oa]s? (?:so|somente|apenas) \\d+ ?h(?:oras)?\\b.{0,40}\\b(?:fiquei|fiz|trabalhei|dei) \\d+`,
      ].join('|'),
    ),
  },
  {
    label: 'preco', priority: 715, provenance: 'set 13 misses',
    pattern: new RegExp(
      [
        `nao gostei (?:muito )?(?:desse|do|deste|dess[ea]) valor`,
        `valor (?:esta|veio|ficou) menor`,
        `\\d[\\d ]* (?:reais )?a menos\\b`,
        `desconto de (?:inss|irrf|imposto|iss)\\b.{0,40}\\b(?:nao|sem) (?:estava|era|foi) (?:no )?combinad`,
      ].join('|'),
    ),
  },
  // The amount: hours paid as fewer, a fine for a cancellation announced, a value changed after he accepted, a
  // percentage taken.
  {
    label: 'preco', priority: 685, provenance: 'set 14 misses',
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
  // The amount: an extra missing from what was agreed, a floor per hour, the hourly rate promised against the contract.
  {
    label: 'preco', priority: 640, provenance: 'set 15 misses',
    pattern: new RegExp(
      [
        `faltou o adicional`,
        `(?:so|somente|apenas) (?:me chama |me manda )?(?:pra |para )?(?:vagas?|plantoes?|plantao) (?:acima|a partir) de (?:r )?\\d+|me (?:chama|manda) (?:so )?(?:pra|para) (?:vagas?|plantao|plantoes) (?:acima|a partir) de (?:r )?\\d+`,
        `falou (?:r )?\\d+ ?(?:h|reais|por hora)?\\b.{0,30}\\bveio (?:r )?\\d+`,
      ].join('|'),
    ),
  },
  // What we paid wrong or what the contract says against what was offered.
  {
    label: 'preco', priority: 550, provenance: 'set 17 misses',
    pattern: /\b(pag\w* errado|faltando dinheiro|valor diferente do que)\b/,
  },
  // The pay weighed: a figure asked for to close, a figure refused, "esse valor não dá", more earned elsewhere.
  {
    label: 'preco', priority: 525, provenance: 'set 18 misses',
    pattern: new RegExp(
      [
        `consegue (?:r )?\\d+(?: \\d{3})?(?: reais)?(?: (?:a|por) hora)?\\b.{0,20}\\bfecho`,
        `por (?:r )?\\d+(?: \\d{3})?(?: reais)? (?:to|estou) fora`,
        `(?:esse|este|o) valor nao (?:da|compensa|vale)`,
        `ganho mais (?:no|na|em|fazendo|atendendo)`,
      ].join('|'),
    ),
  },
  // Another payer's rate set against ours, the payer named after the verb ("pagam mais na cooperativa da minha
  // cidade"): the amount is the objection, not the other company.
  {
    label: 'preco', priority: 486, provenance: 'fresh paraphrases, written as a general form',
    // Not a question about which shift pays more ("qual paga mais no fim de semana?").
    pattern: /(?<!\b(qual|quais|quem|onde|que|se) )\b(pagam|paga|pagavam|pagava) (bem |muito |bem mais |muito mais )?(mais|melhor) (na|no|nas|nos|em|pela|pelo|la na|la no|la em) (?!(fim de semana|final de semana|feriado|noturno|diurno|sabado|domingo|madrugada|plantao|horario)\b)/,
  },
  // Another payer's figure for the same work ("a outra agência paga 1500 pelo mesmo plantão").
  {
    label: 'preco', priority: 485, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(pagam|paga|pagavam|pagava|oferecem|oferece) (r )?\d[\d ]*(reais |mil )?(pelo|no|por|pro) (mesmo|mesma) (plantao|turno|servico|horario|carga)\b/,
  },
  // A value hoped to be better, a threat about this value.
  {
    label: 'preco', priority: 488, provenance: 'set 19 misses, written as general forms',
    pattern: /\b(esperava (um |uma )?(valor|pagamento|preco|proposta) (\S+ ){0,3}(melhor|maior)|com esse valor)\b/,
  },
  // Earning more elsewhere, or another payer's figure: "no particular eu ganho o dobro disso", "outra empresa me
  // ofereceu 2200".
  {
    label: 'preco', priority: 479, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b((ganho|recebo|tiro|faturo) (o dobro|o triplo|bem mais|muito mais|mais que isso|mais do que isso)(?! de (?!\d))|(outra empresa|outra agencia|outro hospital|a concorrencia|o concorrente) (\w+ ){0,2}?(me )?(ofereceu|ofereceram|oferece|oferecem|paga|pagam|pagou|pagaram) (r )?\d+)\b/,
  },
  // His own rate, stated: "tô cobrando 180 a hora", "meu valor mínimo é 1.500".
  {
    label: 'preco', priority: 473, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b((estou|to|eu) cobrando (r )?\d+|cobro (r )?\d+ (a|por) hora|meu (valor|preco) (minimo )?(hoje )?e (de )?(r )?\d+|meu (valor|preco) minimo)\b/,
  },
  // A better offer asked for: "melhora a proposta que eu penso".
  {
    label: 'preco', priority: 460, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(melhora|melhore|melhorem|aumenta|aumente|sobe|suba|melhorando|aumentando) (um pouco )?(a |o |essa |esse |sua |seu )?(proposta|valor|oferta|preco)\b/,
  },
  // A rate in reais judged unworkable: "R$ 95/h para UTI é inviável".
  {
    label: 'preco', priority: 452, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\br \d+( \d+)?( horas| a hora| por hora| reais)? (\w+ ){0,4}?(e |eh |fica |ta )?(inviavel|inaceitavel|impraticavel|muito pouco|muito baixo)\b/,
  },
  // The amount against his costs or the day: "esse valor não cobre nem o deslocamento", "feriado deveria ser dobrado",
  // costs not reimbursed.
  {
    label: 'preco', priority: 448, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b((esse |o )?valor nao (cobre|paga) (nem )?(o |a )?(deslocamento|gasolina|combustivel|estacionamento|transporte|uber|passagem|custo)|(deveria|devia|tinha que) ser (dobrado|o dobro|maior|mais alto)|(nao|sem) (reembolsaram|reembolsam|reembolso|ressarciram|ressarcimento))\b/,
  },
  // The amount laughed at: "esse valor? kkkkk".
  {
    label: 'preco', priority: 440, provenance: 'fresh paraphrases, written as a general form',
    pattern: /^ *(esse|este) valor (k+|rs\w*|ha(ha)+\w*|kk\w*) *$/,
  },
  // An hourly figure met with a refusal, or our pay set below another's: "80 conto a hora? tô fora", "vocês pagam muito
  // menos que a cooperativa".
  {
    label: 'preco', priority: 434, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(\d+ (conto|contos|reais|pila|paus) (a|por|na) hora\b.{0,20}\b(to fora|estou fora|nem pensar|nao da|nao rola|passo|piada|brincadeira|serio)|(voces|vcs) pagam (muito |bem )?(menos|abaixo) (que|do que|de))\b/,
  },
  // The amount nobody will take: "com esse preço ninguém vai pegar".
  {
    label: 'preco', priority: 420, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\bcom (esse|este) (preco|valor) ninguem (vai )?(pega|pegar|aceita|aceitar|topa|topar|vem|fecha)\b/,
  },
  // A counter-offer in reais: "consegue 1800?", "fecha por 1.500?".
  {
    label: 'preco', priority: 415, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(consegue|conseguem|da pra|fecha|fecham|topa|topam) (chegar (a|em) |fazer (por )?|subir (pra|para) |por )?(r )?(?!(19|20)\d\d\b)\d{3,}( \d{3})?\b(?! (km|pacientes|leitos))/,
  },
  // Our offer the lowest he got: "a proposta de vocês é a mais baixa que recebi".
  {
    label: 'preco', priority: 410, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(proposta|oferta|valor) (de voces |de vcs )?(e|foi) (a|o) mais (baix[oa]|frac[oa]|ruim)\b/,
  },
  // Broad rules: read after every narrow one above; when those of several labels fire, the neighbours break the tie.
  // Price stated as a number or a rule of the market.
  {
    label: 'preco', priority: 220, provenance: 'the first labelled sets', broad: true,
    // money missing from a pay is about the amount (a wrong deduction alone is a hand-off with no objection).
    pattern: /\b(abaixo da tabela|(ta|esta) faltando (quase |uns |umas |mais de )?(r \d+|\d+ reais)|(subir|aumentar|sobe) (pra|para) \d+|(deveria|devia|nao deveria) pagar mais|gasto (quase )?isso|\d{3,5} nem pensar|\d{3,5} nao (da|rola|pego))\b/,
  },
  {
    label: 'preco', priority: 190, provenance: 'the first labelled sets', broad: true,
    pattern:
      /\b(caro|barato|valor (esta |e )?(muito |meio |bem )?(baixo|ruim|fraco|pouco|fora)|(esta|muito|bem|meio|mto) baixo|paga(m)? (muito |tao )?(pouco|mal)|(outr\w+|la|eles|concorrencia) paga(m)? (bem |muito )?(mais|melhor)|nao compensa|compensa nao|nao vale a pena|(melhorar|melhora|aumentar|aumenta|subir) (o |esse |um pouco o )?(valor|preco)|mixaria|merreca|esmola|miseria|so isso|da menos de|abaixo do mercado|por esse (valor|preco)|desvaloriz\w*|valor (esta )?(abaixo|defasado))\b/,
  },
];
