import { errorMessage } from '../shared/index.js';
import type { SlackAgentDeps } from './admin-tool.js';
import { decidedBlocks } from './blocks.js';
import { LEASE_SECONDS, runAction, type ClaimedAction } from './confirm-action.js';
import type { ToolRegistry } from './tool-registry.js';

/** Runs of one action in all (the click's included) before it is closed as interrupted. */
export const MAX_ATTEMPTS = 3;

interface Recovered {
  redrive: Array<ClaimedAction & { attempt: number }>;
  interrupted: Array<{ id: string; tool: string; channel: string; messageTs: string | null; preview: string; user: string }>;
}

/**
 * The recovery sweep (on boot and every minute): a confirmed write still
 * 'executing' after its lease was cut off between its write and its audit row.
 * An idempotent tool (`redrive`) runs again under the same action id, so its
 * write happens once and its audit row is written once; any other is closed as
 * interrupted, audited, and the manager is told to check. The SQL hands each
 * stuck action to one sweep only.
 */
export async function recoverActions(registry: ToolRegistry, deps: SlackAgentDeps): Promise<{ redriven: number; interrupted: number }> {
  const redrivable = registry.names().filter((n) => registry.get(n)?.write && registry.get(n)?.redrive);
  const found = await deps.db.rpc<Recovered>('slack_action_recover', {
    p_now: deps.clock.now(), p_redrivable: redrivable, p_lease_seconds: LEASE_SECONDS, p_max_attempts: MAX_ATTEMPTS, p_limit: 20,
  });
  for (const a of found.redrive) {
    deps.logger.warn({ actionId: a.id, tool: a.tool, attempt: a.attempt }, 'slack: re-running a confirmed write cut off before its audit row');
    await runAction(registry, deps, a);
  }
  for (const a of found.interrupted) {
    deps.logger.error({ actionId: a.id, tool: a.tool }, 'slack: a confirmed write was interrupted and cannot be re-run safely');
    const note = `:warning: A execução foi interrompida por uma falha e não sei se terminou. Confira antes de pedir de novo (<@${a.user}>).`;
    const update = a.messageTs
      ? deps.slack.update({ channel: a.channel, ts: a.messageTs, text: `Interrompida: ${a.preview}`, blocks: decidedBlocks(a.preview, note) })
      : deps.slack.postMessage({ channel: a.channel, text: `${note}\n${a.preview}` }).then(() => undefined);
    await update.catch((err: unknown) => deps.logger.warn({ err: errorMessage(err) }, 'slack: could not report an interrupted write'));
  }
  return { redriven: found.redrive.length, interrupted: found.interrupted.length };
}
