import type { Processor } from './processor.js';
import { awaitTranscript } from './pre/await-transcript.js';
import { autoReply } from './pre/auto-reply.js';
import { businessEventInbound } from './pre/business-event-inbound.js';
import { botDetection } from './pre/bot-detection.js';
import { chatwootSync } from './pre/chatwoot-sync.js';
import { coolingOff } from './pre/cooling-off.js';
import { groupIngestion } from './pre/group-ingestion.js';
import { handoffTrigger } from './pre/handoff-trigger.js';
import { humanControl } from './pre/human-control.js';
import { loadEntities } from './pre/load-entities.js';
import { longMessage } from './pre/long-message.js';
import { media } from './pre/media.js';
import { optOut } from './pre/opt-out.js';
import { parseMessage } from './pre/parse-message.js';
import { presence } from './pre/presence.js';
import { metrics } from './post/metrics.js';
import { saveInteraction } from './post/save-interaction.js';
import { sendMessage } from './post/send-message.js';
import { timing } from './post/timing.js';
import { validateOutputProcessor } from './post/validate-output.js';

/**
 * The spec's twelve pre-processors (LoadEntities first here: every other one
 * reads what it loads) and five post-processors.
 */
export const PRE_PROCESSORS: Processor[] = [
  loadEntities, awaitTranscript, groupIngestion, parseMessage, presence, businessEventInbound, chatwootSync,
  optOut, autoReply, botDetection, media, longMessage, handoffTrigger, humanControl,
  coolingOff,
];
export const POST_PROCESSORS: Processor[] = [validateOutputProcessor, timing, sendMessage, saveInteraction, metrics];
