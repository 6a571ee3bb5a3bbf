import type { Rule } from './detector.js';
import type { ObjectionLabel } from './labels.js';

/**
 * Objection frames from set 16, the fourth set written from the labelling guide, read after its blind run
 * (h14-detectors10, fourth round), read after every other frame. Normalised text as in the other frame files.
 */
export const OBJECTION_FRAMES_16: Rule<ObjectionLabel>[] = [
  // Already served elsewhere: closed with another, staying with another, another's group or app serving him.
  {
    label: 'lealdade',
    pattern: new RegExp(
      [
        `(?:estou|to) fechad[oa] com (?:a |o )?\\w+`,
        `(?:estou|to) com (?:a |o )?\\w+(?: \\w+){0,2} e nao pretendo (?:mudar|sair|trocar)`,
        `trabalho (?:so )?com (?:a escala d[oa] |o app |o aplicativo )?\\w+(?: \\w+){0,2}\\b.{0,40}\\b(?:resolvo tudo|bem servid\\w*|satisfeit\\w*)`,
        `(?:o )?grupo do meu hospital (?:ja )?me manda`,
      ].join('|'),
    ),
  },
  // No will left: fewer shifts wanted, enough after years of it. (A move into another field stays with set 10's
  // reading, disponibilidade, unless plantão is said to be left.)
  {
    label: 'motivacao',
    pattern: new RegExp(
      [
        `(?:quero|preciso|vou) diminuir o ritmo`,
        `(?:depois de|apos) \\d+ anos de plant(?:ao|oes)\\b.{0,20}\\b(?:chega|cansei|nao quero mais)`,
      ].join('|'),
    ),
  },
  // Paperwork: sending documents again, a dozen files, RPA refused. (A captcha that fails stays unread: sets 9 and 11
  // label it none.)
  {
    label: 'processo',
    pattern: /\b(preguica de mandar (os )?documento\w*|(mandar|enviar) \d+ (arquivos|documentos)|nao trabalho com rpa)\b/,
  },
  // Our contact: another channel preferred, a day of the week we should not write on, the same offer again, the
  // reminders alone stopped, the question he asked left unanswered.
  {
    label: 'comunicacao',
    pattern: new RegExp(
      [
        `prefiro (?:falar|conversar|receber) (?:so )?(?:por|pelo|via) (?:e ?mail|email|ligacao|telefone|telegram)`,
        `mensage\\w* (?:no|de|aos) (?:domingo|sabado|fim de semana|feriado) nao`,
        `(?:para|pare|parem|parar) de mandar a mesma (?:vaga|oferta|mensagem)`,
        `(?:me )?tira so dos lembretes|so (?:os|dos) lembretes`,
        `responde (?:o que|a pergunta que) eu (?:perguntei|fiz)`,
        `ninguem respondeu (?:a )?minha (?:duvida|pergunta)`,
      ].join('|'),
    ),
  },
  // His fixed profile: a city he never goes to, a city he stopped working in, a shift kind no longer sent, a move to
  // another city told for the owner.
  {
    label: 'disponibilidade',
    pattern: new RegExp(
      [
        `nunca vou (?:pra|para) la`,
        `parei de atender em \\w+`,
        `(?:noturno|diurno|plantao noturno|plantao diurno) nao (?:me )?mand\\w* mais(?!.*\\b(?:velh[oa]|idade|cansad[oa])\\b)`,
        `(?:ela|ele) se mudou (?:para|pra) \\w+`,
      ].join('|'),
    ),
  },
  // His agenda: on call all week elsewhere, after the holidays, for now while finishing residency.
  {
    label: 'tempo',
    pattern: new RegExp(
      [
        `(?:essa|esta) semana (?:estou|to) de plantao direto`,
        `depois das ferias (?:a gente )?(?:volta|conversa|me chama)`,
        `por enquanto nao quero plantao`,
        `depois de (?:janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro) me (?:chama|procura)`,
      ].join('|'),
    ),
  },
  // Paid or not: still no payment, a payment date a month away judged too long, paid on time or late asked.
  {
    label: 'risco',
    pattern: /\b(ate hoje sem pagamento|pagamento so no dia \d+ do mes seguinte|pagam em dia ou atrasam)\b/,
  },
  // The place: harassment going on, a dangerous area, a handover he did not like.
  {
    label: 'qualidade',
    pattern: /\b(sendo assediad\w*|area (muito )?perigosa|nao me sinto segur\w*|nao gostei (muito )?de como foi)\b/,
  },
];
