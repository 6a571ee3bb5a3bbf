import { errorMessage, escapeMrkdwn, sha256Hex, spHuman } from '../shared/index.js';
import type { AdminContext, AdminTool, SlackAgentDeps } from './admin-tool.js';
import { decidedBlocks, previewBlocks } from './blocks.js';

export const CONFIRM_TTL_SECONDS = 10 * 60;
/** How long a confirmed write may run before the recovery sweep takes it for interrupted. */
export const LEASE_SECONDS = 120;
/** Two previews of the same effect (sameEffect) confirmed within this window run once. */
export const EFFECT_WINDOW_SECONDS = 60 * 60;

type Registry = { get(name: string): AdminTool | undefined };

/**
 * A write the model asked for becomes a pending action and a preview with
 * buttons. Nothing else is done here: the model is told it awaits the click.
 * The action remembers its turn (withdrawn if the turn fails) and its Slack
 * message (updated when it is withdrawn, recovered or refused as a duplicate).
 */
export async function proposeWrite(tool: AdminTool, requested: unknown, ctx: AdminContext): Promise<{ aguardandoConfirmacao: true; previa: string }> {
  const input = tool.prepare ? await tool.prepare(requested, ctx) : requested;
  const preview = await tool.preview!(input, ctx);
  const effect = tool.sameEffect ? sha256Hex(`${tool.name}\n${tool.sameEffect(input)}`) : null;
  const created = await ctx.deps.db.rpc<{ id: string }>('slack_action_create', {
    p_tool: tool.name,
    p_input: input,
    p_user: ctx.user,
    p_channel: ctx.channel,
    p_thread_ts: ctx.threadTs ?? null,
    p_preview: preview,
    p_ttl_seconds: CONFIRM_TTL_SECONDS,
    p_now: ctx.deps.clock.now(),
    p_turn_key: ctx.turnKey ?? null,
    p_effect_key: effect,
  });
  const posted = await ctx.deps.slack
    .postMessage({
      channel: ctx.channel,
      text: `Confirma? ${escapeMrkdwn(preview)}`,
      blocks: previewBlocks(created.id, preview, CONFIRM_TTL_SECONDS / 60),
      ...(ctx.threadTs ? { thread_ts: ctx.threadTs } : {}),
    })
    .catch(async (err: unknown) => {
      // Nobody saw its buttons: the action is cancelled rather than left confirmable.
      await ctx.deps.db.rpc('slack_action_claim', { p_id: created.id, p_user: ctx.user, p_decision: 'cancel', p_now: ctx.deps.clock.now() }).catch(() => undefined);
      throw err;
    });
  if (posted.ts) await ctx.deps.db.rpc('slack_action_set_message', { p_id: created.id, p_message_ts: posted.ts });
  return { aguardandoConfirmacao: true, previa: preview };
}

interface Claim {
  status: 'claimed' | 'duplicate' | 'unknown' | 'other_user' | 'expired' | `already_${string}`;
  tool?: string;
  input?: unknown;
  channel?: string;
  threadTs?: string | null;
  confirmedAt?: string;
}

const REFUSALS: Record<string, string> = {
  other_user: 'Só quem pediu a ação pode confirmá-la.',
  expired: 'Essa confirmação expirou; peça de novo se ainda quiser.',
  unknown: 'Não encontrei essa ação.',
};

/**
 * A button click. slack_action_claim moves the row out of 'pending' in one
 * UPDATE, so a double click, Slack's retry or two workers at once execute it
 * at most once; a second preview of an effect already confirmed is refused
 * there too. The result and the Slack user go to the audit log.
 */
