import type { z } from 'zod';
import type { JobDefinition } from './job-definition.js';
import { chatwootSyncJob } from './chatwoot-sync.js';
import { groupIngestJob } from './group-ingest.js';
import { inboundJob } from './inbound.js';
import { transcribeJob } from './transcribe.js';
import { inboundSweeperJob } from './inbound-sweeper.js';
import { outboundJob } from './outbound.js';
import { turnJob } from './turn.js';
import { modelRecoveryJob } from './model-recovery.js';
import { campaignDispatchJob } from './campaign-dispatch.js';
import { alertsJob } from './alerts.js';
import { doctorStateMaintenanceJob } from './doctor-state-maintenance.js';
import { expiredPausesJob } from './expired-pauses.js';
import { followupsJob } from './followups.js';
import { reportsJob } from './reports.js';
import { fillAlertsJob } from './fill-alerts.js';
import { scheduledMessagesJob } from './scheduled-messages.js';
import { shiftConfirmationsJob } from './shift-confirmations.js';
import { evolutionCatchupJob } from './evolution-catchup.js';
import { evolutionStatusJob } from './evolution-status.js';
import { groupProcessJob } from './group-process.js';
import { groupSweepJob } from './group-sweep.js';
import { slackCommandJob } from './slack-command.js';
import { slackActionSweepJob } from './slack-action-sweep.js';
import { chatwootNoteJob } from './chatwoot-note.js';
import { askManagerPostJob } from './ask-manager-post.js';
import { askManagerSweepJob } from './ask-manager-sweep.js';
import { handoffReminderJob } from './handoff-reminder.js';
import { conversationReviewJob } from './conversation-review.js';
import { callReceivedJob } from './call-received.js';
import { humanControlExpiryJob } from './human-control-expiry.js';
import { chatwootContactsJob } from './chatwoot-contacts.js';
import { briefingSyncJob } from './briefing-sync.js';
import { fillWavesJob } from './fill-waves.js';

export { QUEUE_NAMES, backoffDelayMs, defineJob, retryWindowMs, type JobDefinition, type QueueName } from './job-definition.js';

/**
 * Every background job, by name: its queue, zod payload, retries, whether it is
 * signed and when it recurs (each job file exports its definition). The one
 * place a job is declared; producers and handlers take their types from it.
 */
export const catalog = {
  outbound: outboundJob,
  inbound: inboundJob,
  transcribe: transcribeJob,
  'group-ingest': groupIngestJob,
  turn: turnJob,
  'chatwoot-sync': chatwootSyncJob,
  'model-recovery': modelRecoveryJob,
  'inbound-sweeper': inboundSweeperJob,
  'campaign-dispatch': campaignDispatchJob,
  'scheduled-messages': scheduledMessagesJob,
  followups: followupsJob,
  'shift-confirmations': shiftConfirmationsJob,
  'expired-pauses': expiredPausesJob,
  'doctor-state-maintenance': doctorStateMaintenanceJob,
  alerts: alertsJob,
  reports: reportsJob,
  'evolution-catchup': evolutionCatchupJob,
  'evolution-status': evolutionStatusJob,
  'group-process': groupProcessJob,
  'group-sweep': groupSweepJob,
  'slack-command': slackCommandJob,
  'slack-action-sweep': slackActionSweepJob,
  'chatwoot-note': chatwootNoteJob,
  'ask-manager-post': askManagerPostJob,
  'ask-manager-sweep': askManagerSweepJob,
  'handoff-reminder': handoffReminderJob,
  'conversation-review': conversationReviewJob,
  'call-received': callReceivedJob,
  'human-control-expiry': humanControlExpiryJob,
  'chatwoot-contacts': chatwootContactsJob,
  'briefing-sync': briefingSyncJob,
  'fill-waves': fillWavesJob,
  'fill-alerts': fillAlertsJob,
} as const satisfies Record<string, JobDefinition>;

export type Catalog = typeof catalog;
export type JobName = keyof Catalog;
/** The payload a producer passes to `enqueue` (fields with a default may be left out). */
export type JobInput<N extends JobName> = z.input<Catalog[N]['payload']>;
/** The payload a handler receives: validated, defaults filled in. */
export type JobPayload<N extends JobName> = z.output<Catalog[N]['payload']>;

// The JobQueue port (src/shared/job-queue.ts) takes the catalog's payload types
// from here, so src/ has `enqueue('inbound', payload)` checked without importing workers/.
declare module '../src/shared/job-queue.js' {
  interface JobPayloads extends CatalogInputs {}
}
type CatalogInputs = { [N in JobName]: JobInput<N> };

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(catalog, name);
}

/** A job's definition by the name a BullMQ job carries (read back from Redis, so any string). */
export function jobDefinition(name: string): JobDefinition {
  if (!isJobName(name)) throw new Error(`unknown job ${name}`);
  return catalog[name];
}
