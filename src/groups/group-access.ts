import type { Db } from '../db/index.js';
import type { Clock } from '../shared/index.js';

/** A WhatsApp group JID: digits (old groups: creator-timestamp) then @g.us. */
const GROUP_JID = /^[0-9]{1,40}(-[0-9]{1,20})?@g\.us$/;

/** "120363…@g.us", or the same digits without the suffix, as a group JID; null when it is not one. */
export function normalizeGroupJid(input: string): string | null {
  const t = input.trim().toLowerCase();
  const jid = t.endsWith('@g.us') ? t : `${t}@g.us`;
  return GROUP_JID.test(jid) ? jid : null;
}

export interface AllowedGroup {
  group_jid: string;
  trusted: boolean;
  label: string | null;
  allowed_by: string;
  allowed_at: string;
  messages: number;
}

export interface GroupAccessList {
  allowed: AllowedGroup[];
  /** Groups Júlia saw posts from in the period without reading them (at most 50, newest first). */
  not_allowed: Array<{ group_jid: string; messages: number; last_at: string }>;
}

export type GroupAccessResult =
  | { ok: true; group_jid: string; trusted?: boolean; label?: string | null; changed?: boolean; removed?: boolean }
  | { ok: false; error: string };

/** Which groups' posts are read (allowed) and whose complete shifts are imported without review (trusted). */
export interface GroupAccess {
  grupos_permitidos(args?: { dias?: number }): Promise<GroupAccessList>;
  /** A write: behind the Slack confirmation button or `julia groups allow`. `confiavel` absent keeps the current trust. */
  permitir_grupo(args: { grupo: string; confiavel?: boolean; nome?: string; por: string }): Promise<GroupAccessResult>;
  negar_grupo(args: { grupo: string; por: string }): Promise<GroupAccessResult>;
}

export function createGroupAccess(deps: { db: Db; clock: Clock }): GroupAccess {
  const { db, clock } = deps;
  return {
    grupos_permitidos: (args = {}) =>
      db.rpc('group_access_list', { p_since: new Date(clock.now().getTime() - Math.max(1, Math.min(args.dias ?? 30, 365)) * 86_400_000) }),
    async permitir_grupo(args) {
      const jid = normalizeGroupJid(args.grupo);
      if (!jid) return { ok: false, error: 'grupo_invalido' };
      return db.rpc('group_access_set', { p_jid: jid, p_trusted: args.confiavel ?? null, p_label: args.nome ?? null, p_actor: args.por, p_now: clock.now() });
    },
    async negar_grupo(args) {
      const jid = normalizeGroupJid(args.grupo);
      if (!jid) return { ok: false, error: 'grupo_invalido' };
      return db.rpc('group_access_remove', { p_jid: jid, p_actor: args.por, p_now: clock.now() });
    },
  };
}
