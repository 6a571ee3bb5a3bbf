import type { AdminContext } from '../admin-tool.js';

/** Kill switches are announced where managers look, so nobody is surprised by a silent Júlia. */
export async function announce(ctx: AdminContext, text: string): Promise<void> {
  const channel = ctx.deps.announceChannel ?? ctx.channel;
  await ctx.deps.slack.postMessage({ channel, text }).catch((err: Error) => ctx.deps.logger.warn({ err: err.message }, 'announcement failed'));
}
