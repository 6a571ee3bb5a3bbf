import type { AppDeps } from '../app-deps.js';
import type { Capability } from '../capability.js';
import type { Config } from '../config.js';
import { createAskManager, type AskManager } from '../ask-manager/index.js';
import type { Db } from '../db/index.js';
import { createSlackApi, type SlackNotifier } from '../integrations/slack/index.js';
import type { OutboundEnqueuer } from '../outbound/index.js';
import type { Clock, JobQueue, Logger } from '../shared/index.js';
import { managerAccess } from '../slack/index.js';
import { askManagerPostHandler } from '../../workers/ask-manager-post.js';
import { askManagerSweepHandler } from '../../workers/ask-manager-sweep.js';

/**
 * consultar_gestor's Slack side (docs/decisions/0265-instructions-and-ask-the-manager.md):
 * only with a bot token and the managers' channel; without them the tool tells the
 * model it cannot ask, so she never promises an answer nobody will give.
 */
export function buildAskManager(p: {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  queue: JobQueue;
  outbound: OutboundEnqueuer;
  notices: SlackNotifier;
  note?: (n: { conversationId: string; key: string; text: string }) => Promise<void>;
}): AskManager | undefined {
  const { config } = p;
  if (!config.SLACK_BOT_TOKEN || !config.SLACK_ALERTS_CHANNEL) return undefined;
  const access = managerAccess({ managers: config.SLACK_MANAGER_IDS, channels: config.SLACK_MANAGER_CHANNELS });
  return createAskManager({
    ...p,
    slack: createSlackApi({ token: config.SLACK_BOT_TOKEN, ...(config.SLACK_API_URL ? { apiUrl: config.SLACK_API_URL } : {}) }),
    channel: config.SLACK_ALERTS_CHANNEL,
    timeoutMin: config.ASK_MANAGER_TIMEOUT_MIN,
    isManager: (user, channel) => access.check(user, channel) === 'manager',
  });
}

export function composeAskManager(deps: AppDeps, asks: AskManager | undefined): Capability {
  if (!asks) return { name: 'ask-manager' };
  return {
    name: 'ask-manager',
    handlers: {
      'ask-manager-post': askManagerPostHandler(asks),
      'ask-manager-sweep': askManagerSweepHandler(asks),
    },
    // Swept every minute (the job's schedule) and once at boot: an answer a dying process recorded but never queued goes out now.
    onWorkersStarted: async () => {
      await deps.queue.enqueue('ask-manager-sweep', {}, { jobId: `ask-manager-sweep-boot-${Date.now()}` });
    },
  };
}
