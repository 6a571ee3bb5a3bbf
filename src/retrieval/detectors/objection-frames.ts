import type { Rule } from './detector.js';
import type { ObjectionLabel } from './labels.js';
import { OBJECTION_FRAMES_9 } from './objection-frames-set9.js';
import { OBJECTION_FRAMES_10 } from './objection-frames-set10.js';
import { OBJECTION_FRAMES_11 } from './objection-frames-set11.js';
import { OBJECTION_FRAMES_12 } from './objection-frames-set12.js';
import { OBJECTION_FRAMES_13, OBJECTION_FRAMES_14, PRIORITY_FRAMES_14 } from './objection-frames-set14.js';
import { OBJECTION_FRAMES_15, PRIORITY_FRAMES_15 } from './objection-frames-set15.js';
import { OBJECTION_FRAMES_16 } from './objection-frames-set16.js';
import { OBJECTION_FRAMES_17, PRIORITY_FRAMES_17 } from './objection-frames-set17.js';
import { OBJECTION_FRAMES_18, PRIORITY_FRAMES_18 } from './objection-frames-set18.js';

/**
 * Objection frames read ahead of the older rules (h14-objection9, set 8 as a development set). Each frame
 * names a situation by its grammar (who does what to whom), not a sentence, and wins over the older rules
 * because it is narrower: "cláusula de exclusividade" is about a contract (processo), not about another
 * employer (lealdade); "calote de outra empresa" is a risk, not loyalty. The first frame that fires decides.
 *
 * Patterns run on retrieval's normalised text: folded, abbreviations expanded ("pra" -> "para",
 * "msg" -> "mensagem", "whats" -> "whatsapp"), no punctuation, padded with spaces.
 */
const MSG = '(?:mensage\\w*|vaga\\w*|oferta\\w*)';

