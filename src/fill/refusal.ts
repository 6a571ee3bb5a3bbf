import { fold } from '../shared/index.js';

// Short, firm answers to an offer: "não posso", "não vou conseguir", "dessa vez não".
const REFUSAL = /\b(nao (posso|consigo|vou (poder|conseguir|dar)|da|tenho interesse|quero|rola)|dessa vez nao|desta vez nao|fica pra proxima|to fora|estou fora|passo essa|dispenso)\b/;
// "não posso recusar", "não quero perder" are not refusals.
const NOT_REALLY = /\bnao (posso|quero|vou) (recusar|perder|deixar passar)\b/;

/** A doctor's answer that turns down the offer he has open (his other words go to the normal turn). */
export function isFillRefusal(text: string): boolean {
  const t = fold(text);
  return REFUSAL.test(t) && !NOT_REALLY.test(t);
}
