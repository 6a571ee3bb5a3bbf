/**
 * A real outbound worker process for the multi-process tests (crash, kill
 * switch). Configured by environment (tests/helpers/child-app.ts); prints
 * "ready" once consuming.
 */
import { createChildApp } from '../../helpers/child-app.js';

const env = process.env;
const app = await createChildApp(env, { outboundSafeModePollMs: 500 });
// A standby process boots fully but only starts consuming when told to (crash test).
// The listener exists before "booted" is printed, so the signal can never arrive first.
const go = new Promise((resolve) => process.once('SIGUSR2', resolve));
process.stdout.write('booted\n');
if (env.CHILD_STANDBY) await go;
await app.startWorkers();
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
