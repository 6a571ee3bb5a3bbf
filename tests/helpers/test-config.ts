import { loadConfig, type Config } from '../../src/config.js';
import { TEST_REDIS_URL } from './test-redis.js';

/** A valid configuration for tests: embedded defaults plus the given overrides. */
export function testConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({ REDIS_URL: TEST_REDIS_URL, LOG_LEVEL: 'silent', HUMANIZED_DELAY: 'off', ...env });
}
