import type { ObjectionRule } from './rule.js';
import { MSG } from './vocabulary.js';

/** The situations read as comunicacao; the highest priority that fires decides across every label. */
export const COMUNICACAO_RULES: ObjectionRule[] = [
  // How we message him: the time of day, the count, the channel, the length, canned text, being ignored.
  // Sets 3-8 label these comunicacao, also beside a stop ("recebi 4 mensagens hoje, me remova").
  {
    label: 'comunicacao', priority: 960, provenance: 'set 8 as a development set',
    pattern: new RegExp(
      [
        // time of day: "mensagem às 23h?", "mandam mensagem às 6 da manhã", "a essa hora da noite"
        // (only "mensagem": "vaga de madrugada" is a night shift, and sets 2 label "mensagem de madrugada" neutral)
        `(?:mensage\\w*|escrev\\w*|mandam|mandaram)(?: \\w+){0,2} (?:as|a) (?:\\d{1,2} ?(?:h|horas)\\b|\\d{1,2} da (?:manha|madrugada|noite))`,
        `a essa hora|(?:fora do|em) horario (?:comercial|de descanso)`,
        // the count: "recebi 4 mensagens hoje", "diminui a frequência", "continuam mandando", "se continuar mandando"
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
  // Being ignored, said of what he wrote: "você leu o que eu escrevi?"; the count said as a routine:
  // "vocês escrevem todo santo dia". Not "chega de mensagem" beside a stop: sets 1, 5-8 and the dev sets label
  // it none.
  {
    label: 'comunicacao', priority: 875, provenance: 'set 9 as a development set',
    pattern:
      /\b((voce|voces) (\w+ )?(leu|leram|le|leem|viu|viram) o que eu (escrevi|disse|falei|mandei)|(escrev\w*|mandam|mandando|chamam|ligam|aparecem) (\w+ )?(todo (santo )?dia|toda hora|toda semana))\b/,
  },
  // How we message him: messages arriving at every hour, our slowness to answer, the group instead of the
  // private chat, a notice given too late, replies that miss his question, a mass send without his name,
  // a poor automatic service. Not "disparo em massa" beside a bot question: it is the suspicion's evidence.
  {
    label: 'comunicacao', priority: 850, provenance: 'set 10 as a development set',
    pattern: new RegExp(
      [
        `toda hora (?:chega|vem|aparece|tem|cai) (?:\\w+ )?mensage\\w*`,
        `(?:voces|voce) (?:\\w+ )?(?:demoram|demora|levam|leva) (?:muito |demais |uma eternidade )?(?:para|a) (?:responder|retornar)`,
        `prefiro (?:no|pelo|em) (?:privado|particular|direct|pv)|(?:nao|nunca) (?:me )?(?:mande|mandem|manda) (?:\\w+ ){0,2}(?:pelo|no) grupo`,
        `(?:avisa|avise|avisem|aviso|avisar|mandem|mande|mandar) (?:\\w+ ){0,2}com (?:mais )?antecedencia`,
        `(?:nunca|nao) (?:me )?responde\\w* (?:o que|a) (?:eu )?pergunt\\w*`,
        `nem (?:o )?meu nome (?:voce |voces )?(?:colocou|colocaram|sabe|sabem|escreveu)`,
        `atendimento (?:\\w+ ){0,3}(?:e |esta )?(?:pessimo|horrivel|ridiculo|uma droga|uma porcaria)`,
      ].join('|'),
    ),
  },
  // How often and when we write: the Nth message today, too much every day, "manda menos", messages round the
  // clock, calls counted or made while he operates; the same text again, N times, every week, word for word or as
  // sent to a colleague; an automatic reply that does not read him; a question left unanswered.
  {
    label: 'comunicacao', priority: 820, provenance: 'set 11 as a development set',
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
  // Our contact: offers all mixed up, notifications popping, the reply that does not understand him, the group
  // instead of the private chat.
  {
    label: 'comunicacao', priority: 735, provenance: 'set 12 as a development set',
    pattern: new RegExp(
      [
        `vem tudo misturado`,
        `notificac\\w* (?:pipocando|toda hora|sem parar)`,
        `(?:nao entende|nao entendeu|nao entendem) (?:nada )?(?:do )?(?:que|o que) eu (?:falo|escrevo|digo|pergunto|perguntei)`,
        `(?:prefiro|quero) (?:receber )?(?:as ofertas |as vagas )?(?:so |somente |apenas )?(?:no|pelo) (?:privado|pv)`,
      ].join('|'),
    ),
  },
  // Our contact: sent or changed at the last minute (a cancellation at the door is a hand-off, not this), at dawn, the
  // answer to another question. A voice note refused stays unread: sets 2-5 label it none.
  {
    label: 'comunicacao', priority: 680, provenance: 'set 14 misses',
    pattern: new RegExp(
      [
        `(?:mand\\w*|avis\\w*|oferec\\w*|mudaram|mudou|muda|vaga\\w*|oferta\\w*|confirmac\\w*)(?: \\w+){0,4} em cima da hora`,
        `mensage\\w*(?: \\w+){0,3} de madrugada|de madrugada\\b.{0,25}\\b(?:bloque\\w*|para|pare|parem|chega)`,
        `(?:para|pare|parem|parar) de (?:me )?mandar mensage\\w* de madrugada`,
        `perguntei (?:\\w+ ){1,8}e (?:voce |vc )?(?:mandou|respondeu|falou) (?:o |a |outra|outro|sobre)`,
        `nao respond\\w* (?:nada )?(?:do )?que (?:eu )?pergunt\\w*`,
      ].join('|'),
    ),
  },
  // Our contact: the same message N times in minutes, reminders piled on one shift, our slowness, told at 5 pm of a
  // shift at 7.
  {
    label: 'comunicacao', priority: 625, provenance: 'set 15 misses',
    pattern: new RegExp(
      [
        `\\d+ (?:mensage\\w*|lembretes?|msgs?) (?:iguais|repetid\\w*|pro mesmo|para o mesmo)`,
        `demora (?:pra|para|de) me respond\\w*|demora (?:de voces|da empresa) (?:pra|para|de) respond\\w*`,
        `(?:avisar|avisando|avisaram|avisou) (?:as )?\\d+ ?h? (?:de|sobre) (?:um |o )?plantao que (?:comeca|e) (?:as )?\\d+`,
      ].join('|'),
    ),
  },
  // Our contact: another channel preferred, a day of the week we should not write on, the same offer again, the
  // reminders alone stopped, the question he asked left unanswered.
  {
    label: 'comunicacao', priority: 595, provenance: 'set 16 misses',
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
  // How and when we write: after a late hour, audio instead of text, reminders he does not want, slow answers, the
  // same canned reply, changes told at the last minute, a count per day with words between.
  {
    label: 'comunicacao', priority: 560, provenance: 'set 17 misses',
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
  // The channel and the timing: a call refused for text, e-mail preferred, reminders stopped, the same offer every
  // day, an offer sent too late, our slowness counted in days, a day of the week kept free, too many notifications.
  {
    label: 'comunicacao', priority: 520, provenance: 'set 18 misses',
    pattern: new RegExp(
      [
        `nao (?:me )?(?:liguem|ligue|liga)\\b.{0,30}\\b(?:so|prefiro) (?:so )?(?:mensagem|whatsapp|texto)`,
        `nao quero (?:receber )?ligac\\w*,? (?:so|apenas) (?:mensagem|whatsapp|texto)`,
        `prefiro (?:e ?mail|email)`,
        `(?:para|pare|parem) de (?:me )?mandar lembrete`,
        `todo santo dia`,
        `(?:avisando|avisar|avisa|avisaram|mandar|manda|mandaram) (?:\\w+ ){0,8}?(?:muito )?em cima\\b`,
        `demoraram \\d+ (?:dias|horas|semanas)`,
        `nao (?:me )?(?:mande|manda|mandem) mensage\\w* (?:no |aos? |de )?(?:domingo|sabado|fim de semana|final de semana)`,
        `muita notificac\\w*`,
      ].join('|'),
    ),
  },
  // The count of messages today, a shift announced at the last minute.
  {
    label: 'comunicacao', priority: 493, provenance: 'set 19 misses, written as general forms',
    pattern: /\b((e|eh|ja e) a (segunda|terceira|quarta|quinta|sexta|setima|decima|\d+a?) (vez|mensagem) (hoje|so hoje|essa semana|no dia|do dia)|(avisaram|avisou|mandaram|chamaram|ligaram) (\S+ ){0,4}(as |a )?\d+ ?(h|horas)? (pra|para) (comecar|entrar|iniciar|assumir))\b/,
  },
  // The channel he answers better on ("por email eu respondo melhor").
  {
    label: 'comunicacao', priority: 484, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(por|pelo|no) (email|e mail|telefone|ligacao|sms|telegram) (eu )?(respondo|vejo|leio|falo) (bem )?(melhor|mais rapido)\b/,
  },
  // A shift offered or announced a short time before it starts: "me avisaram do plantão 1 hora antes".
  {
    label: 'comunicacao', priority: 474, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(avisaram|avisou|mandaram|chamaram|ligaram|ofereceram) ((do|da|de|o|a|sobre o|sobre a) (plantao|vaga|escala|troca) )?(\d+|uma|meia|duas) (hora|horas|minutos|min) antes\b/,
  },
  // The channel we use refused for another: "não me chama no whatsapp, liga no fixo".
  {
    label: 'comunicacao', priority: 462, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\bnao me (chama|chame|chamem|manda mensagem|mande mensagem|mandem mensagem|procura|procurem) (no|pelo|por) (whatsapp|zap|whats|celular)\b/,
  },
  // Our messages too long, or not to the point: "o texto de vocês é muito longo, vai direto ao ponto".
  {
    label: 'comunicacao', priority: 453, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b((texto|textos|mensagem|mensagens) (de voces|de vcs) (e |sao )?(muito |tao |super )(long[oa]s?|grandes?|enormes?|extens[oa]s?)|(seus|suas) (textos|mensagens) (sao )?(muito |tao |super )(long[oa]s|grandes|enormes)|vai direto ao ponto|vao direto ao ponto)\b/,
  },
  // Our slow reply: "demorou tanto pra responder que já peguei outro".
  {
    label: 'comunicacao', priority: 443, provenance: 'fresh paraphrases, written as a general form',
    pattern: /^(?!.*\b(desculp\w*|foi mal|perdao)\b).*\b(demorou|demoraram|demoram|demora) (tanto|muito|demais|uma eternidade) (pra|para) (responder|retornar|me responder|dar retorno)\b/,
  },
  // A call or message at an early or late hour: "me ligaram às 6h da manhã".
  {
    label: 'comunicacao', priority: 435, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(ligaram|ligou|mandaram|mandou|chamaram|chamou) (\w+ ){0,2}?(as|de) \d+ ?(h|horas)? (da manha|da madrugada|da noite)\b/,
  },
  // A format he hates: "odeio áudio, manda escrito".
  {
    label: 'comunicacao', priority: 428, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b((odeio|detesto) (\w+ )?(audio|audios|ligacao|ligacoes|mensagem de voz)|manda (por )?escrito *$)/,
  },
  // Added to a group without asking, or an offer refused again and again: "vocês me adicionaram num grupo sem pedir",
  // "já recusei essa vaga 2 vezes".
  {
    label: 'comunicacao', priority: 421, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b((me )?(adicionaram|colocaram|incluiram|botaram) (\w+ ){0,2}?(num|numa|em|no|na) (grupo|lista)\b.{0,30}\bsem (pedir|perguntar|autorizacao|minha autorizacao|eu pedir|consentimento|avisar)|ja (recusei|neguei|disse nao (pra|para)) (essa|esta|a mesma) (vaga|oferta|proposta) (\d+|duas|tres|varias|mil) vezes)\b/,
  },
  // An offer sent after it was filled: "mandaram a vaga depois que já tinha sido preenchida".
  {
    label: 'comunicacao', priority: 416, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(mandaram|ofereceram|mandou|ofereceu) (a |essa |uma )?(vaga|oferta) (depois|quando) (\w+ ){0,4}?(preenchida|fechada|ocupada)\b/,
  },
  // Offers that do not fit his profile: "vocês mandam vaga que não tem nada a ver com meu perfil".
  {
    label: 'comunicacao', priority: 414, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(mandam|mandaram|oferecem|ofereceram|mandando|oferecendo) (vaga|vagas|plantao|plantoes|oferta|ofertas) (\w+ ){0,3}?(nada a ver|fora do) (com )?(o )?(meu )?(perfil|especialidade|area)\b/,
  },
  // Broad rules: read after every narrow one above; when those of several labels fire, the neighbours break the tie.
  // exasperation at our insistence or frequency is about how we talk to him (sets 3 and 4
  // convention), even when it comes with a stop: "já pedi 3x", "todo santo dia isso", "vcs são insistentes",
  // "vcs somem e depois mandam 10 vagas seguidas". First, so "não aguento mais" after it stays comunicacao.
  {
    label: 'comunicacao', priority: 300, provenance: 'the first labelled sets', broad: true,
    pattern:
      /\b(insist\w*|(mensage\w*|isso|vagas?|mandando|mandam) (todo (santo )?dia|toda hora|o tempo todo|sem parar)|todo (santo )?dia (isso|mensage\w*|vaga\w*)|enchendo (o |meu )?saco|(ja )?(pedi|falei|disse) (\d+ ?x|\d+ vezes|varias vezes|mil vezes)|tenho que (pedir|falar) de novo|quantas vezes (vou|tenho|preciso)|que parte do|lotando (meu|o) (whatsapp|celular)|\d+ (mensage\w*|vagas) (por dia|seguidas|de uma vez)|(mandam|manda|mandando|enviam|envia|recebo|chegam) \d+ (\w+ )?(por|ao|num|no|na) (dia|semana)|(somem|some) e (depois )?(aparecem|volta\w*))\b/,
  },
  // Our own way of talking to him: unanswered, unconfirmed, answered with something else.
  {
    label: 'comunicacao', priority: 230, provenance: 'the first labelled sets', broad: true,
    pattern:
      /\b(ninguem (me )?(respond\w*|atende|atendeu|retorn\w*)|ninguem retornou|fiquei esperando (a |o )?(confirmacao|resposta|retorno)|responde com outra|(desculpa|desculpe) (o|pelo) sumico|nao responder nao e pra|insatisfeito com o atendimento|nao consigo responder)\b/,
  },
  {
    label: 'comunicacao', priority: 100, provenance: 'the first labelled sets', broad: true,
    pattern:
      /\b((muita|tanta) mensage\w*|prefiro (email|ligacao|que (me )?lig\w*)|me liga|nao uso (muito )?whatsapp|so vejo (o celular|mensage\w*)|(desculpa|desculpe|perdao) (a|pela) demora|demorei (pra|para) responder|(depois|mais tarde) (eu )?(falo|respondo|te respondo)|vejo depois|(estou|to) em plant\w*|nao (consigo|posso) falar agora|me manda (por )?email)\b/,
  },
];