export const OBJECTION_FRAMES: Rule<ObjectionLabel>[] = [
  // How we message him: the time of day, the count, the channel, the length, canned text, being ignored.
  // Sets 3-8 label these comunicacao, also beside a stop ("recebi 4 mensagens hoje, me remova").
  {
    label: 'comunicacao',
    pattern: new RegExp(
      [
        // time of day: "mensagem às 23h?", "mandam mensagem às 6 da manhã", "a essa hora da noite"
        // (only "mensagem": "vaga de madrugada" is a night shift, and sets 2 label "mensagem de madrugada" neutral)
        // (h14-objection10: not "chegou às 22h", which is a colleague arriving late, set 9)
        `(?:mensage\\w*|escrev\\w*|mandam|mandaram)(?: \\w+){0,2} (?:as|a) (?:\\d{1,2} ?(?:h|horas)\\b|\\d{1,2} da (?:manha|madrugada|noite))`,
        `a essa hora|(?:fora do|em) horario (?:comercial|de descanso)`,
        // the count: "recebi 4 mensagens hoje", "diminui a frequência", "continuam mandando", "se continuar mandando"
        // (h14-objection11: not "se continuarem mandando plantão de 700", a price, set 10)
        `(?:recebi|recebo|chegaram|mandaram|mandam) (?:umas |mais de )?\\d+ ${MSG}`,
        `\\d+ ${MSG} (?:hoje|no mesmo dia|por (?:dia|semana)|seguidas)`,
        `(?:diminu\\w*|reduz\\w*|baixa\\w*) (?:a |essa )?(?:frequencia|quantidade)|frequencia (?:das |de )?mensage\\w*`,
        `continuam (?:me )?(?:mandando|enviando)|(?:se|caso) (?:voces )?(?:continuar\\w*|seguir\\w*) (?:me )?(?:mandando|enviando)(?! (?:plant\\w* |vaga\\w* )?(?:de|a|por) (?:r )?\\d)|se nao pararem de (?:me )?(?:mandar|enviar)`,
        // the channel: "manda no telegram", "prefiro que me liguem", "não gosto de negociar por texto"
        // (the offers themselves, not one document: "manda o contrato por email" is logistics)
        `(?:manda|mande|mandem|envia|envie|prefiro|melhor) (?:(?:as|os|me|a|o) )?(?:(?:vagas|ofertas|proximas|mensagens|tudo) )?(?:por|pelo|no|via) (?:telegram|sms|e ?mail|instagram|linkedin)`,
        `prefiro (?:que )?(?:me )?(?:lig\\w*|telefon\\w*|mand\\w* (?:\\w+ ){0,3}(?:por|no) e ?mail)`,
        `(?:nao gosto|odeio|detesto) (?:de )?(?:negociar|conversar|tratar|falar) (?:\\w+ )?por (?:texto|mensage\\w*|whatsapp|escrito)`,
        `whatsapp (?:eu )?(?:quase )?(?:nao|nunca) (?:abro|olho|vejo|uso)|(?:quase )?(?:nao|nunca) (?:abro|olho) (?:o )?whatsapp|no whatsapp (?:eu )?(?:perco|nao vejo)`,
        `(?:ligam|liga) e (?:mandam|manda) mensage\\w*|escolhe um`,
        // the length and the text itself: "seus textos são enormes", "mensagem fria", "texto genérico"
        `(?:texto|textos|mensage\\w*|textao) (?:muito |tao |super )?(?:enorme\\w*|grande\\w*|long[oa]s?|gigante\\w*|comprid\\w*)|nao leio (?:tudo|isso|textao)|textao|mensage\\w* (?:\\w+ )?(?:comprid\\w*|demais)|excesso de mensage\\w*`,
        `(?:abordagem|mensage\\w*|texto\\w*|resposta\\w*) (?:\\w+ ){0,2}(?:generic\\w*|fria\\w*|padrao|copia e cola)`,
        // being ignored: "cadê a resposta?", "vc não lê?", "já respondi isso 3x"
        `cade (?:a |minha )?resposta|(?:voce|voces) (?:nao|nem) (?:le|leem|leu|leram)\\b|ja respondi (?:isso |isto )?(?:\\d+ ?x|\\d+ vezes|varias vezes)`,
      ].join('|'),
    ),
  },
  // Unpaid, here or elsewhere before ("fiquei 3 meses sem receber", "ninguém recebe nessa empresa",
  // "cadê o meu pagamento", "já levei calote de outra empresa"): a risk of the job.
  {
    label: 'risco',
    pattern:
      /\b(sem receber|ninguem recebe|nunca (recebi|recebe|receberam)|cade (o )?(meu )?(pagamento|dinheiro|repasse)|(satisfacao|noticia|previsao) (do|sobre o|de) (meu )?(pagamento|repasse)|(levei|tomei|ja levei|ja tomei) (um )?calote|reten\w* (indevida )?do (meu )?pagamento)\b/,
  },
  // What we paid or charged, not the offer's price: discounts, hours left out, a fee nobody mentioned.
  {
    label: 'preco',
    pattern:
      /\b(descontaram|descontou|desconto (indevido|errado|a mais|sem aviso)|(lancaram|lancou|pagaram|pagou|registraram) (so |apenas )?\d+ ?h(oras)?|\d+ ?h(oras)? (no|em) (meu )?(informe|holerite|extrato|demonstrativo|repasse)|(cobraram|cobrando|cobram) (uma )?taxa|dinheiro de volta|estorno)\b/,
  },
  // The contract's terms and our paperwork: a clause, an invoice that fails to issue.
  {
    label: 'processo',
    // A question about a clause or an invoice is neutral ("tenho uma dúvida sobre uma cláusula"): the frame
    // needs a clause objected to, or an invoice that fails.
    pattern:
      /\b(clausula (de )?(exclusividade|fidelidade|permanencia)|clausula (\w+ ){0,4}(abusiv\w*|nao (foi )?(combinad\w*|aceito|concordo|assinei))|(nota fiscal|nf|emissao)\b.{0,40}\b(erro|rejeitad\w*|recusad\w*|nao (sai|emite|consigo|sei))|(erro|problema) (na|no|de) (emissao|nota|cadastro|sistema|portal)|dando erro)\b/,
  },
  // The place: nothing to work with, violence unanswered, the conditions of the shift, and the slang
  // ("carnificina", "é só você e Deus", "não tem nem dipirona").
  {
    label: 'qualidade',
    pattern:
      /\b((nao tem|nao ter|nao tinha|sem|faltando|faltou|falta) (nem |ate )?(medica\w*|remedio\w*|dipirona|soro|oxigenio|luva\w*|insumo\w*|desfibrilador|tomografia|raio x|carrinho de parada|leito\w*|maca\w*)|(paciente|acompanhante|familiar) (me )?(agrediu|ameacou|bateu|atacou)|agress\w* (a|ao|contra) medic\w*|seguranca (nao fez|nao faz|nao apareceu|nenhuma|inexistente)|condicoes (d\w+ )?(plantao|hospital|trabalho|lugar|ps|upa|pronto socorro)|carnificina|acougue|matadouro|faroeste|(so )?(voce|eu|a gente) e deus|zero (retaguarda|estrutura|suporte))\b/,
  },
  // Where he lives against where the shifts are: moving away, living far from the only places offered,
  // one place refused while another is welcome ("não quero mais em Guarulhos, mas em SP pode mandar").
  {
    label: 'disponibilidade',
    pattern:
      /\b((me )?mudando|vou me mudar|me mudei|mudei|mudar) (para|de cidade|de estado|do pais|pro exterior)|(vou|vamos|indo) morar (em|no|na|fora)|morando fora|moro (em|no|na) .{0,40}\b(so tem|so tem vaga|so oferecem|as vagas sao)|nao quero (mais )?(receber |pegar )?(os|as|plant\w*|vaga\w*) (de|em|no|na|do|da) \w+.{0,30}\b(mas|so) .{0,30}\b(pode mandar|me interess\w*|pode continuar)|(de novo|outra vez|sempre) (plant\w* |vaga\w* )?(em|no|na) \w+.{0,20}nao tem (em|no|na)\b/,
  },
  // Plantão itself set aside: stopped doing it, reducing, a focus elsewhere, a limit of shifts in a row.
  {
    label: 'motivacao',
    pattern:
      /\b((parei de (dar|fazer|pegar)|nao (faco|dou|pego)( mais)?) plant(ao|oes)(?= *$| (mais|nenhum|ha|faz|desde|depois|nem|so|e|porque|entao|atendo)\b)|nao (atuo|trabalho|sou) mais (como )?plantonista|(fase|momento|epoca) de (reduzir|diminuir|desacelerar)|(reduzir|reduzindo|diminuir|diminuindo) (os |o numero de |a carga de |a quantidade de )?plant\w*|(foco|focando|focad[oa]|me dedicar|dedicando|dedicar) (\w+ ){0,3}(residencia|consultorio)|plant\w* (nao me interessa|nao e (mais )?prioridade)|(ficar|trabalhar|atender) (so|somente|apenas) (no|ao|em) consultorio|(nao )?da (para|pra) fazer (\d+|dois|tres) plant\w* seguid\w*)\b/,
  },
  // A period away or a commitment with a date: leave, a trip with a return, a master's defence, a congress.
  {
    label: 'tempo',
    pattern:
      /\b((?<!(voltando|volto|voltei|retornando) d[ea] )licenca( maternidade| paternidade| medica)?|(saida|saindo|fora) do (brasil|pais)|(volto|retorno|voltando) (so )?(em|no|na|daqui a) (janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|\d+ (meses|semanas|dias))|me (chama|procura|procure|chame|liga) (no |so no |so )?(mes|ano) que vem|(mestrado|doutorado|dissertacao|tese|defesa)|congresso|simposio|(ja )?(esta|estou) comprometid\w*)\b/,
  },
  // How he learned of us and what we do with his data ("não autorizei", "onde conseguiram meu número",
  // "preciso de referência de quem já trabalhou com vocês").
  {
    label: 'confianca',
    pattern:
      /\b(nao autorizei (ninguem )?a passar|onde (voces )?(conseguiram|pegaram|acharam|arrumaram) (o )?meu|preciso de (uma )?referencia|(alguem|medico|colega) (\w+ )?(que )?ja trabalhou com voces)\b/,
  },
];

