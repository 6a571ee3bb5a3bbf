import type { Db } from '../db/index.js';
import { personalisedOpener, type OpenerDeps } from './opener.js';
import { renderTemplate, templateVars, type OfferedShift } from './render-template.js';
import type { Campaign, ClaimedSend } from './types.js';

/** Renders the messages of one campaign: template variables, the offered shift, the optional LLM opener. */
export async function createBodyComposer(db: Db, campaign: Campaign, opener?: OpenerDeps) {
  const shift = campaign.shift_id ? await db.rpc<OfferedShift | null>('agent_shift_json', { p_shift_id: campaign.shift_id }) : null;
  return async (send: ClaimedSend): Promise<string> => {
    const vars = templateVars(send, shift);
    const fallback = campaign.opener ? renderTemplate(campaign.opener, vars) : undefined;
    const first = campaign.personalize && opener ? ((await personalisedOpener(opener, vars, campaign.type)) ?? fallback) : fallback;
    return [first, renderTemplate(campaign.template, vars)].filter(Boolean).join('\n\n');
  };
}

/** Runs `fn` over `items` with at most `limit` at once (the LLM opener is the slow part). */
export async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}
