import type { Db } from '../db/index.js';
import type { ChatwootClient } from '../integrations/chatwoot/index.js';
import type { Logger } from '../shared/index.js';

export interface ChatwootConventions {
  /** The label that marks a conversation taken by a person. */
  handoffLabel: string;
  /** CHATWOOT_HANDOFF_TEAM_ID / CHATWOOT_HANDOFF_ASSIGNEE_ID: who a hand-off is assigned to. */
  teamId?: number | undefined;
  assigneeId?: number | undefined;
}

interface ControlState {
  controlledBy: 'julia' | 'human';
  handoffId: string | null;
  lastEnding: string | null;
  appliedControl: 'julia' | 'human' | null;
  appliedHandoff: string | null;
  status: string | null;
  doctorId: string;
  contactId: number | null;
  profileHash: string | null;
  profile: Record<string, string | boolean> | null;
  /** md5 of the profile as SQL sees it (chatwoot_contacts_stale compares the same). */
  profileHashNow: string | null;
}

/** The doctor's profile on the Chatwoot contact (keys of chatwoot_contact_profile). */
export const CONTACT_ATTRIBUTES = [
  { key: 'julia_especialidade', name: 'Especialidade', type: 'text' },
  { key: 'julia_regiao', name: 'Região', type: 'text' },
  { key: 'julia_crm', name: 'CRM (parcial)', type: 'text' },
  { key: 'julia_cadastro', name: 'Cadastro', type: 'text' },
  { key: 'julia_ultimo_plantao', name: 'Último plantão', type: 'date' },
  { key: 'julia_opt_out', name: 'Pediu para não ser contatado', type: 'checkbox' },
] as const;

/**
 * Brings the Chatwoot conversation in line with who controls it, the way Chatwoot's
 * agent bots work: Júlia's conversations are `pending`; a hand-off makes it `open`,
 * assigned, with the hand-off label; a hand-back removes the label and returns it
 * to `pending` (left `resolved` when a person resolved it, until the doctor writes
 * again and Chatwoot reopens it). Applied once per change: what was applied is
 * recorded, so a re-run (retry, a second job) changes nothing twice.
 */
export async function applyChatwootControl(
  deps: { db: Db; chatwoot: ChatwootClient; conventions: ChatwootConventions; logger?: Logger | undefined; definitions?: () => Promise<void> },
  conversationId: string,
  cw: number,
  opts: { mirroredInbound: boolean },
): Promise<void> {
  const s = await deps.db.rpc<ControlState | null>('chatwoot_control_state', { p_conversation_id: conversationId });
  if (!s) return;
  const record = (control: 'julia' | 'human' | null, handoff: string | null, status: string | null) =>
    deps.db.rpc('chatwoot_control_applied', { p_conversation_id: conversationId, p_control: control, p_handoff: handoff, p_status: status });
  const { chatwoot, conventions: c } = deps;
  if (s.controlledBy === 'human') {
    if (s.appliedControl !== 'human' || s.appliedHandoff !== s.handoffId) {
      await chatwoot.setStatus(cw, 'open');
      if (c.teamId !== undefined || c.assigneeId !== undefined) await chatwoot.assign(cw, { ...(c.teamId !== undefined && { teamId: c.teamId }), ...(c.assigneeId !== undefined && { assigneeId: c.assigneeId }) });
      await chatwoot.updateLabels(cw, { add: [c.handoffLabel] });
      await record('human', s.handoffId, 'open');
    }
  } else if (s.appliedControl === 'human') {
    await chatwoot.updateLabels(cw, { remove: [c.handoffLabel] });
    const resolved = s.lastEnding === 'handback_resolved';
    if (!resolved) await chatwoot.setStatus(cw, 'pending');
    await record('julia', null, resolved ? 'resolved' : 'pending');
  } else if (s.status !== 'pending' && (s.appliedControl === null || opts.mirroredInbound)) {
    // First sight of a conversation linked before this convention, or the doctor wrote
    // into a resolved one (Chatwoot reopens it as `open`): it is Júlia's, so `pending`.
    await chatwoot.setStatus(cw, 'pending');
    await record('julia', null, 'pending');
  }
  if (!s.contactId) {
    // Linked before the contact was kept: ask Chatwoot once, and remember it.
    const contactId = await chatwoot.conversationContact(cw);
    if (contactId) {
      await deps.db.rpc('chatwoot_contact_link', { p_doctor_id: s.doctorId, p_contact_id: contactId, p_profile_hash: null });
      s.contactId = contactId;
    }
  }
  await syncContactProfile(deps, s);
}

/** The contact's custom attributes, written only when the profile changed (hash of what was last written). */
async function syncContactProfile(deps: { db: Db; chatwoot: ChatwootClient; logger?: Logger | undefined; definitions?: () => Promise<void> }, s: ControlState): Promise<void> {
  if (!s.contactId || !s.profile || !s.profileHashNow || s.profileHashNow === s.profileHash) return;
  await writeContactProfile(deps, { doctorId: s.doctorId, contactId: s.contactId, profile: s.profile, hash: s.profileHashNow });
}

/** Every known attribute is sent, absent ones as null, so a value that went away is cleared (Chatwoot merges). */
export async function writeContactProfile(
  deps: { db: Db; chatwoot: ChatwootClient; logger?: Logger | undefined; definitions?: () => Promise<void> },
  c: { doctorId: string; contactId: number; profile: Record<string, string | boolean>; hash: string },
): Promise<void> {
  const attributes = Object.fromEntries(CONTACT_ATTRIBUTES.map((a) => [a.key, c.profile[a.key] ?? null]));
  await deps.definitions?.().catch((err: Error) => deps.logger?.warn({ err: err.message }, 'chatwoot contact attribute definitions not created (needs an administrator token)'));
  await deps.chatwoot.updateContactAttributes(c.contactId, attributes);
  await deps.db.rpc('chatwoot_contact_link', { p_doctor_id: c.doctorId, p_contact_id: c.contactId, p_profile_hash: c.hash });
}

/** Creates the attribute definitions once per process; a failure is tried again next time. */
export function contactAttributeDefinitions(chatwoot: ChatwootClient): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= chatwoot.ensureContactAttributes(CONTACT_ATTRIBUTES.map((a) => ({ ...a }))).catch((err: unknown) => {
      done = undefined;
      throw err;
    });
    return done;
  };
}
