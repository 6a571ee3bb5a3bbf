import type { AppDeps } from '../app-deps.js';
import type { Capability } from '../capability.js';
import { createAnthropicClient } from '../integrations/anthropic/index.js';
import { reviewConversations } from '../quality/index.js';
import { conversationReviewHandler } from '../../workers/conversation-review.js';

/**
 * Conversation quality: the daily review at 02:00 São Paulo (spec section 6),
 * judged by the smart model. Without an API key there is no judge and no job.
 */
export function composeQuality(deps: AppDeps): Capability {
  const { config, logger } = deps;
  if (!config.ANTHROPIC_API_KEY) return { name: 'quality' };
  const llm = createAnthropicClient({
    apiKey: config.ANTHROPIC_API_KEY,
    ...(config.ANTHROPIC_BASE_URL ? { baseURL: config.ANTHROPIC_BASE_URL } : {}),
    timeoutMs: config.ANTHROPIC_TIMEOUT_MS,
  });
  const review = () =>
    reviewConversations({
      db: deps.db,
      llm,
      model: config.ANTHROPIC_MODEL_SMART,
      clock: deps.clock,
      logger,
      post: (text) => deps.notices.post(text),
      ...(config.CHATWOOT_URL && config.CHATWOOT_ACCOUNT_ID ? { chatwoot: { url: config.CHATWOOT_URL, accountId: String(config.CHATWOOT_ACCOUNT_ID) } } : {}),
    });
  return {
    name: 'quality',
    handlers: { 'conversation-review': conversationReviewHandler(review) },
  };
}
