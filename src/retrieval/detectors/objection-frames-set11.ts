import type { Rule } from './detector.js';
import type { ObjectionLabel } from './labels.js';

/**
 * Objection frames written from set 11's families (h14-objection12, set 11 as a development set), read after the
 * set 8-10 frames and ahead of the older rules. As there, a frame names a situation by its grammar (who does what
 * to whom), not a sentence; patterns run on retrieval's normalised text (folded, abbreviations expanded, no
 * punctuation). Conventions re-weighed over sets 1-11 (docs/decisions/0140-quality.md): a payment short of the
 * agreed one (an amount, hours, an extra, a fee or fine taken) is preco in sets 7, 8, 10 and 11; a whole payment
 * missing stays risco (sets 3, 5-9 against 10-11), so no frame is written for it. Repeated or identical messages
 * complained of are comunicacao even beside a bot word (sets 3, 6, 7, 10, 11: ten lines, against five none in
 * sets 7 and 8); the style of one reply ("parece copiada", "começa igual") stays the suspicion's evidence.
 */
export const OBJECTION_FRAMES_11: Rule<ObjectionLabel>[] = [
  // How often and when we write: the Nth message today, too much every day, "manda menos", messages round the
  // clock, calls counted or made while he operates; the same text again, N times, every week, word for word or as
  // sent to a colleague; an automatic reply that does not read him; a question left unanswered.
  {
    label: 'comunicacao',
    pattern: new RegExp(
      [
        `(?:e|ja e) a (?:segunda|terceira|quarta|quinta|sexta|setima|decima|\\d+a?) (?:mensagem|ligacao|vaga) (?:so |de voces )?(?:hoje|no dia|do dia|na semana|essa semana)`,
        `(?:coisa|mensage\\w*|vaga\\w*) demais (?:todo dia|por dia|toda semana|toda hora)`,
        `(?:mandar|mande|mandem|manda|mandam|enviar|envia) menos (?:mensage\\w*|vaga\\w*|coisa)`,
        `mensage\\w* (?:\\d+ ?h|24 horas) por dia`,
        `(?:me )?(?:ligaram|ligou|ligam|mandaram|mandou|chegou|chegaram|veio|vieram) (?:\\w+ ){0,4}\\d+ vezes`,
        `(?:ligaram|ligou|ligando|ligam|mandando mensagem) (?:\\w+ ){0,4}(?:enquanto|quando) (?:eu )?(?:estava|estou|to) (?:operando|em cirurgia|atendendo|dormindo|de plantao)`,
        `(?:tudo|sempre|toda mensagem|toda resposta) igual (?:toda|todo) (?:semana|dia|vez)|toda (?:semana|vez) (?:a )?mesma (?:coisa|mensagem)`,
        `(?:\\d+ vezes|de novo) a mesma (?:coisa|mensagem|vaga|frase)|a mesma (?:coisa|mensagem|vaga|frase) (?:\\d+ vezes|de novo)`,
        `igual\\w* (?:\\w+ ){0,5}(?:para|pro|ao) (?:o |a )?(?:meu |minha )?colega|palavra por palavra`,
        `(?:resposta|mensagem) automatica de novo|(?:voce|voces) (?:ao menos |pelo menos |nem |sequer )?(?:le|leu|leem|lendo) o que eu (?:escrevo|escrevi|mando|mandei)`,
        `ninguem (?:me )?da (?:retorno|resposta)`,
        `(?:perguntei|pedi) (?:\\w+ ){0,3}e (?:voce |voces )?(?:nao|nunca|ninguem) (?:me )?respond\\w*`,
        `nao (?:me )?avisaram (?:da|sobre a|de) (?:mudanca|troca|alteracao)`,
      ].join('|'),
    ),
  },
  // A payment short of what was due: an amount instead of another, hours paid short, an extra or a fee, a fine
  // charged, a contract handed over at a lower rate, an hourly rate set against what the region accepts.
  {
    label: 'preco',
    pattern: new RegExp(
      [
        `(?:vieram|veio|caiu|cairam|depositaram|depositou|pagaram|pagou) (?:r )?\\d[\\d ]* (?:em vez|ao inves|no lugar) de (?:r )?\\d`,
        `(?:so|somente|apenas) (?:me )?(?:pagaram|pagou) (?:as )?\\d+\\b(?! (?:de|do|da) )|pagaram (?:so )?\\d+ das \\d+`,
        `adicional (?:de \\w+ |noturno )?(?:nao veio|nao caiu|nao pagaram|nao foi pago|nao entrou|sumiu)`,
        `(?:cobrando|cobraram|cobram|descontaram|descontando|descontou) (?:\\w+ ){0,2}(?:multa|taxa)(?!.{0,50}\\bclausula)`,
        `(?:contrato|valor) diferente (?:\\w+ ){0,6}(?:com )?valor menor|com valor menor (?:por hora|do que)`,
        `\\d+ (?:reais )?(?:a|por) hora\\b.{0,50}\\bninguem (?:\\w+ ){0,2}aceita`,
      ].join('|'),
    ),
  },
  // The place heavy or loathed, its own system broken, violence inside it.
  {
    label: 'qualidade',
    pattern: new RegExp(
      [
        `(?:upa|hospital|ps|pronto socorro|lugar|clinica) (?:\\w+ ){0,4}(?:e|esta) (?:muito |bem )?pesad[oa] demais`,
        `nao volto nem amarrad[oa]|nem amarrad[oa] (?:eu )?volto`,
        `(?:coordenacao|gestao|administracao|diretoria) (?:de la |dali |desse hospital )?(?:e|esta) (?:um |uma )?(?:caos|bagunca|zona)`,
        `(?:prontuario|sistema)(?: eletronico)? d[oa] (?:hospital|upa|ps|clinica)\\b.{0,50}\\b(?:horrivel|pessimo|trava)`,
        `(?:tem|ter) muita violencia (?:la|ali|dentro)`,
      ].join('|'),
    ),
  },
  // Fear for a payment still to come (the majority's risco): who pays if the hospital closes, if we go broke,
  // companies vanishing with doctors' money.
  {
    label: 'risco',
    pattern:
      /\b(quem (me |nos )?paga se|e se (voces|a empresa|o hospital) (quebrar(em)?|falir(em)?|sumir(em)?|fechar(em)? as portas)|sumindo com (o )?dinheiro)\b/,
  },
  // His data and his name: not given to a machine, asked for only once he knows who asks, his name or CRM used,
  // where we took his number from.
  {
    label: 'confianca',
    pattern: new RegExp(
      [
        `nao (?:vou )?(?:passar|mandar|enviar|dar) (?:os )?meus (?:dados|documentos) (?:para|pra) (?:uma |um )?(?:maquina|robo|bot|ia)`,
        `(?:preciso|quero) saber antes de (?:te )?(?:mandar|enviar|passar) (?:os )?meus (?:dados|documentos)`,
        `(?:usou|usaram|usando) (?:o )?meu (?:nome|crm)(?: e (?:o )?meu (?:crm|nome))? (?:em|no|na|num|numa|sem|para)`,
        `de onde (?:voces |voce )?(?:tiraram|tirou|arranjaram|descobriram) (?:o )?meu`,
      ].join('|'),
    ),
  },
  // Later, not never: a pause counted in weeks or set up to a season; the week's nights already taken by a job.
  {
    label: 'tempo',
    pattern: new RegExp(
      [
        `pausa de \\d+ (?:semanas|dias|meses)`,
        `ate (?:o )?(?:carnaval|natal|ano novo|fim do ano|final do ano|pascoa) (?:estou|to|fico|vou estar) fora`,
        `(?:ocupa|ocupam|toma|tomam) (?:\\w+ ){0,2}(?:minhas|meus|todas as|todos os) (?:noites|dias|manhas|tardes|fins de semana)`,
      ].join('|'),
    ),
  },
  // The paperwork of our own app and registration: it freezes, more documents after all were sent.
  {
    label: 'processo',
    pattern:
      /\b((cadastro|app|aplicativo) (de voces |no app de voces )?(\w+ ){0,4}((trava|travando|travou) (toda hora|sempre|o tempo todo|na hora)|da erro)|mais (um )?documento\w* (ainda )?ja mandei)\b/,
  },
  // Where he cannot get: the traffic to reach a place; a shift kind he has no training for.
  {
    label: 'disponibilidade',
    pattern: /\b(transito (para|pra|ate) (chegar|ir)|nao tenho (formacao|experiencia|treinamento|preparo) (para|pra|em))\b/,
  },
  // Plantão left altogether: no longer working as a doctor, moved to another area. Not "ele não faz mais plantão"
  // said of a third party (set 4: a colleague's number, none).
  {
    label: 'motivacao',
    pattern: /\b(nao (trabalho|atuo) mais como medic\w*|(fui|mudei|migrei) para (a )?area d[ea])\b/,
  },
  // Staying with another company out of habit.
  {
    label: 'lealdade',
    pattern: /\b(acostumad\w* com (o app|o aplicativo|a plataforma|eles|a outra)|vou ficar com (a |o )?\w+( \w+)? mesmo)\b/,
  },
];

/**
 * Nothing held against us (set 11): praise of us against another company, a request to stay in our group, leaving
 * another company's app or list, a report that ends well, a late arrival announced, a link asked for, a number
 * that belonged to someone who died.
 */
export const NEUTRAL_11 = new RegExp(
  [
    `voces sao (?:os|as) melhores`,
    `nem (?:pense|pensa|pensem) em me tirar`,
    `vou (?:desinstalar|cancelar|apagar|sair d\\w*) (?:\\w+ ){0,3}outr[oa]`,
    `aqui com voce e (?:bem |muito )?(?:tranquilo|melhor|de boa)`,
    `mas deu tudo certo *$`,
    `vou chegar (?:\\w+ ){0,3}atrasad\\w*`,
    `(?:me )?(?:manda|mande|envia|passa|reenvia) o link`,
    `(?:numero|telefone) era d[oa] (?:meu|minha)|(?:ele|ela) (?:ja )?faleceu`,
    `sai da lista (?:\\w+ ){0,4}d[oa] (?:crm|cremesp|conselho)`,
  ].join('|'),
);
