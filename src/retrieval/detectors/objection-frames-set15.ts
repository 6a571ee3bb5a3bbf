import type { Rule } from './detector.js';
import type { ObjectionLabel } from './labels.js';

/**
 * Objection frames from set 15, the third set written from the labelling guide, read after its blind run
 * (h14-detectors10, third round). Normalised text as in the other frame files ("180/h" arrives as "180 h").
 */

/** Read first, with set 14's priority frames: statements that settle the type whatever else is named. */
export const PRIORITY_FRAMES_15: Rule<ObjectionLabel>[] = [
  // Someone writing for the owner says the owner left plantão: the owner's reason (motivacao), in the third person.
  {
    label: 'motivacao',
    pattern:
      /\b(?:sou|aqui e|quem fala e) (?:a |o )?(?:secretari[ao]|assistente|espos[ao]|marido|mulher|filh[oa]) d[oa] (?:dr|dra|doutor|doutora)\b.{0,100}\b(?:ele|ela) (?:(?:nao|ja nao) (?:faz|pega|da|atende|trabalha) mais|(?:decidiu|resolveu) parar|(?:parou|largou) (?:com )?(?:os )?plant|se aposentou)/,
  },
  // A time clock or a roster app that fails, ours or the hospital's.
  {
    label: 'processo',
    pattern:
      /\b(?:ponto eletronico|totem de ponto|relogio de ponto|biometria do ponto|app de ponto|aplicativo de ponto|aplicativo de escalas?|app de escalas?)\b(?: \w+){0,8} (?:nao abre|nunca funciona|nao funciona|nunca reconhece|nao reconhece|vive travando|trav\w*|caindo|vive caindo)\b/,
  },
];

export const OBJECTION_FRAMES_15: Rule<ObjectionLabel>[] = [
  // His agenda: a month named to be called back in, nothing until the end of the year, a date already taken.
  {
    label: 'tempo',
    pattern: new RegExp(
      [
        `me (?:chama|procura|procure|chame|liga|manda mensagem) (?:so )?(?:em|no|na|depois d[eoa]|la pra|a partir de) (?:janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|carnaval|pascoa)\\b`,
        `ate (?:o )?(?:fim|final) do (?:ano|mes|semestre) (?:eu )?nao (?:pego|faco|consigo|posso)`,
        `ja peguei outro (?:plantao )?(?:pra|para) (?:essa|esta|a mesma) data`,
        `this week is|sem chance (?:essa|esta) semana`,
      ].join('|'),
    ),
  },
  // No will left: no energy for it at his age, can't stand this life, wants nothing of plantão.
  {
    label: 'motivacao',
    pattern: new RegExp(
      [
        `nao tenho mais (?:pique|gas|saude|idade|energia) (?:pra|para) (?:isso|plantao|plantoes|virar noite)`,
        `nao aguento mais (?:essa|esta) vida`,
        `nao quero mais saber de plant(?:ao|oes)\\b(?! (?:de|com|pela|pelo|da|do|na|no) )`,
        `larguei (?:o |os )?plant(?:ao|oes) de vez`,
      ].join('|'),
    ),
  },
  // The amount: an extra missing from what was agreed, a floor per hour, the hourly rate promised against the contract.
  {
    label: 'preco',
    pattern: new RegExp(
      [
        `faltou o adicional`,
        `(?:so|somente|apenas) (?:me chama |me manda )?(?:pra |para )?(?:vagas?|plantoes?|plantao) (?:acima|a partir) de (?:r )?\\d+|me (?:chama|manda) (?:so )?(?:pra|para) (?:vagas?|plantao|plantoes) (?:acima|a partir) de (?:r )?\\d+`,
        `falou (?:r )?\\d+ ?(?:h|reais|por hora)?\\b.{0,30}\\bveio (?:r )?\\d+`,
      ].join('|'),
    ),
  },
  // Paperwork: no invoice issued, a cancellation fine in the contract asked about.
  {
    label: 'processo',
    pattern: /\b(nota fiscal (eu )?nao emito|nao emito (nota|nf)|contrato (de voces )?tem multa)\b/,
  },
  // The place: remarks on his body, a doctor robbed at the door, a dangerous street around it (the guide reads the
  // place's safety as qualidade; sets 1-2 read a region's danger as risco).
  {
    label: 'qualidade',
    pattern: /\b(comentarios? sobre (o )?meu corpo|(assaltaram|assaltam|roubaram) (\w+ ){0,2}(medico|plantonista|colega|enfermeir\w*)|bairro (muito )?perigoso)\b/,
  },
  // Our contact: the same message N times in minutes, reminders piled on one shift, our slowness, told at 5 pm of a
  // shift at 7.
  {
    label: 'comunicacao',
    pattern: new RegExp(
      [
        `\\d+ (?:mensage\\w*|lembretes?|msgs?) (?:iguais|repetid\\w*|pro mesmo|para o mesmo)`,
        `demora (?:pra|para|de) me respond\\w*|demora (?:de voces|da empresa) (?:pra|para|de) respond\\w*`,
        `(?:avisar|avisando|avisaram|avisou) (?:as )?\\d+ ?h? (?:de|sobre) (?:um |o )?plantao que (?:comeca|e) (?:as )?\\d+`,
      ].join('|'),
    ),
  },
  // His fixed profile: only one city or kind wanted, no interest outside a city, a kind of shift refused for good.
  {
    label: 'disponibilidade',
    pattern: new RegExp(
      [
        `(?:so|somente|apenas) (?:quero|pego|faco|aceito) (?:vagas? |plantoes? |plantao )?(?:em|no|na) (?!mesm)[a-z]+`,
        `(?:nao tenho interesse|nao quero) (?:em |de )?(?:plantoes?|vagas?|plantao) fora d[eoa] `,
        `nao quero mais (?:receber )?(?:vagas?|plantoes?|plantao) de (?:uti|ps|pronto socorro|enfermaria|pediatria|ortopedia|obstetricia|emergencia|clinica)\\b`,
        `nao atendo mais (?:la|em|no|na)\\b`,
      ].join('|'),
    ),
  },
  // Already in a fixed team elsewhere and happy there.
  {
    label: 'lealdade',
    pattern: /\b(ja sou (da|do) (equipe|corpo clinico|staff) fix\w*|(to|estou) (muito )?feliz la)\b/,
  },
];