export async function decideWrite(
  registry: Registry,
  click: { user: string; channel: string; messageTs: string; actionId: string; value: string; confirm: boolean },
  ctx: Omit<AdminContext, 'user' | 'channel' | 'threadTs'>,
): Promise<string> {
  const { deps } = ctx;
  if (!/^[0-9a-f-]{36}$/i.test(click.value)) return 'unknown';
  const claim = await deps.db.rpc<Claim>('slack_action_claim', {
    p_id: click.value, p_user: click.user, p_decision: click.confirm ? 'confirm' : 'cancel', p_now: deps.clock.now(),
    p_lease_seconds: LEASE_SECONDS, p_effect_window_seconds: EFFECT_WINDOW_SECONDS,
  });
  const preview = () => previewText(deps, click.value);
  if (claim.status === 'duplicate') {
    const p = await preview();
    const when = claim.confirmedAt ? ` em ${spHuman(new Date(claim.confirmedAt))}` : '';
    await deps.slack.update({ channel: click.channel, ts: click.messageTs, text: `Não executado (repetido): ${escapeMrkdwn(p)}`, blocks: decidedBlocks(p, `:no_entry_sign: Não executei: a mesma ação já foi confirmada${when} por outra prévia.`) });
    return 'duplicate';
  }
  if (claim.status !== 'claimed') {
    if (claim.status.startsWith('already_')) return claim.status; // the first click already answered
    await deps.slack.postMessage({ channel: click.channel, text: REFUSALS[claim.status] ?? 'Ação indisponível.', thread_ts: click.messageTs });
    return claim.status;
  }
  if (!click.confirm) {
    const p = await preview();
    await deps.slack.update({ channel: click.channel, ts: click.messageTs, text: `Cancelado: ${escapeMrkdwn(p)}`, blocks: decidedBlocks(p, `:x: Cancelado por <@${click.user}>.`) });
    return 'cancelled';
  }
  const ok = await runAction(registry, deps, {
    id: click.value, tool: claim.tool!, input: claim.input, user: click.user, channel: claim.channel ?? click.channel,
    threadTs: claim.threadTs ?? null, messageTs: click.messageTs, preview: await preview(),
  });
  return ok ? 'done' : 'failed';
}

export interface ClaimedAction {
  id: string;
  tool: string;
  input: unknown;
  user: string;
  channel: string;
  threadTs: string | null;
  messageTs: string | null;
  preview: string;
  /** Set when the recovery sweep runs it again. */
  attempt?: number;
}

/**
 * Runs a claimed action and records it: slack_action_finish writes the one
 * audit row. If the process or the database fails before that, the action
 * stays 'executing' and the recovery sweep finishes it (recover-actions.ts).
 */
export async function runAction(registry: Registry, deps: SlackAgentDeps, a: ClaimedAction): Promise<boolean> {
  const tool = registry.get(a.tool);
  let ok = false;
  let result: unknown;
  try {
    if (!tool) throw new Error(`tool ${a.tool} is no longer registered`);
    result = await tool.run(a.input, { deps, user: a.user, channel: a.channel, actionId: a.id, ...(a.threadTs ? { threadTs: a.threadTs } : {}) });
    ok = true;
  } catch (err) {
    result = { erro: errorMessage(err) };
    deps.logger.error({ err: errorMessage(err), tool: a.tool }, 'slack write failed');
  }
  await deps.db.rpc('slack_action_finish', { p_id: a.id, p_ok: ok, p_result: result ?? null });
  const again = a.attempt && a.attempt > 1 ? ' (retomado depois de uma falha)' : '';
  const outcome = ok ? `:white_check_mark: Feito por <@${a.user}>${again}. ${summarize(result)}` : `:warning: Não consegui${again}: ${summarize(result)}`;
  if (a.messageTs) {
    await deps.slack
      .update({ channel: a.channel, ts: a.messageTs, text: `${ok ? 'Feito' : 'Falhou'}: ${escapeMrkdwn(a.preview)}`, blocks: decidedBlocks(a.preview, outcome) })
      .catch((err: unknown) => deps.logger.warn({ err: errorMessage(err) }, 'slack: could not update the confirmed preview'));
  }
  return ok;
}

async function previewText(deps: SlackAgentDeps, id: string): Promise<string> {
  const rows = await deps.db.rpc<{ preview: string } | null>('slack_action_get', { p_id: id });
  return rows?.preview ?? '';
}

function summarize(result: unknown): string {
  if (result && typeof result === 'object' && 'mensagem' in result) return escapeMrkdwn(String((result as { mensagem: unknown }).mensagem));
  if (result && typeof result === 'object' && 'erro' in result) return escapeMrkdwn(String((result as { erro: unknown }).erro));
  return '';
}
