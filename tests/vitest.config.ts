import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Lives under tests/ because the repository's top level is fixed by the customer.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['src/**/*.test.ts', 'workers/**/*.test.ts', 'tests/**/*.test.ts'],
    globalSetup: ['tests/setup/global-setup.ts'],
    pool: 'forks',
    // PGlite and BullMQ tests do real I/O; two cores, so keep parallelism modest.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // No scheduled catch-up polling fakes in test processes or the workers they spawn (docs/decisions/0010).
    env: { LOG_LEVEL: 'silent', TZ: 'UTC', CATCHUP_INTERVAL_MS: '0' },
  },
});
