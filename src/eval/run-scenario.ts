import { CacheDiagnosisChain, runAgentTurn, type AgentDeps, type AgentPrompts, type AgentTurnInput, type AgentTurnResult, type KnowledgePort, type MemoryPort } from '../agent/index.js';
import type { Db } from '../db/index.js';
import type { LlmClient } from '../integrations/anthropic/index.js';
import type { InboundMessage } from '../inbound/index.js';
import { loadPipelineReplies, runTurn, type HandoffNotice, type PipelineDeps, type TurnOutcome } from '../pipeline/index.js';
import type { Embedder } from '../retrieval/index.js';
import type { Clock, Logger } from '../shared/index.js';
import { createEvalOutbound } from './eval-outbound.js';
import { resolvePlaceholders } from './placeholders.js';
import type { DoctorTurn, Scenario } from './scenario.js';

/** Where the model answers come from: the real API, or scripted steps fed to the fake. */
export interface ModelBackend {
  llm: LlmClient;
  /** Offline: queue this turn's scripted steps; `resolve` fills placeholders when a step is played. */
  beginTurn?(steps: DoctorTurn['model'], resolve: (v: unknown) => Promise<unknown>): void;
  /** Offline: scripted steps the turn did not consume (a pipeline that skipped the model). */
  leftover?(): number;
}

export interface EvalEnv {
  db: Db;
  clock: Clock;
  logger: Logger;
  prompts: AgentPrompts;
  models: { fast: string; smart: string };
  backend: ModelBackend;
  embedder: Embedder;
  memory: MemoryPort;
  knowledge?: KnowledgePort;
}

export interface ScenarioRun {
  phone: string;
  outcomes: TurnOutcome['status'][];
  agentResults: Array<{ input: AgentTurnInput; result: AgentTurnResult }>;
  sent: Array<{ text: string; outcome: string; rule?: string }>;
  handoffs: HandoffNotice[];
  latencyMs: number[];
  errors: string[];
}

let seq = 0;

function inboundMessage(s: Scenario, phone: string, turn: DoctorTurn, clock: Clock): InboundMessage {
  seq++;
  const viaLid = turn.via === 'lid' && s.persona.lid;
  const media =
    turn.kind === 'audio'
      ? { mimetype: 'audio/ogg; codecs=opus', url: null, seconds: 23, fileName: null, ptt: true }
      : turn.kind === 'image'
        ? { mimetype: 'image/jpeg', url: null, seconds: null, fileName: null, ptt: false }
        : null;
  return {
    instance: 'eval',
    providerMessageId: `eval-${s.id}-${seq}-${Date.now()}`,
    chatJid: viaLid ? `${s.persona.lid}@lid` : `${phone}@s.whatsapp.net`,
    phone,
    lid: viaLid ? s.persona.lid! : null,
    isGroup: false,
    fromMe: false,
    pushName: s.persona.name,
    kind: turn.kind,
    text: turn.text,
    media,
    targetId: null,
    extra: {},
    sentAt: clock.now().toISOString(),
    triggersTurn: true,
  };
}

/**
 * Plays one scenario through the real pipeline (pre-processors, agent, tools,
 * ValidateOutput, the outbound guardrails) on the given database. Nothing is
 * judged here; score.ts compares what the database says with the expectation.
 */
export async function runScenario(env: EvalEnv, s: Scenario, phone: string): Promise<ScenarioRun> {
  const run: ScenarioRun = { phone, outcomes: [], agentResults: [], sent: [], handoffs: [], latencyMs: [], errors: [] };
  const prepared = await env.db.rpc<{ id: string }>('eval_prepare_doctor', { p_phone: phone, p_doctor: s.persona });
  if (s.fillOffer) {
    const offer = await env.db.rpc<{ ok: boolean; reason?: string }>('eval_fill_offer', { p_doctor_id: prepared.id, p_now: env.clock.now() });
    if (!offer.ok) run.errors.push(`no fill offer could be made to him (${offer.reason})`);
  }
  const outbound = createEvalOutbound(env.db, env.clock, env.logger);
  const agentDeps: AgentDeps = {
    db: env.db,
    clock: env.clock,
    logger: env.logger,
    embedder: env.embedder,
    outbound,
    memory: env.memory,
    ...(env.knowledge ? { knowledge: env.knowledge } : {}),
    notifyManagers: async () => {},
    // The question is recorded as in production; no Slack in an eval run, and no answer comes.
    askManager: (q) =>
      env.db.rpc('manager_question_create', {
        p_conversation_id: q.conversationId,
        p_doctor_id: q.doctorId,
        p_question: q.question,
        p_shift_ref: q.shiftRef ?? null,
        p_deadline_at: new Date(env.clock.now().getTime() + 30 * 60_000),
        p_now: env.clock.now(),
      }),
    // Scenario doctors are registered unless the scenario says otherwise (eval_prepare_doctor).
    registrationRequired: true,
    llm: env.backend.llm,
    prompts: env.prompts,
    models: env.models,
    cacheDiagnosis: new CacheDiagnosisChain(),
  };
  let current: AgentTurnInput | undefined;
  const deps: PipelineDeps = {
    db: env.db,
    logger: env.logger,
    clock: env.clock,
    humanizedDelay: false,
    random: Math.random,
    replies: loadPipelineReplies(env.prompts),
    async agent(input) {
      current = input;
      const result = await runAgentTurn(agentDeps, input);
      run.agentResults.push({ input, result });
      return result;
    },
    ...(env.knowledge ? { knowledge: env.knowledge } : {}),
    outbound,
    async notifyHandoff(n) {
      run.handoffs.push(n);
    },
  };
  // `{{offered:v1}}`: the date of the shift offered as v1 in this conversation, when the step is played.
  const resolve = async (v: unknown) => {
    const offered = new Map<string, string>();
    if (current) {
      const ctx = await env.db.rpc<{ offered?: Array<{ ref: string; date: string }> }>('agent_context', {
        p_doctor_id: current.doctorId,
        p_conversation_id: current.conversationId,
        p_now: env.clock.now(),
      });
      for (const o of ctx.offered ?? []) offered.set(o.ref, o.date);
    }
    return resolvePlaceholders(v, env.clock, offered);
  };
  for (const turn of s.turns) {
    env.backend.beginTurn?.(turn.model, resolve);
    const started = performance.now();
    try {
      const text = (await resolve(turn.text)) as string;
      const persisted = await env.db.rpc<{ conversationId: string }>('inbound_persist', { p_message: inboundMessage(s, phone, { ...turn, text }, env.clock) });
      const out = await runTurn(persisted.conversationId, deps);
      run.outcomes.push(out.status);
    } catch (err) {
      run.errors.push(err instanceof Error ? err.message : String(err));
    }
    run.latencyMs.push(Math.round(performance.now() - started));
    const left = env.backend.leftover?.() ?? 0;
    if (left > 0) run.errors.push(`${left} scripted model step(s) not used in turn ${run.latencyMs.length} (turn ${run.outcomes.at(-1) ?? "failed"})`);
  }
  run.sent = outbound.results
    .filter((r) => !r.delayed)
    .map((r) => ({ text: r.text, outcome: r.result?.outcome ?? 'deferred', ...(r.result?.outcome === 'blocked' ? { rule: r.result.rule } : {}) }));
  return run;
}
