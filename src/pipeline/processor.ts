import type { TurnContext } from './turn-context.js';

/**
 * The pipeline contract (docs/architecture.md). A processor that stops
 * must have emitted its business event before returning (invariant I6).
 */
export type ProcessorResult =
  | { action: 'continue' }
  | { action: 'stop'; reason: string; /** Sent instead of a model reply, unless a human is in control. */ reply?: string };

export interface Processor {
  name: string;
  stage: 'pre' | 'post';
  priority: number;
  run(ctx: TurnContext): Promise<ProcessorResult>;
}

export const CONTINUE: ProcessorResult = { action: 'continue' };

export function stop(reason: string, reply?: string): ProcessorResult {
  return reply === undefined ? { action: 'stop', reason } : { action: 'stop', reason, reply };
}
