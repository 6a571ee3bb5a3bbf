import { z } from 'zod';

/** The payload of a `slack-command` job: one manager message, slash command or button click. */
export const slackWorkSchema = z.discriminatedUnion('kind', [
  // plain: a thread reply that does not mention Júlia (only an answer to one of her questions is read).
  // sig: HMAC of the rest (src/shared/job-signature.ts): `user` is who confirms a manager's write.
  z.object({ kind: z.literal('message'), user: z.string(), channel: z.string(), threadTs: z.string(), text: z.string(), plain: z.boolean().optional(), sig: z.string().max(128).optional() }),
  z.object({ kind: z.literal('command'), user: z.string(), channel: z.string(), text: z.string(), sig: z.string().max(128).optional() }),
  z.object({ kind: z.literal('action'), user: z.string(), channel: z.string(), messageTs: z.string(), actionId: z.string(), value: z.string(), sig: z.string().max(128).optional() }),
]);
export type SlackWorkItem = z.infer<typeof slackWorkSchema>;
