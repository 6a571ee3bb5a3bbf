import { escapeMrkdwn } from '../shared/index.js';

/**
 * Block Kit builders. Every message also carries plain text (notifications, old clients).
 * Previews, outcomes and notice lines are plain text from tools and people (doctors'
 * names, group posts, managers' words): they are escaped here, once, for mrkdwn.
 */

export const CONFIRM_ACTION = 'julia_confirm';
export const CANCEL_ACTION = 'julia_cancel';

const section = (text: string) => ({ type: 'section', text: { type: 'mrkdwn', text } });

export function previewBlocks(actionId: string, preview: string, expiresMinutes: number): unknown[] {
  return [
    section(`*Confirma?*\n${escapeMrkdwn(preview)}`),
    { type: 'context', elements: [{ type: 'mrkdwn', text: `Só quem pediu pode confirmar, em até ${expiresMinutes} min. Responder "ok" no texto não confirma.` }] },
    {
      type: 'actions',
      elements: [
        { type: 'button', action_id: CONFIRM_ACTION, style: 'primary', text: { type: 'plain_text', text: 'Confirmar' }, value: actionId },
        { type: 'button', action_id: CANCEL_ACTION, style: 'danger', text: { type: 'plain_text', text: 'Cancelar' }, value: actionId },
      ],
    },
  ];
}

/** `outcome` is our own mrkdwn (it may mention the manager); put user text in it escaped. */
export function decidedBlocks(preview: string, outcome: string): unknown[] {
  return [section(escapeMrkdwn(preview)), { type: 'context', elements: [{ type: 'mrkdwn', text: outcome }] }];
}

/** A notice for managers: title, lines and, when known, a button to the Chatwoot conversation. */
export function noticeBlocks(n: { title: string; lines?: string[]; link?: { url: string; label: string } }): unknown[] {
  return [
    section(`*${escapeMrkdwn(n.title)}*${n.lines?.length ? `\n${n.lines.map(escapeMrkdwn).join('\n')}` : ''}`),
    ...(n.link ? [{ type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: n.link.label }, url: n.link.url }] }] : []),
  ];
}
