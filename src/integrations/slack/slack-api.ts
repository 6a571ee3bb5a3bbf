import { webApi } from '@slack/bolt';
import { safeForSlack } from './slack-safe.js';

/** The Web API calls the admin agent makes (replies in threads, previews, edits). */
export interface SlackApi {
  postMessage(m: { channel: string; text: string; blocks?: unknown[]; thread_ts?: string }): Promise<{ ts: string }>;
  update(m: { channel: string; ts: string; text: string; blocks?: unknown[] }): Promise<void>;
  /** Seen only by `user` (a refusal, a notice meant for one person). */
  postEphemeral(m: { channel: string; user: string; text: string; thread_ts?: string }): Promise<void>;
}

export interface SlackApiOptions {
  token: string;
  /** SLACK_API_URL (tests point it at tests/fakes/slack-fake.ts). */
  apiUrl?: string;
  timeoutMs?: number;
}

/**
 * @slack/web-api (shipped inside Bolt): its retries honour Slack's Retry-After.
 * Every call passes through safeForSlack, so no full phone or CRM reaches Slack.
 */
export function createSlackApi(opts: SlackApiOptions): SlackApi {
  const client = new webApi.WebClient(opts.token, {
    ...(opts.apiUrl ? { slackApiUrl: opts.apiUrl.endsWith('/') ? opts.apiUrl : `${opts.apiUrl}/` } : {}),
    timeout: opts.timeoutMs ?? 10_000,
    retryConfig: { retries: 3, factor: 2, minTimeout: 300, maxTimeout: 3_000 },
  });
  return {
    async postMessage(raw) {
      const m = safeForSlack(raw);
      const res = await client.chat.postMessage({ channel: m.channel, text: m.text, ...(m.blocks ? { blocks: m.blocks as never } : {}), ...(m.thread_ts ? { thread_ts: m.thread_ts } : {}) });
      return { ts: String(res.ts ?? '') };
    },
    async update(raw) {
      const m = safeForSlack(raw);
      await client.chat.update({ channel: m.channel, ts: m.ts, text: m.text, ...(m.blocks ? { blocks: m.blocks as never } : {}) });
    },
    async postEphemeral(raw) {
      const m = safeForSlack(raw);
      await client.chat.postEphemeral({ channel: m.channel, user: m.user, text: m.text, ...(m.thread_ts ? { thread_ts: m.thread_ts } : {}) });
    },
  };
}
