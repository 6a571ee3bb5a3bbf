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
registerJob('transcribe', transcribeJob);
registerJob('group-ingest', groupIngestJob);
registerJob('turn', turnJob);
registerJob('chatwoot-sync', chatwootSyncJob);
registerJob('model-recovery', modelRecoveryJob);
registerJob('inbound-sweeper', inboundSweeperJob);
registerJob('campaign-dispatch', campaignDispatchJob);
registerJob('scheduled-messages', scheduledMessagesJob);
registerJob('followups', followupsJob);
registerJob('shift-confirmations', shiftConfirmationsJob);
registerJob('expired-pauses', expiredPausesJob);
registerJob('doctor-state-maintenance', doctorStateMaintenanceJob);
registerJob('alerts', alertsJob);
registerJob('reports', reportsJob);
registerJob('fill-alerts', fillAlertsJob);
registerJob('evolution-catchup', evolutionCatchupJob);
registerJob('evolution-status', evolutionStatusJob);
registerJob('group-process', groupProcessJob);
registerJob('group-sweep', groupSweepJob);
registerJob('slack-command', slackCommandJob);
registerJob('slack-action-sweep', slackActionSweepJob);
registerJob('chatwoot-note', chatwootNoteJob);
registerJob('ask-manager-post', askManagerPostJob);
registerJob('ask-manager-sweep', askManagerSweepJob);
registerJob('handoff-reminder', handoffReminderJob);
registerJob('conversation-review', conversationReviewJob);
registerJob('call-received', callReceivedJob);
registerJob('human-control-expiry', humanControlExpiryJob);
registerJob('chatwoot-contacts', chatwootContactsJob);
registerJob('briefing-sync', briefingSyncJob);
registerJob('fill-waves', fillWavesJob);
