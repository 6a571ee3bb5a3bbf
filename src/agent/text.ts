/** Lower case without accents, like the SQL fold(): "Sábado" → "sabado". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}
