import { AppError } from '../../shared/errors.js';

/** The slice of Chatwoot's application API used to mirror WhatsApp conversations. */
export interface ChatwootClient {
  /** Finds the contact by phone (or creates it in our inbox) and opens a conversation for it. */
  openConversation(contact: { phone: string | null; lid: string | null; name: string | null }): Promise<number>;
  /** With `attachments`, sent as multipart/form-data (`attachments[]`), as Chatwoot takes files. */
  postMessage(conversationId: number, message: { content: string; type: 'incoming' | 'outgoing'; sourceId: string; private?: boolean; attachments?: ChatwootAttachment[] }): Promise<number>;
  /** Our source ids already present in the conversation (reconciliation after a crash). */
  sourceIds(conversationId: number): Promise<Set<string>>;
  addLabels(conversationId: number, labels: string[]): Promise<void>;
}

export interface ChatwootAttachment {
  data: Buffer;
  mimetype: string;
  fileName: string;
}

export interface ChatwootOptions {
  baseUrl: string;
  apiToken: string;
  accountId: string;
  inboxId: string;
  timeoutMs?: number;
}

export class ChatwootError extends AppError {
  constructor(message: string, readonly status: number | undefined) {
    super('chatwoot', message, { status });
  }
}

export function createChatwootClient(opts: ChatwootOptions): ChatwootClient {
  const base = `${opts.baseUrl.replace(/\/$/, '')}/api/v1/accounts/${encodeURIComponent(opts.accountId)}`;
  const inboxId = Number(opts.inboxId);
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    // A form (files) sets its own multipart content type and boundary, and may take longer to upload.
    const form = body instanceof FormData;
    try {
      res = await fetch(`${base}/${path}`, {
        method,
        headers: { api_access_token: opts.apiToken, ...(form ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }),
        signal: AbortSignal.timeout((opts.timeoutMs ?? 5_000) * (form ? 6 : 1)),
      });
    } catch (err) {
      throw new ChatwootError(`chatwoot ${method} ${path}: ${(err as Error).message}`, undefined);
    }
    // The query is left out: contact searches carry the doctor's number (q=%2B55...).
    if (!res.ok) throw new ChatwootError(`chatwoot ${method} ${path.split('?')[0]}: HTTP ${res.status}`, res.status);
    return (await res.json()) as T;
  }
  return {
    async openConversation(contact) {
      const e164 = contact.phone ? `+${contact.phone}` : null;
      // encodeURIComponent: an unencoded "+" reaches Chatwoot's Rails as a space.
      const found = e164
        ? await call<{ payload: Array<{ id: number }> }>('GET', `contacts/search?q=${encodeURIComponent(e164)}`)
        : { payload: [] };
      let contactId = found.payload[0]?.id;
      if (!contactId) {
        const created = await call<{ payload: { contact: { id: number } } }>('POST', 'contacts', {
          inbox_id: inboxId,
          name: contact.name ?? e164 ?? `WhatsApp ${contact.lid}`,
          ...(e164 ? { phone_number: e164 } : {}),
          ...(contact.lid ? { identifier: `lid:${contact.lid}` } : {}),
        });
        contactId = created.payload.contact.id;
      }
      const conversation = await call<{ id: number }>('POST', 'conversations', { contact_id: contactId, inbox_id: inboxId, status: 'open' });
      return conversation.id;
    },
    async postMessage(conversationId, m) {
      const fields = { content: m.content, message_type: m.type, private: m.private ?? false, source_id: m.sourceId };
      const created = await call<{ id: number }>('POST', `conversations/${conversationId}/messages`, m.attachments?.length ? multipart(fields, m.attachments) : fields);
      return created.id;
    },
    async sourceIds(conversationId) {
      const res = await call<{ payload: Array<{ source_id?: string | null }> }>('GET', `conversations/${conversationId}/messages`);
      return new Set(res.payload.map((m) => m.source_id).filter((s): s is string => typeof s === 'string'));
    },
    async addLabels(conversationId, labels) {
      await call('POST', `conversations/${conversationId}/labels`, { labels });
    },
  };
}

function multipart(fields: Record<string, string | boolean>, attachments: ChatwootAttachment[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const a of attachments) form.append('attachments[]', new Blob([new Uint8Array(a.data)], { type: a.mimetype }), a.fileName);
  return form;
}
