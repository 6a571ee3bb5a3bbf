import type { Db } from '../db/index.js';
import { errorMessage } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import { classify, PLAYBOOK_PREFIX, type ArbiterOptions, type Detections, type Detectors } from '../classify/index.js';
import type { HybridRetriever, RetrievedChunk } from './hybrid-retriever.js';

// Structurally identical to src/agent/ports.ts (KnowledgePort and friends).
export interface KnowledgeChunk {
  source: string;
  heading: string;
  text: string;
  score: number;
}

export interface KnowledgeContext {
  chunks: KnowledgeChunk[];
  objection: string | null;
  profile: string | null;
  objective: string | null;
}

export interface HistoryMessage {
  role: 'doctor' | 'julia';
  text: string;
  at?: string;
}

export interface KnowledgeOrchestratorOptions {
  retriever: HybridRetriever;
  detectors: Detectors;
  /** When given, a confident profile detection is written to doctors.profile. */
  db?: Db;
  logger?: Logger;
  /** Chunks handed to the agent. */
  maxChunks?: number;
  /** With a key: a fast-model call decides uncertain objections (bounded; falls back to the detectors). */
  arbiter?: ArbiterOptions;
  /** Profile detections below this are not persisted. */
  persistProfileAbove?: number;
}

/**
 * Spec 4.1: reads what the turn is about (objection, profile, objective) from the turn's classification, then, in
 * parallel, a general hybrid search over the message and targeted searches in the playbooks of what was read, so
 * an objection's own playbook reaches the prompt even when the doctor's words are far from it. A caller without a
 * turn classification (a CLI chat) gets one made here, by the same `classify`. Never throws on retrieval: knowledge
 * is context, and a turn without it is better than no turn.
 */
export class KnowledgeOrchestrator {
  private readonly maxChunks: number;

  constructor(private readonly opts: KnowledgeOrchestratorOptions) {
    this.maxChunks = opts.maxChunks ?? 6;
  }

  async contextFor(input: { doctorId: string; text: string; history: HistoryMessage[]; topics?: () => Promise<Detections> }): Promise<KnowledgeContext> {
    const detections = await (input.topics ?? (() => this.topicsOf(input)))();
    const objection = detections.objection.label;
    const profile = detections.profile.label;
    const objective = detections.objective.label;

    const searches: Array<Promise<RetrievedChunk[]>> = [this.search(input.text, { k: this.maxChunks })];
    if (objection) searches.push(this.search(input.text, { k: 2, sourcePrefix: `${PLAYBOOK_PREFIX.objection}${objection}` }));
    if (profile) searches.push(this.search(input.text, { k: 1, sourcePrefix: `${PLAYBOOK_PREFIX.profile}${profile}` }));
    if (objective) searches.push(this.search(input.text, { k: 1, sourcePrefix: `${PLAYBOOK_PREFIX.objective}${objective}` }));
    const [results] = await Promise.all([Promise.all(searches), this.persistProfile(input.doctorId, detections)]);
    const [general, ...targeted] = results;

    return {
      chunks: this.merge(targeted, general ?? []),
      objection,
      profile,
      objective,
    };
  }

  private topicsOf(input: { text: string; history: HistoryMessage[] }): Promise<Detections> {
    const history = input.history.filter((m) => m.role === 'doctor').map((m) => m.text).slice(-10);
    const { detectors, arbiter, logger } = this.opts;
    return classify([{ id: 'text', text: input.text }], { detectors, history, ...(arbiter ? { arbiter } : {}), ...(logger ? { logger } : {}) }).topics();
  }

  /** Targeted chunks first (they answer "how do I handle this"), then the general ones, deduplicated. */
  private merge(targeted: RetrievedChunk[][], general: RetrievedChunk[]): KnowledgeChunk[] {
    const seen = new Set<string>();
    const out: KnowledgeChunk[] = [];
    for (const c of [...targeted.flat(), ...general]) {
      const key = `${c.source}\u0000${c.heading}\u0000${c.text}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ source: c.source, heading: c.heading, text: c.text, score: c.score });
      if (out.length >= this.maxChunks) break;
    }
    return out;
  }

  private async search(text: string, options: { k: number; sourcePrefix?: string }): Promise<RetrievedChunk[]> {
    try {
      return await this.opts.retriever.retrieve(text, options);
    } catch (err) {
      this.opts.logger?.warn({ error: errorMessage(err) }, 'knowledge retrieval failed');
      return [];
    }
  }

  private async persistProfile(doctorId: string, detections: Detections): Promise<void> {
    const { label, confidence } = detections.profile;
    if (!this.opts.db || !label || confidence < (this.opts.persistProfileAbove ?? 0.7)) return;
    try {
      await this.opts.db.rpc('doctor_profile_detected', { p_doctor_id: doctorId, p_label: label, p_confidence: confidence });
    } catch (err) {
      this.opts.logger?.warn({ error: errorMessage(err) }, 'profile update failed');
    }
  }
}
