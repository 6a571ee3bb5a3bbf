import type { ObjectionRule } from './rule.js';

/** The situations read as lealdade; the highest priority that fires decides across every label. */
export const LEALDADE_RULES: ObjectionRule[] = [
  // A fixed roster or fixed shifts with another hospital: served elsewhere ("escala fechada no Santa Lúcia", "plantões
  // fixos no Albert Sabin").
  {
    label: 'lealdade', priority: 975, provenance: 'set 17 misses; settles the type first',
    // Not when the roster is named for the hours it takes ("plantão fixo no HC já ocupa minhas noites", "plantão fixo
    // no fds"): sets 10 and 11 read that as tempo.
    pattern: /\b(escala|plantoes|plantao) (fechad\w*|fix[oa]s?) (no|na|em|com|pelo|pela) (?!(fds|fim de semana|final de semana|sabado|domingo)\b)(?!.{0,60}\b(ocupa\w*|sobra|horario|agenda|noites|semana)\b)/,
  },
  // Another arrangement he keeps: a direct contract, his own company (a competitor), a scheduler who favours
  // him, shifts already closed with someone else. "Não vou trocar" only at the end ("trocar o plantão" is a swap).
  {
    label: 'lealdade', priority: 900, provenance: 'set 9 as a development set',
    pattern:
      /\b(contrato direto com|nao (uso|trabalho com|preciso de) intermediari\w*|(sou )?(socio|dono) de (uma )?(empresa|grupo) de (plantao|plantoes|escala)|concorrente\w* de voces|me (da|dao|garante) prioridade|(ja )?fechei com (outr\w+|o pessoal d\w+)|nao vou trocar *$)/,
  },
  // Another arrangement he keeps: a group he always takes shifts from, a direct contract with the hospital, an
  // app that serves him, years with a company that treats him well.
  {
    label: 'lealdade', priority: 835, provenance: 'set 10 as a development set',
    pattern: new RegExp(
      [
        `(?:so|sempre) pego (?:plant\\w* )?(?:pelo|com o|pela|com a) (?:grupo|pessoal|turma|equipe|escala)`,
        `trabalho direto com (?:o |a )?(?:hospital|clinica|prefeitura)|sem (?:empresa|intermediari\\w*|ninguem) no meio`,
        `uso (?:o )?(?:app|aplicativo) d[aoe] \\w+|nao vejo (?:motivo|razao|porque) (?:para|de) (?:mudar|trocar|sair)`,
      ].join('|'),
    ),
  },
  // A contract of exclusivity elsewhere binds him to another.
  {
    label: 'lealdade', priority: 725, provenance: 'set 12 as a development set',
    pattern: /\b(vinculo|contrato) (de )?exclusiv\w*|exclusividade com\b/,
  },
  { label: 'lealdade', priority: 705, provenance: 'set 13 misses', pattern: /\b(estou|to) com (a |o )?\w+ (faz|ha) \d+ anos\b/ },
  // Already served and happy elsewhere.
  {
    label: 'lealdade', priority: 665, provenance: 'set 14 misses',
    pattern: /\b((agenda|escala) fechada com (a |o )?\w+.{0,40}\bsatisfeit\w*|ja tenho (os |meus )?plantoes (pela|pelo|na|no|com) \w+)/,
  },
  // Already served elsewhere: closed with another, staying with another, another's group or app serving him.
  {
    label: 'lealdade', priority: 610, provenance: 'set 16 misses',
    pattern: new RegExp(
      [
        `(?:estou|to) fechad[oa] com (?:a |o )?\\w+`,
        `(?:estou|to) com (?:a |o )?\\w+(?: \\w+){0,2} e nao pretendo (?:mudar|sair|trocar)`,
        `trabalho (?:so )?com (?:a escala d[oa] |o app |o aplicativo )?\\w+(?: \\w+){0,2}\\b.{0,40}\\b(?:resolvo tudo|bem servid\\w*|satisfeit\\w*)`,
        `(?:o )?grupo do meu hospital (?:ja )?me manda`,
      ].join('|'),
    ),
  },
  // Shifts taken straight from the hospital's side: "pego meus plantões direto com o coordenador do hospital".
  {
    label: 'lealdade', priority: 475, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(pego|faco|consigo|arrumo|fecho) (meus |os |minhas )?(plantoes|escalas) (direto |diretamente )?(com|pelo|pela) (o |a )?(coordenador\w*|hospital|cooperativa|chefe|diretor\w*)\b/,
  },
  // Tied to another employer: "tenho vínculo com a prefeitura", "minha escala tá completa com o hospital onde
  // trabalho".
  {
    label: 'lealdade', priority: 468, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(tenho (um )?vinculo (com|na|no) (a |o )?(prefeitura|hospital|estado|municipio|cooperativa|outra|outro|clinica)|(escala|agenda) (\w+ ){0,2}?(completa|fechada|cheia) (com|no|na|pelo|pela) (o |a )?(hospital|cooperativa|prefeitura|outra empresa|clinica))\b/,
  },
  // A fixed job elsewhere, or another provider he is happy with: "já tenho emprego fixo", "faço plantão pela Unimed e
  // tô bem".
  {
    label: 'lealdade', priority: 466, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(ja tenho (um )?(emprego|trabalho|contrato) fixo(?! de (segunda|terca|quarta|quinta|sexta|sabado|domingo|manha|tarde|noite|dia))|(faco|pego|dou) (meus )?(plantao |plantoes )?(pela|pelo) (?!voces)\w+( \w+)? e (estou|to) (bem|satisfeit\w*|feliz|tranquil\w*)( (la|com eles|assim|obrigad\w*|valeu))* *$)/,
  },
  // His own workplace's schedule filling his time: "a escala do hospital onde trabalho já me ocupa".
  {
    label: 'lealdade', priority: 444, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(escala|plantoes|agenda) d[oa] (hospital|clinica|lugar|empresa) onde (eu )?trabalho (ja )?(me )?(ocupa|toma|preenche|lota)\b/,
  },
  // His own direct line to the hospitals: "tenho meus contatos diretos com os hospitais".
  {
    label: 'lealdade', priority: 429, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(contatos?|acordos?) (diretos? )?(direto )?com (os |o |a |as )?(hospitais|hospital|clinicas|clinica|coordenadores)\b/,
  },
  // Only people he has long worked with: "só trabalho com quem já conheço há anos".
  {
    label: 'lealdade', priority: 413, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\bso trabalho com (quem|gente que|pessoas que|empresas que) (ja )?(conheco|trabalho ha)\b/,
  },
  // Deals closed straight with the hospital: "fecho direto com a diretoria do hospital".
  {
    label: 'lealdade', priority: 406, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(fecho|negocio|trato|acerto) (\w+ )?direto com (a |o )?(diretoria|direcao|coordenacao|coordenador|hospital|clinica)\b/,
  },
  // Well served by another: "tô bem servido com a minha escala atual", "pego pela Medicall, tô bem servido" ("bem servido
  // de plantões" is his schedule full: tempo, as the sets read it).
  {
    label: 'lealdade', priority: 400, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(estou|to|tou|ja estou|ja to) (bem |muito bem )?servid[oa] (com|pela|pelo|na|no) |\b(pego|faco|trabalho|dou) (plantao |plantoes )?(pela|pelo|com a|com o) (?!voces|vcs)\w+\b.{0,30}\b(estou|to|tou) (bem |muito bem )?servid[oa]\b/,
  },
  // Broad rules: read after every narrow one above; when those of several labels fire, the neighbours break the tie.
  {
    label: 'lealdade', priority: 210, provenance: 'the first labelled sets', broad: true,
    pattern: /\b(outro app|outra empresa|fico por la|la eles pagam)\b/,
  },
  {
    label: 'lealdade', priority: 120, provenance: 'the first labelled sets', broad: true,
    pattern:
      /\b(ja trabalho com|ja (tenho|pego|faco) (plantao |plantoes )?(com|pela|pelo|na|no) (outra|outro|minha|meu)|outra empresa|outra plataforma|outro aplicativo|pelo (app|aplicativo)|cooperativa|sou fixo|fixo (no|na|em)(?! (segunda|terca|quarta|quinta|sexta|sabado|domingo|fim de semana|feriado))|(ja )?tenho (minha|meu) (empresa|grupo|escala|equipe)|meu (grupo|coordenador)|satisfeit\w* (onde|com)|exclusividade)\b/,
  },
];
