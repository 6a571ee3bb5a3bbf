/**
 * What Júlia writes after a doctor's call she cannot take: short, in her voice,
 * asking him to write. Variants so two doctors do not get the very same line.
 */
export const CALL_TEXTS = [
  'Oi! Vi sua ligação, mas por aqui não consigo atender chamadas. Me manda uma mensagem que eu te respondo rapidinho!',
  'Oi! Não consigo atender ligação por aqui, mas me escreve o que precisa que eu te respondo já já.',
] as const;

export function callText(random: () => number = Math.random): string {
  return CALL_TEXTS[Math.floor(random() * CALL_TEXTS.length) % CALL_TEXTS.length]!;
}
