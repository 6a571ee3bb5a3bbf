import { CONTINUE, type Processor } from '../processor.js';
import { humanizedDelayMs } from '../timing.js';

/** Delay of each bubble from now: read, then type each bubble in turn. */
export const timing: Processor = {
  name: 'timing',
  stage: 'post',
  priority: 10,
  async run(ctx) {
    if (!ctx.deps.humanizedDelay) {
      ctx.delays = ctx.replies.map(() => 0);
      return CONTINUE;
    }
    const at = ctx.deps.clock.now();
    let elapsed = 0;
    ctx.delays = ctx.replies.map((bubble, i) => {
      elapsed += humanizedDelayMs({ kind: 'reply', readChars: i === 0 ? ctx.text.length : 0, replyChars: bubble.length, at, random: ctx.deps.random });
      return elapsed;
    });
    return CONTINUE;
  },
};
