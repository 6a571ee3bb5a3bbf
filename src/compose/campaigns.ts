import type { AppDeps } from '../app-deps.js';
import type { Capability } from '../capability.js';
import { redisLease } from '../redis/index.js';
import { createDispatcher, type Dispatcher } from '../campaigns/index.js';
import { createAnthropicClient } from '../integrations/anthropic/index.js';
import { createRateLimiter } from '../outbound/index.js';
import { campaignDispatchHandler } from '../../workers/campaign-dispatch.js';
import { createOutboundWithdrawer } from '../../workers/campaign-withdraw.js';

/** The LLM opener must never hold a campaign up: one short attempt, then the template. */
const OPENER_TIMEOUT_MS = 4_000;
const LEASE_MS = 55_000;

export interface CampaignsCapability extends Capability {
  dispatcher: Dispatcher;
  withdraw(keys: string[]): Promise<string[]>;
}

/** Campaigns (spec 5.3): the per-minute dispatcher job (its schedule is in the catalog). */
export function composeCampaigns(deps: AppDeps): CampaignsCapability {
  const { config, redis, redisPrefix, logger } = deps;
  const withdrawer = createOutboundWithdrawer(redis, redisPrefix);
  const limiter = createRateLimiter(redis, redisPrefix);
  const dispatcher = createDispatcher({
    db: deps.db,
    clock: deps.clock,
    logger,
    flags: deps.flags,
    outbound: deps.outbound,
    instances: config.evolutionInstances,
    remaining: (instances, now) => limiter.remaining(instances, now),
    withdraw: withdrawer.withdraw,
    spreadMs: config.CAMPAIGN_SPREAD_MS,
    businessHours: config.businessHours,
    ...(config.ANTHROPIC_API_KEY && {
      opener: {
        llm: createAnthropicClient({
          apiKey: config.ANTHROPIC_API_KEY,
          ...(config.ANTHROPIC_BASE_URL ? { baseURL: config.ANTHROPIC_BASE_URL } : {}),
          timeoutMs: OPENER_TIMEOUT_MS,
          maxRetries: 0,
        }),
        model: config.ANTHROPIC_MODEL_FAST,
        timeoutMs: OPENER_TIMEOUT_MS,
        logger,
      },
    }),
  });
  const lease = redisLease(redis, `${redisPrefix}:campaigns:dispatch-lease`, LEASE_MS);
  return {
    name: 'campaigns',
    dispatcher,
    withdraw: withdrawer.withdraw,
    handlers: { 'campaign-dispatch': campaignDispatchHandler(dispatcher, lease) },
    close: () => withdrawer.close(),
  };
}
