import { dropPrefix, testRedis } from './test-redis.js';

interface Closable {
  close(): Promise<unknown> | unknown;
}

/**
 * The end of a test file that ran the app: closes each part in the order given (the app before the fakes it
 * talks to, the database last), skipping those a failed setup never made, then deletes every Redis key under
 * the file's prefix. A part that fails to close does not keep the others or the keys alive.
 */
export async function teardown(prefix: string, ...parts: Array<Closable | undefined>): Promise<void> {
  const errors: unknown[] = [];
  for (const part of parts) {
    try {
      await part?.close();
    } catch (err) {
      errors.push(err);
    }
  }
  const r = testRedis();
  try {
    await dropPrefix(r, prefix);
  } finally {
    r.disconnect();
  }
  if (errors.length) throw errors[0];
}
