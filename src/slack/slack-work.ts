import { z } from 'zod';

/** The payload of a `slack-command` job: one manager message, slash command or button click. */
export const slackWorkSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('message'), user: z.string(), channel: z.string(), threadTs: z.string(), text: z.string() }),
  z.object({ kind: z.literal('command'), user: z.string(), channel: z.string(), text: z.string() }),
  z.object({ kind: z.literal('action'), user: z.string(), channel: z.string(), messageTs: z.string(), actionId: z.string(), value: z.string() }),
]);
export type SlackWorkItem = z.infer<typeof slackWorkSchema>;
