import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import { createCampaignCommands, type Campaign, type NewCampaign, type OutboundWithdraw } from '../campaigns/index.js';
import { isSqlDb, migrate, openDb } from '../db/index.js';
import { createRedis, locateRedis, pingRedis } from '../redis/index.js';
import { systemClock, ValidationError } from '../shared/index.js';
import { createOutboundWithdrawer } from '../../workers/campaign-withdraw.js';
import { createBullQueues } from '../../workers/queue.js';

const USAGE = `usage: julia campaign <command>
  create --name N --type prospeccao|oferta|reativacao|followup|custom --template "Oi {{primeiro_nome}}..."
         [--opener "..."] [--personalize] [--shift <id>] [--specialty slug] [--region R] [--city C]
         [--inactive-days N] [--never-contacted] [--recent-days N] [--by <who>]
  list
  show <id>          campaign and progress (planned, sent, blocked by rule, replied)
  start <id> [--at ISO]
  pause <id> | resume <id> | cancel <id>`;

const line = (c: Campaign) => `${c.id}  ${c.status.padEnd(9)}  ${c.type.padEnd(10)}  ${c.name}`;

/** `julia campaign ...`: the same functions the Slack tools call. */
export async function run(config: Config, args: string[] = []): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      name: { type: 'string' }, type: { type: 'string' }, template: { type: 'string' }, opener: { type: 'string' },
      personalize: { type: 'boolean' }, shift: { type: 'string' }, specialty: { type: 'string' }, region: { type: 'string' },
      city: { type: 'string' }, 'inactive-days': { type: 'string' }, 'never-contacted': { type: 'boolean' },
      'recent-days': { type: 'string' }, by: { type: 'string' }, at: { type: 'string' },
    },
  });
  if (!sub || !['create', 'list', 'show', 'start', 'pause', 'resume', 'cancel'].includes(sub)) {
    console.error(USAGE);
    return 2;
  }
  const db = await openDb(config.database);
  // Pause and cancel also take queued jobs back, and start and resume ask the dispatcher for a run now; without Redis
  // the dispatcher does either on its next run.
  const stops = sub === 'pause' || sub === 'cancel';
  const redis = stops || sub === 'start' || sub === 'resume' ? createRedis(await locateRedis(config.REDIS_URL, { dataDir: config.DATA_DIR }), { name: 'cli' }) : undefined;
  const reachable = redis !== undefined && (await pingRedis(redis));
  const withdrawer = reachable && stops ? createOutboundWithdrawer(redis, config.REDIS_PREFIX) : undefined;
  const queues = reachable && !stops ? createBullQueues(redis, config.REDIS_PREFIX) : undefined;
  try {
    if (isSqlDb(db)) await migrate(db);
    const withdraw: OutboundWithdraw | undefined = withdrawer?.withdraw;
    const commands = createCampaignCommands({
      db, clock: systemClock, ...(withdraw && { withdraw }), ...(queues && { dispatchNow: () => queues.enqueue('campaign-dispatch', {}) }),
    });
    const id = positionals[0] ?? '';
    const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
    switch (sub) {
      case 'create': {
        const input: NewCampaign = {
          name: values.name ?? '', type: values.type as NewCampaign['type'], template: values.template ?? '',
          ...(values.opener && { opener: values.opener }), personalize: values.personalize ?? false,
          ...(values.shift && { shift_id: values.shift }), created_by: values.by ?? 'cli',
          audience: Object.fromEntries(Object.entries({
            specialty: values.specialty, region: values.region, city: values.city, inactive_days: num(values['inactive-days']),
            never_contacted: values['never-contacted'], recent_days: num(values['recent-days']),
          }).filter(([, v]) => v !== undefined)),
        };
        const c = await commands.create(input);
        console.log(`criada: ${line(c)}\npróximo passo: julia campaign start ${c.id}`);
        return 0;
      }
      case 'list': {
        const all = await commands.list();
        console.log(all.length ? all.map(line).join('\n') : 'nenhuma campanha');
        return 0;
      }
      case 'show': {
        const { campaign, progress } = await commands.show(id);
        console.log(JSON.stringify({ ...campaign, progress }, null, 2));
        return 0;
      }
      default: {
        const at = values.at ? new Date(values.at) : undefined;
        if (at && Number.isNaN(at.getTime())) throw new ValidationError(`--at: data inválida "${values.at}"`);
        const action = sub as 'start' | 'pause' | 'resume' | 'cancel';
        const res = action === 'start' ? await commands.start(id, at) : await commands[action](id);
        const extra = res.withdrawn ? ` (${res.withdrawn} envio(s) retirado(s) da fila)` : '';
        console.log(`${res.from} -> ${res.campaign.status}: ${line(res.campaign)}${extra}`);
        return 0;
      }
    }
  } finally {
    await withdrawer?.close();
    await queues?.close();
    redis?.disconnect();
    await db.close();
  }
}
