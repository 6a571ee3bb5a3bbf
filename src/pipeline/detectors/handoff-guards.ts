/**
 * Hand-off guards added after reading set 8 (h14-handoff9). Set 8's false hand-offs were not new words but
 * messages that look like a request or a dispute while being neither:
 * - a call asked for as a convenience: a standing channel preference ("prefiro que me liguem", "não gosto de
 *   negociar por texto", "me liga em vez de mandar texto") or a call put off because the doctor is busy now
 *   ("me liga depois das 19h, agora estou em consulta"). Júlia notes the preference; no person is needed.
 *   A problem or urgency in the same message ("me liga, é urgente", "dúvida no contrato") keeps the hand-off.
 * - a past told as a reason: what happened with another company ("da última vez que peguei plantão por empresa
 *   assim fiquei 3 meses sem receber") or something settled and hoped not to repeat ("espero que não aconteça de
 *   novo"). A dispute still open ("ainda não recebi", "cadê") keeps the hand-off.
 * Both veto the matching rules and also a hand-off the learned layer would add on its own.
 */

const CHANNEL_PREFERENCE =
  /\bprefiro que (?:me )?(?:liguem|ligue|ligar|telefonem|telefone)\b|\bnao gosto de (?:\S+ ){0,2}?(?:por|via|pelo) (?:texto|mensage\w*|escrito|whatsapp|chat)\b|\b(?:em vez de|ao inves de|no lugar de) (?:\S+ ){0,2}?(?:texto|mensage\w*|escrever|digitar)\b/;
const BUSY_NOW = /\b(?:to|estou|tou) (?:em consulta|atendendo|em atendimento|em cirurgia|operando|dirigindo|ocupad[oa]|em reuniao)\b/;
const CALL_HAS_MATTER = /\b(?:urgente|urgencia|problema|reclama\w*|pagamento|contrato|duvida\w*|resolver|ninguem)\b/;

/** A call asked for as a convenience (channel preference, busy now), with no problem named beside it. */
export function callForConvenience(text: string): boolean {
  return (CHANNEL_PREFERENCE.test(text) || BUSY_NOW.test(text)) && !CALL_HAS_MATTER.test(text);
}

const ELSEWHERE =
  /\b(?:outras? (?:empresas?|agencias?|cooperativas?)|empresa anterior|antiga empresa|ano passado|(?:por|com|numa|em|pela|de) (?:uma )?(?:empresas?|agencias?|cooperativas?) (?:assim|desse tipo|dessas|parecidas?))\b/;
const HOPE_NOT_AGAIN =
  /\bespero que (?:isso |dessa vez |desta vez )?(?:nao (?:aconteca|se repita|volte a|atrase|ocorra)|seja diferente)\b|\bque (?:isso )?nao se repita\b/;
const OPEN_NOW = /\b(?:ainda|ate hoje|ate agora|cade|continuo|sigo|estou sem|to sem)\b/;

/** A past experience told as a reason (elsewhere, or settled and hoped not to repeat), not a dispute open with us. */
export function pastToldAsReason(text: string): boolean {
  return (ELSEWHERE.test(text) || HOPE_NOT_AGAIN.test(text)) && !OPEN_NOW.test(text);
}
