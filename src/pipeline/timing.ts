import { spParts } from '../shared/index.js';

/**
 * Humanized delay (spec 3.3.1): base + reading + complexity, times an
 * hour-of-day factor, ±30%. Replies are fast (a person who is in the chat);
 * proactive messages slower. Applied as the outbound job's delay: no worker sleeps.
 */
export interface TimingInput {
  kind: 'reply' | 'proactive';
  /** Characters Júlia "reads" (the doctor's message) before the first bubble. */
  readChars: number;
  /** Characters of this bubble: typing time. */
  replyChars: number;
  at: Date;
  random: () => number;
}

const LIMITS = { reply: { base: 1_500, min: 1_500, max: 12_000 }, proactive: { base: 5_000, min: 5_000, max: 30_000 } };

export function hourFactor(at: Date): number {
  const { hour } = spParts(at);
  // Slower at the start and end of the day and over lunch, as people are.
  if (hour < 9 || hour >= 19) return 1.4;
  if (hour >= 12 && hour < 14) return 1.3;
  if (hour >= 17) return 1.15;
  return 1.0;
}

export function humanizedDelayMs(input: TimingInput): number {
  const limits = LIMITS[input.kind];
  const reading = Math.min(input.readChars * 25, 4_000);
  const complexity = Math.min(input.replyChars * 45, 9_000);
  const variation = 0.7 + input.random() * 0.6;
  const raw = (limits.base + reading + complexity) * hourFactor(input.at) * variation;
  return Math.round(Math.min(limits.max, Math.max(limits.min, raw)));
}
