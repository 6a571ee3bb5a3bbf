/** Base class so callers can branch on `code` instead of parsing messages. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Bad or half-filled environment: the message names the variable. */
export class ConfigError extends AppError {
  constructor(message: string) {
    super('config', message);
  }
}

/** Input that can never succeed, no matter how often it is retried. */
export class ValidationError extends AppError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('validation', message, details);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('not_found', message, details);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('conflict', message, details);
  }
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
