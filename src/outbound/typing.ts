/**
 * How long "composing" shows before a text: roughly a fast typist on a phone,
 * bounded so a long message does not hold the provider call for ages.
 */
export function typingDelayMs(text: string): number {
  return Math.min(6_000, Math.max(800, text.length * 40));
}
