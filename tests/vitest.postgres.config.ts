import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The second pass of `npm test`: the database-critical suites again, on the
 * machine's PostgreSQL (127.0.0.1:5432, or TEST_POSTGRES_URL), each file on its
 * own scratch database with a pool of several connections, and the
 * multi-process suites with every worker process connected directly
 * (DATABASE_URL). See tests/helpers/test-db.ts.
 */
const INCLUDE = [
  'tests/integration/agent/reservation-race.test.ts',
  'tests/integration/agent/opt-out-tool.test.ts',
  'tests/integration/outbound/send-outbound.test.ts',
  'tests/integration/outbound/reliability.test.ts',
  'tests/integration/outbound/last-moment.test.ts',
  'tests/integration/outbound/kill-switches.test.ts',
  'tests/integration/outbound/reply-dedupe.test.ts',
  'tests/integration/outbound/reply-in-one-call.test.ts',
  'tests/integration/outbound/commit-durability.test.ts',
  'tests/integration/outbound/contact-count-index.test.ts',
  'tests/integration/outbound/invariants-cli.test.ts',
  'tests/integration/outbound/multi-process.test.ts',
  'tests/integration/inbound/*.test.ts',
  'tests/integration/catchup/self-send.test.ts',
  'tests/integration/campaigns/*.test.ts',
  'tests/integration/security/schema-hardening.test.ts',
  'tests/integration/slack/slack-action-store.test.ts',
  'tests/integration/groups/group-access.test.ts',
  'tests/integration/doctor-rights/*.test.ts',
  'tests/integration/handoff/human-control-expiry.test.ts',
  'tests/integration/directives/*.test.ts',
  'tests/integration/ask-manager/*.test.ts',
  'tests/integration/instructions/*.test.ts',
  'tests/integration/import/*.test.ts',
  'tests/integration/shifts/*.test.ts',
  'tests/integration/db/transient-retry.test.ts',
  'tests/integration/scheduled/fill-alerts.test.ts',
  'tests/integration/fill/*.test.ts',
];

/** The files that start worker processes: each alone fills two cores, so they run one at a time, after the rest. */
const PROCESSES = [
  'tests/integration/outbound/multi-process.test.ts',
  'tests/integration/campaigns/campaign-kill.test.ts',
  'tests/integration/fill/fill-processes.test.ts',
];

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    globalSetup: ['tests/setup/global-setup-postgres.ts'],
    pool: 'forks',
    // As in the PGlite pass (tests/vitest.config.ts): one module cache per worker.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: 'silent', TZ: 'UTC', CATCHUP_INTERVAL_MS: '0', JULIA_TEST_DB: 'postgres' },
    projects: [
      {
        extends: true,
        // In-process files, two at a time: each on its own scratch database, so they never share rows.
        test: { name: 'postgres', include: INCLUDE, exclude: PROCESSES, maxWorkers: 2, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'postgres-processes', include: PROCESSES, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
