import type { AppDeps } from '../app-deps.js';
import type { Capability } from '../capability.js';
import { chatwootUiBase, postConversationNotice } from '../slack/index.js';
import { contactAttributeDefinitions, handBack, handleSupervisorReply, loadMirrorMedia } from '../handoff/index.js';
import { chatwootWebhook } from '../http/index.js';
import { createDeadLetters } from '../inbound/index.js';
import type { ChatwootClient } from '../integrations/chatwoot/index.js';
import { onceKeys } from '../redis/index.js';
import { chatwootSyncHandler } from '../../workers/chatwoot-sync.js';
import { fetchMediaOf } from './voice.js';
import { loadVoiceAudio, voiceNoteAwaitingWords } from '../voice/index.js';
import { chatwootNoteHandler } from '../../workers/chatwoot-note.js';
import { handoffReminderHandler } from '../../workers/handoff-reminder.js';
import { humanControlExpiryHandler } from '../../workers/human-control-expiry.js';
import { chatwootContactsHandler } from '../../workers/chatwoot-contacts.js';
import { recordInstructionNote } from '../instructions/index.js';

export const HANDOFF_LABEL = 'atendimento-humano';

/** Supervisors in Chatwoot: the mirror job, the webhook for their replies and the hand-back. */
export function composeSupervision(deps: AppDeps, chatwoot: ChatwootClient | undefined): Capability {
  const { config, db, logger, outbound, clock, redis, redisPrefix, notices, mirror, note } = deps;
  const conventions = { handoffLabel: HANDOFF_LABEL, teamId: config.CHATWOOT_HANDOFF_TEAM_ID, assigneeId: config.CHATWOOT_HANDOFF_ASSIGNEE_ID };
  const expireHours = config.HUMAN_CONTROL_EXPIRE_HOURS;
  const definitions = chatwoot ? contactAttributeDefinitions(chatwoot) : undefined;
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
          onHandback: async (m) => {
            const r = await handBack({ db, now: () => clock.now() }, m);
            // The label comes off and the status follows (the mirror applies control).
            if (r.conversationId && mirror) await mirror(r.conversationId);
            return r;
          },
          onPrivateNote: (m) => recordInstructionNote({ db, now: () => clock.now(), ttlHours: config.SUPERVISOR_INSTRUCTION_HOURS, ...(deps.note ? { note: deps.note } : {}) }, m),
        }),
      },
    ],
    handlers: {
      ...(chatwoot ? { 'chatwoot-sync': chatwootSyncHandler({
        db, chatwoot, logger, conventions, ...(definitions && { definitions }),
        voice: { audio: (id) => loadVoiceAudio({ db, fetchMedia: fetchMediaOf(deps) }, id), awaitingWords: (id) => voiceNoteAwaitingWords(db, id) },
        media: (id) => loadMirrorMedia({ db, fetchMedia: fetchMediaOf(deps) }, id),
      }),
      'chatwoot-note': chatwootNoteHandler({ db, chatwoot }),
      'chatwoot-contacts': chatwootContactsHandler({ db, chatwoot, logger, ...(definitions && { definitions }) }) } : {}),
      ...(expireHours ? { 'human-control-expiry': humanControlExpiryHandler({
        db, clock, hours: expireHours, logger,
        notices: {
          slack: (conversationId, text) => postConversationNotice({ config, db, notices }, { title: 'Atendimento humano expirou: a Júlia voltou', text, conversationId }),
          ...(note ? { note } : {}),
          ...(mirror ? { mirror } : {}),
        },
      }) } : {}),
      'handoff-reminder': handoffReminderHandler({ db, notices, clock, minutes: config.HANDOFF_REMINDER_MINUTES, ...(chatwootUrl ? { chatwootUrl } : {}) }),
    },
  };
}
