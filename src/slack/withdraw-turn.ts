import { errorMessage } from '../shared/index.js';
import type { SlackAgentDeps } from './admin-tool.js';
import { decidedBlocks } from './blocks.js';

/** Withdraws the previews a failed turn left waiting: their buttons stop confirming, their messages say so. */
export async function withdrawTurn(deps: SlackAgentDeps, turnKey: string): Promise<number> {
  const rows = await deps.db.rpc<Array<{ id: string; channel: string; messageTs: string | null; preview: string }>>('slack_action_cancel_turn', { p_turn_key: turnKey, p_now: deps.clock.now() });
  for (const r of rows) {
    if (!r.messageTs) continue;
    await deps.slack
      .update({ channel: r.channel, ts: r.messageTs, text: `Cancelada: ${r.preview}`, blocks: decidedBlocks(r.preview, ':x: Prévia cancelada: o pedido falhou antes de terminar. Peça de novo se ainda quiser.') })
      .catch((err: unknown) => deps.logger.warn({ err: errorMessage(err) }, 'slack: could not mark a withdrawn preview'));
  }
  return rows.length;
}
