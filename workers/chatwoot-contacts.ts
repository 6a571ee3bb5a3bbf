import { z } from 'zod';
import type { Db } from '../src/db/index.js';
import { writeContactProfile } from '../src/handoff/index.js';
import type { ChatwootClient } from '../src/integrations/chatwoot/index.js';
import type { Logger } from '../src/shared/index.js';
import { defineJob } from './job-definition.js';

/**
 * `chatwoot-contacts` (recurring): a doctor's profile can change with no message
 * to mirror (a shift reserved from Slack, an opt-out, a confirmed shift). Every
 * few minutes the Chatwoot contacts whose profile differs from what was last
 * written are written again; an unchanged one is never written (same hash).
 */
export const chatwootContactsJob = defineJob({
  queue: 'scheduled', payload: z.object({}).loose(), attempts: 1, backoffMs: 1_000,
  // Profile changes with no message to mirror reach the Chatwoot contact within five minutes.
  schedule: () => [{ every: 5 * 60_000 }],
});

interface Stale {
  doctorId: string;
  contactId: number;
  profile: Record<string, string | boolean>;
  hash: string;
}

export function chatwootContactsHandler(deps: { db: Db; chatwoot: ChatwootClient; definitions?: () => Promise<void>; logger?: Logger }) {
  return async () => {
    const stale = await deps.db.rpc<Stale[]>('chatwoot_contacts_stale', { p_limit: 100 });
    let written = 0;
    for (const c of stale) {
      try {
        await writeContactProfile(deps, c);
        written++;
      } catch (err) {
        // One contact Chatwoot refuses (deleted, merged) must not stop the others; it is tried next run.
        deps.logger?.warn({ err: (err as Error).message, contactId: c.contactId }, 'chatwoot contact profile not written');
      }
    }
    return { stale: stale.length, written };
  };
}
