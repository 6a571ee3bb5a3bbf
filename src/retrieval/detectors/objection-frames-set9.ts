import type { Rule } from './detector.js';
import type { ObjectionLabel } from './labels.js';

/**
 * Objection frames written from set 9's families (h14-objection10, set 9 as a development set), read after the
 * set 8 frames (objection-frames.ts) and ahead of the older rules. As there, each frame names a situation by
 * its grammar (who fails to do what), not a sentence; patterns run on retrieval's normalised text (folded,
 * abbreviations expanded, no punctuation, padded with spaces).
 */
const SPECIALTY =
  '(?:ortopedia|pediatria|uti|cirurgia|obstetricia|ginecologia|cardiologia|neurologia|psiquiatria|anestesia|clinica medica|emergencia|trauma)';
const SPECIALIST =
  '(?:cirurgia\\w*|clinic[oa]|pediatra|ortopedista|anestesista|intensivista|ginecologista|obstetra|cardiologista|neurologista|psiquiatra|generalista|emergencista)';
// Staff a shift cannot run without, as the place lacks them ("sem cirurgião de sobreaviso").
const STAFF = '(?:medic[oa]|cirurgia\\w*|anestesista|pediatra|ortopedista|intensivista|plantonista|enfermeir\\w*|tecnic\\w*|seguranca|retaguarda)';

export const OBJECTION_FRAMES_9: Rule<ObjectionLabel>[] = [
  // Doubt about being paid at all, here or for hours already worked: "duvido que vá receber", "não sei se
  // essas horas vão ser pagas", "vou receber as horas que fiz?", "se até sexta não pagarem", "vocês atrasam?",
  // "uma empresa que sumiu sem pagar", "fico na mão", paid only after the hospital pays. Set 9 and sets 3-8
  // agree: fear of not being paid is risco.
  {
    label: 'risco',
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
  // The amount paid against the one agreed ("o combinado era 1.800", sets 7 and 9), hours paid as zero, a price
  // called absurd in one word. Not a wrong amount alone ("pagaram errado, faltou metade"): sets 1, 5, 6, 8 and
  // the dev sets label it none (a matter for the financeiro, handed off).
  {
    label: 'preco',
    pattern:
      /\b((o )?combinado (era|foi) (de )?(r )?\d|(horas|extras|plantao) (\w+ ){0,8}(vieram|veio|ficaram|ficou|sairam|saiu) zerad\w*|valor (ridiculo|absurdo|vergonhoso|humilhante)|(ridiculo|vergonhoso) (esse|o) valor)\b/,
  },
  // The place fails its staff: nobody to back him up, two areas at once, broken equipment, tests that take
  // hours, an aggression with no security. Said of a place, not of a question about it.
  {
    label: 'qualidade',
    pattern: new RegExp(
      [
        `(?:sem|nao tinha|nao tem|faltava|falta) (?:um |uma |nenhum |nenhuma |o |a )?${STAFF}(?: \\w+){0,1} (?:sequer|de sobreaviso|na sala|no predio|na porta)`,
        `(?:cobrir|cuidar de|tocar) (?:duas|2|tres|3) (?:areas|salas|setores|alas) (?:ao mesmo tempo|sozinh\\w*)`,
        `nem (?:o |a )?(?:ar condicionado|ar|agua|luz|monitor\\w*|aparelho\\w*|oxigenio) (?:\\w+ )?funciona|(?:ar condicionado|monitor\\w*|desfibrilador|tomografo) (?:\\w+ )?(?:nao funciona|quebrad\\w*|nunca funciona)`,
        `(?:laboratorio|lab|exame\\w*|resultado\\w*|raio x|tomografia) (?:\\w+ ){0,3}demora\\w* (?:\\d+|mais de \\d+) (?:horas|h)\\b|impossivel trabalhar (?:assim|la|nessas condicoes)`,
        `(?:fui|fomos) (?:agredid\\w*|ameacad\\w*|atacad\\w*) por (?:um |uma )?(?:paciente|acompanhante|familiar)`,
        `(?:la|ali|o hospital|esse hospital|aquele hospital|aquilo) (?:e|esta) (?:uma )?(?:bagunca|zona|caos)`,
      ].join('|'),
    ),
  },
  // Another arrangement he keeps: a direct contract, his own company (a competitor), a scheduler who favours
  // him, shifts already closed with someone else. "Não vou trocar" only at the end ("trocar o plantão" is a swap).
  {
    label: 'lealdade',
    pattern:
      /\b(contrato direto com|nao (uso|trabalho com|preciso de) intermediari\w*|(sou )?(socio|dono) de (uma )?(empresa|grupo) de (plantao|plantoes|escala)|concorrente\w* de voces|me (da|dao|garante) prioridade|(ja )?fechei com (outr\w+|o pessoal d\w+)|nao vou trocar *$)/,
  },
  // Plantão itself left behind: a career closed, the stress it brings, the mind's health.
  {
    label: 'motivacao',
    pattern:
      /\b(encerrei (minha )?carreira|(larguei|deixei|encerrei) a (vida|carreira) de plantonista|(saude mental|minha ansiedade) (agradece|nao aguenta|pede)|me estressa\w*|(plantao|emergencia|ps) (me )?(e|da) (muito )?estresse)\b/,
  },
  // A full month in other words ("full schedule", "sem brecha").
  {
    label: 'tempo',
    pattern: /\b(full schedule|no time|(sem|nao tenho|nao tem) (nenhuma )?brecha( nenhuma)?)\b/,
  },
  // Doubt about who we are before any deal: our reputation looked up, the owner's name, "não confio".
  {
    label: 'confianca',
    pattern:
      /\b((pesquis\w*|olh\w*|consult\w*|checar|ver) (\w+ ){0,2}(no |o )?reclame aqui|com quem (eu )?(estou|to) lidando|nome (completo )?do dono|quem e o dono|nao confio (em voces|nessa|nesse|nisso|em empresa)|nao confio *$)/,
  },
  // A shift kind he does not do, told by what he is: "parem de mandar ortopedia, sou cirurgião geral".
  {
    label: 'disponibilidade',
    pattern: new RegExp(`\\b(?:de|em) ${SPECIALTY}\\b.{0,30}\\bsou (?:\\w+ )?${SPECIALIST}`),
  },
  // Being ignored, said of what he wrote: "você leu o que eu escrevi?"; the count said as a routine:
  // "vocês escrevem todo santo dia". Not "chega de mensagem" beside a stop: sets 1, 5-8 and the dev sets label
  // it none (set 9 alone says comunicacao).
  {
    label: 'comunicacao',
    pattern:
      /\b((voce|voces) (\w+ )?(leu|leram|le|leem|viu|viram) o que eu (escrevi|disse|falei|mandei)|(escrev\w*|mandam|mandando|chamam|ligam|aparecem) (\w+ )?(todo (santo )?dia|toda hora|toda semana))\b/,
  },
];
