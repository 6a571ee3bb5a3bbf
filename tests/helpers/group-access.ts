import type { Db } from '../../src/db/index.js';

/**
 * Puts a WhatsApp group on the allow-list, as `julia groups allow` does. Group
 * posts are read only from allowed groups, and imported without review only
 * from trusted ones; a test whose scenario is such a group says so with this.
 */
export async function allowGroup(db: Db, jid: string, opts: { trusted?: boolean } = {}): Promise<void> {
  const res = await db.rpc<{ ok: boolean; error?: string }>('group_access_set', {
    p_jid: jid, p_trusted: opts.trusted ?? false, p_label: null, p_actor: 'test', p_now: new Date(),
  });
  if (!res.ok) throw new Error(`could not allow ${jid}: ${res.error}`);
}
