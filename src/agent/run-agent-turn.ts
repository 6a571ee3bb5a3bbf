import { LlmError, LlmUnconfiguredError, type LlmClient, type LlmMessage } from '../integrations/anthropic/index.js';
import { errorMessage } from '../shared/index.js';
import { buildSystem, toLlmMessages } from './assemble.js';
import type { CacheDiagnosisChain } from './cache-diagnosis.js';
import { toBubbles } from './bubbles.js';
import { buildDynamicContext, type DbAgentContext } from './context.js';
import type { HistoryMessage, KnowledgeContext, KnowledgePort, Memory, TurnTopics } from './ports.js';
import { REGION_MAP_BLOCK, type AgentPrompts } from './prompts.js';
import type { RegionMapSource } from './region-map.js';
import { chooseModel } from './routing.js';
import { runToolLoop, type CallUsage, type LoopOutcome, type ToolCallRecord } from './tool-loop.js';
import { JULIA_TOOLS } from './tools/index.js';
import type { AgentTool, ToolDeps } from './tools/tool.js';
import { isFillRefusal } from '../fill/index.js';

export interface AgentDeps extends ToolDeps {
  llm: LlmClient;
  prompts: AgentPrompts;
  models: { fast: string; smart: string };
  /** Retrieved knowledge and detectors; optional so the agent runs before retrieval is wired. */
  knowledge?: KnowledgePort;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  tools?: AgentTool<any>[];
  /** Model calls per turn (tool rounds); the last one may not call tools. Default 5. */
  maxRounds?: number;
  /** History messages sent to the model. Default 30. */
  historyLimit?: number;
  maxTokens?: number;
  /** Anthropic cache diagnostics: each call says why it missed the cache. Off when absent. */
  cacheDiagnosis?: CacheDiagnosisChain;
  /** The region map from the company's hospital catalog; absent, the prompts' file is used. */
  regionMap?: RegionMapSource;
}

export interface AgentTurnInput {
  doctorId: string;
  conversationId: string;
  /** Oldest first, ending with the doctor's new message(s). */
  history: HistoryMessage[];
  context?: {
    /** Already computed by a pre-processor; otherwise asked from deps.knowledge. */
    knowledge?: KnowledgeContext;
    /** The turn's classification of what it is about (the pipeline's); the knowledge step retrieves by it. */
    topics?: TurnTopics;
    policyConstraints?: string[];
    managerDirectives?: string[];
    /** ValidateOutput's reasons for rejecting the previous draft (regeneration). */
    feedback?: string[];
    /** Ask for the stronger model, with the reason recorded. */
    preferSmart?: string;
  };
  /**
   * Regeneration (ValidateOutput): rewrite the reply's TEXT only. The previous
   * draft's tool calls and results are replayed as history and no tool runs
   * again, so a reservation or reminder is never made twice or differently.
   */
  rewrite?: { transcript: AgentTranscript; toolCalls: ToolCallRecord[] };
}

/** The tool rounds of a turn as the model saw them (see LoopOutcome.transcript). */
export type AgentTranscript = LlmMessage[];

/**
 * llm_unavailable: the model could not be reached after the SDK's retries;
 * `retryable` says whether waiting can help (overload, rate limit, 5xx, network)
 * or not (no API key, a request the API rejects).
 */
export type HandoffReason = 'llm_unavailable' | 'model_refusal' | 'empty_reply';

export interface TurnUsage {
  inputTokens: number;
  outputTokens: number;
  cacheCreationInputTokens: number;
  cacheReadInputTokens: number;
  calls: CallUsage[];
}

export interface AgentTurnResult {
  /** WhatsApp bubbles in order; empty on hand-off. */
  bubbles: string[];
  text: string;
  model: string;
  modelReason: string;
  usage: TurnUsage;
  /** Every tool call behind this reply (on a rewrite: the replayed ones). */
  toolCalls: ToolCallRecord[];
  /** Tool rounds to replay if this draft has to be rewritten. */
  transcript?: AgentTranscript;
  rounds: number;
  latencyMs: number;
  /** The supervisors' instructions this turn was shown: ValidateOutput keeps them from reaching the doctor. */
  instructions?: string[];
  /** Set when a human must take over instead of sending `bubbles`. */
  handoff?: { reason: HandoffReason; draft?: string; error?: string; retryable?: boolean };
  turnId?: string;
}

