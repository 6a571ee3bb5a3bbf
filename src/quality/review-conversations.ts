import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Db } from '../db/index.js';
import type { LlmClient } from '../integrations/anthropic/index.js';
import { recordOptOut } from '../policy/index.js';
import { errorMessage, sha256Hex, spLocalToUtc, spParts, type Clock, type Logger } from '../shared/index.js';
import { missedStop, type MissedStop, type StopCandidate } from './missed-stop.js';

const RUBRIC = fileURLToPath(new URL('../../prompts/revisao-conversa.md', import.meta.url));

export type ReviewTier = 'critical' | 'attention' | 'sample' | 'ok';

const verdictSchema = z.object({
  naturalidade: z.number().min(1).max(5),
  correcao: z.number().min(1).max(5),
  guardrails: z.number().min(1).max(5),
  resultado: z.number().min(1).max(5),
  critico: z.boolean(),
  resumo: z.string().max(500).default(''),
  // A sincere request to stop anywhere in the conversation, and his words (missed-stop.ts checks them).
  pediu_para_parar: z.boolean().default(false),
  trecho_parada: z.string().max(500).default(''),
});
export type Verdict = z.infer<typeof verdictSchema>;

interface Candidate extends StopCandidate {
  conversationId: string;
  doctorId: string;
  chatwootConversationId: number | null;
}

export interface ReviewDeps {
  db: Db;
  llm: LlmClient;
  model: string;
  clock: Clock;
  logger: Logger;
  /** Posts the digest to the managers' channel. */
  post(text: string): Promise<void>;
  /** Chatwoot base URL and account, for links; absent: ids only. */
  chatwoot?: { url: string; accountId: string };
  /** Share of otherwise fine conversations sent for a human look. Default 5%. */
  sampleRate?: number;
}

export interface ReviewReport {
  day: string;
  reviewed: number;
  tiers: Record<ReviewTier, number>;
  failed: number;
  /** Stops the rules missed: recorded now as opt-outs, or left to a person (missed-stop.ts). */
  missedStops: { recorded: number; flagged: number };
}

/** Spec section 6: critical = a critical sign or any score of 1-2; attention = mean under 3.5. */
export function tierOf(v: Pick<Verdict, 'naturalidade' | 'correcao' | 'guardrails' | 'resultado' | 'critico'> | null, sampled: boolean): ReviewTier {
  if (!v) return 'attention';
  const scores = [v.naturalidade, v.correcao, v.guardrails, v.resultado];
  if (v.critico || Math.min(...scores) <= 2) return 'critical';
  if (scores.reduce((a, b) => a + b, 0) / scores.length < 3.5) return 'attention';
  return sampled ? 'sample' : 'ok';
}

/** Deterministic 5%: the same conversation and day always land in the same bucket (a rerun agrees). */
export function inSample(day: string, conversationId: string, rate: number): boolean {
  return parseInt(sha256Hex(`${day}:${conversationId}`).slice(0, 8), 16) / 0xffffffff < rate;
}

function transcript(c: Candidate): string {
  return c.messages.filter((m) => (m.text ?? '').trim()).map((m) => `${m.direction === 'inbound' ? 'Médico' : 'Júlia'}: ${m.text}`).join('\n');
}

