import type { Rule } from '../engine.js';
import { isShiftSpecific, BE_CONTACTED_WORD, THIS_THING } from './objects.js';
import { ONE_BOOKED_SHIFT } from './vetoes.js';

/** Requests to stop written as general frames (being sought, contacted, disregarded, removed for a reason). */
export const RECALL_FRAMES: readonly Rule[] = [
  { name: 'do_not_seek_me', confidence: 0.88, pattern: /\b(?:nem|nao) me (?:procur\w*|contat\w*|acion\w*|chamem|chame) (?:nunca )?mais\b/, rejectTail: (tail) => isShiftSpecific(tail) || /^(?:pra|para|pro) (?!nada|nenhum|nenhuma|isso)\S/.test(tail) },
  {
    name: 'rather_not_be_contacted',
    confidence: 0.9,
    pattern: new RegExp(`\\b(?:gostaria de|prefiro|quero|queria|desejo|peco (?:para|pra)|favor) nao (?:mais )?ser (?:mais )?${BE_CONTACTED_WORD}\\b`),
    rejectTail: (tail) => isShiftSpecific(tail) || /^(?:para|pra|pro) (?!isso|nada|mais|nenhum|nenhuma|oferec)\S/.test(tail),
  },
  {
    name: 'disregard_me',
    confidence: 0.85,
    pattern: /\b(?:me desconsider(?:e|em|a|ar)|desconsider(?:e|em|a|ar) (?:o )?meu (?:nome|contato|numero|cadastro))\b/,
    // Only the future offers in general, or nothing after: "me desconsidere pra essa vaga" is one shift.
    rejectTail: (tail) => tail !== '' && !/^(?:(?:d|n|para |pra )?(?:as|os|das|dos|nas|nos) (?:proximas|proximos|futuras|futuros|novas|novos|demais|outras)|de (?:tudo|todas|todos|agora em diante)|daqui (?:pra|para) frente|por favor|obrigad)/.test(tail),
  },
  { name: 'remove_me_from_this', confidence: 0.85, pattern: new RegExp(`\\bme (?:tira|tire|tirem|remove|remova|removam|exclui|exclua|excluam) (?:dessa|desta|disso|desse|deste) ${THIS_THING}\\b`) },
  // "me tira disso" closing the message: the whole thing we send, not one item named before it.
  { name: 'remove_me_from_this', confidence: 0.85, pattern: /\bme (?:tira|tire|tirem|remove|remova|removam|exclui|exclua|excluam) disso(?: (?:ai|aqui|por favor|pf|pfv|ja|agora|logo|de vez))*$/, negatable: true, rejectMessage: (whole) => ONE_BOOKED_SHIFT.test(whole) || /\b(?:se|caso)\b/.test(whole) },
  // His number named, then removed by pronoun or with the object left out: "quem deu meu número pra vocês? apaguem
  // ele", "não sei de onde tiraram meu número, apaguem". A number swapped for a new one is not a stop ("o antigo,
  // apaga ele").
  {
    name: 'remove_my_id_by_pronoun',
    confidence: 0.85,
    pattern: /\b(?:numero|contato|telefone|cadastro|zap|whatsapp)\b.*\b(?:(?:apaga|apague|apaguem|deleta|delete|deletem|exclui|exclua|excluam|remove|remova|removam)(?: (?:ele|o mesmo))?|(?:tira|tire|tirem) (?:ele|o mesmo))(?: (?:por favor|pf|pfv|ja|agora|logo|de vez|dai|daí|da lista))*$/,
    rejectText: (t) => /\b(?:novo|nova|antigo|antiga|velho|velha|errado|errada|outro numero|troquei|mudei de numero)\b/.test(t),
  },
  // What we send sent away, or not wanted on his phone: "sai pra lá com essas vagas", "não quero mais essa porcaria no
  // meu whats". A kind of offer after it ("…essas vagas de 24h") is one kind.
  { name: 'send_it_away', confidence: 0.85, pattern: /^(?:\S+ )?(?:sai|saia|saiam|vai|va) (?:pra|para) la com (?:essas?|esses?|suas?|seus?|tuas?) (?:vagas?|mensage(?:m|ns)|ofertas?|coisas?|propostas?|plantoes)\b/, rejectTail: (tail) => isShiftSpecific(tail) || /^(?:d[aeo]s?|em|no|na|pra|para|noturn\w*|diurn\w*|\d)\b/.test(tail) },
  { name: 'not_on_my_phone', confidence: 0.85, pattern: /\bnao quero (?:mais )?(?:essa|esse|isso|essas|esses|suas?|seus?) (?:porcaria|merda|lixo|spam|coisas?|mensage(?:m|ns)|vagas?|trem|bagulho|propagandas?)s? (?:\S+ )?(?:no|na|nos) (?:meu|minha) (?:whatsapp|celular|telefone|zap|vida|caixa de entrada|inbox)\b/ },
  // The sending itself called pointless for him: "não faz mais sentido vocês me mandarem vagas, mudei de área".
  {
    name: 'no_point_sending',
    confidence: 0.85,
    pattern: /\bnao (?:faz|tem) (?:mais )?(?:sentido|porque|por que|motivo) (?:voces |vcs |pra voces |pra vcs |para voces )?(?:continuar(?:em)? )?(?:me )?(?:mandarem|mandar|enviarem|enviar|oferecerem|oferecer)(?: me)?(?: mais)?(?: (?:essas?|as|nenhuma))? (?:vagas?|mensage(?:m|ns)|ofertas?|plantoes|nada|coisas?)\b/,
    rejectTail: (tail) => isShiftSpecific(tail) || /^(?:d[aoe]s?|em|no|na|nos|nas|pra|para|pro|de|noturn\w*|diurn\w*|\d)\b/.test(tail),
  },
  // "quero sair desse negócio aí de vocês": leaving the same thing, said of himself; "desse negócio de plantão
  // noturno" names one kind of shift.
  { name: 'leave_this_thing', confidence: 0.85, pattern: new RegExp(`\\b(?:quero|queria|preciso|vou) sair (?:dessa|desta|desse|deste) ${THIS_THING}\\b`), negatable: true, rejectTail: (tail) => isShiftSpecific(tail) || /^(?:de|do|da|dos|das) (?!voces|vcs)\S/.test(tail) },
  // the polite infinitive of a removal ("pode me excluir, moro em outra cidade", "favor me retirar"). A
  // tail that starts with a preposition or article names what from ("da escala", "do grupo de pediatria"), which
  // the list rules judge; "tirar" is left out ("pode me tirar uma dúvida?").
  {
    name: 'may_remove_me',
    confidence: 0.88,
    pattern: /\b(?:pode|podem|poderia|poderiam|favor|por favor|por gentileza|quero que|peco que|gostaria que|solicito que) (?:me (?:retirar|remover|excluir|descadastrar|deletar|retirem|removam|excluam|deletem)|(?:retirar|remover|excluir|retirem|removam|excluam) me)\b/,
    negatable: true,
    rejectTail: (tail) => /^(?:d[aoe]s?|dess[ae]s?|dest[ae]s?|n[ao]s?|[ao]s?|um|uma|em|pra|para|pro|so|somente|apenas|ate|hoje|por enquanto|por um tempo|essa|esse|esta|este)\b/.test(tail),
  },
  { name: 'remove_me_because', confidence: 0.85, pattern: /^(?:\S+ ){0,2}?me (?:tira|tire|tirem|retira|retire|remove|remova|removam|exclui|exclua|excluam) (?:por favor )?(?:so|porque|pois|ja que|to|estou|tenho|trabalho|vou|mudei|parei|agora so)\b/, negatable: true },
];
