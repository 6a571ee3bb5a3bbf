import { checkTemplates, createCampaignCommands } from '../campaigns/index.js';
import type { Db } from '../db/index.js';
import type { Clock } from '../shared/index.js';
import type { CampaignPort } from './admin-tool.js';

/** Takes queued campaign sends back by idempotency key (the outbound queue's withdrawer). */
export interface OutboundWithdrawer {
  withdraw(keys: string[]): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * The campaign commands the CLI also uses, shaped for the Slack tools
 * (Portuguese tool input → command). `openWithdrawer` gives a pause its own
 * handle on the outbound queue; without it a pause leaves the queued sends to
 * the dispatcher's next run; `dispatchNow` starts a campaign's sends at once.
 */
export function slackCampaignPort(deps: { db: Db; clock: Clock; openWithdrawer?: () => OutboundWithdrawer; dispatchNow?: () => Promise<unknown> }): CampaignPort {
  const commands = createCampaignCommands({ db: deps.db, clock: deps.clock, ...(deps.dispatchNow && { dispatchNow: deps.dispatchNow }) });
  return {
    check: (i) => checkTemplates({ type: String(i['tipo']), template: String(i['texto']) }),
    async create(i, actor, key) {
      const audience = Object.fromEntries(
        Object.entries({ specialty: i['especialidade'], region: i['regiao'], city: i['cidade'] }).filter(([, v]) => typeof v === 'string' && v),
      );
      const c = await commands.create({ name: String(i['nome']), type: i['tipo'] as 'custom', template: String(i['texto']), audience, created_by: actor, ...(key && { source_key: key }) });
      return { mensagem: `Campanha criada (rascunho): ${c.id}`, id: c.id, status: c.status };
    },
    async start(id) {
      const r = await commands.start(id);
      return { mensagem: `Campanha ${r.campaign.name}: ${r.from} → ${r.campaign.status}.` };
    },
    async pause(id) {
      // As the CLI does: the queued sends are taken back at once, not on the dispatcher's next run.
      // A queue handle of its own for the call (a pause is rare).
      const withdrawer = deps.openWithdrawer?.();
      try {
        const r = await createCampaignCommands({ db: deps.db, clock: deps.clock, ...(withdrawer && { withdraw: (keys: string[]) => withdrawer.withdraw(keys) }) }).pause(id);
        return { mensagem: `Campanha ${r.campaign.name} pausada (${r.withdrawn} envio(s) retirados da fila).` };
      } finally {
        await withdrawer?.close();
      }
    },
    async status(id) {
      if (id) return commands.show(id);
      return (await commands.list(10)).map((c) => ({ id: c.id, nome: c.name, status: c.status, criadaEm: c.created_at }));
    },
  };
}
