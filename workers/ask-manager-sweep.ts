import { z } from 'zod';
import type { AskManager } from '../src/ask-manager/index.js';
import { defineJob } from './job-definition.js';

/**
 * `ask-manager-sweep` (recurring): questions past ASK_MANAGER_TIMEOUT_MIN are
 * timed out (the doctor is told and the conversation handed off), and a decided
 * question whose message never reached the outbound queue (the process died in
 * between) is delivered; the message's key makes that a single send.
 */
export const askManagerSweepJob = defineJob({
  queue: 'scheduled', payload: z.object({}).loose(), attempts: 1, backoffMs: 1_000,
  // Every minute: a timeout is at most a minute late, and an answer cut off before its send is sent.
  schedule: () => [{ every: 60_000 }],
});

export function askManagerSweepHandler(asks: AskManager) {
  return async () => asks.sweep();
}
