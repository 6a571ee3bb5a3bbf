/**
 * 32-bit FNV-1a of a string's UTF-16 code units: a fast, stable bucket for hashed
 * features (the local embedder, and the embedding fake that stands in for Voyage).
 */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
