import { CONTINUE, stop, type Processor } from '../processor.js';
import { loaded, turnClassification } from '../turn-context.js';

/**
 * A doctor who sincerely asks whether Júlia is a bot or an AI gets the truth:
 * a short honest answer and the offer of a person. Júlia never denies it.
 * With an API key, a close call goes to the fast model first (src/classify).
 */
export const botDetection: Processor = {
  name: 'bot_detection',
  stage: 'pre',
  priority: 35,
  async run(ctx) {
    const l = loaded(ctx);
    const hit = (await turnClassification(ctx).botSuspicion())?.message;
    if (!hit) return CONTINUE;
    await ctx.deps.db.rpc('business_event_emit', {
      p_event_type: 'bot_question_answered', p_doctor_id: l.doctor.id, p_conversation_id: ctx.conversationId,
      p_interaction_id: hit.id, p_props: {}, p_dedupe_key: `bot-question-${hit.id}`,
    });
    // "É robô? quero falar com uma pessoa de verdade": the person asked for comes first. The hand-off step answers
    // both (honest about being an assistant, and a person is on the way); the bot answer alone would only offer one.
    // The close calls are shared per turn, so asking the hand-off question here adds no wait.
    if (await turnClassification(ctx).handoff()) {
      ctx.botQuestion = { messageId: hit.id };
      return CONTINUE;
    }
    return stop('bot_suspicion', ctx.deps.replies.botAnswer);
  },
};
