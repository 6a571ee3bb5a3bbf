import type { AppDeps } from './app-deps.js';
import type { Capability } from './capability.js';
import { handleSupervisorReply } from './handoff/index.js';
import { chatwootWebhook } from './http/index.js';
import { createDeadLetters } from './inbound/index.js';
import type { ChatwootClient } from './integrations/chatwoot/index.js';
import type { JobHandler } from '../workers/index.js';
import { chatwootSyncHandler } from '../workers/chatwoot-sync.js';

/** Supervisors in Chatwoot: the mirror job and the webhook for their replies. */
export function composeSupervision(deps: AppDeps, chatwoot: ChatwootClient | undefined): Capability {
  const { config, db, logger, outbound, clock } = deps;
  return {
    name: 'supervision',
    mounts: [
      {
        path: '/webhooks/chatwoot',
        app: chatwootWebhook({
          secret: config.CHATWOOT_WEBHOOK_SECRET,
          logger,
          deadLetter: (entry) => createDeadLetters(db, logger).record(entry),
          onAgentMessage: (m) => handleSupervisorReply({ db, outbound, now: () => clock.now() }, m),
        }),
      },
    ],
    handlers: chatwoot ? { 'chatwoot-sync': chatwootSyncHandler({ db, chatwoot }) as JobHandler } : {},
  };
}
