import type { AppDeps } from '../app-deps.js';
import type { Capability } from '../capability.js';
import { slackWebhook } from '../http/index.js';
import { createAnthropicClient, unconfiguredLlm } from '../integrations/anthropic/index.js';
import { createGoogleDocsReader } from '../integrations/google-docs/index.js';
import { createSlackApi } from '../integrations/slack/index.js';
import { onceKeys } from '../redis/index.js';
import { chatwootUiBase, CORE_TOOLS, createAdminAgent, loadAdminPrompt, managerAccess, redisSessions, slackCampaignPort, ToolRegistry, type AdminTool, type CampaignPort } from '../slack/index.js';
import { createOutboundWithdrawer } from '../../workers/campaign-withdraw.js';
import type { JobHandlers } from '../../workers/index.js';
import type { AskManager } from '../ask-manager/index.js';
import { slackCommandHandler } from '../../workers/slack-command.js';
import { slackActionSweepHandler } from '../../workers/slack-action-sweep.js';

export interface SlackExtras {
  campaigns?: CampaignPort;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  tools?: AdminTool<any>[];
  /** Answers to consultar_gestor's questions (buttons, thread replies), before the admin agent. */
  asks?: AskManager;
}

/**
 * Managers in Slack: POST /webhooks/slack (signed events, buttons and /julia),
 * the `slack-command` job that runs the admin agent, and the tool registry
 * other capabilities extend (groups review tools).
 */
export function composeSlack(deps: AppDeps, extras: SlackExtras = {}): Capability {
  const { config, logger, redis, redisPrefix } = deps;
  const registry = new ToolRegistry().add(...CORE_TOOLS, ...(extras.tools ?? []));
  const configured = Boolean(config.SLACK_BOT_TOKEN && config.SLACK_SIGNING_SECRET);
  const handlers: JobHandlers = {};
  // Only the named managers steer Júlia from Slack; nobody when the list is empty (docs/decisions/0220-slack-access.md).
  const access = managerAccess({ managers: config.SLACK_MANAGER_IDS, channels: config.SLACK_MANAGER_CHANNELS });
  if (configured && access.nobody) logger.warn('SLACK_MANAGER_IDS is empty: nobody may command Júlia from Slack until it names the managers');
  const slack = configured ? createSlackApi({ token: config.SLACK_BOT_TOKEN!, ...(config.SLACK_API_URL ? { apiUrl: config.SLACK_API_URL } : {}) }) : undefined;
  if (slack) {
    const agent = createAdminAgent({
      db: deps.db,
      flags: deps.flags,
      llm: config.ANTHROPIC_API_KEY
        ? createAnthropicClient({ apiKey: config.ANTHROPIC_API_KEY, ...(config.ANTHROPIC_BASE_URL ? { baseURL: config.ANTHROPIC_BASE_URL } : {}), timeoutMs: config.ANTHROPIC_TIMEOUT_MS })
        : unconfiguredLlm(),
      model: config.ANTHROPIC_MODEL_SMART,
      slack,
      outbound: deps.outbound,
      clock: deps.clock,
      logger,
      ...(config.SLACK_ALERTS_CHANNEL ? { announceChannel: config.SLACK_ALERTS_CHANNEL } : {}),
      campaigns: extras.campaigns ?? slackCampaignPort({
        db: deps.db, clock: deps.clock, openWithdrawer: () => createOutboundWithdrawer(deps.redis, deps.redisPrefix), dispatchNow: () => deps.queue.enqueue('campaign-dispatch', {}),
      }),
      documents: createGoogleDocsReader({ baseUrl: config.GOOGLE_DOCS_BASE_URL }),
      ...(chatwootUiBase(config) ? { chatwootUrl: chatwootUiBase(config)! } : {}),
      registrationRequired: config.REGISTRATION_REQUIRED,
      fillHorizonDays: config.FILL_HORIZON_DAYS,
      registry,
      sessions: redisSessions(redis, redisPrefix),
      prompt: loadAdminPrompt(),
      access,
    });
    handlers['slack-command'] = slackCommandHandler(agent, deps.jobSigner, logger, extras.asks);
    handlers['slack-action-sweep'] = slackActionSweepHandler(agent);
  }
  return {
    name: 'slack',
    mounts: [
      {
        path: '/webhooks/slack',
        app: slackWebhook({
          signingSecret: configured ? config.SLACK_SIGNING_SECRET : undefined,
          logger,
          now: () => deps.clock.now().getTime(),
          dedupe: onceKeys(redis, redisPrefix, 'slack', 3600),
          authorize: (user, channel) => {
            const verdict = access.check(user, channel);
            return verdict === 'manager' ? undefined : access.refusal(verdict);
          },
          refuse: async (r) => {
            await slack?.postEphemeral({ channel: r.channel, user: r.user, text: r.text, ...(r.threadTs ? { thread_ts: r.threadTs } : {}) });
          },
          enqueue: async (work) => {
            // Signed: a job written straight into Redis cannot speak (or press Confirm) as a manager.
            await deps.queue.enqueue('slack-command', { ...work, sig: deps.jobSigner.sign(work) });
          },
        }),
      },
    ],
    handlers,
    // Confirmed writes cut off before their audit row are finished every minute, and once at boot.
    ...(configured && {
      onWorkersStarted: async () => {
        await deps.queue.enqueue('slack-action-sweep', {}, { jobId: `slack-action-sweep-boot-${Date.now()}` });
      },
    }),
  };
}
