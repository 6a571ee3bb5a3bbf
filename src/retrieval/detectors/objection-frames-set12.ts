import type { Rule } from './detector.js';
import type { ObjectionLabel } from './labels.js';

/**
 * Objection frames written from set 12's families (h14-detectors10, set 12 as a development set), read after the
 * set 8-11 frames. As there, a frame names a situation by its grammar, not a sentence, and runs on retrieval's
 * normalised text (folded, abbreviations expanded, no punctuation: "1.000" arrives as "1 000"). The conventions
 * are the labelling guide's (docs/eval/labelling-guide.md): a payment short of the due one is preco, a whole one
 * missing is risco; a fixed rule of his week is disponibilidade, a moment of his agenda tempo.
 */
export const OBJECTION_FRAMES_12: Rule<ObjectionLabel>[] = [
  // No will left for plantão, said without "cansado": no head for it, wanting quiet, plantão as a thing of the
  // past, only the office now, no need of the extra money, taking it easy this year, the nights it costs him.
  {
    label: 'motivacao',
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
  // The place called rotten in one word, a trap, badly run, treating doctors from outside badly, its system down.
  {
    label: 'qualidade',
    pattern: new RegExp(
      [
        `(?:hospital|upa|ps|pronto socorro|clinica|santa casa|lugar|maternidade)(?: \\w+){0,3} (?:e|eh) (?:uma |um )?(?:bosta|merda|porcaria|droga|lixo|roubada|furada|cilada|inferno|horror)\\b`,
        `(?:coordenacao|gestao|administracao|chefia|diretoria)(?: \\w+){0,2} (?:e|esta|anda) (?:muito |bem )?(?:desorganizad\\w*|perdid\\w*|baguncad\\w*)`,
        `(?:tratam|trata|tratando|tratavam) mal (?:os |o |a |as )?(?:plantonistas?|medic\\w*|colegas?|a gente)`,
        `(?:prontuario|sistema)(?: eletronico)?(?: \\w+){0,3} (?:cai|caindo|fora do ar) (?:toda hora|sempre|o tempo todo|direto)`,
      ].join('|'),
    ),
  },
  // The amount: a value per hours met with disbelief, another payer that pays double, a promise of N paid as M,
  // the hours paid short of the hours worked.
  {
    label: 'preco',
    pattern: new RegExp(
      [
        `\\d[\\d ]*(?: mil)? (?:reais|conto|contos|pila|paus) (?:para|por|num|no|em) (?:um )?(?:plantao de )?\\d+ ?h(?:oras)?\\b.{0,60}\\b(?:doid[oa]|loucur\\w*|louc[oa]|serio|piada|brincadeira|zoando|zoeira)`,
        `(?:paga|pagam|pagando|pagava) (?:o dobro|o triplo|bem mais|muito mais|\\d+ ?% a mais)`,
        `prometeram (?:r )?\\d[\\d ]*(?: mil)? e (?:so )?(?:pagaram|depositaram|caiu|veio)`,
        `pag[oa]s? (?:so|somente|apenas) \\d+ ?h(?:oras)?\\b.{0,40}\\b(?:fiquei|fiz|trabalhei|dei) \\d+`,
      ].join('|'),
    ),
  },
  // Not knowing us: an office to visit first, documents withheld from strangers, a colleague's bad word about
  // us, promises not kept, wanting to know who we are before giving his data.
  {
    label: 'confianca',
    pattern: new RegExp(
      [
        `(?:escritorio|sede|endereco) (?:fisico|fisica|de voces)\\b.{0,60}\\b(?:conhecer|visitar|passar)`,
        `(?:nao|nunca) (?:mando|envio|passo|dou) (?:foto de )?(?:documento|dado|dados|meus dados|rg|cpf)\\w* (?:para|pra) quem (?:eu )?nao conheco`,
        `falou mal de voces|falaram mal de voces|voces nao cumprem (?:o )?que prometem`,
        `saber com quem (?:eu )?(?:estou|to) (?:falando|lidando) antes de (?:mandar|enviar|passar|dar)`,
      ].join('|'),
    ),
  },
  // Where he can work: a CRM valid only in one state, hours by boat or bus to get there.
  {
    label: 'disponibilidade',
    pattern: new RegExp(
      [
        `(?:meu )?crm (?:e )?(?:so|somente|apenas) (?:do|da|de) \\w+`,
        `nao (?:tenho|estou com) (?:mais )?crm (?:ativo )?(?:em|no|na|de|do|da) \\w+`,
        `nao posso atuar (?:em|no|na) \\w+`,
        `\\d+ ?h(?:oras)? de (?:barco|balsa|lancha|voadeira|onibus|estrada de terra)`,
      ].join('|'),
    ),
  },
  // Paperwork as an exam: a list of documents likened to a public contest, an accreditation that outlasts the
  // shift.
  {
    label: 'processo',
    pattern: /\b(e plantao ou concurso|parece concurso|credenciamento (que )?(demora|leva)|(aso|cartao de vacina|foto 3x4)\b.{0,40}\b(aso|cartao de vacina|foto 3x4|certidao))\b/,
  },
  // Fear of not being paid: a company that vanished with the money, who pays if the hospital has no record.
  {
    label: 'risco',
    pattern: /\b(sumiu com o dinheiro|sumiram com o dinheiro|e se (?:eu )?\w+ (?:\w+ ){0,12}quem (me )?paga)\b/,
  },
  // Our contact: offers all mixed up, notifications popping, the reply that does not understand him, the group
  // instead of the private chat.
  {
    label: 'comunicacao',
    pattern: new RegExp(
      [
        `vem tudo misturado`,
        `notificac\\w* (?:pipocando|toda hora|sem parar)`,
        `(?:nao entende|nao entendeu|nao entendem) (?:nada )?(?:do )?(?:que|o que) eu (?:falo|escrevo|digo|pergunto|perguntei)`,
        `(?:prefiro|quero) (?:receber )?(?:as ofertas |as vagas )?(?:so |somente |apenas )?(?:no|pelo) (?:privado|pv)`,
      ].join('|'),
    ),
  },
  // His agenda: a travel over a holiday taken off a roster.
  {
    label: 'tempo',
    pattern: /\b(escala|plantao|plantoes) (de|do) (carnaval|natal|reveillon|ano novo|feriado|feriadao)\b.{0,50}\b(viajar|viagem|viajando)\b/,
  },
  // A contract of exclusivity elsewhere binds him to another.
  {
    label: 'lealdade',
    pattern: /\b(vinculo|contrato) (de )?exclusiv\w*|exclusividade com\b/,
  },
];
