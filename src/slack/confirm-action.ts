import type { AdminContext, AdminTool } from './admin-tool.js';
import { escapeMrkdwn } from '../shared/index.js';
import { decidedBlocks, previewBlocks } from './blocks.js';

export const CONFIRM_TTL_SECONDS = 10 * 60;

/**
 * A write the model asked for becomes a pending action and a preview with
 * buttons. Nothing else is done here: the model is told it awaits the click.
 */
export async function proposeWrite(tool: AdminTool, requested: unknown, ctx: AdminContext): Promise<{ aguardandoConfirmacao: true; previa: string }> {
  const input = tool.prepare ? await tool.prepare(requested, ctx) : requested;
  const preview = await tool.preview!(input, ctx);
  const created = await ctx.deps.db.rpc<{ id: string }>('slack_action_create', {
    p_tool: tool.name,
    p_input: input,
    p_user: ctx.user,
    p_channel: ctx.channel,
    p_thread_ts: ctx.threadTs ?? null,
    p_preview: preview,
    p_ttl_seconds: CONFIRM_TTL_SECONDS,
    p_now: ctx.deps.clock.now(),
  });
  await ctx.deps.slack.postMessage({
    channel: ctx.channel,
    text: `Confirma? ${escapeMrkdwn(preview)}`,
    blocks: previewBlocks(created.id, preview, CONFIRM_TTL_SECONDS / 60),
    ...(ctx.threadTs ? { thread_ts: ctx.threadTs } : {}),
  });
  return { aguardandoConfirmacao: true, previa: preview };
}

interface Claim {
  status: 'claimed' | 'unknown' | 'other_user' | 'expired' | `already_${string}`;
  tool?: string;
  input?: unknown;
  channel?: string;
  threadTs?: string | null;
}

const REFUSALS: Record<string, string> = {
  other_user: 'Só quem pediu a ação pode confirmá-la.',
  expired: 'Essa confirmação expirou; peça de novo se ainda quiser.',
  unknown: 'Não encontrei essa ação.',
};

/**
 * A button click. slack_action_claim moves the row out of 'pending' in one
 * UPDATE, so a double click, Slack's retry or two workers at once execute it
 * at most once; the result and the Slack user go to the audit log.
 */
export async function decideWrite(
  registry: { get(name: string): AdminTool | undefined },
  click: { user: string; channel: string; messageTs: string; actionId: string; value: string; confirm: boolean },
  ctx: Omit<AdminContext, 'user' | 'channel' | 'threadTs'>,
): Promise<string> {
  const { deps } = ctx;
  if (!/^[0-9a-f-]{36}$/i.test(click.value)) return 'unknown';
  const claim = await deps.db.rpc<Claim>('slack_action_claim', { p_id: click.value, p_user: click.user, p_decision: click.confirm ? 'confirm' : 'cancel', p_now: deps.clock.now() });
  if (claim.status !== 'claimed') {
    if (claim.status.startsWith('already_')) return claim.status; // the first click already answered
    await deps.slack.postMessage({ channel: click.channel, text: REFUSALS[claim.status] ?? 'Ação indisponível.', thread_ts: click.messageTs });
    return claim.status;
  }
  const preview = await previewText(deps, click.value);
  if (!click.confirm) {
    await deps.slack.update({ channel: click.channel, ts: click.messageTs, text: `Cancelado: ${escapeMrkdwn(preview)}`, blocks: decidedBlocks(preview, `:x: Cancelado por <@${click.user}>.`) });
    return 'cancelled';
  }
  const tool = registry.get(claim.tool!);
  let ok = false;
  let result: unknown;
  try {
    if (!tool) throw new Error(`tool ${claim.tool} is no longer registered`);
    result = await tool.run(claim.input, { deps, user: click.user, channel: claim.channel ?? click.channel, actionId: click.value, ...(claim.threadTs ? { threadTs: claim.threadTs } : {}) });
    ok = true;
  } catch (err) {
    result = { erro: (err as Error).message };
    deps.logger.error({ err: (err as Error).message, tool: claim.tool }, 'slack write failed');
  }
  await deps.db.rpc('slack_action_finish', { p_id: click.value, p_ok: ok, p_result: result ?? null });
  const outcome = ok ? `:white_check_mark: Feito por <@${click.user}>. ${summarize(result)}` : `:warning: Não consegui: ${summarize(result)}`;
  await deps.slack.update({ channel: click.channel, ts: click.messageTs, text: `${ok ? 'Feito' : 'Falhou'}: ${escapeMrkdwn(preview)}`, blocks: decidedBlocks(preview, outcome) });
  return ok ? 'done' : 'failed';
}

async function previewText(deps: AdminContext['deps'], id: string): Promise<string> {
  const rows = await deps.db.rpc<{ preview: string } | null>('slack_action_get', { p_id: id });
  return rows?.preview ?? '';
}

function summarize(result: unknown): string {
  if (result && typeof result === 'object' && 'mensagem' in result) return escapeMrkdwn(String((result as { mensagem: unknown }).mensagem));
  if (result && typeof result === 'object' && 'erro' in result) return escapeMrkdwn(String((result as { erro: unknown }).erro));
  return '';
}
