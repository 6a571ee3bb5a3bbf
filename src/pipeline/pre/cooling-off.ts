import { COOLING_OFF_MS } from '../../policy/index.js';
import { CONTINUE, type Processor } from '../processor.js';
import { loaded, turnClassification } from '../turn-context.js';

// A complaint, a threat or strong anger is the grave objection of the playbooks
// (knowledge/objectives/reclamacao.md, objections/qualidade.md): no proactive
// contact for a while, whatever the hand-off does with the conversation.
const GRAVE = new Set(['legal_threat', 'payment_dispute', 'strong_anger']);

/**
 * Enters cooling-off (contact policy) on a firm no or a grave complaint. It
 * only records state (with its permission_changed event) and lets the turn go
 * on: Júlia still answers him, the hand-off trigger still runs. Opt-out wins:
 * it stops the turn earlier, and the SQL never turns an opt-out into a pause.
 */
export const coolingOff: Processor = {
  name: 'cooling_off',
  stage: 'pre',
  priority: 48,
  async run(ctx) {
    const l = loaded(ctx);
    let reason: string | undefined;
    for (const { handoff, firmNo } of turnClassification(ctx).offline()) {
      if (handoff.handoff && handoff.reason && GRAVE.has(handoff.reason)) reason = `complaint_${handoff.reason}`;
      else if (firmNo.firmNo) reason = 'firm_no';
      if (reason) break;
    }
    if (!reason) return CONTINUE;
    const now = ctx.deps.clock.now();
    await ctx.deps.db.rpc('doctor_state_cool_off', {
      p_doctor_id: l.doctor.id, p_reason: reason, p_until: new Date(now.getTime() + COOLING_OFF_MS), p_now: now,
    });
    return CONTINUE;
  },
};
