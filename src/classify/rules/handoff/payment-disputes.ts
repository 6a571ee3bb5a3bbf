import type { Rule } from '../engine.js';

// Words of money: a rule about money not received needs one somewhere in the message.
const PAY = /\b(?:pagamentos?|pago|paga|pagaram|pagou|pagar|dinheiro|pix|depositos?|depositad[oa]|repasses?|valor|salario|honorarios?|plantao|plantoes|transferencia|grana|centavo|adicional|adicionais|bonus|bonificac\w*|horas? extras?|13o|decimo terceiro|insalubridade|periculosidade|reembolso|janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)\b/;
const NOT_PAY_OBJECT = /^(?:\S+ )?(?:o |a |os |as |meu |minha |nenhum |nenhuma )?(?:mensage\w*|email|endereco|escala|contrato|documento\w*|link|localizacao|confirmac\w+|resposta|retorno|ligac\w+|senha|acesso|cracha|informac\w+|convite|vaga|proposta|detalhes)\b/;

/** A payment in dispute: not received, short, late, deducted, owed. */
export const PAYMENT_RULES: readonly Rule[] = [
  {
    name: 'payment_dispute:not_received',
    confidence: 0.9,
    // "o colega não veio" is a person who did not come, not money.
    pattern: /\b(?<!\b(?:colega|medic[oa]|plantonista|rendicao|substitut[oa]|enfermeir[oa]|ele|ela|ninguem) )(?:nao|nunca) (?:me )?(?:recebi|recebemos|caiu|entrou|veio|pagaram|pagou|depositaram|depositou|transferiram|fizeram o pix|foi pago|foi paga|foi depositado|foram pagos|cairam)\b/,
    rejectTail: (tail) => NOT_PAY_OBJECT.test(tail),
    // Money another agency owes him, with nothing said of ours, is his reason for caution, not a case of ours.
    rejectText: (text) => !PAY.test(text) || (/\b(?:outras? (?:empresas?|agencias?|cooperativas?)|uma (?:agencia|empresa|cooperativa)|empresa anterior|antiga empresa)\b/.test(text) && !/\b(?:voces|vcs)\b/.test(text)),
  },
  { name: 'payment_dispute:wrong_amount', confidence: 0.9, pattern: /\b(?:ta|esta|tao|estao) faltando (?:quase |uns |umas |mais de |cerca de )?(?:r \d+|\d+(?: \d+)? (?:reais|conto|contos|pila))\b|\b(?:pagaram|pagou|pago|paga|pagamento|valor|deposito|pix|repasse|transferencia|caiu|veio|depositaram|depositado|calcularam|calculo|demonstrativo|holerite|contracheque|extrato|recibo|informe) (?:\S+ ){0,2}?(?:errad[oa]|a menos|menor do que|menor que|mais baix[oa] (?:do )?que|menos que o combinado|incorret[oa]|faltando|pela metade|so metade|diferente do combinado|abaixo do combinado|menos do que|incomplet[oa])\b/ },
  // Money short on a payment in the past tense: "faltou 500 reais no meu pagamento", "vieram faltando 300 no pix".
  { name: 'payment_dispute:money_short', confidence: 0.88, pattern: /\b(?:faltou|faltaram) (?:quase |uns |umas |mais de |cerca de )?(?:r \d+|\d+(?: \d+)? (?:reais|conto|contos|pila)|metade) (?:\S+ ){0,2}?(?:no|na|do|da|nos|nas|em) (?:meu |minha |meus |minhas |o |a |esse |essa )?(?:pagamentos?|pix|depositos?|repasses?|holerite|contracheque|salario|transferencia|extrato|valor)\b|\b(?:pagamento|pix|deposito|repasse|transferencia|valor) (?:\S+ ){0,2}?(?:veio|vieram|caiu|chegou) faltando\b/ },
  { name: 'payment_dispute:deduction', confidence: 0.85, pattern: /\b(?:fui cobrad[oa]|me cobraram|cobraram|descontaram) (?:\S+ ){0,2}?(?:duas vezes|2 vezes|em dobro|duplicad\w*)\b|\b(?:descontaram|descontou|cobraram|tiraram|retiveram|reteram) (?:\S+ ){0,3}?(?:a mais|errado|indevid\w*|sem (?:avisar|aviso|explicacao))\b|\bdesconto (?:\S+ ){0,2}?(?:indevido|errado|a mais|abusivo)\b|\bdescontaram\b/ },
  { name: 'payment_dispute:what_happened', confidence: 0.85, pattern: /\bo que (?:aconteceu|houve|rolou) com (?:o |a |os )?(?:meu|minha|meus) (?:dinheiro|pagamentos?|pix|repasses?|depositos?|plantoes pagos)\b/ },
  { name: 'payment_dispute:where_is', confidence: 0.9, pattern: /\bcade (?:o |a )?(?:meu |minha )?(?:pagamento|dinheiro|pix|deposito|repasse|transferencia|salario|grana)\b/ },
  {
    name: 'payment_dispute:late',
    confidence: 0.85,
    // "vocês já atrasaram pagamento alguma vez?" asks about the record, it reports nothing; in the present only his
    // own payment is a case ("atrasam meu pagamento"), "vocês atrasam pagamento?" is the record again.
    rejectText: (t) => /\balguma vez\b|\bcostuma\w*\b|\bse (?:\S+ )?(?:atrasar|atrasarem|atrasa|atrasam)\b/.test(t),
    pattern: /\b(?:pagamento|repasse|deposito|pix|salario|dinheiro|plantao) (?:\S+ ){0,4}?(?:atrasad[oa]s?|em atraso|venceu|vencid[oa]|passou do prazo|atrasa|atrasou|atrasando|atrasam|atrasaram)\b|\b(?:atrasaram|atrasou) (?:o |a |os |meu |minha |meus )?(?:pagamentos?|repasses?|pix|depositos?|salario)\b|\b(?:atrasam|atrasando|atrasa) (?:o |a |os )?(?:meu|minha|meus) (?:pagamentos?|repasses?|pix|depositos?|salario)\b/,
  },
  // The present "não recebo" only with how long it has been ("já faz 2 meses que não recebo o plantão de setembro"):
  // without it, it is a habit or a kind of offer ("não recebo mensagem de vocês", "não recebo por RPA").
  { name: 'payment_dispute:not_received_for', confidence: 0.85, pattern: /\b(?:faz|ha|tem|ja sao) (?:mais de |quase |uns |umas )?(?:\d+|um|uma|dois|duas|tres|quatro|cinco|seis) (?:dias|semanas|mes|meses)(?: (?:que|q))? (?:eu )?(?:nao|nada de) (?:recebo|receber)\b/, rejectTail: (tail) => NOT_PAY_OBJECT.test(tail), rejectText: (text) => !PAY.test(text) },
  { name: 'payment_dispute:still_waiting', confidence: 0.85, pattern: /\b(?:ainda|ate hoje|ate agora|faz \S+(?: \S+)?|desde \S+|continuo|sigo) (?:\S+ ){0,2}?(?:esperando|aguardando) (?:o |a |os |meu |minha |meus )*(?:pagamento|pagamentos|pix|deposito|repasse|dinheiro|transferencia|valor)\b|\b(?:to|estou|tou|tamo|estamos) (?:esperando|aguardando) (?:o |a |os |meu |minha |meus )*(?:pagamento|pagamentos|pix|deposito|repasse|dinheiro|transferencia)(?: \S+){0,4}? (?:ha|faz) (?:mais de |quase )?(?:\d+|um|uma|dois|duas|tres) (?:semanas|mes|meses)\b|\bnada (?:d[oa]|de) (?:meu |minha )?(?:pagamento|pix|dinheiro|deposito|repasse|transferencia)\b/ },
  { name: 'payment_dispute:not_agreed', confidence: 0.85, pattern: /\b(?:nao bate|nao confere|diferente|fora) (?:com |d)?(?:o |a )?(?:que foi |que tinha sido |que era )?combinad[oa]\b|\b(?:cobraram|cobrou|descontaram|descontou|taxa|desconto|valor) (?:\S+ ){0,4}?(?:que )?nao (?:foi|era|estava|tinha sido) combinad[oa]\b/, rejectText: (text) => !/\b(?:valor|taxa|cobra\w*|descont\w*|pag\w*|entrou|caiu|recebi|pix|deposit\w*|repasse)\b/.test(text) },
  { name: 'payment_dispute:problem', confidence: 0.85, pattern: /\b(?:problema|erro|pendencia) (?:\S+ ){0,2}?(?:com |no |na |do |da )(?:o |a |meu |minha )?(?:pagamento|pix|repasse|deposito|recebimento|transferencia)\b/, rejectText: (t) => /\bse (?:der|tiver|houver|acontecer|rolar|aparecer)\b|\bcaso (?:de|tenha|haja|aconteca)\b|\b(?:resolvid\w*|resolveu|resolveram|acertad\w*|acertaram|tudo certo|ja (?:foi pago|pagaram|recebi|caiu)|outras? empresas?|empresa anterior|antiga empresa|ano passado)\b/.test(t) },
  { name: 'payment_dispute:partial', confidence: 0.85, pattern: /\brecebi (?:so|apenas|somente) (?:um|uma|metade|parte|\d+)\b/, rejectText: (text) => !PAY.test(text) },
  // "só caíram 2", "combinado 1800 e pagaram 1500": less than agreed arrived.
  { name: 'payment_dispute:less_arrived', confidence: 0.85, pattern: /\b(?:so|apenas|somente) (?:cairam|caiu|entrou|entraram|pagaram|pagou|depositaram|vieram|veio) (?:\S+ )?\d+\b|\bcombinad[oa]s? (?:\S+ ){0,3}?(?:e |mas )?(?:pagaram|pagou|depositaram|caiu|veio|recebi) (?:\S+ )?\d+\b/ },
  // compensation demanded for a cancelled or lost shift ("exijo ressarcimento").
  { name: 'payment_dispute:refund', confidence: 0.9, pattern: /\b(?:quero|exijo) (?:o )?meu dinheiro de volta\b|\b(?:exijo|quero|cobro|solicito|peco|mereco) (?:o |um |meu |uma )?(?:ressarcimento|reembolso|indenizacao|compensacao)\b|\bdevolv\w* (?:o )?(?:meu )?dinheiro\b|\bestorn\w*\b/ },
  { name: 'payment_dispute:should_have', confidence: 0.85, pattern: /\b(?:era|deveria|devia|tinha que|tinha) (?:pra |para |de )?ter (?:caido|sido pago|sido depositado|entrado|pago|recebido)\b/ },
  // "calote" is often about another agency; naming one vetoes the rule.
  {
    name: 'payment_dispute:owed',
    confidence: 0.85,
    // "vocês já deram calote em alguém?" asks about the record, it reports nothing.
    rejectText: (text) => /\b(?:outras? (?:empresas?|agencias?|cooperativas?)|empresa anterior|antiga empresa|ano passado|em algu\w+|alguma vez)\b/.test(text),
    pattern: /\b(?:me devem|me deviam|me devia|ficaram me devendo|estao me devendo|ta me devendo|esta me devendo|me deve|(?:me )?(?:deram|dando|deu) (?:um )?calote|calote de voces|ninguem me pagou|nunca me pagaram|(?:to|estou|fiquei|continuo|ando) (?:\S+ ){0,3}?sem receber(?! (?:\S+ )?(?:mensage\w*|vagas?|resposta|retorno|noticias?|emails?|o link|o contrato))|faltou (?:pagar|o pagamento|receber)|falta(?:m)? (?:pagar|receber) (?:o |os |meu |meus )?(?:plantao|plantoes|dinheiro|valor))\b/,
  },
];
