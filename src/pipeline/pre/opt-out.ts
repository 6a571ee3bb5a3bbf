import { recordOptOut } from '../../policy/index.js';
import { CONTINUE, stop, type Processor } from '../processor.js';
import { loaded, pick, turnClassification } from '../turn-context.js';

/**
 * A doctor who asks to stop is opted out at once, in doctor_state (the one
 * source of truth), gets one confirmation, and the turn ends. Under human
 * control the state still changes; only the automatic confirmation is withheld.
 * With an API key, a close call goes to the fast model first (src/classify).
 */
export const optOut: Processor = {
  name: 'opt_out',
  stage: 'pre',
  priority: 30,
  async run(ctx) {
    const l = loaded(ctx);
    const hit = await turnClassification(ctx).optOut();
    if (!hit) return CONTINUE;
    // Emits permission_changed (and a policy event) before we stop: I6.
    const res = await recordOptOut(ctx.deps.db, l.doctor.id, 'rules');
    if (!res.changed) return stop('already_opted_out');
    return stop('opt_out', pick(ctx.deps.replies.optOutConfirmation, hit.message.id));
  },
};
