/**
 * A full worker process (createApp + startWorkers, as `julia worker` runs it)
 * for the two-process scheduler test. Prints the ids of the schedules it declares, "ready", then "done <job id>"
 * for every job of the scheduled queue it completes.
 */
import { createApp } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';

const env = process.env;
const app = await createApp(loadConfig(env), { redisPrefix: env.CHILD_PREFIX!, skipMigrations: true });
const running = await app.startWorkers();
for (const w of running.workers) {
  if (w.name === 'scheduled') w.on('completed', (job) => process.stdout.write(`done ${job.id}\n`));
}
process.stdout.write(`schedules ${JSON.stringify(app.schedules.map((s) => s.id))}\nready\n`);
process.on('SIGTERM', () => {
  void running.close({ graceMs: 5_000 }).then(() => app.close()).then(() => process.exit(0));
});
