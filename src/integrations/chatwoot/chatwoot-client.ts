import { AppError } from '../../shared/errors.js';
import { labelUpdater, type LabelChange } from './chatwoot-labels.js';

export type ChatwootStatus = 'open' | 'pending' | 'resolved' | 'snoozed';

/** The slice of Chatwoot's application API used to mirror WhatsApp conversations. */
export interface ChatwootClient {
  /** Finds the contact by phone (or creates it in our inbox) and opens a conversation for it, `pending` by default (the agent-bot convention). */
  openConversation(contact: { phone: string | null; lid: string | null; name: string | null }, opts?: { status?: ChatwootStatus }): Promise<{ conversationId: number; contactId: number }>;
  /** With `attachments`, sent as multipart/form-data (`attachments[]`), as Chatwoot takes files. */
  postMessage(conversationId: number, message: { content: string; type: 'incoming' | 'outgoing'; sourceId: string; private?: boolean; attachments?: ChatwootAttachment[] }): Promise<number>;
  /** Our source ids already present in the conversation (reconciliation after a crash). */
  sourceIds(conversationId: number): Promise<Set<string>>;
  /** POST toggle_status with an explicit status (without one, Chatwoot flips open/resolved). */
  setStatus(conversationId: number, status: ChatwootStatus): Promise<void>;
  /** POST assignments: a team and/or an agent (Chatwoot takes one per call). */
  assign(conversationId: number, to: { teamId?: number; assigneeId?: number }): Promise<void>;
  /** Adds and removes labels keeping every other label (Chatwoot's POST replaces the list). Returns the labels after. */
  updateLabels(conversationId: number, change: LabelChange): Promise<string[]>;
  /** The contact of a conversation (meta.sender), for conversations linked before we kept it. */
  conversationContact(conversationId: number): Promise<number | null>;
  /** PUT the contact's custom attributes (Chatwoot merges them into the ones it has). */
  updateContactAttributes(contactId: number, attributes: Record<string, string | boolean | null>): Promise<void>;
  /** Creates the contact attribute definitions missing from the account, so the panel shows them. */
  ensureContactAttributes(defs: Array<{ key: string; name: string; type: 'text' | 'date' | 'checkbox' }>): Promise<void>;
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

// Chatwoot's enums as its API takes them (custom_attribute_definition.rb).
const CONTACT_ATTRIBUTE = 1;
const DISPLAY_TYPE = { text: 0, date: 5, checkbox: 7 } as const;

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
  const updateLabels = labelUpdater({
    read: async (id) => (await call<{ payload: string[] }>('GET', `conversations/${id}/labels`)).payload,
    write: async (id, labels) => (await call<{ payload: string[] }>('POST', `conversations/${id}/labels`, { labels })).payload,
    conflict: (id) => new ChatwootError(`chatwoot labels of conversation ${id} kept changing`, 409),
  });
  return {
    async openConversation(contact, o = {}) {
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
      const conversation = await call<{ id: number }>('POST', 'conversations', { contact_id: contactId, inbox_id: inboxId, status: o.status ?? 'pending' });
      return { conversationId: conversation.id, contactId };
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
    async setStatus(conversationId, status) {
      await call('POST', `conversations/${conversationId}/toggle_status`, { status });
    },
    async assign(conversationId, to) {
      if (to.teamId !== undefined) await call('POST', `conversations/${conversationId}/assignments`, { team_id: to.teamId });
      if (to.assigneeId !== undefined) await call('POST', `conversations/${conversationId}/assignments`, { assignee_id: to.assigneeId });
    },
    updateLabels,
    async conversationContact(conversationId) {
      const c = await call<{ meta?: { sender?: { id?: number } | null } }>('GET', `conversations/${conversationId}`);
      return typeof c.meta?.sender?.id === 'number' ? c.meta.sender.id : null;
    },
    async updateContactAttributes(contactId, attributes) {
      await call('PUT', `contacts/${contactId}`, { custom_attributes: attributes });
    },
    async ensureContactAttributes(defs) {
      const have = await call<Array<{ attribute_key: string }> | { payload?: Array<{ attribute_key: string }> }>('GET', `custom_attribute_definitions?attribute_model=${CONTACT_ATTRIBUTE}`);
      const keys = new Set((Array.isArray(have) ? have : (have.payload ?? [])).map((d) => d.attribute_key));
      for (const d of defs.filter((x) => !keys.has(x.key))) {
        await call('POST', 'custom_attribute_definitions', {
          attribute_display_name: d.name, attribute_key: d.key, attribute_model: CONTACT_ATTRIBUTE, attribute_display_type: DISPLAY_TYPE[d.type],
        }).catch((err: unknown) => {
          // Created meanwhile by another process: the key is taken, which is what we wanted.
          if (!(err instanceof ChatwootError && err.status === 422)) throw err;
        });
      }
    },
  };
}

function multipart(fields: Record<string, string | boolean>, attachments: ChatwootAttachment[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const a of attachments) form.append('attachments[]', new Blob([new Uint8Array(a.data)], { type: a.mimetype }), a.fileName);
  return form;
}
