/**
 * Slack reads `&`, `<` and `>` as control characters in message text and mrkdwn:
 * `<!channel>` pings everyone and `<https://x|Confirmar>` is a link dressed as a
 * button. Text someone else wrote (a doctor's name, a group post, a manager's
 * words quoted back) is escaped so it renders as the characters it is.
 */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The managers' model writes from untrusted tool data, so its text is escaped too;
 * only a mention of a Slack user or channel (`<@U123>`, `<#C123>`) stays live, so it
 * can address the manager. No link, no `<!here>`, no `<!channel>`.
 */
export function escapeModelMrkdwn(text: string): string {
  return escapeMrkdwn(text).replace(/&lt;([@#])([UWCG][A-Z0-9]{2,})&gt;/g, '<$1$2>');
}