// Set 8's frames keep their priority; set 9's (objection-frames-set9.ts) and set 10's (objection-frames-set10.ts)
// come after them, and set 11's (objection-frames-set11.ts) and set 12's (objection-frames-set12.ts) after those.
// h14-detectors10: a few statements that settle the type whatever else is named go first (objection-frames-set14.ts).
// h14-detectors11: set 17's priority frames after those of sets 14 and 15, its other frames last; h14-detectors12: set 18's likewise.
const ALL_FRAMES = [...PRIORITY_FRAMES_14, ...PRIORITY_FRAMES_15, ...PRIORITY_FRAMES_17, ...PRIORITY_FRAMES_18, ...OBJECTION_FRAMES, ...OBJECTION_FRAMES_9, ...OBJECTION_FRAMES_10, ...OBJECTION_FRAMES_11, ...OBJECTION_FRAMES_12, ...OBJECTION_FRAMES_13, ...OBJECTION_FRAMES_14, ...OBJECTION_FRAMES_15, ...OBJECTION_FRAMES_16, ...OBJECTION_FRAMES_17, ...OBJECTION_FRAMES_18];

export function objectionFromFrames(normalized: string): ObjectionLabel | null {
  return ALL_FRAMES.find((f) => f.pattern.test(normalized))?.label ?? null;
}

