import type { ObjectionRule } from './rule.js';

/** The situations read as tempo; the highest priority that fires decides across every label. */
export const TEMPO_RULES: ObjectionRule[] = [
  // A pause that names its return is time, not a lost will ("vou dar um tempo dos plantões, em dezembro volto",
  // "sem cabeça pra plantão, me procura daqui uns 2 meses").
  {
    label: 'tempo', priority: 980, provenance: 'set 17 misses; settles the type first',
    pattern: /\b(dar um tempo|sem cabeca|parar um pouco|dar uma pausa)\b.{0,60}\b(volto|retorno|me procura daqui|me procure daqui|daqui (a )?(uns |umas )?\d+ (meses|semanas))\b/,
  },
  {
    label: 'tempo', priority: 965, provenance: 'set 18 misses; settles the type first',
    pattern: /\b(pausa|uma pausa|um tempo)( \w+){0,4} (por|uns|umas|ate)\b.{0,40}\b(\d+ (meses|semanas|dias)|depois a gente|eu terminar|eu voltar)\b/,
  },
  // A period away or a commitment with a date: leave, a trip with a return, a master's defence, a congress.
  {
    label: 'tempo', priority: 925, provenance: 'set 8 as a development set',
    pattern:
      /\b((?<!(voltando|volto|voltei|retornando) d[ea] )licenca( maternidade| paternidade| medica)?|(saida|saindo|fora) do (brasil|pais)|(volto|retorno|voltando) (so )?(em|no|na|daqui a) (janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|\d+ (meses|semanas|dias))|me (chama|procura|procure|chame|liga) (no |so no |so )?(mes|ano) que vem|(mestrado|doutorado|dissertacao|tese|defesa)|congresso|simposio|(ja )?(esta|estou) comprometid\w*)\b/,
  },
  // A full month in other words ("full schedule", "sem brecha").
  {
    label: 'tempo', priority: 890, provenance: 'set 9 as a development set',
    pattern: /\b(full schedule|no time|(sem|nao tenho|nao tem) (nenhuma )?brecha( nenhuma)?)\b/,
  },
  // Later, not never: "semana que vem me chama" (set 8's frame reads "me chama no mês que vem"; "mês que vem me
  // manda de novo" after a pause is none in set 2 and dev-b, so only the week here), a fixed weekly job that fills
  // the week and a fixed shift at the weekend.
  {
    label: 'tempo', priority: 840, provenance: 'set 10 as a development set',
    pattern:
      /\b(semana que vem (voce )?(me )?(chama|procura|fala|liga)|tenho (ambulatorio|consultorio|emprego|aula) (de )?(segunda|seg) a (sexta|sex)\b.{0,30}\bplantao fixo)\b/,
  },
  // Later, not never: a pause counted in weeks or set up to a season; the week's nights already taken by a job.
  {
    label: 'tempo', priority: 795, provenance: 'set 11 as a development set',
    pattern: new RegExp(
      [
        `pausa de \\d+ (?:semanas|dias|meses)`,
        `ate (?:o )?(?:carnaval|natal|ano novo|fim do ano|final do ano|pascoa) (?:estou|to|fico|vou estar) fora`,
        `(?:ocupa|ocupam|toma|tomam) (?:\\w+ ){0,2}(?:minhas|meus|todas as|todos os) (?:noites|dias|manhas|tardes|fins de semana)`,
      ].join('|'),
    ),
  },
  // His agenda: a travel over a holiday taken off a roster.
  {
    label: 'tempo', priority: 730, provenance: 'set 12 as a development set',
    pattern: /\b(escala|plantao|plantoes) (de|do) (carnaval|natal|reveillon|ano novo|feriado|feriadao)\b.{0,50}\b(viajar|viagem|viajando)\b/,
  },
  // His agenda: no free dates in the coming weeks, months away for an exam, free only next week.
  {
    label: 'tempo', priority: 675, provenance: 'set 14 misses',
    pattern: new RegExp(
      [
        `sem (?:datas?|dias?|horarios?) (?:livres?|disponive\\w*)`,
        `(?:vou ficar|fico|estarei|vou estar) (?:\\d+|dois|tres|quatro|seis) (?:meses|semanas) fora`,
        `semana que vem (?:eu )?(?:fico|estou|to|estarei) livre`,
      ].join('|'),
    ),
  },
  // His agenda: a month named to be called back in, nothing until the end of the year, a date already taken.
  {
    label: 'tempo', priority: 650, provenance: 'set 15 misses',
    pattern: new RegExp(
      [
        `me (?:chama|procura|procure|chame|liga|manda mensagem) (?:so )?(?:em|no|na|depois d[eoa]|la pra|a partir de) (?:janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|carnaval|pascoa)\\b`,
        `ate (?:o )?(?:fim|final) do (?:ano|mes|semestre) (?:eu )?nao (?:pego|faco|consigo|posso)`,
        `ja peguei outro (?:plantao )?(?:pra|para) (?:essa|esta|a mesma) data`,
        `this week is|sem chance (?:essa|esta) semana`,
      ].join('|'),
    ),
  },
  // His agenda: on call all week elsewhere, after the holidays, for now while finishing residency.
  {
    label: 'tempo', priority: 585, provenance: 'set 16 misses',
    pattern: new RegExp(
      [
        `(?:essa|esta) semana (?:estou|to) de plantao direto`,
        `depois das ferias (?:a gente )?(?:volta|conversa|me chama)`,
        `por enquanto nao quero plantao`,
        `depois de (?:janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro) me (?:chama|procura)`,
      ].join('|'),
    ),
  },
  // A moment of his agenda: travelling, an exam with a date, another shift today, "only after", back in a month named.
  {
    label: 'tempo', priority: 535, provenance: 'set 18 misses',
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
  // Busy with shifts until a day, or ill and on leave now: "tô de plantão até domingo", "tô com covid, de atestado".
  {
    label: 'tempo', priority: 478, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b((estou|to) de plantao (direto )?ate (segunda|terca|quarta|quinta|sexta|sabado|domingo|amanha|o fim|dia \d+)|(estou|to|fiquei) (com (covid|dengue|gripe|virose|pneumonia|uma virose)|doente|de atestado|afastad[oa])|de atestado (essa|esta|ate|por))\b/,
  },
  // A life event or a full week for now: "vou ter bebê mês que vem", "semana cheia, quem sabe na próxima".
  {
    label: 'tempo', priority: 471, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(vou ter (bebe|nenem|um bebe|um filho|uma filha)|(minha esposa|minha mulher) vai ganhar (o )?(bebe|nenem)|vou (me )?casar|lua de mel|semana (cheia|lotada|corrida|puxada|apertada|complicada)(?! de)|quem sabe (na|no) proxim[oa]( (vez|semana|mes|escala))? *$)/,
  },
  // Only possible from a later moment: "só consigo no fim do ano", "só a partir de março".
  {
    label: 'tempo', priority: 461, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\bso (consigo|posso|da|da pra|vou poder) (pegar )?(no|em|a partir de|depois d[eo]) (fim do ano|final do ano|ano que vem|proximo mes|proximo ano|janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|\w+ que vem)\b(?! (mandar|enviar|entregar|fazer|tirar))/,
  },
  // Worn out from a recent shift, for now: "hj não, tô exausto do plantão de ontem".
  {
    label: 'tempo', priority: 447, provenance: 'fresh paraphrases, written as a general form',
    pattern: /^(?=.*\b(nao|n|nem|sem condicao|sem condicoes)\b)(?!.*\bpode mandar\b).*\b(exaust\w*|cansad\w*|esgotad\w*|mort[oa]|quebrad[oa]) (d[oa]|com o|por causa d[oa]) (plantao|noite|semana|viagem) (de ontem|de hoje|passad[oa]|anterior)\b/,
  },
  // This month or week hard for him: "esse mês tá difícil".
  {
    label: 'tempo', priority: 441, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(esse|este|nesse|neste) (mes|semana|fim de semana|fds) (esta|ta|anda|vai estar|vai ser) (muito )?(dificil|complicad[oa]|corrid[oa]|puxad[oa]|apertad[oa]|impossivel)\b/,
  },
  // Back after a month or an event, or resting today: "depois de dezembro volto a pegar", "hoje tô de folga e quero
  // descansar".
  {
    label: 'tempo', priority: 438, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(depois d[eoa]s? (janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|carnaval|natal|ano novo|ferias|prova|residencia|formatura|parto|licenca) (eu )?(volto|retomo|consigo|posso|pego)|(hoje|agora|essa semana|esse fim de semana|amanha) .{0,30}\b(quero|preciso|vou) descansar)\b/,
  },
  // A week of exams: "tô em semana de prova".
  {
    label: 'tempo', priority: 432, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(semana|epoca|periodo) de (prova|provas)\b/,
  },
  // Mourning a loss: "tô de luto, perdi meu pai".
  {
    label: 'tempo', priority: 427, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b((estou|to) de luto|perdi (meu|minha) (pai|mae|filho|filha|esposa|marido|irmao|irma|avo))\b/,
  },
  // A birth due now: "minha esposa tá grávida de 9 meses, não posso me afastar".
  {
    label: 'tempo', priority: 418, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b((gravida|gestante) de (8|9|oito|nove) meses|nao posso me afastar (agora|agora nao|esse mes|essa semana))\b/,
  },
  // This week out, the next one possible: "tô sem carro essa semana, na próxima posso".
  {
    label: 'tempo', priority: 590, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(essa|esta) semana\b.{0,40}\b(na proxima|semana que vem|proxima semana) (eu )?(posso|consigo|da|topo|vou)\b/,
  },
  // Off for weeks after surgery: "vou operar o joelho, fico 2 meses parado".
  {
    label: 'tempo', priority: 409, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(vou operar|vou fazer (uma )?cirurgia|vou ser operad[oa])\b.{0,40}\b(parad[oa]|afastad[oa]|de licenca|de molho|sem trabalhar)\b/,
  },
  // Broad rules: read after every narrow one above; when those of several labels fire, the neighbours break the tie.
  // A full schedule or a moment's impossibility is about time: "bem servido de escala", "tô dirigindo",
  // "já tenho meus plantões fixos", "passei no concurso, tô com 40h", "terça é dia de aula".
  {
    label: 'tempo', priority: 270, provenance: 'the first labelled sets', broad: true,
    pattern:
      /\b(bem servid\w*|ocupa tudo|nao sobra|(estou|to) dirigindo|no meio de (uma |um )?(cirurgia|atendimento|consulta|procedimento|reuniao)|\d+ plantoes (essa|nessa|esta) semana|(estou|to) com \d+ ?h|agenda (esta )?(cheia|lotada)|ja tenho (meus |os )?plantoes( fixos)?|dia de aula|tenho (um )?(casamento|aniversario|formatura|compromisso)|aniversario d\w+|surgiu um imprevisto|imprevisto com)\b/,
  },
  {
    label: 'tempo', priority: 180, provenance: 'the first labelled sets', broad: true,
    pattern:
      /\b(sem tempo|nao tenho tempo|(nao tenho|sem) (agenda|horario|folga)|agenda (esta )?(cheia|lotada|fechada|apertada)|escala (esta |do mes )?(cheia|fechada|completa)|(muito|super|bem|estou|ando) (ocupad\w*|corrid\w*|enrolad\w*|atolad\w*)|correria|lotad\w* de plant\w*|nao consigo (essa|esta|nessa|esse|este|neste) (semana|mes|dia|data|fim de semana)|(essa|esta|nessa) semana nao|(esse|este) mes (nao|esta fechado)|(?<!(volto|voltei|voltando|retorno) )de ferias|nao da tempo|falta de tempo|cobrindo (um |uma )?colega)\b/,
  },
];
