import type { LlmMessage } from '../integrations/anthropic/index.js';
import type { Redis } from '../redis/index.js';

/**
 * The conversation of one manager in one channel, kept 30 minutes so commands
 * chain ("e ontem?"). Only text turns are kept; tool rounds are not replayed.
 */
export interface SessionStore {
  load(user: string, channel: string): Promise<LlmMessage[]>;
  save(user: string, channel: string, messages: LlmMessage[]): Promise<void>;
}

export function redisSessions(redis: Redis, prefix: string, ttlSeconds = 30 * 60, maxMessages = 20): SessionStore {
  const key = (u: string, c: string) => `${prefix}:slack-session:${u}:${c}`;
  return {
    async load(user, channel) {
      const raw = await redis.get(key(user, channel));
      if (!raw) return [];
      try {
        const messages = JSON.parse(raw) as LlmMessage[];
        // The model wants the history to open with the manager.
        while (messages[0] && messages[0].role !== 'user') messages.shift();
        return messages;
      } catch {
        return [];
      }
    },
    async save(user, channel, messages) {
      await redis.set(key(user, channel), JSON.stringify(messages.slice(-maxMessages)), 'EX', ttlSeconds);
    },
  };
}
