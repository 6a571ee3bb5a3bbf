import { readFileSync } from 'node:fs';
import type { LlmContentBlock, LlmMessage } from '../integrations/anthropic/index.js';
import { errorMessage, escapeModelMrkdwn, scrubPersonalData, sha256Hex } from '../shared/index.js';
import type { AdminContext, SlackAgentDeps } from './admin-tool.js';
import { CANCEL_ACTION, CONFIRM_ACTION } from './blocks.js';
import { decideWrite, proposeWrite } from './confirm-action.js';
import type { ManagerAccess } from './manager-access.js';
import { recoverActions } from './recover-actions.js';
import { withdrawTurn } from './withdraw-turn.js';
import type { SessionStore } from './session-store.js';
import { untrustedToolResult } from './untrusted-result.js';
import type { SlackWorkItem } from './slack-work.js';
import type { ToolRegistry } from './tool-registry.js';

export interface AdminAgent {
  /** A short status ('answered', 'refused', 'done', …): it is the job's return value, kept in Redis, so never words or data. */
  handle(work: SlackWorkItem): Promise<string>;
  /** The recovery sweep of confirmed writes cut off before their audit row (recover-actions.ts). */
  recover(): Promise<{ redriven: number; interrupted: number }>;
}

const MAX_ROUNDS = 6;

export function loadAdminPrompt(path = new URL('../../prompts/slack-admin.md', import.meta.url)): string {
  return readFileSync(path, 'utf8');
}

/**
 * The managers' agent: a mention, a DM or /julia goes to Claude with the tool
 * registry; reads run at once, writes become previews waiting for a button.
 * The reply goes to the thread; the text turns are kept per user+channel.
 */
export function createAdminAgent(deps: SlackAgentDeps & { registry: ToolRegistry; sessions: SessionStore; prompt: string; access: ManagerAccess }): AdminAgent {
  async function converse(work: Extract<SlackWorkItem, { kind: 'message' | 'command' }>, turnKey: string): Promise<string> {
    const threadTs = work.kind === 'message' ? work.threadTs : undefined;
    const ctx: AdminContext = { deps, user: work.user, channel: work.channel, turnKey, ...(threadTs ? { threadTs } : {}) };
    // The same request run again (its job retried after a crash): the first attempt's previews go first.
    await withdrawTurn(deps, turnKey);
    const history = await deps.sessions.load(work.user, work.channel);
    const now = deps.clock.now();
    const messages: LlmMessage[] = [...history, { role: 'user', content: work.text || 'ajuda' }];
    const transcript: LlmMessage[] = [...messages];
    let answer = '';
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const res = await deps.llm.createMessage({
        model: deps.model,
        max_tokens: 1024,
        system: [
          { type: 'text', text: deps.prompt, cache_control: { type: 'ephemeral' } },
          { type: 'text', text: `Agora: ${now.toISOString()} (UTC). Gestor: <@${work.user}>.` },
        ],
        messages: transcript,
        tools: deps.registry.forModel(),
        tool_choice: { type: 'auto' },
      });
      const texts = res.content.filter((b): b is { type: 'text'; text: string } => b.type === 'text').map((b) => b.text);
      const uses = res.content.filter((b): b is { type: 'tool_use'; id: string; name: string; input: unknown } => b.type === 'tool_use');
      if (texts.length) answer = texts.join('\n');
      if (res.stop_reason !== 'tool_use' || uses.length === 0) break;
      transcript.push({ role: 'assistant', content: res.content as LlmContentBlock[] });
      const results: LlmContentBlock[] = [];
      for (const u of uses) results.push(await runTool(u, ctx));
      transcript.push({ role: 'user', content: results });
    }
    // The model wrote from untrusted data: its text is escaped (no links, no <!channel>) and kept without personal data.
    const shown = escapeModelMrkdwn(scrubPersonalData(answer || 'Pronto.'));
    await deps.slack.postMessage({ channel: work.channel, text: shown, ...(threadTs ? { thread_ts: threadTs } : {}) });
    await deps.sessions.save(work.user, work.channel, [...messages, { role: 'assistant', content: scrubPersonalData(answer || 'Pronto.') }]);
    return 'answered';
  }

  async function runTool(u: { id: string; name: string; input: unknown }, ctx: AdminContext): Promise<LlmContentBlock> {
    const reply = (content: unknown, isError = false): LlmContentBlock => ({ type: 'tool_result', tool_use_id: u.id, content: untrustedToolResult(u.name, content), ...(isError ? { is_error: true } : {}) });
    const tool = deps.registry.get(u.name);
    if (!tool) return reply({ erro: 'ferramenta_desconhecida' }, true);
    const parsed = tool.input.safeParse(u.input);
    if (!parsed.success) return reply({ erro: 'entrada_invalida', detalhes: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }, true);
    try {
      return reply(tool.write ? await proposeWrite(tool, parsed.data, ctx) : await tool.run(parsed.data, ctx));
    } catch (err) {
      deps.logger.warn({ err: errorMessage(err), tool: u.name }, 'slack tool failed');
      return reply({ erro: errorMessage(err) }, true);
    }
  }

  return {
    async handle(work) {
      // Checked again where the work runs: the list may have changed since the webhook queued it.
      if (deps.access.check(work.user, work.channel) !== 'manager') {
        deps.logger.warn({ user: work.user, kind: work.kind }, 'slack work refused in the worker: not a manager here');
        return 'refused';
      }
      if (work.kind === 'action') {
        if (work.actionId !== CONFIRM_ACTION && work.actionId !== CANCEL_ACTION) return 'ignored';
        return decideWrite(deps.registry, { ...work, confirm: work.actionId === CONFIRM_ACTION }, { deps });
      }
      // One key per request, the same for a retried job: what a failed turn proposed can be withdrawn.
      const turnKey = sha256Hex(JSON.stringify(work)).slice(0, 40);
      try {
        return await converse(work, turnKey);
      } catch (err) {
        // One attempt only (a rerun could post twice): the manager hears it failed instead of silence.
        deps.logger.error({ err: errorMessage(err) }, 'slack admin agent failed');
        // A preview this failed turn posted is withdrawn, so "tente de novo" cannot leave two to confirm.
        await withdrawTurn(deps, turnKey).catch((e: unknown) => deps.logger.error({ err: errorMessage(e) }, 'slack: could not withdraw a failed turn\'s previews'));
        const threadTs = work.kind === 'message' ? work.threadTs : undefined;
        await deps.slack
          .postMessage({ channel: work.channel, text: 'Não consegui processar esse pedido agora. Tente de novo em instantes.', ...(threadTs ? { thread_ts: threadTs } : {}) })
          .catch(() => undefined);
        return 'failed';
      }
    },
    recover: () => recoverActions(deps.registry, deps),
  };
}
