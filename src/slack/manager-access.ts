/**
 * Who may steer Júlia from Slack (docs/decisions/0220-slack-access.md): the user
 * ids in SLACK_MANAGER_IDS, in the channels of SLACK_MANAGER_CHANNELS when that is
 * set, and always in a direct message with the bot. Checked on every mention, DM,
 * /julia and button click before anything else; nobody when the list is empty.
 */
export type AccessVerdict = 'manager' | 'not_manager' | 'channel_not_allowed';

export interface ManagerAccess {
  check(user: string, channel: string): AccessVerdict;
  /** The one short answer a refused person gets, in Portuguese. */
  refusal(verdict: Exclude<AccessVerdict, 'manager'>): string;
  readonly nobody: boolean;
}

const REFUSALS: Record<Exclude<AccessVerdict, 'manager'>, string> = {
  not_manager: 'Desculpe, só gestores autorizados podem dar comandos à Júlia. Se você precisa de acesso, fale com a gestão.',
  channel_not_allowed: 'Comandos para a Júlia só são aceitos nos canais da gestão ou numa mensagem direta com ela.',
};

/** A direct message with the bot: Slack's IM channel ids start with D. */
export const isDirectMessage = (channel: string) => channel.startsWith('D');

export function managerAccess(opts: { managers: readonly string[]; channels?: readonly string[] }): ManagerAccess {
  const managers = new Set(opts.managers);
  const channels = new Set(opts.channels ?? []);
  return {
    nobody: managers.size === 0,
    check(user, channel) {
      // Exact ids only: Slack ids are case-sensitive upper-case, and a guest or a shared-channel
      // member from another workspace has an id of its own, absent from the list.
      if (!managers.has(user)) return 'not_manager';
      if (channels.size > 0 && !channels.has(channel) && !isDirectMessage(channel)) return 'channel_not_allowed';
      return 'manager';
    },
    refusal: (verdict) => REFUSALS[verdict],
  };
}
