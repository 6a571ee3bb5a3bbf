import { defineJob } from './job-definition.js';
import { slackWorkSchema, type AdminAgent, type SlackWorkItem } from '../src/slack/index.js';

/**
 * `slack-command`: a manager's mention, DM, /julia or button click, queued by the
 * webhook so Slack gets its answer within 3 s. One attempt only: a write is
 * only ever proposed or claimed in SQL, but a second model run would post a
 * second reply, which is worse than an error in the log.
 */
export const slackCommandJob = defineJob({ queue: 'supervision', payload: slackWorkSchema, attempts: 1, backoffMs: 1_000 });

export function slackCommandHandler(agent: AdminAgent) {
  return (work: SlackWorkItem) => agent.handle(work);
}
