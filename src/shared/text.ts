/**
 * The one text normalization every detector, rule and validator reads through
 * (issue 9, finding 4). A doctor, or anyone, can write "𝐏𝐀𝐑𝐀 𝐃𝐄 𝐌𝐀𝐍𝐃𝐀𝐑",
 * "ｐａｒａ", "p\u200Ba\u200Br\u200Ba" or Cyrillic "раrа": on screen it reads as
 * "para", so every matcher must see "para" too.
 *
 * canonical(): NFKC (mathematical, fullwidth, ligature and compatibility forms
 * become plain letters; odd spaces become spaces) and invisible characters
 * removed. Case and accents are kept, so raw-text checks (capitals, "?") still work.
 * foldAccents(): canonical() without diacritics. fold(): that, lower-cased,
 * with the common Cyrillic/Greek look-alikes mapped to Latin letters.
 */

/**
 * Format characters (zero-width space/joiners, bidi marks and isolates, soft
 * hyphen, word joiner, tag characters: all \p{Cf}), variation selectors and the
 * combining grapheme joiner, and the Hangul fillers people use as "blank" letters.
 */
const INVISIBLE = /[\p{Cf}\u034F\u115F\u1160\u3164\uFFA0\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu;

export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/** NFKC, invisibles removed; case and accents kept. */
export function canonical(text: string): string {
  return stripInvisible(text.normalize('NFKC'));
}

/**
 * Accent folding, the TypeScript twin of the SQL fold(): doctors type "sabado",
 * "sábado" and "SÁBADO" for the same day. NFD splits base letters from their
 * combining marks, which are dropped.
 */
export function foldAccents(text: string): string {
  if (!/[^\x00-\x7F]/.test(text)) return text;
  return canonical(text).normalize('NFD').replace(/\p{M}+/gu, '');
}

/**
 * Lower-case letters from other scripts that are drawn like Latin ones. NFKC
 * leaves them alone (they are different letters), but a Brazilian doctor never
 * writes Cyrillic or Greek, so here they are disguise, not language.
 */
const LOOKALIKES: Readonly<Record<string, string>> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  і: 'i', ї: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ӏ: 'l',
  α: 'a', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ϲ: 'c',
};
const LOOKALIKE_RE = new RegExp(`[${Object.keys(LOOKALIKES).join('')}]`, 'g');

/** Lower case without accents, disguises undone: "Sábado" → "sabado", "𝐏𝐀𝐑𝐀" → "para". */
const NON_ASCII = /[^\x00-\x7F]/;

export function fold(text: string): string {
  // Plain ASCII (most messages once accents are gone) needs only lower-casing.
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  const lower = foldAccents(text).toLowerCase();
  if (!NON_ASCII.test(lower)) return lower;
  // Lower-casing can itself produce a combining mark ("İ" → "i̇"), so marks go after it.
  return lower
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(LOOKALIKE_RE, (ch) => LOOKALIKES[ch] ?? ch);
}

/**
 * A long text cut for a reader with limited room (the model): the head and the
 * tail are kept, because a doctor's question is as often at the end as at the
 * start, and the cut is said in words so nobody mistakes it for the whole.
 */
export function truncateMiddle(text: string, max: number, marker = (omitted: number) => `\n[… ${omitted} caracteres omitidos do meio da mensagem …]\n`): string {
  if (text.length <= max) return text;
  const head = Math.ceil(max * 0.6);
  const tail = max - head;
  // Never split a surrogate pair: an orphan half is an invalid character for the API.
  let h = head;
  if (/[\uD800-\uDBFF]/.test(text[h - 1] ?? '')) h -= 1;
  let t = text.length - tail;
  if (/[\uDC00-\uDFFF]/.test(text[t] ?? '')) t += 1;
  return `${text.slice(0, h)}${marker(t - h)}${text.slice(t)}`;
}
