import { randomUUID } from 'node:crypto';
import type { AppDeps } from './app-deps.js';
import type { Capability } from './capability.js';
import { createFillPlanner, createFillStore, type FillPlanner, type FillStore } from './fill/index.js';
import type { JobHandler } from '../workers/index.js';
import { createOutboundWithdrawer } from '../workers/campaign-withdraw.js';
import { fillWavesHandler } from '../workers/fill-waves.js';

const LEASE_MS = 55_000;

export interface FillCapability extends Capability {
  planner: FillPlanner;
  store: FillStore;
}

/** Fill plans (issue 30): the per-minute wave job and its schedule. */
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
  const leaseKey = `${redisPrefix}:fill:waves-lease`;
  const lease = async () => {
    const token = randomUUID();
    if ((await redis.set(leaseKey, token, 'PX', LEASE_MS, 'NX')) !== 'OK') return null;
    // Release only our own lease (a run that outlived it must not free the next one's).
    return async () => {
      await redis.eval(`if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`, 1, leaseKey, token);
    };
  };
  return {
    name: 'fill',
    planner,
    store: createFillStore(deps.db),
    handlers: { 'fill-waves': fillWavesHandler(planner, lease) as JobHandler },
    schedules: [{ id: 'fill-waves', queue: 'scheduled', jobName: 'fill-waves', pattern: '* * * * *' }],
    close: () => withdrawer.close(),
  };
}
