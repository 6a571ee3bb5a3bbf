import type { AppDeps } from './app-deps.js';
import type { Capability } from './capability.js';
import { chatwootUiBase } from './compose-notices.js';
import { handBack, handleSupervisorReply } from './handoff/index.js';
import { chatwootWebhook } from './http/index.js';
import { createDeadLetters } from './inbound/index.js';
import type { ChatwootClient } from './integrations/chatwoot/index.js';
import { onceKeys } from './redis/index.js';
import type { JobHandler } from '../workers/index.js';
import { chatwootSyncHandler } from '../workers/chatwoot-sync.js';
import { fetchMediaOf } from './compose-voice.js';
import { loadVoiceAudio, voiceNoteAwaitingWords } from './voice/index.js';
import { chatwootNoteHandler } from '../workers/chatwoot-note.js';
import { handoffReminderHandler } from '../workers/handoff-reminder.js';
import { recordInstructionNote } from './instructions/index.js';

export const HANDOFF_LABEL = 'atendimento-humano';

/** Supervisors in Chatwoot: the mirror job, the webhook for their replies and the hand-back. */
export function composeSupervision(deps: AppDeps, chatwoot: ChatwootClient | undefined): Capability {
  const { config, db, logger, outbound, clock, redis, redisPrefix, notices } = deps;
  const chatwootUrl = chatwootUiBase(config);
  if (config.CHATWOOT_WEBHOOK_ALLOW_URL_TOKEN) {
    logger.warn('CHATWOOT_WEBHOOK_ALLOW_URL_TOKEN=on: unsigned Chatwoot webhooks are admitted by the URL secret alone');
  }
  return {
    name: 'supervision',
    mounts: [
      {
        path: '/webhooks/chatwoot',
        app: chatwootWebhook({
          secret: config.CHATWOOT_WEBHOOK_SECRET,
          allowUrlToken: config.CHATWOOT_WEBHOOK_ALLOW_URL_TOKEN,
          logger,
          now: () => clock.now().getTime(),
          dedupe: onceKeys(redis, redisPrefix, 'chatwoot-delivery'),
          handoffLabel: HANDOFF_LABEL,
          deadLetter: (entry) => createDeadLetters(db, logger).record(entry),
          onAgentMessage: (m) => handleSupervisorReply({ db, outbound, now: () => clock.now() }, m),
          onHandback: (m) => handBack({ db, now: () => clock.now() }, m),
          onPrivateNote: (m) => recordInstructionNote({ db, now: () => clock.now(), ttlHours: config.SUPERVISOR_INSTRUCTION_HOURS, ...(deps.note ? { note: deps.note } : {}) }, m),
        }),
      },
    ],
    handlers: {
      ...(chatwoot ? { 'chatwoot-sync': chatwootSyncHandler({ db, chatwoot, logger, voice: { audio: (id) => loadVoiceAudio({ db, fetchMedia: fetchMediaOf(deps) }, id), awaitingWords: (id) => voiceNoteAwaitingWords(db, id) } }) as JobHandler, 'chatwoot-note': chatwootNoteHandler({ db, chatwoot }) as JobHandler } : {}),
      'handoff-reminder': handoffReminderHandler({ db, notices, clock, minutes: config.HANDOFF_REMINDER_MINUTES, ...(chatwootUrl ? { chatwootUrl } : {}) }) as JobHandler,
    },
    // Every minute: a reminder is due at most a minute late.
    schedules: [{ id: 'handoff-reminder', queue: 'scheduled', jobName: 'handoff-reminder', every: 60_000 }],
  };
}
