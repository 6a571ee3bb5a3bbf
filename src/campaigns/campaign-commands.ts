import type { Db } from '../db/index.js';
import { NotFoundError, ValidationError, withTimeout, type Clock } from '../shared/index.js';
import { createCampaignStore } from './campaign-store.js';
import { templateProblem } from './render-template.js';
import { newCampaignSchema, type Campaign, type CampaignAction, type CampaignProgress, type NewCampaign } from './types.js';
import { withdrawStopped, type OutboundWithdraw } from './withdraw.js';

export interface CampaignCommandsDeps {
  db: Db;
  clock: Clock;
  /** Absent (no Redis at hand): the dispatcher withdraws the jobs on its next run instead. */
  withdraw?: OutboundWithdraw;
  /**
   * Asks the dispatcher for a run now, so a campaign started or resumed for now begins sending at once instead of on
   * the next minute. Absent or failing: the per-minute run starts it.
   */
  dispatchNow?: () => Promise<unknown>;
}

/** How long a start waits for its dispatcher run to be queued before leaving it to the per-minute run. */
const DISPATCH_NOW_TIMEOUT_MS = 2_000;

export interface ActionResult {
  campaign: Campaign;
  from: string;
  /** Queued outbound jobs taken back by a pause or cancel. */
  withdrawn: number;
}

/**
 * What operators do with campaigns: the CLI calls these now, and the Slack
 * tools call the same functions. Pause and cancel take effect at once: the
 * status change stops the dispatcher, and the jobs already queued are withdrawn.
 */
export function createCampaignCommands(deps: CampaignCommandsDeps) {
  const store = createCampaignStore(deps.db);
  const mustGet = async (id: string) => {
    const c = await store.get(id);
    if (!c) throw new NotFoundError(`campanha ${id} não encontrada`);
    return c;
  };

  async function act(id: string, action: CampaignAction, at?: Date): Promise<ActionResult> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new ValidationError(`campanha: id inválido "${id}"`);
    // A draft stored before templates were checked does not start (or resume) until it is fixed.
    if (action === 'start' || action === 'resume') checkTemplates(await mustGet(id));
    const res = await store.transition(id, action, deps.clock.now(), at);
    if (!res.ok) {
      if (res.error === 'not_found') throw new NotFoundError(`campanha ${id} não encontrada`);
      throw new ValidationError(`campanha ${id}: não é possível ${action} a partir de "${res.from}"`);
    }
    const withdrawn = (action === 'pause' || action === 'cancel') && deps.withdraw ? await withdrawStopped(store, deps.withdraw, deps.clock, id) : 0;
    const forNow = (action === 'start' || action === 'resume') && (!at || at.getTime() <= deps.clock.now().getTime());
    // The status change is what counts; the dispatcher run only comes sooner.
    if (forNow && deps.dispatchNow) await withTimeout(deps.dispatchNow(), DISPATCH_NOW_TIMEOUT_MS, 'campaign dispatch').catch(() => undefined);
    return { campaign: res.campaign, from: res.from, withdrawn };
  }

  return {
    async create(input: NewCampaign): Promise<Campaign> {
      const parsed = newCampaignSchema.safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new ValidationError(`campanha: ${issue?.path.join('.') || 'entrada'}: ${issue?.message}`);
      }
      if (parsed.data.type === 'oferta' && !parsed.data.shift_id) throw new ValidationError('campanha de oferta precisa de um plantão (shift_id)');
      checkTemplates(parsed.data);
      return store.create(parsed.data);
    },
    list: (limit?: number) => store.list(limit),
    async show(id: string): Promise<{ campaign: Campaign; progress: CampaignProgress }> {
      const campaign = await mustGet(id);
      // Reading progress settles what the wrapper already decided, so the figures are current.
      await store.sync(deps.clock.now());
      return { campaign, progress: await store.progress(id) };
    },
    progress: (id: string) => store.progress(id),
    start: (id: string, at?: Date) => act(id, 'start', at),
    pause: (id: string) => act(id, 'pause'),
    resume: (id: string) => act(id, 'resume'),
    cancel: (id: string) => act(id, 'cancel'),
    attribution: (doctorId: string, at: Date) => store.attribution(doctorId, at),
  };
}
/** Refuses a template or opener with a variable this kind of campaign does not know. */
export function checkTemplates(c: { type: string; template: string; opener?: string | null | undefined }): void {
  const problem = templateProblem(c.template, c.type) ?? (c.opener ? templateProblem(c.opener, c.type, 'abertura') : undefined);
  if (problem) throw new ValidationError(`campanha: ${problem}`);
}

export type CampaignCommands = ReturnType<typeof createCampaignCommands>;
