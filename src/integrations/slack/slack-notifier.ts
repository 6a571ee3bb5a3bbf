import { webApi } from '@slack/bolt';
import { escapeMrkdwn } from '../../shared/mrkdwn.js';
import type { Logger } from '../../shared/logger.js';
import { safeForSlack } from './slack-safe.js';

/** Posts operational notices (hand-offs, reservations, alerts) to the managers' channel. */
export interface SlackNotifier {
  /**
   * `text` is plain text, always sent (notifications, old clients): it is escaped for Slack
   * and filtered of full phones and CRMs. `blocks` is the Block Kit layout when given.
   */
  post(text: string, blocks?: unknown[]): Promise<void>;
}

export interface SlackNotifierOptions {
  token: string;
  channel: string;
  apiUrl?: string;
  logger: Logger;
  timeoutMs?: number;
}

/**
 * A notification must never fail the work that caused it (a reservation is
 * already committed when we tell the managers), so errors are logged, not
 * thrown. Retries are few and short: a notice minutes late is worse than one logged.
 */
export function createSlackNotifier(opts: SlackNotifierOptions): SlackNotifier {
  const client = new webApi.WebClient(opts.token, {
    ...(opts.apiUrl ? { slackApiUrl: opts.apiUrl.endsWith('/') ? opts.apiUrl : `${opts.apiUrl}/` } : {}),
    timeout: opts.timeoutMs ?? 5_000,
    retryConfig: { retries: 2, factor: 2, minTimeout: 200, maxTimeout: 1_000 },
  });
  return {
    async post(plain, raw) {
      try {
        const { text, blocks } = safeForSlack({ text: escapeMrkdwn(plain), ...(raw?.length ? { blocks: raw } : {}) });
        await client.chat.postMessage({ channel: opts.channel, text, ...(blocks?.length ? { blocks: blocks as never } : {}) });
      } catch (err) {
        opts.logger.warn({ err: (err as Error).message }, 'slack notification failed');
      }
    },
  };
}

/** Without Slack configured, notices go to the log so nothing is silently dropped. */
export function logNotifier(logger: Logger): SlackNotifier {
  return {
    async post(text) {
      // Notices name doctors (name, CRM): under the `text` key the logger keeps only the
      // length at info and shows the words at debug, for someone debugging on purpose.
      logger.info({ text }, 'manager notice (Slack not configured)');
    },
  };
}
