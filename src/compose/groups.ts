import type { AppDeps } from '../app-deps.js';
import type { Capability } from '../capability.js';
import { createGroupProcessor, createGroupReview, loadGroupPrompt, type GroupReview } from '../groups/index.js';
import { createAnthropicClient } from '../integrations/anthropic/index.js';
import { groupProcessHandler } from '../../workers/group-process.js';
import { groupSweepHandler } from '../../workers/group-sweep.js';

export interface GroupsCapability extends Capability {
  review: GroupReview;
}

/** Shifts from WhatsApp groups (issue 12): the group-process job, its sweeper and the review functions. */
export function composeGroups(deps: AppDeps): GroupsCapability {
  const { config, db, logger, clock, queue } = deps;
  const processor = createGroupProcessor({
    db,
    clock,
    logger,
    model: config.ANTHROPIC_MODEL_FAST,
    prompt: loadGroupPrompt(),
    ...(config.ANTHROPIC_API_KEY && {
      llm: createAnthropicClient({
        apiKey: config.ANTHROPIC_API_KEY,
        ...(config.ANTHROPIC_BASE_URL ? { baseURL: config.ANTHROPIC_BASE_URL } : {}),
        timeoutMs: config.ANTHROPIC_TIMEOUT_MS,
      }),
    }),
  });
  return {
    name: 'groups',
    review: createGroupReview({ db, clock }),
    handlers: {
      'group-process': groupProcessHandler(processor),
      'group-sweep': groupSweepHandler({ db, queue, logger, now: () => clock.now() }),
    },
  };
}
