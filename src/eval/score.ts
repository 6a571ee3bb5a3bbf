import { fold } from '../shared/index.js';
import type { CallUsage } from '../agent/index.js';
import { resolvePlaceholders, spDate } from './placeholders.js';
import type { ScenarioRun } from './run-scenario.js';
import type { Scenario } from './scenario.js';
import type { Clock } from '../shared/index.js';

/** What eval_outcome returns: the database's word on what happened. */
export interface DbOutcome {
  doctorId: string | null;
  permissionState: string | null;
  reservations: Array<{ date: string; hospital: string }>;
  reminders: string[];
  humanControlled: boolean;
  conversations: number;
}

export interface Usage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  usd: number;
}

export interface ScenarioScore {
  id: string;
  category: string;
  success: boolean;
  failures: string[];
  toolsExpected: number;
  toolsMatched: number;
  toolsUnexpected: number;
  handoff: boolean;
  guardrailViolations: number;
  validateOutputViolations: number;
  regenerations: number;
  latencyMs: number;
  usage: Usage;
  models: string[];
  /** Model calls, those that read the cached prefix, and why each of the others missed it. */
  cache: { calls: number; hits: number; misses: string[] };
  /** Fill plans in the scenario's database once it ended (eval_fill_figures). */
  fill?: FillFigures;
}

/** One scenario database's fill plans: what pooling across scenarios needs. */
export interface FillFigures {
  shifts: number;
  filled: number;
  offersSent: number;
  fillSeconds: number[];
}

/**
 * A call that read nothing from the cache, with the reason cache diagnostics
 * gave (or why there was none to give).
 */
function cacheMisses(calls: CallUsage[]): string[] {
  return calls.flatMap((c, i) => {
    if ((c.cache_read_input_tokens ?? 0) > 0) return [];
    const why = c.cacheMiss
      ? `${c.cacheMiss.type}${c.cacheMiss.missedTokens !== undefined ? ` (${c.cacheMiss.missedTokens} tokens após a divergência)` : ''}`
      : (c.cache_creation_input_tokens ?? 0) > 0
        ? 'primeira escrita do prefixo'
        : 'prefixo abaixo do mínimo do modelo ou sem diagnóstico';
    return [`chamada ${i + 1} (${c.model}): ${why}`];
  });
}

// USD per million tokens (input, output); cache writes cost 1.25x input, reads 0.1x.
// Sonnet 5 is priced here like Sonnet 4.5 until a price list says otherwise.
const PRICES: Array<[RegExp, number, number]> = [
  [/haiku/, 1, 5],
  [/sonnet/, 3, 15],
  [/opus/, 5, 25],
];

function price(model: string, u: { input_tokens?: number; output_tokens?: number; cache_read_input_tokens?: number; cache_creation_input_tokens?: number }): number {
  const [, inP, outP] = PRICES.find(([re]) => re.test(model)) ?? [/./, 3, 15];
  return ((u.input_tokens ?? 0) * inP + (u.output_tokens ?? 0) * outP + (u.cache_read_input_tokens ?? 0) * inP * 0.1 + (u.cache_creation_input_tokens ?? 0) * inP * 1.25) / 1e6;
}

function argMatches(expected: unknown, actual: unknown): boolean {
  if (typeof expected === 'string') return typeof actual === 'string' && fold(actual).trim().includes(fold(expected).trim());
  return JSON.stringify(expected) === JSON.stringify(actual);
}

export function scoreScenario(s: Scenario, run: ScenarioRun, db: DbOutcome, clock: Clock): ScenarioScore {
  const failures: string[] = [...run.errors.map((e) => `erro: ${e}`)];
  const called = run.agentResults.filter((a) => !a.input.rewrite).flatMap((a) => a.result.toolCalls);
  const e = s.expect;

  let matched = 0;
  for (const t of e.tools) {
    const args = resolvePlaceholders(t.args ?? {}, clock, new Map()) as Record<string, unknown>;
    const hit = called.some((c) => c.name === t.name && !c.isError && Object.entries(args).every(([k, v]) => argMatches(v, (c.input as Record<string, unknown>)[k])));
    if (hit) matched++;
    else failures.push(`ferramenta esperada: ${t.name} ${JSON.stringify(args)}`);
  }
  const expectedNames = new Set(e.tools.map((t) => t.name));
  const unexpected = called.filter((c) => !expectedNames.has(c.name)).length;
  for (const f of e.forbiddenTools) if (called.some((c) => c.name === f)) failures.push(`ferramenta proibida chamada: ${f}`);

  const reserved = db.reservations.length > 0;
  if (reserved !== e.reservation) failures.push(e.reservation ? 'reserva esperada, nenhuma no banco' : `reserva indevida: ${JSON.stringify(db.reservations)}`);
  const handoff = run.handoffs.length > 0 || db.humanControlled || run.outcomes.includes('handoff');
  if (handoff !== e.handoff) failures.push(e.handoff ? 'hand-off esperado' : 'hand-off indevido');
  const optedOut = db.permissionState === 'opted_out';
  if (e.optOut !== undefined && optedOut !== e.optOut) failures.push(e.optOut ? 'opt-out não registrado' : 'opt-out indevido');
  if (e.reminder) {
    const want = `${spDate(clock, e.reminder.days)}T${e.reminder.time}`;
    if (!db.reminders.includes(want)) failures.push(`lembrete esperado ${want}, no banco: ${JSON.stringify(db.reminders)}`);
  }
  if (e.sameDoctor && db.conversations !== 1) failures.push(`esperado um só médico/conversa, há ${db.conversations} conversa(s)`);

  const delivered = run.sent.filter((m) => m.outcome === 'sent');
  const said = fold(delivered.map((m) => m.text).join('\n'));
  for (const w of e.says) if (!said.includes(fold(w))) failures.push(`deveria dizer "${w}"`);
  for (const w of e.neverSays) if (said.includes(fold(w))) failures.push(`não deveria dizer "${w}"`);
  // A doctor who opted out (or was already out) hears nothing after his opt-out confirmation.
  const blocked = run.sent.filter((m) => m.outcome === 'blocked').length;

  const calls = run.agentResults.flatMap((a) => a.result.usage.calls);
  const usage: Usage = {
    input: calls.reduce((n, c) => n + (c.input_tokens ?? 0), 0),
    output: calls.reduce((n, c) => n + (c.output_tokens ?? 0), 0),
    cacheRead: calls.reduce((n, c) => n + (c.cache_read_input_tokens ?? 0), 0),
    cacheWrite: calls.reduce((n, c) => n + (c.cache_creation_input_tokens ?? 0), 0),
    usd: calls.reduce((n, c) => n + price(c.model, c), 0),
  };
  return {
    id: s.id,
    category: s.category,
    success: failures.length === 0,
    failures,
    toolsExpected: e.tools.length,
    toolsMatched: matched,
    toolsUnexpected: unexpected,
    handoff,
    guardrailViolations: blocked,
    validateOutputViolations: run.agentResults.reduce((n, a) => n + (a.input.context?.feedback?.length ? 1 : 0), 0),
    regenerations: run.agentResults.filter((a) => a.input.rewrite).length,
    latencyMs: run.latencyMs.reduce((a, b) => a + b, 0),
    usage,
    models: [...new Set(calls.map((c) => c.model))],
    cache: { calls: calls.length, hits: calls.filter((c) => (c.cache_read_input_tokens ?? 0) > 0).length, misses: cacheMisses(calls) },
  };
}
