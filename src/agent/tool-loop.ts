import type { LlmCacheMiss, LlmClient, LlmContentBlock, LlmMessage, LlmRequest, LlmResponse, LlmUsage } from '../integrations/anthropic/index.js';
import { errorMessage } from '../shared/index.js';
import { toLlmTool } from './tools/index.js';
import { ToolError } from './tools/tool-error.js';
import type { AgentTool, ToolContext } from './tools/tool.js';

export interface ToolCallRecord {
  name: string;
  input: unknown;
  isError: boolean;
  /** The JSON the model received. */
  result: unknown;
}

export interface CallUsage extends LlmUsage {
  model: string;
  latencyMs: number;
  /** The response id (what the next call's cache diagnostics compare with). */
  messageId?: string;
  /** Why this call could not reuse the previous one's cached prefix, when diagnostics were on. */
  cacheMiss?: LlmCacheMiss;
}

export interface LoopOutcome {
  texts: string[];
  toolCalls: ToolCallRecord[];
  calls: CallUsage[];
  rounds: number;
  stopReason: string | null;
  /**
   * What the tools did, as the model saw it: each round's tool_use blocks (its
   * text left out) and their results. A regeneration replays it instead of
   * running the tools again.
   */
  transcript: LlmMessage[];
  /** The tool whose successful call ended the loop (AgentTool.endsTurn). */
  endedBy?: string;
}

export interface LoopInput {
  llm: LlmClient;
  request: Omit<LlmRequest, 'tools' | 'tool_choice'>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  tools: AgentTool<any>[];
  ctx: ToolContext;
  maxRounds: number;
  onCall?: (usage: CallUsage) => void;
  /**
   * Cache diagnostics on: the response the first call is compared with (null to
   * opt in without one). Each later round is compared with the round before.
   * Undefined: diagnostics off.
   */
  previousMessageId?: string | null;
}

/** Validates and runs one tool call. Whatever happens, the model gets a JSON result back. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function runToolCall(tools: AgentTool<any>[], name: string, input: unknown, ctx: ToolContext): Promise<ToolCallRecord> {
  const tool = tools.find((t) => t.name === name);
  if (!tool) return { name, input, isError: true, result: { erro: 'ferramenta_desconhecida', mensagem: `não existe a ferramenta ${name}` } };
  const parsed = tool.input.safeParse(input);
  if (!parsed.success) {
    const detalhes = parsed.error.issues.map((i) => `${i.path.join('.') || '(entrada)'}: ${i.message}`);
    return { name, input, isError: true, result: { erro: 'entrada_invalida', detalhes } };
  }
  try {
    return { name, input, isError: false, result: await tool.execute(parsed.data, ctx) };
  } catch (err) {
    if (err instanceof ToolError) return { name, input, isError: true, result: err.toResult() };
    ctx.deps.logger.error({ err: errorMessage(err), tool: name }, 'agent tool failed');
    return { name, input, isError: true, result: { erro: 'falha_interna', mensagem: 'não foi possível concluir agora; nada foi alterado além do que a ferramenta confirmou' } };
  }
}

/**
 * The bounded tool loop: call the model, run every tool it asked for, hand the
 * results back, repeat. The last allowed round forbids tools so the turn always
 * ends in text. LlmError propagates: the caller decides between waiting for the
 * model and a hand-off.
 */
export async function runToolLoop(input: LoopInput): Promise<LoopOutcome> {
  const llmTools = input.tools.map(toLlmTool);
  const messages: LlmMessage[] = [...input.request.messages];
  const out: LoopOutcome = { texts: [], toolCalls: [], calls: [], rounds: 0, stopReason: null, transcript: [] };
  let previous = input.previousMessageId;
  for (let round = 1; round <= input.maxRounds; round++) {
    const lastRound = round === input.maxRounds;
    const started = Date.now();
    const res: LlmResponse = await input.llm.createMessage({
      ...input.request,
      messages,
      ...(llmTools.length > 0 ? { tools: llmTools, tool_choice: lastRound ? { type: 'none' } : { type: 'auto' } } : {}),
      ...(previous !== undefined ? { diagnostics: { previous_message_id: previous } } : {}),
    });
    const usage: CallUsage = {
      ...res.usage,
      model: res.model,
      latencyMs: Date.now() - started,
      ...(res.id ? { messageId: res.id } : {}),
      ...(res.cacheMiss ? { cacheMiss: res.cacheMiss } : {}),
    };
    if (previous !== undefined) previous = res.id ?? null;
    out.calls.push(usage);
    input.onCall?.(usage);
    out.rounds = round;
    out.stopReason = res.stop_reason;
    const content = res.content.filter((b): b is LlmContentBlock => b.type === 'text' || b.type === 'tool_use');
    for (const b of content) if (b.type === 'text' && b.text.trim()) out.texts.push(b.text.trim());
    const uses = content.filter((b): b is Extract<LlmContentBlock, { type: 'tool_use' }> => b.type === 'tool_use');
    if (res.stop_reason !== 'tool_use' || uses.length === 0) return out;
    // Tools were forbidden this round: a tool call now would act without the model ever seeing its result.
    if (lastRound) return out;
    messages.push({ role: 'assistant', content });
    out.transcript.push({ role: 'assistant', content: uses });
    const results: LlmContentBlock[] = [];
    // Sequential on purpose: a reservation must see what a search just stored.
    for (const use of uses) {
      const record = await runToolCall(input.tools, use.name, use.input, input.ctx);
      out.toolCalls.push(record);
      results.push({ type: 'tool_result', tool_use_id: use.id, content: JSON.stringify(record.result), ...(record.isError ? { is_error: true } : {}) });
    }
    messages.push({ role: 'user', content: results });
    out.transcript.push({ role: 'user', content: results });
    const ending = out.toolCalls.slice(-uses.length).find((r) => !r.isError && input.tools.some((t) => t.name === r.name && t.endsTurn));
    if (ending) {
      out.endedBy = ending.name;
      return out;
    }
  }
  return out;
}
