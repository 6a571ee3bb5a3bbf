import { UnrecoverableError, type Job } from 'bullmq';
import type { JobSigner } from '../src/shared/job-signature.js';
import type { Logger } from '../src/shared/logger.js';
import { defineJob } from './job-definition.js';
import { slackWorkSchema, type AdminAgent, type SlackWorkItem } from '../src/slack/index.js';
import type { AskManager } from '../src/ask-manager/index.js';

/**
 * `slack-command`: a manager's mention, DM, /julia or button click, queued by the
 * webhook so Slack gets its answer within 3 s. One attempt only: a write is
 * only ever proposed or claimed in SQL, but a second model run would post a
 * second reply, which is worse than an error in the log.
 */
export const slackCommandJob = defineJob({ queue: 'supervision', payload: slackWorkSchema, attempts: 1, backoffMs: 1_000 });

export function slackCommandHandler(agent: AdminAgent, signer: JobSigner, logger: Logger, asks?: AskManager) {
  return async (work: SlackWorkItem, job: Job) => {
    const { sig, ...signed } = work;
    if (!signer.verify(signed, sig)) {
      logger.warn({ jobId: job.id, kind: work.kind }, 'slack-command job refused: bad signature');
      throw new UnrecoverableError('slack-command job refused: missing or invalid signature');
    }
    const item = signed as SlackWorkItem;
    // A button on a question of Júlia's, or a reply in its thread: the answer, not a command.
    if (asks && (item.kind === 'action' || item.kind === 'message')) {
      const answered = await asks.handle(item);
      if (answered) return answered;
    }
    // A plain thread message that answers no question is people talking among themselves.
    if (item.kind === 'message' && item.plain) return 'ignored';
    return agent.handle(item);
  };
}