function parseVerdict(text: string): Verdict | null {
  const json = /\{[\s\S]*\}/.exec(text)?.[0];
  if (!json) return null;
  try {
    const parsed = verdictSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Yesterday in São Paulo, as [from, to) in UTC and its date. */
export function yesterday(clock: Clock): { day: string; from: Date; to: Date } {
  const p = spParts(clock.now());
  const to = spLocalToUtc(p.year, p.month, p.day, 0, 0);
  const from = spLocalToUtc(p.year, p.month, p.day - 1, 0, 0);
  const d = spParts(from);
  return { day: `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`, from, to };
}

/**
 * The daily conversation review: an LLM judge scores each of yesterday's
 * conversations against the rubric in prompts/, the results are stored, and a
 * digest with links goes to the managers. A judge that fails or answers badly
 * puts the conversation in "attention": unreviewed is not the same as fine.
 */
export async function reviewConversations(deps: ReviewDeps): Promise<ReviewReport> {
  const { day, from, to } = yesterday(deps.clock);
  const rubric = readFileSync(RUBRIC, 'utf8').trim();
  const candidates = await deps.db.rpc<Candidate[]>('review_candidates', { p_from: from, p_to: to });
  const tiers: Record<ReviewTier, number> = { critical: 0, attention: 0, sample: 0, ok: 0 };
  const flagged: Array<{ c: Candidate; tier: ReviewTier; summary: string }> = [];
  const stops: Array<{ c: Candidate; missed: MissedStop }> = [];
  let failed = 0;
  for (const c of candidates) {
    let verdict: Verdict | null = null;
    try {
      const res = await deps.llm.createMessage({
        model: deps.model,
        max_tokens: 400,
        temperature: 0,
        // The rubric is the same for every conversation: cached once per run.
        system: [{ type: 'text', text: rubric, cache_control: { type: 'ephemeral' } }],
        messages: [{ role: 'user', content: `Conversa a revisar:\n\n${transcript(c)}` }],
      });
      verdict = parseVerdict(res.content.map((b) => ('text' in b ? b.text : '')).join(''));
    } catch (err) {
      deps.logger.warn({ err: errorMessage(err), conversationId: c.conversationId }, 'review: judge failed');
    }
    if (!verdict) failed++;
    const tier = tierOf(verdict, inSample(day, c.conversationId, deps.sampleRate ?? 0.05));
    const summary = verdict?.resumo ?? 'o revisor automático não conseguiu avaliar';
    await deps.db.rpc('review_save', { p_day: day, p_conversation_id: c.conversationId, p_tier: tier, p_scores: verdict ?? {}, p_summary: summary });
    tiers[tier]++;
    if (tier !== 'ok') flagged.push({ c, tier, summary });
    const missed = missedStop(c, verdict);
    if (missed?.action === 'record') {
      // The same recording as the opt-out step: one event, the wrapper blocks from now on. No
      // message goes to the doctor: a confirmation hours later would be the contact he refused.
      await recordOptOut(deps.db, c.doctorId, 'review', deps.clock.now());
    }
    if (missed) stops.push({ c, missed });
  }
  await deps.post(digest(day, candidates.length, tiers, flagged, deps.chatwoot, stops));
  const recorded = stops.filter((s) => s.missed.action === 'record').length;
  return { day, reviewed: candidates.length, tiers, failed, missedStops: { recorded, flagged: stops.length - recorded } };
}

const TITLES: Record<Exclude<ReviewTier, 'ok'>, string> = {
  critical: 'Críticas (revisão humana obrigatória)',
  attention: 'Atenção',
  sample: 'Amostra aleatória (5%)',
};

function digest(
  day: string, total: number, tiers: Record<ReviewTier, number>, flagged: Array<{ c: Candidate; tier: ReviewTier; summary: string }>,
  cw: ReviewDeps['chatwoot'] | undefined, stops: Array<{ c: Candidate; missed: MissedStop }>,
): string {
  const link = (c: Candidate) =>
    cw && c.chatwootConversationId ? `${cw.url.replace(/\/$/, '')}/app/accounts/${cw.accountId}/conversations/${c.chatwootConversationId}` : `conversa ${c.conversationId}`;
  const lines = [`Revisão das conversas de ${day}: ${total} conversa(s); ${tiers.critical} crítica(s), ${tiers.attention} de atenção, ${tiers.sample} na amostra.`];
  for (const tier of ['critical', 'attention', 'sample'] as const) {
    const items = flagged.filter((f) => f.tier === tier);
    if (items.length) lines.push('', `*${TITLES[tier]}*`, ...items.map((f) => `• ${link(f.c)} — ${f.summary}`));
  }
  if (stops.length) {
    lines.push('', '*Pedidos para parar que passaram*', ...stops.map((s) => `• ${link(s.c)} — ${
      s.missed.action === 'record'
        ? 'registrado agora como opt-out (nenhuma mensagem foi enviada ao médico); se foi engano, desbloqueie pelo Slack'
        : 'não registrado: a permissão dele mudou depois desse pedido; uma pessoa precisa decidir'}`));
  }
  return lines.join('\n');
}
