import type { ObjectionRule } from './rule.js';

/** The situations read as motivacao; the highest priority that fires decides across every label. */
export const MOTIVACAO_RULES: ObjectionRule[] = [
  // Plantão left altogether ("não faço mais plantão", "larguei os plantões", "decidiu parar com plantão", burnout):
  // a specialty or a new area named beside it is why, not a fixed rule of his week. A kind of plantão after it
  // ("não faço mais plantão noturno") is that rule, so it is left out.
  {
    label: 'motivacao', priority: 1000, provenance: 'set 14 misses; settles the type first',
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
  // Someone writing for the owner says the owner left plantão: the owner's reason (motivacao), in the third person.
  {
    label: 'motivacao', priority: 990, provenance: 'set 15 misses; settles the type first',
    pattern:
      /\b(?:sou|aqui e|quem fala e) (?:a |o )?(?:secretari[ao]|assistente|espos[ao]|marido|mulher|filh[oa]) d[oa] (?:dr|dra|doutor|doutora)\b.{0,100}\b(?:ele|ela) (?:(?:nao|ja nao) (?:faz|pega|da|atende|trabalha) mais|(?:decidiu|resolveu) parar|(?:parou|largou) (?:com )?(?:os )?plant|se aposentou)/,
  },
  // Plantão itself set aside: stopped doing it, reducing, a focus elsewhere, a limit of shifts in a row.
  {
    label: 'motivacao', priority: 930, provenance: 'set 8 as a development set',
    pattern:
      /\b((parei de (dar|fazer|pegar)|nao (faco|dou|pego)( mais)?) plant(ao|oes)(?= *$| (mais|nenhum|ha|faz|desde|depois|nem|so|e|porque|entao|atendo)\b)|nao (atuo|trabalho|sou) mais (como )?plantonista|(fase|momento|epoca) de (reduzir|diminuir|desacelerar)|(reduzir|reduzindo|diminuir|diminuindo) (os |o numero de |a carga de |a quantidade de )?plant\w*|(foco|focando|focad[oa]|me dedicar|dedicando|dedicar) (\w+ ){0,3}(residencia|consultorio)|plant\w* (nao me interessa|nao e (mais )?prioridade)|(ficar|trabalhar|atender) (so|somente|apenas) (no|ao|em) consultorio|(nao )?da (para|pra) fazer (\d+|dois|tres) plant\w* seguid\w*)\b/,
  },
  // Plantão itself left behind: a career closed, the stress it brings, the mind's health.
  {
    label: 'motivacao', priority: 895, provenance: 'set 9 as a development set',
    pattern:
      /\b(encerrei (minha )?carreira|(larguei|deixei|encerrei) a (vida|carreira) de plantonista|(saude mental|minha ansiedade) (agradece|nao aguenta|pede)|me estressa\w*|(plantao|emergencia|ps) (me )?(e|da) (muito )?estresse)\b/,
  },
  // Plantão set aside for the body, age, family or the office: "meu corpo não aguenta mais", "tô velho pra virar
  // noite", "meu marido pediu pra eu parar", "parei de fazer plantão, agora só consultório".
  {
    label: 'motivacao', priority: 830, provenance: 'set 10 as a development set',
    pattern:
      /\b((meu )?corpo (ja )?nao aguenta|(estou|to|ja estou|ficando) (velh\w*|idos\w*) (demais )?(para|pra) (virar noite|plant\w*|noturno|madrugada|24 ?h)|(pediu|pede|quer|pedindo) (para|que) eu (pare|parar|largue|largar|deixe|deixar)( de| com)? (fazer |dar )?(o |os )?plant\w*|pensando (seriamente )?em (parar|largar|deixar) (de fazer |com |o |os )?plant\w*|parei de (fazer|dar|pegar) plant\w* agora so)\b/,
  },
  // Plantão left altogether: no longer working as a doctor, moved to another area. Not "ele não faz mais plantão"
  // said of a third party.
  {
    label: 'motivacao', priority: 780, provenance: 'set 11 as a development set',
    pattern: /\b(nao (trabalho|atuo) mais como medic\w*|(fui|mudei|migrei) para (a )?area d[ea])\b/,
  },
  // No will left for plantão, said without "cansado": no head for it, wanting quiet, plantão as a thing of the
  // past, only the office now, no need of the extra money, taking it easy this year, the nights it costs him.
  {
    label: 'motivacao', priority: 770, provenance: 'set 12 as a development set',
    pattern: new RegExp(
      [
        `sem cabeca (?:para|pra) (?:plantao|plantoes|nada disso|isso)`,
        `(?:querendo|quero|preciso) (?:e |de )?(?:sossego|paz e sossego|descanso)\\b`,
        `(?:plantao|plantoes|isso de plantao)(?: (?:para|pra) mim)? (?:e|ficou|sao) (?:coisa|coisas) do passado`,
        `(?:quero|agora e|vou fazer|fico) (?:so|somente|apenas) (?:o )?(?:consultorio|ambulatorio|clinica particular)\\b(?! (?:de|do|da|no|na) )`,
        `nao (?:estou|to|ando) precisando (?:de|do) (?:dinheiro|renda|grana)(?: extra)?`,
        `(?:pegando|levando|indo) (?:mais )?(?:leve|devagar|com calma) (?:esse|este|neste|nesse) ano`,
        `(?:esse|este|neste|nesse) ano (?:eu )?(?:estou |to |vou )?(?:pegando|levando|indo) (?:mais )?(?:leve|devagar|com calma)`,
        `(?:plantao|isso|esse negocio de plantao) (?:esta|anda) me (?:consumindo|acabando|matando|destruindo)`,
        `nao (?:da|consigo|aguento) mais (?:para |pra )?virar (?:a )?noite`,
      ].join('|'),
    ),
  },
  { label: 'motivacao', priority: 700, provenance: 'set 13 misses', pattern: /\b(encerrei (minhas )?atividades (em|de) plantao|plantao (para|pra) mim nao da mais|preciso diminuir (os )?plantoes|preciso diminuir\b)/ },
  // No will left: no energy for it at his age, can't stand this life, wants nothing of plantão.
  {
    label: 'motivacao', priority: 645, provenance: 'set 15 misses',
    pattern: new RegExp(
      [
        `nao tenho mais (?:pique|gas|saude|idade|energia) (?:pra|para) (?:isso|plantao|plantoes|virar noite)`,
        `nao aguento mais (?:essa|esta) vida`,
        `nao quero mais saber de plant(?:ao|oes)\\b(?! (?:de|com|pela|pelo|da|do|na|no) )`,
        `larguei (?:o |os )?plant(?:ao|oes) de vez`,
      ].join('|'),
    ),
  },
  // No will left: fewer shifts wanted, enough after years of it. (A move into another field stays with set 10's
  // reading, disponibilidade, unless plantão is said to be left.)
  {
    label: 'motivacao', priority: 605, provenance: 'set 16 misses',
    pattern: new RegExp(
      [
        `(?:quero|preciso|vou) diminuir o ritmo`,
        `(?:depois de|apos) \\d+ anos de plant(?:ao|oes)\\b.{0,20}\\b(?:chega|cansei|nao quero mais)`,
      ].join('|'),
    ),
  },
  // Fewer shifts, or none, by his own choice: reducing, too many shifts for his health, one a week from now on, a
  // career in emergency closed.
  {
    label: 'motivacao', priority: 565, provenance: 'set 17 misses',
    pattern: new RegExp(
      [
        `(?:quero|vou|preciso) reduzir\\b`,
        `(?:fazendo|pegando) plant\\w* demais`,
        `parar de fazer tanto plant\\w*`,
        `(?:so|apenas) (?:1|um|uma|2|dois|duas) (?:plant\\w* )?por (?:semana|mes)`,
        `encerr\\w* (?:a |minha )?carreira`,
        // the owner's reason told by family ("meu marido… ele não faz mais plantão"); a colleague's is his own affair
        `(?:marido|esposa|mulher|pai|mae|filh[oa]) (?:\\w+ ){0,6}(?:ele|ela) nao (?:faz|da|pega) mais plant`,
      ].join('|'),
    ),
  },
  // Plantão left for another line of work or for good, told for him or by him.
  {
    label: 'motivacao', priority: 495, provenance: 'set 18 misses',
    pattern: /\b(nao (trabalha|trabalho) mais com plant\w*|nao faco mais assistencia)\b/,
  },
  // No will left for plantão, said as not being up for it ("não tô mais a fim de plantão, só consultório").
  {
    label: 'motivacao', priority: 483, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(nao (estou|ando) mais a fim de|perdi a vontade de|nao tenho mais vontade de) (fazer |dar |pegar )?plant\w*/,
  },
  // A life without shifts, or a move to another kind of work: "não quero mais essa vida de plantão", "tô migrando pra
  // telemedicina".
  {
    label: 'motivacao', priority: 467, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(nao quero mais (essa|esta) vida|(migrando|mudando|migrar|mudar) (pra|para) (a |o )?(telemedicina|ambulatorio|consultorio|pesquisa|docencia|gestao|outra area|outra especialidade))\b/,
  },
  // His health no longer bearing shifts: "minha saúde não aguenta mais plantão".
  {
    label: 'motivacao', priority: 454, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(minha saude|meu corpo|minha cabeca|minha coluna|meu psicologico) (ja )?nao (aguenta|suporta|permite|deixa) mais\b/,
  },
  // Cutting down his work: "estou reduzindo minha carga de trabalho".
  {
    label: 'motivacao', priority: 449, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(reduzindo|reduzir|diminuindo|diminuir) (a |minha |o meu |meu )?(carga( de trabalho| horaria)?|ritmo|quantidade de plantoes|numero de plantoes)\b/,
  },
  // Leaving bedside work: "transição de carreira, saindo da assistência".
  {
    label: 'motivacao', priority: 436, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(transicao de carreira|saindo da (assistencia|linha de frente|medicina de urgencia|emergencia))\b/,
  },
  // Retiring: "vou me aposentar mês que vem".
  {
    label: 'motivacao', priority: 422, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(vou|to indo|estou indo|pretendo|estou para|to pra) (me )?aposentar\b/,
  },
  // Hanging up the white coat: "estou pendurando o jaleco".
  {
    label: 'motivacao', priority: 412, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\bpendur\w* (o |meu )?jaleco\b/,
  },
  // Time for family over shifts: "quero curtir minha família, plantão não dá mais".
  {
    label: 'motivacao', priority: 405, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(quero|vou|preciso) (curtir|aproveitar|ficar com|cuidar da|dar atencao a) (minha |a )?familia\b.{0,30}\bplantao\b/,
  },
  // Broad rules: read after every narrow one above; when those of several labels fire, the neighbours break the tie.
  // Plantão itself is what he no longer wants: another job, another area, no will left.
  {
    label: 'motivacao', priority: 260, provenance: 'the first labelled sets', broad: true,
    pattern:
      /\b(nao (estou|to) procurando|ja tenho (trabalho|emprego)|(emprego|vinculo) (fixo|clt)|sou concursad\w*|vinculo clt|nao preciso de plantao|perdi (totalmente |toda )?a vontade|nao tenho mais saco|mudei de area|decidi parar|nao faco mais plant\w*|nao (faco|pego) mais plant\w*)\b/,
  },
  {
    label: 'motivacao', priority: 110, provenance: 'the first labelled sets', broad: true,
    pattern:
      /\b(cansad\w*|exaust\w*|esgotad\w*|burn ?out|nao aguento mais(?! (isso|essa enrolacao|esse descaso|voces|esperar|essa demora|esse atendimento|essa empresa))|chega de plant\w*|(parei de |parei com |larguei (o |os )?)plant(ao|oes)\b(?! (de|do|da|noturno|diurno|no|na|nos|nas|em|aos|\d))|nao quero mais (plant\w*|fazer plant\w*)|(dar|dando|dei) um tempo|qualidade de vida|quero ter vida|sem animo|desanimad\w*|saco cheio|nao (faco|pego) mais plant\w*|focando no consultorio)\b/,
  },
];
