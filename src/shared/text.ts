/**
 * Accent folding, the TypeScript twin of the SQL fold(): doctors type "sabado",
 * "sábado" and "SÁBADO" for the same day. NFD splits base letters from their
 * combining marks, which are dropped.
 */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '');
}

/** Lower case without accents: "Sábado" → "sabado". */
export function fold(text: string): string {
  return foldAccents(text).toLowerCase();
}
