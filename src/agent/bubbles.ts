/**
 * Júlia writes several short WhatsApp bubbles; the model separates them with
 * a blank line. Markdown the model slips in would show as raw symbols on
 * WhatsApp, so it is removed here as a last line of defence.
 */
export function toBubbles(text: string): string[] {
  return text
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/)
    .map((part) =>
      part
        .split('\n')
        .map((line) =>
          line
            .replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '')
            .replace(/^#+\s*/, '')
            .replace(/\*\*(.+?)\*\*/g, '$1')
            .replace(/__(.+?)__/g, '$1')
            .trim(),
        )
        .filter(Boolean)
        .join('\n'),
    )
    .filter(Boolean);
}
