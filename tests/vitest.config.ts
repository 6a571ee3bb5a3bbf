import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Lives under tests/ because the repository's top level is fixed by the customer.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['src/**/*.test.ts', 'workers/**/*.test.ts', 'tests/**/*.test.ts'],
    globalSetup: ['tests/setup/global-setup.ts'],
    pool: 'forks',
    // Most files spend their time waiting on real I/O (PGlite, Redis, spawned services), not on
    // the CPU: with three files at once the two cores were 72 % busy (user + system time over the
    // pass), with four 83 %, and the pass took 14 % less (docs/decisions/0315-test-speed.md).
    maxWorkers: 4,
    // Files share their worker's module cache: importing the app once per worker instead of once
    // per file saves about a quarter of the run. Each file still makes its own database, Redis
    // prefix and fakes, and no test mocks modules or timers or writes process.env, so nothing
    // a file does reaches the next (tests/architecture/no-shared-state.test.ts holds that).
    isolate: false,
    // Several tests migrate a database from scratch or spawn processes: real work, slower on a busy 2-core machine.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // No scheduled catch-up polling fakes in test processes or the workers they spawn (docs/decisions/0010).
    env: { LOG_LEVEL: 'silent', TZ: 'UTC', CATCHUP_INTERVAL_MS: '0' },
  },
});
