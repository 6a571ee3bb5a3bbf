import { fold } from '../shared/index.js';

const KEYWORD = /plantao|plantoes|\bvagas?\b|escala|cobertura|\bps\b|\buti\b|\bcm\b|\bgo\b|noturno|diurno|12x36|24h|ortoped|pediatr|cirurgi|anestesi|clinica|emergencia|obstetr|intensiv|sobreaviso/;
const TIME = /\b\d{1,2}\s?(h|:\d{2})|\b\d{1,2}\s?(-|as|a|\/)\s?\d{1,2}\s?h?\b/;
const MONEY = /r\$|\b\d{1,2}\.\d{3}\b|\b[1-9]\d{2,3}(,00)?\b/;
const DATE = /\b\d{1,2}\/\d{1,2}\b|amanha|\bhoje\b|\bhj\b|segunda|terca|quarta|quinta|sexta|sabado|domingo|\bdia \d/;

/**
 * Cheap pre-filter before the model: a post is a likely offer when it names a
 * shift or specialty AND carries a time, a value or a date. Errs towards
 * letting posts through; the model's empty answer is the second filter.
 */
export function looksLikeOffer(kind: string, body: string | null | undefined): { offer: boolean; reason: string } {
  if (kind !== 'text') return { offer: false, reason: 'nao_texto' };
  const t = fold(body ?? '');
  if (t.trim().length < 15) return { offer: false, reason: 'curta' };
  if (!KEYWORD.test(t)) return { offer: false, reason: 'sem_palavra_chave' };
  if (!TIME.test(t) && !MONEY.test(t) && !DATE.test(t)) return { offer: false, reason: 'sem_data_horario_valor' };
  return { offer: true, reason: 'provavel_vaga' };
}
