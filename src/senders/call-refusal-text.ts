/**
 * Evolution's reject-call message (`msgCall`) seen without its configured text
 * (EVOLUTION_REJECT_CALL_MESSAGE unset): a fromMe text that refuses calls and
 * asks for a message. Data: a word for a call, and a refusal or a "write
 * instead" in the same text. Portuguese, plus the English and Spanish texts
 * Evolution's own examples and installs use ("I do not accept calls").
 *
 * Trade-off, on purpose: a person who types on the phone "não consigo atender
 * ligação agora, me manda mensagem" is read as this automatic text, and Júlia
 * keeps the conversation; the other way round (the automatic text read as a
 * person) silences Júlia for the doctor.
 */
const CALL_WORD = /\b(?:ligac(?:ao|oes)|chamadas?|ligar|calls?|llamadas?)\b/;

const REFUSAL: RegExp[] = [
  /\bnao\s+(?:atendemos|atendo|aceitamos|aceito|recebemos|recebo|realizamos|fazemos|(?:posso|podemos|consigo|conseguimos|estou podendo)\s+(?:atender|receber|aceitar))\b/,
  /\b(?:indisponive(?:l|is)|ausente)\s+para\s+(?:ligac|chamad)/,
  /\b(?:ligac(?:ao|oes)|chamadas?)\s+(?:(?:foi|foram|e|sao)\s+)?(?:recusadas?|rejeitadas?|bloqueadas?|nao\s+(?:sao\s+)?atendidas?)\b/,
  /\b(?:apenas|somente|so)\s+(?:por\s+)?(?:mensagens?|texto|escrito|whatsapp)\b/,
  /\b(?:envie|mande|manda|deixe|deixa|escreva)\s+(?:uma\s+|sua\s+)?(?:mensagem|msg|texto)\b/,
  /\b(?:do not|don't|can't|cannot|does not|doesn't)\s+(?:accept|answer|take|receive)\s+(?:voice\s+|video\s+)?calls?\b/,
  /\bcalls?\s+(?:are|is)\s+(?:not\s+(?:accepted|allowed|answered)|rejected|declined)\b/,
  /\bno\s+(?:acepto|aceptamos|atiendo|atendemos|contesto|contestamos|recibo|recibimos)\s+llamadas\b/,
];

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

export function isCallRefusalText(text: string): boolean {
  const t = fold(text);
  return CALL_WORD.test(t) && REFUSAL.some((re) => re.test(t));
}
