import { clauses, keepTitles } from './normal-form.js';
import { ownSentences } from '../rules/opt-out/vetoes.js';

// a bare "não" closed by a comma is an answer of its own ("Eu não, quero continuar recebendo", "Não
// quero, me remove da lista"). Normalising drops the comma and would glue it to the next verb, turning a wish to stay
// into "não quero continuar recebendo" and a stop into a negated one; so it becomes a sentence, and a sentence that is
// only a refusal carries no stop.
const BARE_NO = /^(?:eu )?(?:nao|nem)(?: (?:quero|obrigad[oa]|valeu|mesmo|eu|senhor[a]?))?$/;
// also "sou a secretária do Dr. …", "sou assistente da Dra. …", "em nome do Dr. …".
// "eu, como secretária dele, …", "meu filho que tá escrevendo, meu pai …".
// "oi, é o filho do Dr. …" introduces the writer the same way.
const ON_BEHALF = /\b(?:aqui )?(?:e|eh|quem fala e) (?:a |o )(?:secretari[ao]|assistente|espos[ao]|marido|mulher|filh[oa]|irma|irmao|net[oa]) d[oa] (?:dr|dra|doutor|doutora)\b|\baqui (?:e|quem fala e|eh) (?:a |o )?(?:secretari[ao]|assistente|espos[ao]|marido|mulher|filh[oa]|irma|irmao|mae|pai)\b|\bsou (?:a |o )?(?:secretari[ao]|assistente|espos[ao]|marido|mulher|filh[oa]|irma|irmao) d[oa] (?:dr|dra|doutor|doutora)\b|\bem nome d[oa] (?:dr|dra|doutor|doutora)\b|\bcomo (?:secretari[ao]|assistente|espos[ao]|filh[oa]) d(?:ele|ela)\b|\b(?:meu|minha) (?:filh[oa]|espos[ao]|marido|mulher|secretari[ao]|assistente|net[oa]) (?:que )?(?:ta|esta|to|estou|e quem esta|e quem ta) (?:escrevendo|respondendo|mandando)\b/;

/** Written for the owner, "o contato dela" is the owner's own: the rules read it as "o meu contato". */
function ownersObject(sentence: string): string {
  // "não mandem mais nada pra ela", "ele não quer mais ser contatado": the owner as the object or the
  // subject of the stop reads as the first person.
  return sentence
    .replace(/\b(?:o|a) (contato|numero|nome|cadastro|telefone|celular|whatsapp) (?:dela|dele)\b/g, 'o meu $1')
    .replace(/\bd(?:o|a) (contato|numero|nome|cadastro|telefone|celular|whatsapp) (?:dela|dele)\b/g, 'do meu $1')
    .replace(/\b(?:os|as) dados (?:dela|dele)\b/g, 'os meus dados')
    .replace(/\b(?:pra|para) (?:ela|ele)\b/g, 'pra mim')
    .replace(/\b(procurar|procurem|contatar|contatem|chamar|chamem|incomodar|incomodem|acionar|acionem) (?:ele|ela)\b/g, 'me $1')
    // "ele pediu pra avisar que não quer mais…": the owner's wish, relayed.
    .replace(/\b(?:pediu|pede|mandou) (?:pra|para) (?:avisar|dizer|falar|informar) que nao (quer|deseja)\b/g, 'ele nao $1')
    .replace(/\b(?:ela|ele) nao quer\b/g, 'nao quero')
    .replace(/\b(?:ela|ele) nao deseja\b/g, 'nao desejo');
}

function bareNoApart(text: string): string {
  // Also a "não" of emphasis closing a clause ("não precisa mais mandar não, pode tirar meu nome"): the comma ends it,
  // so the next verb is not read as negated.
  return text.replace(/(^|[.!?;,]\s*|\beu\s+)(n[ãa]o(?:\s+quero)?)\s*,/giu, '$1$2.').replace(/(\S\s+n[ãa]o)\s*,/giu, '$1.');
}

/**
 * The normalized sentences that speak for the doctor: his own sentences once mentions of a stop are
 * set aside (ownSentences), with a bare "não," kept apart and a sentence that is only a refusal dropped. Someone
 * writing for the number's owner ("aqui é a secretária da Dra. …, ela pediu que retirem o contato dela") relays the
 * owner's own request, so there every sentence counts and "o contato dela" reads as the owner's.
 */
export function speakingSentences(text: string, normalized: string): string[] {
  const apart = bareNoApart(text);
  const sentences = ON_BEHALF.test(normalized) ? clauses(keepTitles(apart)).map(ownersObject) : ownSentences(apart);
  return sentences.filter((s) => !BARE_NO.test(s));
}
