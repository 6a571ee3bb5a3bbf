/**
 * A real worker process running fill waves (multi-process tests): the app's
 * outbound workers consume, and the planner ticks every CHILD_TICK_MS.
 * CHILD_DIE_AFTER=n: SIGKILLs itself right after handing the queue its n-th
 * offer, in the middle of a wave. The clock starts at CHILD_CLOCK_BASE and runs.
 */
import { createFillPlanner } from '../../../src/fill/index.js';
import type { OutboundEnqueuer } from '../../../src/outbound/index.js';
import { createOutboundWithdrawer } from '../../../workers/campaign-withdraw.js';
import { createChildApp } from '../../helpers/child-app.js';

const env = process.env;
const app = await createChildApp(env);
await app.queues.queues.scheduled.removeJobScheduler('fill-waves').catch(() => {});
const dieAfter = env.CHILD_DIE_AFTER ? Number(env.CHILD_DIE_AFTER) : Infinity;
let handed = 0;
const outbound: OutboundEnqueuer = {
  async enqueueOutbound(ctx, text, opts) {
    const res = await app.deps.outbound.enqueueOutbound(ctx, text, opts);
    if (++handed >= dieAfter) process.kill(process.pid, 'SIGKILL');
    return res;
  },
};
const withdrawer = createOutboundWithdrawer(app.deps.redis, env.CHILD_PREFIX!);
const planner = createFillPlanner({
  db: app.deps.db,
  clock: app.deps.clock,
  logger: app.deps.logger,
  flags: app.deps.flags,
  outbound,
  withdraw: withdrawer.withdraw,
  horizonDays: 20,
  registrationRequired: true,
  businessHours: app.deps.config.businessHours,
});
await app.startWorkers();
process.stdout.write('ready\n');
const every = Number(env.CHILD_TICK_MS ?? 300);
for (;;) {
  try {
    await planner.tick();
  } catch (err) {
    process.stderr.write(`tick failed: ${(err as Error).message}\n`);
  }
  await new Promise((r) => setTimeout(r, every));
}
