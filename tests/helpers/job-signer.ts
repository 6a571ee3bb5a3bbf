import { createJobSigner } from '../../src/shared/index.js';

/** One key for a test and the processes it spawns (JOB_SIGNING_KEY in their environment). */
export const TEST_JOB_SIGNING_KEY = 'test-job-signing-key-0123456789abcdef';
export const testJobSigner = createJobSigner(TEST_JOB_SIGNING_KEY);
