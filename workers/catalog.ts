import type { JobDefinition } from './job-definition.js';
import { chatwootSyncJob } from './chatwoot-sync.js';
import { groupIngestJob } from './group-ingest.js';
import { inboundJob } from './inbound.js';
import { inboundSweeperJob } from './inbound-sweeper.js';
import { outboundJob } from './outbound.js';
import { turnJob } from './turn.js';
import { modelRecoveryJob } from './model-recovery.js';
import { campaignDispatchJob } from './campaign-dispatch.js';
import { conversationReviewJob } from './conversation-review.js';

export { QUEUE_NAMES, backoffDelayMs, defineJob, retryWindowMs, type JobDefinition, type QueueName } from './job-definition.js';

/** Job name → definition; the job files below are registered at the end. */
export const catalog: Record<string, JobDefinition> = {};

export function registerJob(name: string, def: JobDefinition): void {
  if (/:/.test(name)) throw new Error(`job name ${name} may not contain ':'`);
  catalog[name] = def;
}

export function jobDefinition(name: string): JobDefinition {
  const def = catalog[name];
  if (!def) throw new Error(`unknown job ${name}`);
  return def;
}

// Job files export their definitions; registering them here keeps one catalog.
registerJob('outbound', outboundJob);
registerJob('inbound', inboundJob);
registerJob('group-ingest', groupIngestJob);
registerJob('turn', turnJob);
registerJob('chatwoot-sync', chatwootSyncJob);
registerJob('model-recovery', modelRecoveryJob);
registerJob('inbound-sweeper', inboundSweeperJob);
registerJob('campaign-dispatch', campaignDispatchJob);
registerJob('conversation-review', conversationReviewJob);