async function failOpen<T>(deps: AgentDeps, what: string, fallback: T, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    deps.logger.warn({ err: errorMessage(err) }, `agent: ${what} unavailable, continuing without it`);
    return fallback;
  }
}

/**
 * One turn of Júlia: context → model routing → tool loop → bubbles. Pure of
 * transport: it sends nothing; the pipeline decides what leaves and how.
 */
export async function runAgentTurn(deps: AgentDeps, input: AgentTurnInput): Promise<AgentTurnResult> {
  const started = Date.now();
  const { doctorId, conversationId } = input;
  const lastDoctorText = input.history.filter((m) => m.role === 'doctor').slice(-3).map((m) => m.text).join('\n');
  // A fill offer that reached him joins this conversation's offers, so "quero" reserves it by
  // its ref; a firm "não posso" closes it (that shift is never offered to him again).
  const lastDoctor = input.history.filter((m) => m.role === 'doctor').at(-1)?.text ?? '';
  await failOpen(deps, 'fill offers', null, () =>
    deps.db.rpc('fill_offer_context', { p_doctor_id: doctorId, p_conversation_id: conversationId, p_refused: isFillRefusal(lastDoctor), p_now: deps.clock.now() }),
  );
  const db = await deps.db.rpc<DbAgentContext>('agent_context', { p_doctor_id: doctorId, p_conversation_id: conversationId, p_now: deps.clock.now() });
  const knowledge =
    input.context?.knowledge ??
    (deps.knowledge
      ? await failOpen(deps, 'knowledge', null, () => deps.knowledge!.contextFor({ doctorId, text: lastDoctorText, history: input.history, ...(input.context?.topics ? { topics: input.context.topics } : {}) }))
      : null);
  const memories = await failOpen<Memory[]>(deps, 'memories', [], () => deps.memory.relevant(doctorId, lastDoctorText, 5));
  // Managers' directives and a person's hand-back summary (issue 11); a turn goes on without them if the read fails.
  const steering = await failOpen<{ directives: string[]; handback: string | null }>(deps, 'steering', { directives: [], handback: null }, async () => {
    const s = await deps.db.rpc<{ directives?: string[] | null; handback?: string | null } | null>('agent_steering', { p_conversation_id: conversationId, p_now: deps.clock.now() });
    return { directives: s?.directives ?? [], handback: s?.handback ?? null };
  });
  // Supervisors' instructions (Chatwoot notes to @julia); a turn goes on without them if the read fails.
  const instructions = await failOpen<string[]>(deps, 'supervisor instructions', [], async () =>
    ((await deps.db.rpc<Array<{ body: string }> | null>('conversation_instructions_active', { p_conversation_id: conversationId, p_now: deps.clock.now() })) ?? []).map((i) => i.body),
  );
  const { messages, openers } = toLlmMessages(input.history, deps.historyLimit ?? 30);
  const dynamic = buildDynamicContext({
    clock: deps.clock,
    db,
    memories,
    knowledge,
    policyConstraints: input.context?.policyConstraints ?? [],
    // The policy step (issue 14) reads the same directives: each shown once.
    managerDirectives: [...new Set([...steering.directives, ...(input.context?.managerDirectives ?? [])])],
    ...(steering.handback ? { handback: steering.handback } : {}),
    supervisorInstructions: instructions,
    openers,
    feedback: (input.context?.feedback ?? []).map((f) => deps.prompts.validationFeedback(f)),
  });
  const choice = chooseModel({ history: input.history, knowledge, ...(input.context?.preferSmart ? { preferSmart: input.context.preferSmart } : {}) }, deps.models);

  const companyBlocks: Record<string, string> = deps.regionMap ? { [REGION_MAP_BLOCK]: await deps.regionMap.text() } : {};
  const calls: CallUsage[] = [];
  const rewrite = input.rewrite;
  let loop: LoopOutcome | undefined;
  let failure: { error: string; retryable: boolean } | undefined;
  try {
    loop = await runToolLoop({
      llm: deps.llm,
      request: {
        model: choice.model,
        max_tokens: deps.maxTokens ?? 1024,
        system: buildSystem(deps.prompts, dynamic, companyBlocks),
        // A rewrite sees what the tools already did and answers in one round with
        // tools forbidden (still declared: the replayed tool_use blocks need them,
        // and the cached prefix stays the same).
        messages: rewrite ? [...messages, ...rewrite.transcript] : messages,
      },
      tools: deps.tools ?? JULIA_TOOLS,
      ctx: { doctorId, conversationId, deps },
      maxRounds: rewrite ? 1 : (deps.maxRounds ?? 5),
      onCall: (u) => {
        calls.push(u);
        if (u.messageId) deps.cacheDiagnosis?.remember(conversationId, choice.model, u.messageId);
      },
      ...(deps.cacheDiagnosis ? { previousMessageId: deps.cacheDiagnosis.previous(conversationId, choice.model) } : {}),
    });
  } catch (err) {
    // The SDK already retried with backoff; the pipeline decides whether to wait for the model.
    failure = { error: errorMessage(err), retryable: isRetryable(err) };
    deps.logger.error({ err: failure.error, retryable: failure.retryable, conversationId }, 'agent: model unavailable');
  }

  const text = (loop?.texts ?? []).join('\n\n');
  const bubbles = toBubbles(text);
  const handoff: AgentTurnResult['handoff'] = failure
    ? { reason: 'llm_unavailable', error: failure.error, retryable: failure.retryable, ...(text ? { draft: text } : {}) }
    : loop?.stopReason === 'refusal'
      ? { reason: 'model_refusal', ...(text ? { draft: text } : {}) }
      : bubbles.length === 0 && !loop?.endedBy
        ? { reason: 'empty_reply' }
        : undefined;
  const result: AgentTurnResult = {
    bubbles: handoff ? [] : bubbles,
    text,
    model: choice.model,
    modelReason: choice.reason,
    usage: {
      inputTokens: sum(calls, 'input_tokens'),
      outputTokens: sum(calls, 'output_tokens'),
      cacheCreationInputTokens: sum(calls, 'cache_creation_input_tokens'),
      cacheReadInputTokens: sum(calls, 'cache_read_input_tokens'),
      calls,
    },
    toolCalls: [...(rewrite?.toolCalls ?? []), ...(loop?.toolCalls ?? [])],
    transcript: [...(rewrite?.transcript ?? []), ...(loop?.transcript ?? [])],
    rounds: calls.length,
    latencyMs: Date.now() - started,
    ...(instructions.length ? { instructions } : {}),
    ...(handoff ? { handoff } : {}),
  };
  result.turnId = await recordTurn(deps, input, { ...result, toolCalls: loop?.toolCalls ?? [] });
  return result;
}

