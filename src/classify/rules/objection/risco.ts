import type { ObjectionRule } from './rule.js';

/** The situations read as risco; the highest priority that fires decides across every label. */
export const RISCO_RULES: ObjectionRule[] = [
  // Unpaid, here or elsewhere before ("fiquei 3 meses sem receber", "ninguém recebe nessa empresa",
  // "cadê o meu pagamento", "já levei calote de outra empresa"): a risk of the job.
  {
    label: 'risco', priority: 955, provenance: 'set 8 as a development set',
    pattern:
      /\b(sem receber|ninguem recebe|nunca (recebi|recebe|receberam)|cade (o )?(meu )?(pagamento|dinheiro|repasse)|(satisfacao|noticia|previsao) (do|sobre o|de) (meu )?(pagamento|repasse)|(levei|tomei|ja levei|ja tomei) (um )?calote|reten\w* (indevida )?do (meu )?pagamento)\b/,
  },
  // Doubt about being paid at all, here or for hours already worked: "duvido que vá receber", "não sei se
  // essas horas vão ser pagas", "vou receber as horas que fiz?", "se até sexta não pagarem", "vocês atrasam?",
  // "uma empresa que sumiu sem pagar", "fico na mão", paid only after the hospital pays. Set 9 and sets 3-8
  // agree: fear of not being paid is risco.
  {
    label: 'risco', priority: 915, provenance: 'set 9 as a development set',
    pattern: new RegExp(
      [
        `(?:duvido que|nao sei se|sera que) (?:\\w+ ){0,4}(?:receb\\w*|(?:ser|sejam|serao|sao) pag\\w*|pag(?:am|ar|arem|uem)\\b)`,
        `(?:nao|nunca) vi (?:a )?cor do dinheiro|(?:sumiu|sumiram|fechou|quebrou) sem pagar|medo de (?:ficar no prejuizo|cair de novo|ficar sem)`,
        `vou receber (?:as horas|pelas horas|pelo que|o que|pelo plantao|por esse plantao|as \\d+)`,
        `(?:se|caso) (?:\\w+ ){1,4}nao (?:me )?(?:pagarem|pagar|depositarem|cair)\\b`,
        `(?:voces|voce|a empresa) (?:costuma\\w* )?atras(?:a|am) *$|fico na mao|(?:pagam|paga) (?:a gente |o medico )?(?:antes ou depois|so depois) (?:d[oa] )?(?:hospital|prefeitura|contratante)`,
      ].join('|'),
    ),
  },
  // Doubt about being paid in future: a payer already late elsewhere, worry that a late payment repeats,
  // and "vou receber como?" after his name went missing from the roster.
  {
    label: 'risco', priority: 860, provenance: 'set 10 as a development set',
    pattern: new RegExp(
      [
        `(?:certeza|capaz|aposto) (?:que|de) (?:\\w+ ){0,3}(?:vai|vao) atrasar`,
        `(?:preocupad\\w*|com medo|receio) (?:\\w+ ){0,3}(?:se|que) (?:\\w+ ){0,2}(?:vai|va|possa) (?:acontecer de novo|se repetir|atrasar de novo|repetir)`,
        `(?:vou|vamos) receber como|como (?:eu )?vou receber (?:agora |entao |isso |esse plantao |essas horas )? *$`,
      ].join('|'),
    ),
  },
  // Fear for a payment still to come (the majority's risco): who pays if the hospital closes, if we go broke,
  // companies vanishing with doctors' money.
  {
    label: 'risco', priority: 805, provenance: 'set 11 as a development set',
    pattern:
      /\b(quem (me |nos )?paga se|e se (voces|a empresa|o hospital) (quebrar(em)?|falir(em)?|sumir(em)?|fechar(em)? as portas)|sumindo com (o )?dinheiro)\b/,
  },
  // Fear of not being paid: a company that vanished with the money, who pays if the hospital has no record.
  {
    label: 'risco', priority: 740, provenance: 'set 12 as a development set',
    pattern: /\b(sumiu com o dinheiro|sumiram com o dinheiro|e se (?:eu )?\w+ (?:\w+ ){0,12}quem (me )?paga)\b/,
  },
  {
    label: 'risco', priority: 720, provenance: 'set 13 misses',
    pattern: new RegExp(
      [
        `(?:plantao|pagamento|repasse)\\b.{0,40}\\bnao (?:foi|foram) (?:pag|deposit|creditad)\\w*`,
        `nada do (?:meu )?pagamento`,
        `ninguem (?:me )?paga\\b`,
        `pagam (?:sempre )?atrasado`,
      ].join('|'),
    ),
  },
  // Whether and when he is paid: terms judged long, money owed, not a cent seen, a payment delayed.
  {
    label: 'risco', priority: 690, provenance: 'set 14 misses',
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
  // Paid or not: still no payment, a payment date a month away judged too long, paid on time or late asked.
  {
    label: 'risco', priority: 580, provenance: 'set 16 misses',
    pattern: /\b(ate hoje sem pagamento|pagamento so no dia \d+ do mes seguinte|pagam em dia ou atrasam)\b/,
  },
  // Money not received or in doubt: never paid, paid late, paid into someone else's account, paid at all if the
  // hospital cancels.
  {
    label: 'risco', priority: 555, provenance: 'set 17 misses',
    pattern: new RegExp(
      [
        `nunca (?:foi|foram) pag[oa]s?`,
        `nao me pagaram`,
        `(?:dinheiro|pagamento|repasse) (?:\\w+ ){0,3}(?:esta |ta )?atrasad\\w*`,
        `se (?:o hospital |a empresa |voces )?cancel\\w* .{0,40}\\b(?:recebo|pagam|paga)\\b`,
        `deposit\\w* (?:\\w+ ){0,6}conta (?:que )?nao (?:e )?minha`,
      ].join('|'),
    ),
  },
  // Money not received or too slow to come: still waiting for a sum, "que não veio", a month too long, companies
  // that vanish.
  {
    label: 'risco', priority: 510, provenance: 'set 18 misses',
    pattern: /\b(nunca cair\w*|nunca caiu|(pagamento|repasse|plantao) (\w+ ){0,3}que nao veio|ainda (estou |to )?esperando (o |os |a |as )?(pagamento|repasse|r \d|\d)|muito tempo (para|pra) esperar|costuma\w* sumir)\b/,
  },
  // A fraud suffered elsewhere, a payment only on the spot or after the month turns.
  {
    label: 'risco', priority: 492, provenance: 'set 19 misses, written as general forms',
    pattern: /\b((me )?(deu|deram|levei|tomei) (um )?calote|(paga|pagam|pagamento) (\S+ ){0,2}na hora ou|esperar o mes virar|(porque|pq) se demorar)\b/,
  },
  // A shift cancelled late, asked about being paid for it.
  {
    label: 'risco', priority: 484, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\bse (o plantao|a vaga|o turno|a escala) (for|fosse|vier a ser) (cancelad|desmarcad)\w*\b.{0,40}\b(recebo|recebe|pagam|paga|ganho|tem (alguma |algum )?(multa|compensacao|indenizacao|pagamento))\b/,
  },
  // A payment term too long for him, in any of its wordings: set as the condition ("se for 90 dias nem rola", "60 dias
  // não dá"), too long to wait ("não posso esperar 60 dias", said of pay), a worry ("o pagamento em 60 dias me
  // preocupa"), paid days after ("não gosto de receber 60 dias depois"), only in a month far off ("pagamento só em
  // março? aí não dá").
  {
    label: 'risco', priority: 472, provenance: 'fresh paraphrases, written as a general form',
    pattern: new RegExp(
      [
        `\\b(se (for|forem|pagarem em|pagar em|demorar|levar) (\\w+ )?\\d+ dias|\\d+ dias (e |eh )?(nem rola|nao rola|nao da|nao compensa|e muito|demais|inviavel))\\b`,
        `^(?=.*\\b(pagamento|pagar|pagam|paga|receber|recebo|cair|dinheiro)\\b).*\\bnao (posso|consigo|da pra|da para|tenho como) esperar (\\w+ )?\\d+ dias\\b`,
        `\\b(pagamento|prazo|receber|recebimento) (em|de) \\d+ dias (me )?(preocupa|assusta|complica|pesa)\\b`,
        `\\b(receber|recebo|pagamento|pagar|pagam) (so )?\\d+ dias (depois|apos)\\b`,
        `\\b(pagamento|receber|recebo|pagam|paga) so (em|no|la pra|para|a partir de) (janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|mes que vem|fim do mes que vem)\\b`,
      ].join('|'),
    ),
  },
  // A company vanishing with the money, a long payment term: "empresa que some com o dinheiro dos médicos", "prazo de
  // pagamento muito longo".
  {
    label: 'risco', priority: 459, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b((somem|some|sumiu|sumiram|desaparece\w*) com o dinheiro|prazo (de|do) (pagamento|repasse|recebimento) (\w+ ){0,2}?(longo|demorado|grande|extenso|alto))\b/,
  },
  // Late payment suffered before, or whether we pay on time: "tive experiência ruim com atraso", "eles atrasam tudo.
  // Vocês pagam em dia?" (asked alone, or after a friend's good word, it is a question: set 4 labels it none).
  {
    label: 'risco', priority: 451, provenance: 'fresh paraphrases, written as a general form',
    pattern: /^(?=.*\b(pag\w*|receb\w*|empresa|agencia|cooperativa|dinheiro)\b).*\b(experiencia ruim|problema|problemas|trauma) com (atraso|atrasos|calote)\b|^(?=.*\b(atras\w*|calote|medo|receio|nao pagam|nao pagou|nao pagaram)\b).*\bvoces pagam (certinho|direitinho|em dia|no prazo)\b/,
  },
  // Money that took months to come, or a term in days scoffed at, or whether we ever failed to pay: "o dinheiro demorou
  // 4 meses", "pagamento depois de 90 dias? fala sério", "vocês já deram calote em alguém?".
  {
    label: 'risco', priority: 433, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b((dinheiro|pagamento|repasse) (\w+ ){0,2}?demor\w* \d+ (meses|mes|semanas)|(pagamento|receber|pagar|paga|pagam) (so )?(depois de|apos) \d+ dias\b.{0,20}\b(fala serio|serio|piada|absurdo|nem pensar|to fora)|(voces|vcs) (ja )?(deram|dao|deu) calote)\b/,
  },
  // How long another company took to pay: "a última empresa levou 3 meses".
  {
    label: 'risco', priority: 404, provenance: 'fresh paraphrases, written as a general form',
    pattern: /^(?=.*\b(pag\w*|receb\w*|dinheiro|pix|cair|caiu)\b).*\b(ultima|outra|antiga) (empresa|agencia|cooperativa) (levou|demorou) (\w+ )?(\d+|dois|tres|quatro|seis) (meses|mes|semanas)\b/,
  },
  // Broad rules: read after every narrow one above; when those of several labels fire, the neighbours break the tie.
  // Each family names a situation, not a sentence.
  // Being or fearing to be left unpaid is a risk of the job, even when it reads as distrust
  // ("vi reclamação de atraso", "a colega não recebeu até hoje", "só receber daqui 90 dias").
  {
    label: 'risco', priority: 290, provenance: 'the first labelled sets', broad: true,
    pattern:
      /\b(nao (recebeu|recebi|recebemos|caiu|cairam|pagaram|pagou)|(atraso|atrasos|atrasam|atrasaram|atrasar) (de |do |no |o )?pagamento|pagamento (\S+ )?(atrasad\w*|nao caiu)|dias de atraso|cade (o |meu )?pagamento|nada de pagamento|(so|apenas) receber (daqui|depois|em) \d+|receio de|medo de (tomar|levar|nao)|tomar calote|o que acontece se atrasar|se (cancelar|cancelarem) (voces |a vaga )?(pagam|paga|tem)|pagam alguma coisa|o que (voces )?devem)\b/,
  },
  {
    label: 'risco', priority: 200, provenance: 'the first labelled sets', broad: true,
    pattern:
      /\b(calote\w*|caloteir\w*|(e )?se (nao|atrasar\w*) (pagar\w*|receber|pagam)|medo de (nao receber|trabalhar de graca|levar calote)|trabalhar de graca|(tem|com|sem) contrato( assinado)?|garantia|quem garante|seguro de responsabilidade|paga mesmo|pagam mesmo|vou receber mesmo|historia de atraso|atrasam (o )?pagamento)\b/,
  },
];
