/**
 * WhatsApp-sized bubbles: paragraphs first, then sentences, so no bubble reads
 * like an e-mail. A single very long sentence is cut at a word boundary.
 */
export const MAX_BUBBLE_CHARS = 320;

export function splitBubbles(texts: string[], max = MAX_BUBBLE_CHARS): string[] {
  const out: string[] = [];
  for (const text of texts) {
    for (const paragraph of text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)) {
      if (paragraph.length <= max) {
        out.push(paragraph);
        continue;
      }
      let current = '';
      for (const sentence of paragraph.split(/(?<=[.!?…])\s+/)) {
        for (const piece of cutLong(sentence, max)) {
          if (current && current.length + 1 + piece.length > max) {
            out.push(current);
            current = piece;
          } else current = current ? `${current} ${piece}` : piece;
        }
      }
      if (current) out.push(current);
    }
  }
  return out;
}

function cutLong(sentence: string, max: number): string[] {
  if (sentence.length <= max) return [sentence];
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > max) {
    const at = rest.lastIndexOf(' ', max);
    const cut = at > max / 2 ? at : max;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}
