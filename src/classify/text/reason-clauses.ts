import { botSuspicionByRules } from '../rules/bot/detect-bot-suspicion.js';
import { handoffByRules } from '../rules/handoff/detect-handoff.js';
import { optOutByRules } from '../rules/opt-out/detect-opt-out.js';
import { fold } from './normal-form.js';
import { NOTHING_AGAINST_US } from '../rules/objection/detect-objection.js';
import { normalizeText } from './normal-form.js';

// a clause that is only a discourse tag ("né", "pode falar", "Júlia", "me desculpa a pergunta",
// "tipo a Alexa", a greeting, a thanks, a signature such as "Dra. Ana aqui") carries no reason; read alone, the
// neighbours would make one up (set 8: "né. Pode falar" -> confianca). Beside a bot question, how the replies
// read ("que resposta genérica", "um textão") is the suspicion's evidence, not a reason.
// so are an apology's softeners ("nada pessoal", "de vez"), urgency ("com urgência", "é sério")
// and the channels a total stop lists ("nem whats, nem email, nem ligação"): set 9 reads no reason from them.
// the list also without "nem" ("whatsapp, email, sms, tudo"), a stop the clause rules miss
// ("encerrem qualquer contato comigo") and a legal threat's deadline ("caso isso não seja feito em 48h"): sets
// 1-10 read no reason from a legal threat or a data-deletion demand. The trip or the night lost to an incident
// ("fiz 80 km à toa", "perdi minha noite") is part of what happened, not a reason (set 16).
const TAG =
  /^(ne|ne nao|pode falar|fala ai|serio|julia|ju|oi|ola|olha|bom dia|boa tarde|boa noite|por favor|por gentileza|(me )?desculp\w*( a pergunta| julia| ju)?|tipo (a|o) \w+|ou nao|moca|moco|querid[oa]|amig[oa]|doutora?|dra|dr|viu|ta|ta bom|obrigad[oa]( pelo contato)?|grat[oa]|valeu|beijos?|abracos?|agradeco( o| pelo)? (contato|mensagem|atencao)|(dra?|doutora?) \w+( aqui)?|\w+ aqui|nada pessoal|de vez|(com )?urgencia|urgente|e serio|(nem |em )?(canal nenhum|nenhum canal)|((nem )?(whats\w*|zap|e ?mail|ligac\w*|sms|telefone|telegram|mensage\w*|tudo) ?)+|(encerr\w*|cort\w*|cess\w*|par\w*) (qualquer|todo|o) contato( comigo)?|caso (isso )?nao (seja feit[oa]|aconte\w*) (em|ate) .*|((exijo|solicito|peco|quero) )?(a )?(exclusao|remocao|apagamento) (imediata )?(de )?(todos )?(dos |os )?meus dados .*|(fiz|rodei|andei|dirigi|viajei) \d+ ?km (a toa|atoa|pra nada|para nada)|perdi (a viagem|minha noite|a noite|o dia|meu dia|meu tempo))$/;
const CANNED = /\b((resposta|mensagem|texto|textao)s? (\w+ ){0,2}(generic\w*|pront\w*|padrao|automatic\w*|gigante\w*|enorme\w*|grande\w*|long[oa]s?)|textao)\b/;

/**
 * The clauses of a message that are not the act itself: in "me tira da lista, esse ano vou
 * me dedicar só à residência" the stop is the act and the rest is its reason. Null when every clause is the
 * act, or none is (the act is then spread over the message and no clause can be set aside).
 */
export function reasonClauses(text: string): string | null {
  const kept = clausesBesideTheAct(text);
  return kept !== null && kept.length > 0 ? kept.join('. ') : null;
}

/**
 * the act is found and nothing but softeners or tags stands beside it ("me exclui de vez, nada
 * pessoal"): no reason was given, so none may be read into it, by the rules or by the model. False when no clause is
 * the act (it is spread over the message and what surrounds it cannot be told apart).
 */
export function nothingBesideTheAct(text: string): boolean {
  return clausesBesideTheAct(text)?.length === 0;
}

/** The clauses beside the act once tags are dropped ([] when nothing stands beside it), or null when no clause is the act. */
function clausesBesideTheAct(text: string): string[] | null {
  // a wrong number or praise for us against another company has no reason to read.
  if (NOTHING_AGAINST_US.test(normalizeText(text))) return [];
  const clauses = text.split(/[.;!?\n]+|,\s*|\s+mas\s+/i).map((c) => c.trim()).filter(Boolean);
  const isAct = (c: string) => optOutByRules(c).optOut || handoffByRules(c).handoff || botSuspicionByRules(c).suspicious;
  const bot = botSuspicionByRules(text).suspicious;
  const isTag = (c: string) => {
    const f = fold(c).replace(/[^a-z0-9 ]+/g, ' ').replace(/\s+/g, ' ').trim();
    return TAG.test(f) || (bot && CANNED.test(f));
  };
  const rest = clauses.filter((c) => !isAct(c));
  if (rest.length === clauses.length) return null;
  return rest.filter((c) => !isTag(c));
}
