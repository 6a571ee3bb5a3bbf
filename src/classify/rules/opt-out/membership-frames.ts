import { oneOf, type Rule } from '../engine.js';
import { ONE_BOOKED_SHIFT } from './vetoes.js';
import { AN_EVENT, BARE_REMOVE, CONTAINER, FROM, MY_ID, NAMES_A_THING, NARROW_LIST, NARROW_OFFERS_LIST, ONE_ROSTER, REMOVE, THEIR_LIST, WITH_SOMEONE_ELSE, isShiftSpecific, namedList } from './objects.js';

/** Requests to leave our lists, groups and records, or not to be put on them; a list of one kind stays narrow. */
export const MEMBERSHIP_FRAMES: readonly Rule[] = [
  {
    name: 'remove_from_list',
    confidence: 0.95,
    // "pedi pra outra empresa me tirar da lista deles": another party's list.
    rejectTail: (tail) => NARROW_LIST.test(tail) || NARROW_OFFERS_LIST.test(tail) || THEIR_LIST.test(tail),
    // "me tira dessa porra de lista": a word or two of venting may sit before the container.
    pattern: new RegExp(`\\b(?:(?:me|nos) ${REMOVE}|${REMOVE} (?:me|eu|nos|${MY_ID})) ${FROM} (?:sua |seu |vossa |essa |esta )?(?:\\S+ (?:de |da |do )?){0,2}?${CONTAINER}\\b`),
    negatable: true,
  },
  // "Poderiam tirar da lista?": the removal asked for with the object left out (this number, him).
  {
    name: 'remove_from_list_asked',
    confidence: 0.88,
    pattern: new RegExp(`\\b(?:pode|podem|poderia|poderiam|consegue|conseguem|favor|por favor|gostaria que|queria que) ${REMOVE}(?: (?:o |esse |este )?(?:numero|contato|nome|telefone))? ${FROM} (?:sua |seu |vossa |essa |esta )?${CONTAINER}\\b`),
    negatable: true,
    // "pode tirar da lista o plantão de sábado": a shift named after the list is what leaves it.
    rejectTail: (tail) => NARROW_LIST.test(tail) || NARROW_OFFERS_LIST.test(tail) || THEIR_LIST.test(tail) || /^(?:o |a |os |as |meu |minha )?(?:plantao|plantoes|vagas?|escalas?|turnos?|reservas?)\b/.test(tail),
  },
  // "não autorizei e quero que apague": the deletion wished, with his number, data or consent in the message.
  { name: 'want_it_deleted', confidence: 0.85, pattern: /\bquero que (?:voces )?(?:apague|apaguem|exclua|excluam|remova|removam|delete|deletem|tire|tirem)(?: (?:meu numero|meus dados|meu contato|meu cadastro|tudo|isso))?(?: (?:agora|ja|por favor|imediatamente))*$/, negatable: true, rejectMessage: (whole) => !/\b(?:numero|dados|contato|cadastr\w*|autoriz\w*|lista)\b/.test(whole) },
  // A bare imperative with the list named and nothing after it ("esse celular não é mais do Dr. João, tira da lista"):
  // no one else is named to remove ("remove do grupo aquele cara", "tira da agenda o dia 12").
  { name: 'remove_from_list_bare', confidence: 0.85, pattern: new RegExp(`\\b${BARE_REMOVE} ${FROM} (?:sua |seu |vossa |essa |esta )?${CONTAINER}(?: ${oneOf('por favor', 'pf', 'pfv', 'agora', 'ja', 'logo', 'obrigad[oa]', 'urgente', 'de voces', 'ai', 'de vez')})*$`), negatable: true },
  // "não quero mais participar da lista de ofertas": leaving said as not taking part; a list of one kind stays narrow.
  // "não quero mais estar cadastrado": on our books at all; "cadastrado no hospital X" is someone else's.
  { name: 'no_longer_registered', confidence: 0.85, pattern: /\bnao quero (?:mais )?(?:estar|ficar|continuar|permanecer|ser) cadastrad[oa]\b/, rejectTail: (tail) => /^(?:no|na|nos|nas|em|do|da) (?!voces|vcs|sistema de voces)\S+/.test(tail) },
  { name: 'stop_taking_part', confidence: 0.88, pattern: new RegExp(`\\bnao quero (?:mais )?(?:participar|fazer parte|estar|ficar|constar) ${oneOf('da', 'das', 'do', 'dos', 'dessa', 'desta', 'desse', 'deste', 'na', 'no', 'nessa', 'nesse')} (?:sua |seu |essa |esta )?${CONTAINER}\\b`), rejectTail: (tail) => NARROW_LIST.test(tail) || NARROW_OFFERS_LIST.test(tail) || THEIR_LIST.test(tail) },
  // "me tira daqui" is the chat; "daqui dessa escala" names a shift.
  { name: 'remove_from_here', confidence: 0.88, pattern: new RegExp(`\\b(?:me|nos) ${REMOVE} (?:daqui|dai|dali)\\b|\\b${REMOVE} (?:me|eu) (?:daqui|dai|dali)\\b`), negatable: true, rejectTail: (tail) => isShiftSpecific(tail) || NAMES_A_THING.test(tail) },
  // A name taken off one shift or roster is narrow ("tira meu nome da escala do dia 22",).
  // Nor one booked shift given up in the same message ("não vou mais fazer o plantão de quinta, pode tirar meu nome").
  { name: 'remove_my_id', confidence: 0.93, pattern: new RegExp(`\\b${REMOVE} ${MY_ID}\\b`), negatable: true, rejectTail: (tail) => isShiftSpecific(tail) || ONE_ROSTER.test(tail) || namedList(tail) || AN_EVENT.test(tail) || WITH_SOMEONE_ELSE.test(tail), rejectMessage: (whole) => ONE_BOOKED_SHIFT.test(whole) && !/\b(?:lista|cadastro|base|contatos?|disparos?|grupo)\b/.test(whole) },
  // Being added to lists and groups stopped: a container named ("para de me add nesses grupos de vagas, eu nunca pedi";
  // a list of one kind, "no grupo de pediatria", stays narrow), or nothing but "nessas coisas" to the clause's end.
  {
    name: 'stop_adding_me',
    confidence: 0.88,
    pattern: new RegExp(
      `\\b${oneOf('para', 'pare', 'parem', 'chega')} de me (?:add?|adicionar|incluir)(?: (?:em|nas?|nos?|nessas?|nesses?))?` +
        `(?: ${CONTAINER}\\b|(?: (?:coisas?|essas|esses|isso)(?: ${CONTAINER})?)?(?: ${oneOf('por favor', 'pf', 'pfv', 'ja', 'agora', 'viu')})*$)`,
    ),
    rejectTail: (tail) => NARROW_LIST.test(tail) || NARROW_OFFERS_LIST.test(tail) || THEIR_LIST.test(tail),
  },
  // Being added refused with nothing at all ("não me adicione mais em nada"), or with no group, list or campaign
  // named, to the clause's end ("não me add mais em grupo nenhum", "favor não me incluírem nas próximas campanhas").
  { name: 'do_not_add_anywhere', confidence: 0.88, pattern: /\bnao (?:me )?(?:add?|adiciona|adicione|adicionem|adicionar|inclui|inclua|incluam|incluir|incluirem|coloca|coloque|coloquem|bota|bote|botem) (?:mais )?(?:(?:em |a )?(?:mais )?nada|(?:em |nos |nas |num |numa )?(?:(?:proxim|futur|su|se)[oa]s )?(?:grupos?|listas?|campanhas?|disparos?|envios?)(?: (?:nenhum|nenhuma|algum|alguma|de voces|de vcs))?)(?: (?:mais|por favor|pf|pfv|ok|obrigad[oa]|viu))*$/ },
  { name: 'do_not_add', confidence: 0.9, pattern: new RegExp(`\\bnao (?:me )?(?:inclua|incluam|coloque|coloquem|adicione|adicionem|ponha|ponham|cadastre|cadastrem) (?:mais )?(?:em |na |nas |no |nos |nessa |nessas |nesse |nesses |a |sua |suas )?${CONTAINER}\\b`) },
  // "que meu número seja removido de todas as listas": the subjunctive of the same request.
  // bare "sai" left out: it is mostly the past "saí do grupo…" (accents fold away), told not asked.
  { name: 'leave_list', confidence: 0.93, pattern: new RegExp(`\\b(?:sair|saia|${oneOf('ser', 'seja', 'sejam', 'fosse')} ${oneOf('removid[oa]s?', 'excluid[oa]s?', 'retirad[oa]s?')}) ${FROM} (?:sua |seu |vossa |essa |esta |todas as |todos os |qualquer )?${CONTAINER}\\b`), negatable: true, rejectTail: (tail) => NARROW_LIST.test(tail) },
  { name: 'be_removed', confidence: 0.9, pattern: /\b(?:quero|gostaria de|queria|desejo|pode|podem|por favor|exijo|solicito|peco (?:para|pra)|favor|preciso|prefiro) (?:me )?(?:ser )?(?:removid[oa]|excluid[oa]|retirad[oa]|descadastrad[oa])\b/, negatable: true, rejectTail: isShiftSpecific },
];
