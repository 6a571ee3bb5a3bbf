import type { Db } from '../db/index.js';
import type { Logger } from '../shared/index.js';
import { createDeadLetters } from './dead-letters.js';

export interface ForgedJob {
  name: string;
  id: string | undefined;
  data: unknown;
  reason: string;
}

/**
 * What happens to a job refused for its signature (workers/index.ts): it is
 * kept as a dead letter (`julia dead-letters --source queue-<job>`, masked like
 * every dead letter) and the managers are told, with no text and no phone. A
 * burst of forged jobs with one body is one dead-letter row with a counter.
 */
export function forgedJobReporter(deps: { db: Db; logger: Logger; notify(text: string): Promise<unknown> }) {
  const deadLetters = createDeadLetters(deps.db, deps.logger);
  return async (job: ForgedJob): Promise<void> => {
    await deadLetters.record({ source: `queue-${job.name}`, reason: `${job.reason} (job ${job.id ?? '?'})`, raw: JSON.stringify(job.data ?? null) });
    await deps.notify(
      `Job recusado: ${job.name} sem assinatura válida na fila (job ${job.id ?? '?'}). Nada foi processado nem enviado. Verifique quem tem acesso ao Redis e ao painel de filas.`,
    );
  };
}
