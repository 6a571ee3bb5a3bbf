import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import type { SlackNotifier } from '../integrations/slack/index.js';
import { noticeBlocks } from './blocks.js';

/** The Chatwoot UI base for links in notices, when Chatwoot is configured. */
export function chatwootUiBase(config: Config): string | undefined {
  return config.CHATWOOT_URL && config.CHATWOOT_ACCOUNT_ID ? `${config.CHATWOOT_URL.replace(/\/$/, '')}/app/accounts/${config.CHATWOOT_ACCOUNT_ID}` : undefined;
}

/**
 * A managers' notice about one conversation, in Block Kit with a button to its
 * Chatwoot conversation when the mirror has opened it; the text stays as fallback.
 */
export async function postConversationNotice(
  p: { config: Config; db: Db; notices: SlackNotifier },
  n: { title: string; text: string; conversationId?: string },
): Promise<void> {
  const base = chatwootUiBase(p.config);
  let link: { url: string; label: string } | undefined;
  if (base && n.conversationId) {
    const cw = await p.db.rpc<{ chatwootConversationId: number | null }>('chatwoot_conversation_of', { p_conversation_id: n.conversationId }).catch(() => undefined);
    if (cw?.chatwootConversationId) link = { url: `${base}/conversations/${cw.chatwootConversationId}`, label: 'Abrir no Chatwoot' };
  }
  await p.notices.post(link ? `${n.text} ${link.url}` : n.text, noticeBlocks({ title: n.title, lines: [n.text], ...(link ? { link } : {}) }));
}
