/**
 * A tool call that cannot proceed as asked. The loop turns it into an
 * `is_error` tool result so the model can correct itself or ask the doctor;
 * it never crashes the turn.
 */
export class ToolError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ToolError';
  }

  toResult(): Record<string, unknown> {
    return { erro: this.code, mensagem: this.message, ...this.details };
  }
}
