import type { z } from 'zod';
import type { Db } from '../db/index.js';
import type { FlagStore } from '../flags/index.js';
import type { LlmClient } from '../integrations/anthropic/index.js';
import type { SlackApi } from '../integrations/slack/index.js';
import type { OutboundEnqueuer } from '../outbound/index.js';
import type { Clock, Logger } from '../shared/index.js';

/** Campaign functions of the scheduled-work capability, as the Slack tools call them. */
export interface CampaignPort {
  /** Throws what `create` would refuse (an unknown template variable), so no preview is posted for it. */
  check?(input: Record<string, unknown>): void;
  /** `key` (the confirmed action's id): creating again with it returns the campaign already made. */
  create(input: Record<string, unknown>, actor: string, key?: string): Promise<unknown>;
  start(id: string, actor: string): Promise<unknown>;
  pause(id: string, actor: string): Promise<unknown>;
  status(id?: string): Promise<unknown>;
}

/** Reads a briefing document (a Google Docs plain-text export). */
export interface DocumentReader {
  read(url: string): Promise<string>;
}

export interface SlackAgentDeps {
  db: Db;
  flags: FlagStore;
  llm: LlmClient;
  model: string;
  slack: SlackApi;
  outbound: OutboundEnqueuer;
  clock: Clock;
  logger: Logger;
  /** Where announcements of kill switches go (the managers' channel); the caller's channel otherwise. */
  announceChannel?: string;
  campaigns?: CampaignPort;
  documents?: DocumentReader;
  /** Base URL of the Chatwoot UI for links in notices. */
  chatwootUrl?: string;
  /** REGISTRATION_REQUIRED: reservar_vaga only for a doctor whose registration is `aprovado`. */
  registrationRequired?: boolean;
  /** FILL_HORIZON_DAYS: how far ahead status_preenchimento looks (the planner's horizon). */
  fillHorizonDays?: number;
}

export interface AdminContext {
  deps: SlackAgentDeps;
  /** Slack user id of the manager: recorded in the audit log and as the actor of every write. */
  user: string;
  channel: string;
  threadTs?: string;
  /** Set when a confirmed write runs: the pending action's id (a stable idempotency key). */
  actionId?: string;
  /** The manager's request this turn answers: its previews are withdrawn if the turn fails. */
  turnKey?: string;
}

/**
 * One manager tool. `write` tools never run from the model's call: the call
 * yields a preview with Confirm/Cancel buttons, and only the same manager's
 * click (claimed once in SQL) runs `run`.
 */
export interface AdminTool<I = unknown> {
  name: string;
  description: string;
  input: z.ZodType<I>;
  write: boolean;
  /**
   * For writes: fixes what will run (e.g. the directives read from a document)
   * before the preview, so the click executes exactly what the manager saw.
   */
  prepare?(input: I, ctx: AdminContext): Promise<I>;
  /** For writes: the text of the preview the manager confirms. */
  preview?(input: I, ctx: AdminContext): Promise<string> | string;
  run(input: I, ctx: AdminContext): Promise<unknown>;
  /**
   * For writes: running it again with the same `actionId` has the effect of
   * running it once. Such an action, interrupted between its write and its
   * audit row, is run again by the recovery sweep; any other is closed as
   * interrupted for a person to check (docs/decisions/0225-slack-actions.md).
   */
  redrive?: boolean;
  /**
   * For writes that add something each time (a message, a campaign): names the
   * effect, so two previews of the same effect confirmed within the hour run once.
   */
  sameEffect?(input: I): string;
}

export function defineTool<I>(tool: AdminTool<I>): AdminTool<I> {
  return tool;
}