/**
 * Waiting can help with overload (529), rate limits, 5xx, timeouts and network
 * errors, and with a key an operator is fixing (401/403/404). It cannot help
 * without a key, or with a request the API rejects as such (400/413/422).
 */
function isRetryable(err: unknown): boolean {
  if (err instanceof LlmUnconfiguredError) return false;
  if (!(err instanceof LlmError)) return true;
  return err.status === undefined || ![400, 413, 422].includes(err.status);
}

function sum(calls: CallUsage[], key: 'input_tokens' | 'output_tokens' | 'cache_creation_input_tokens' | 'cache_read_input_tokens'): number {
  return calls.reduce((acc, c) => acc + (c[key] ?? 0), 0);
}

async function recordTurn(deps: AgentDeps, input: AgentTurnInput, r: AgentTurnResult): Promise<string | undefined> {
  try {
    const row = await deps.db.rpc<{ id: string }>('agent_record_turn', {
      p_turn: {
        doctorId: input.doctorId,
        conversationId: input.conversationId,
        model: r.model,
        modelReason: r.modelReason,
        outcome: r.handoff ? 'handoff' : 'reply',
        handoffReason: r.handoff?.reason,
        rounds: r.rounds,
        inputTokens: r.usage.inputTokens,
        outputTokens: r.usage.outputTokens,
        cacheCreationInputTokens: r.usage.cacheCreationInputTokens,
        cacheReadInputTokens: r.usage.cacheReadInputTokens,
        calls: r.usage.calls,
        // Tool names and error flags only: inputs may carry what the doctor said (LGPD).
        toolCalls: r.toolCalls.map((t) => ({ name: t.name, isError: t.isError })),
        latencyMs: r.latencyMs,
        error: r.handoff?.error,
      },
    });
    return row.id;
  } catch (err) {
    // Bookkeeping must never cost the doctor a reply.
    deps.logger.error({ err: errorMessage(err) }, 'agent: could not record the turn');
    return undefined;
  }
}
