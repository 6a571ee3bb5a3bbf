import type { AppDeps } from '../app-deps.js';
import type { Capability } from '../capability.js';
import { redisLease } from '../redis/index.js';
import { createFillPlanner, createFillStore, type FillPlanner, type FillStore } from '../fill/index.js';
import { createOutboundWithdrawer } from '../../workers/campaign-withdraw.js';
import { fillWavesHandler } from '../../workers/fill-waves.js';

const LEASE_MS = 55_000;

export interface FillCapability extends Capability {
  planner: FillPlanner;
  store: FillStore;
}

/** Fill plans: the per-minute wave job (its schedule is in the catalog). */
export function composeFill(deps: AppDeps): FillCapability {
  const { config, redis, redisPrefix } = deps;
  const withdrawer = createOutboundWithdrawer(redis, redisPrefix);
  const planner = createFillPlanner({
    db: deps.db,
    clock: deps.clock,
    logger: deps.logger,
    flags: deps.flags,
    outbound: deps.outbound,
    withdraw: withdrawer.withdraw,
    horizonDays: config.FILL_HORIZON_DAYS,
    registrationRequired: config.REGISTRATION_REQUIRED,
    businessHours: config.businessHours,
  });
  const lease = redisLease(redis, `${redisPrefix}:fill:waves-lease`, LEASE_MS);
  return {
    name: 'fill',
    planner,
    store: createFillStore(deps.db),
    handlers: { 'fill-waves': fillWavesHandler(planner, lease) },
    close: () => withdrawer.close(),
  };
}
