import { loadConfig, type Config } from '../../src/config.js';
import { TEST_REDIS_URL } from './test-redis.js';

/** A valid configuration for tests: embedded defaults plus the given overrides. */
export function testConfig(env: Record<string, string | undefined> = {}): Config {
  // No scheduled catch-up runs (they would poll the Evolution fake mid-test); tests that need one enqueue it.
  // The managers the Slack tests speak as (SLACK_MANAGER_IDS; a test may override it).
  return loadConfig({ REDIS_URL: TEST_REDIS_URL, LOG_LEVEL: 'silent', HUMANIZED_DELAY: 'off', CATCHUP_INTERVAL_MS: '0', SLACK_MANAGER_IDS: 'UMANAGER1,UMANAGER2', ...env });
}
