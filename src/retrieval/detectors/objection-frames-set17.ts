import type { Rule } from './detector.js';
import type { ObjectionLabel } from './labels.js';

/**
 * Objection frames from set 17, the fifth set written from the labelling guide, read after its blind run
 * (h14-detectors11). Normalised text as in the other frame files ("pra" -> "para", "vc" -> "voce").
 *
 * PRIORITY_FRAMES_17 go before every other frame: each names a situation that settles the type whatever else the
 * message says (a pause with its return, a fixed roster elsewhere, a hospital he will not set foot in again).
 */
export const PRIORITY_FRAMES_17: Rule<ObjectionLabel>[] = [
  // A pause that names its return is time, not a lost will ("vou dar um tempo dos plantões, em dezembro volto",
  // "sem cabeça pra plantão, me procura daqui uns 2 meses").
  {
    label: 'tempo',
    pattern: /\b(dar um tempo|sem cabeca|parar um pouco|dar uma pausa)\b.{0,60}\b(volto|retorno|me procura daqui|me procure daqui|daqui (a )?(uns |umas )?\d+ (meses|semanas))\b/,
  },
  // A fixed roster or fixed shifts with another hospital: served elsewhere ("escala fechada no Santa Lúcia", "plantões
  // fixos no Albert Sabin").
  {
    label: 'lealdade',
    // Not when the roster is named for the hours it takes ("plantão fixo no HC já ocupa minhas noites", "plantão fixo
    // no fds"): sets 10 and 11 read that as tempo.
    pattern: /\b(escala|plantoes|plantao) (fechad\w*|fix[oa]s?) (no|na|em|com|pelo|pela) (?!(fds|fim de semana|final de semana|sabado|domingo)\b)(?!.{0,60}\b(ocupa\w*|sobra|horario|agenda|noites|semana)\b)/,
  },
  // A hospital he will not go back to, for how it treats him ("lá eu não piso mais", "tive problema com a diretoria").
  {
    label: 'qualidade',
    pattern: /\b(nao piso mais|nao ponho mais os pes)\b|\btrat\w* (\w+ ){0,2}como lixo\b|\bproblema com a (diretoria|chefia|coordenacao|equipe)\b/,
  },
];

export const OBJECTION_FRAMES_17: Rule<ObjectionLabel>[] = [
  // Offers narrowed to a kind or a place: "só quero as de clínica", "manda só quando tiver vaga em Niterói", a place
  // offered far from where he lives, a kind of shift refused by name.
  {
    label: 'disponibilidade',
    pattern: new RegExp(
      [
        // (a time of day is a window to write in, not a kind or a place: dev-a labels "só me manda vaga de manhã" none)
        `(?:so|somente|apenas) (?:quero|manda|mande|mandem|me manda) (?:as |os )?(?:vagas? )?(?:de|da|do|em|no|na) (?!(?:manha|noite|tarde|madrugada|dia)\\b)`,
        `manda so quando tiver vaga (?:em|no|na|de)\\b`,
        `vaga\\w* (?:em|no|na|para|pro) \\w+(?: \\w+){0,2}\\b.{0,20}\\b(?:eu )?moro (?:em|no|na)\\b`,
        `nao quero mais esse tipo de (?:vaga|plantao)`,
        `(?:nao precisa|para de|pare de|parem de) (?:me )?mandar (?:as|essas) (?:vagas? )?de \\w+`,
      ].join('|'),
    ),
  },
  // Fewer shifts, or none, by his own choice: reducing, too many shifts for his health, one a week from now on, a
  // career in emergency closed.
  {
    label: 'motivacao',
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
  // How and when we write: after a late hour, audio instead of text, reminders he does not want, slow answers, the
  // same canned reply, changes told at the last minute, a count per day with words between.
  {
    label: 'comunicacao',
    pattern: new RegExp(
      [
        // (asked as a window, "pode mandar só depois das 18h?", it is a preference sets 5 and dev-a label none)
        `nao (?:me )?(?:manda|mande|mandem|mandar)(?: \\w+){0,3} (?:depois|antes) das \\d`,
        `nao quero mais receber (?:o |os )?lembrete`,
        // our slowness, not his own ("desculpa a demora pra responder"); a bare "demorou hein" is read both ways
        `voces? demor\\w* (?:\\w+ ){0,4}(?:para|pra) (?:me )?(?:responder|confirmar|retornar)`,
        `perguntei (?:\\w+ ){0,4}e (?:voce|voces) (?:me )?(?:manda|mandou|responde|respondeu)|mesma ladainha`,
        `(?:mudanca|mudaram|mudou) (?:\\w+ ){0,3}(?:de ultima hora|em cima da hora)|me avisa antes`,
        `\\d+ mensage\\w* (?:\\w+ ){1,2}por (?:dia|semana)|a cada \\d+ (?:h|horas|minutos)\\b|quantidade de mensage\\w*`,
        `ligando (?:no|para o|pro) (?:meu )?(?:consultorio|trabalho)`,
      ].join('|'),
    ),
  },
  // Money not received or in doubt: never paid, paid late, paid into someone else's account, paid at all if the
  // hospital cancels.
  {
    label: 'risco',
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
  // What we paid wrong or what the contract says against what was offered.
  {
    label: 'preco',
    pattern: /\b(pag\w* errado|faltando dinheiro|valor diferente do que)\b/,
  },
  // Who we are: a company's registration asked for, how his data reached us.
  {
    label: 'confianca',
    // (his own CNPJ is paperwork: sets 1-9 label "não tenho CNPJ" processo)
    pattern: /\bnao inform\w* (o )?cnpj\b|\b(razao social|responsavel tecnico)\b|\bcomo (voces )?conseguiram (o |os )?meus? (dados|numero|contato|telefone)\b/,
  },
  // Paperwork by hand: a notarised signature, papers sent by post.
  {
    label: 'processo',
    pattern: /\b(firma reconhecida|reconhecer firma|cartorio|pelos correios|pelo correio)\b/,
  },
];
