import type { z } from 'zod';
import type { Db } from '../../db/index.js';
import type { OutboundEnqueuer } from '../../outbound/index.js';
import type { Embedder } from '../../retrieval/index.js';
import type { Clock, Logger } from '../../shared/index.js';
import type { MemoryPort } from '../ports.js';

/** Services a tool may use; injected by the composition root. */
export interface ToolDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  embedder: Embedder;
  outbound: OutboundEnqueuer;
  /** Doctor memories (salvar_memoria, prompt context); implemented in src/retrieval. */
  memory: MemoryPort;
  /** Posts to the managers' channel (Slack); must not throw into the tool. */
  notifyManagers(text: string): Promise<void>;
  /** consultar_gestor's way to the managers (src/ask-manager); absent when Slack is not configured. */
  askManager?(q: { doctorId: string; conversationId: string; question: string; shiftRef?: string }): Promise<{ status: 'created' | 'already_pending' | 'forbidden'; id?: string }>;
  /**
   * REGISTRATION_REQUIRED: reserve only for a doctor whose registration is `aprovado`.
   * The composition root always sets it from the configuration (default on).
   */
  registrationRequired?: boolean;
}

/**
 * Where a tool acts. `doctorId` and `conversationId` come from the turn, never
 * from the model: no tool argument can point at another doctor.
 */
export interface ToolContext {
  doctorId: string;
  conversationId: string;
  deps: ToolDeps;
}

export interface AgentTool<I = unknown> {
  /** Portuguese names from the spec: they are part of the prompt contract. */
  name: string;
  description: string;
  input: z.ZodType<I>;
  execute(input: I, ctx: ToolContext): Promise<unknown>;
  /**
   * A successful call ends the tool loop after its round: the pipeline answers
   * with its own fixed text, so another model call could only add actions the
   * doctor did not ask for (registrar_opt_out, pedir_humano).
   */
  endsTurn?: boolean;
}