/**
 * Neutral logistics (set 8: "tô dirigindo", "te respondo mais tarde", "me liga depois das 19h", cancelling a
 * booked shift for a family reason): the message arranges the conversation or a booking and refuses nothing.
 * Its phrases and fillers are removed; if nothing is left, there is no objection. "Agora não posso, tô
 * dirigindo" keeps "não posso" (it may refuse the shift), "agora não posso falar, tô dirigindo" keeps nothing.
 */
const LOGISTICS = new RegExp(
  [
    // a moment's occupation
    '(?:estou|to) (?:dirigindo|no transito|em consulta|em atendimento|atendendo|em cirurgia|operando|em reuniao|ocupad[oa] (?:agora|no momento)|saindo do plantao|no meio de (?:uma |um )?(?:cirurgia|consulta|atendimento|procedimento|reuniao))',
    // talking later
    'nao (?:posso|consigo|da para) (?:falar|responder|atender|conversar|ver)',
    '(?:depois |ja )?(?:vou |eu )?(?:te )?(?:respond\\w*|retorn\\w*|falo com voce|falo contigo|chamo|ligo)(?: voce)? (?:mais tarde|depois|em casa|a noite|de noite|ja ja|daqui a pouco|no almoco|quando sair|assim que (?:puder|sair|chegar))',
    '(?:me )?(?:liga|ligue|chama|chame|manda mensagem) (?:depois|a partir) das \\d+ ?(?:h|horas)?',
    // a late reply explained (h14-objection10): "só demorei porque tava em cirurgia"
    '(?:so )?demorei (?:\\w+ ){0,2}(?:porque|pois) (?:eu )?(?:estava|to|estou) (?:em|no|na|num|numa) (?:cirurgia|consulta|atendimento|plantao|reuniao|procedimento|transito)',
  ].join('|'),
  'g',
);
// Cancelling a booked shift ("preciso cancelar a reserva do plantão de sábado, tive um imprevisto com meu
// pai"): the booking's own words and a family reason are logistics only beside a cancellation verb; alone,
// "surgiu um imprevisto" may explain a refusal (sets 1 and 3 label it).
const CANCELS = /\b(cancelar|desmarcar|remover|retirar|tirar|tira|tire)\b/; // h14-objection10: "me tira da escala do dia 15"
const BOOKING =
  /\b(preciso|vou ter que|tenho que|quero|pode|cancelar|desmarcar|remover|retirar|tirar|tira|tire|me|reserva|meu nome|plantao|escala|agenda|minha|meu|o|a|do|da|de|no|na|esse|essa|desse|dessa|dia|\d+|sabado|domingo|segunda|terca|quarta|quinta|sexta|feira|(tive|surgiu) (um )?(imprevisto|problema|emergencia)( familiar)?|com|pai|mae|filh[oa]|esposa|marido|familia|ficou doente|esta doente|internad[oa]|nao vou conseguir ir)\b/g;
const FILLER = /\b(agora|no momento|por favor|por gentileza|ok|oi|ola|julia|doutora?|desculpa|e|mas|que|ai|aqui|entao|ja|so|um|uma|minuto|momento|beleza|vou|eu|te|k|rs|nao sou (um )?robo( nao)?)\b/g;

export function isNeutralLogistics(normalized: string): boolean {
  const hasCancel = CANCELS.test(normalized);
  if (!hasCancel && !new RegExp(LOGISTICS.source).test(normalized)) return false;
  let rest = normalized.replace(LOGISTICS, ' ');
  if (hasCancel) rest = rest.replace(BOOKING, ' ');
  return rest.replace(FILLER, ' ').trim() === '';
}
