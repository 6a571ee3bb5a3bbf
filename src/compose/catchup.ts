import type { AppDeps } from '../app-deps.js';
import type { Capability } from '../capability.js';
import type { CatchupOptions } from '../catchup/index.js';
import { createDeadLetters } from '../inbound/index.js';
import { createEvolutionHistory, type EvolutionHistory } from '../integrations/evolution/index.js';
import type { JobHandlers } from '../../workers/index.js';
import { evolutionCatchupHandler } from '../../workers/evolution-catchup.js';
import { evolutionStatusHandler } from '../../workers/evolution-status.js';

/**
 * Nothing a doctor sends is missed (issue 16): a catch-up run per Evolution
 * instance every CATCHUP_INTERVAL_MS (and at once when the webhook reports the
 * instance reconnected), plus delivery/read status of our sends. Without
 * Evolution configured (console provider) there is nothing to catch up with.
 */
export function composeCatchup(deps: AppDeps, overrides: { history?: EvolutionHistory; options?: Partial<CatchupOptions> } = {}): Capability {
  const { config, db } = deps;
  const history =
    overrides.history ??
    (config.EVOLUTION_API_URL && config.EVOLUTION_API_KEY ? createEvolutionHistory({ baseUrl: config.EVOLUTION_API_URL, apiKey: config.EVOLUTION_API_KEY }) : undefined);
  const handlers: JobHandlers = { 'evolution-status': evolutionStatusHandler({ db }) };
  if (!history) return { name: 'catchup', handlers };
  const options: Partial<CatchupOptions> = {
    firstLookbackMs: config.CATCHUP_FIRST_LOOKBACK_MIN * 60_000,
    alertThreshold: config.CATCHUP_ALERT_THRESHOLD,
    ...overrides.options,
  };
  handlers['evolution-catchup'] = evolutionCatchupHandler({
    db, history, queue: deps.queue, clock: deps.clock, logger: deps.logger, notices: deps.notices, options,
    deadLetters: createDeadLetters(db, deps.logger),
  });
  return {
    name: 'catchup',
    handlers,
  };
}
