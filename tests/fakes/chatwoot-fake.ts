import { HttpFake, type FakeReply, type RecordedRequest, type RouteHandler } from './http-fake.js';
import {
  ChatwootInvalid,
  ChatwootState,
  type ContactRecord,
  type ConversationRecord,
  type ConversationStatus,
  type MessageRecord,
  type MessageType,
} from './chatwoot-state.js';
import { ChatwootViews } from './chatwoot-views.js';
import { multipartOf, type MultipartFile } from './multipart.js';

export interface ChatwootFakeOptions {
  apiToken?: string;
  accountId?: number;
  inbox?: { id: number; name: string };
  agent?: { id: number; name: string };
}

type Body = Record<string, unknown>;

const ok = (body: unknown): FakeReply => ({ status: 200, body });
const notFound = (): FakeReply => ({ status: 404, body: { error: 'Resource could not be found' } });
const bodyOf = (req: RecordedRequest): Body => (req.body && typeof req.body === 'object' ? (req.body as Body) : {});
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const obj = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** Chatwoot application API, the slice Júlia uses to mirror WhatsApp conversations. */
export class ChatwootFake extends HttpFake {
  readonly apiToken: string;
  readonly accountId: number;
  state: ChatwootState;

  constructor(private readonly options: ChatwootFakeOptions = {}) {
    super('chatwoot fake');
    this.apiToken = options.apiToken ?? 'chatwoot-test-token';
    this.accountId = options.accountId ?? 1;
    this.state = this.freshState();
    const on = (method: string, path: string, handler: RouteHandler) =>
      this.route(method, `/api/v1/accounts/:accountId/${path}`, async (req, params) => {
        if (params['accountId'] !== String(this.accountId)) return notFound();
        try {
          return await handler(req, params);
        } catch (error) {
          if (!(error instanceof ChatwootInvalid)) throw error;
          return { status: 422, body: { message: error.message, attributes: [error.attribute] } };
        }
      });
    const onContact = (method: string, path: string, fn: (c: ContactRecord) => FakeReply) =>
      on(method, `contacts/:id${path}`, (_req, p) => {
        const contact = this.state.contacts.get(Number(p['id']));
        return contact ? fn(contact) : notFound();
      });
    const onConversation = (method: string, path: string, fn: (c: ConversationRecord, body: Body) => FakeReply) =>
      on(method, `conversations/:id${path}`, (req, p) => {
        const conversation = this.state.conversations.get(Number(p['id']));
        return conversation ? fn(conversation, bodyOf(req)) : notFound();
      });

    // Like Rails, the query string decodes "+" as a space, so an unencoded "+5511..." finds nothing.
    on('GET', 'contacts/search', (req) => {
      const found = this.state.search(req.query['q'] ?? '');
      return ok({ meta: { count: found.length, current_page: 1 }, payload: found.map((c) => this.views.contactJson(c)) });
    });
    on('POST', 'contacts', (req) => this.createContact(bodyOf(req)));
    onContact('GET', '', (c) => ok({ payload: this.views.contactJson(c) }));
    // Chatwoot merges the custom attributes sent into the contact's (contacts_controller#update).
    on('PUT', 'contacts/:id', (req, p) => {
      const contact = this.state.contacts.get(Number(p['id']));
      if (!contact) return notFound();
      const body = bodyOf(req);
      if (typeof body['name'] === 'string') contact.name = body['name'];
      contact.custom_attributes = { ...contact.custom_attributes, ...obj(body['custom_attributes']) };
      return ok({ payload: this.views.contactJson(contact) });
    });
    on('GET', 'custom_attribute_definitions', (req) =>
      ok(this.state.attributeDefinitions.filter((d) => req.query['attribute_model'] === undefined || String(d.attribute_model) === req.query['attribute_model'])),
    );
    on('POST', 'custom_attribute_definitions', (req) => ok(this.state.addAttributeDefinition(bodyOf(req))));
    onContact('GET', '/conversations', (c) =>
      ok({ payload: this.state.conversationsOf(c.id).map((conv) => this.views.conversationJson(conv)) }),
    );
    on('POST', 'conversations', (req) => this.createConversation(bodyOf(req)));
    onConversation('GET', '', (c) => ok(this.views.conversationJson(c)));
    onConversation('GET', '/messages', (c) =>
      ok({ meta: { labels: c.labels }, payload: this.messages(c.id).map((m) => this.views.messageJson(m)) }),
    );
    // JSON, or multipart/form-data when files come along (`attachments[]`), as Chatwoot takes them.
    on('POST', 'conversations/:id/messages', async (req, p) => {
      const conversation = this.state.conversations.get(Number(p['id']));
      if (!conversation) return notFound();
      const form = await multipartOf(req);
      return this.createMessage(conversation, form ? form.fields : bodyOf(req), form?.files.filter((f) => f.field === 'attachments[]') ?? []);
    });
    onConversation('GET', '/labels', (c) => ok({ payload: c.labels }));
    onConversation('POST', '/labels', (c, body) => {
      this.state.setLabels(c, body['labels']);
      return ok({ payload: c.labels });
    });
    // One of assignee_id or team_id per call, as Chatwoot's assignments controller reads them.
    onConversation('POST', '/assignments', (c, body) => {
      if ('assignee_id' in body) {
        c.assignee_id = body['assignee_id'] === null ? null : Number(body['assignee_id']);
        return ok({ id: c.assignee_id, name: `Agente ${c.assignee_id}` });
      }
      if ('team_id' in body) {
        c.team_id = body['team_id'] === null ? null : Number(body['team_id']);
        return ok({ id: c.team_id, name: `Time ${c.team_id}` });
      }
      return { status: 422, body: { message: 'assignee_id or team_id is required' } };
    });
    onConversation('POST', '/toggle_status', (c, body) => {
      this.state.toggleStatus(c, str(body['status']));
      const payload = { success: true, current_status: c.status, conversation_id: c.id, snoozed_until: null };
      return ok({ meta: {}, payload });
    });
  }

  contacts(): ContactRecord[] {
    return [...this.state.contacts.values()];
  }

  conversations(): ConversationRecord[] {
    return [...this.state.conversations.values()];
  }

  messages(conversationId?: number): MessageRecord[] {
    return this.state.messages.filter((m) => conversationId === undefined || m.conversation_id === conversationId);
  }

  privateNotes(conversationId?: number): MessageRecord[] {
    return this.messages(conversationId).filter((m) => m.private);
  }

  /** Clears recorded requests and the whole account (ids restart at 1). */
  override reset(): void {
    super.reset();
    this.state = this.freshState();
  }

  protected override failureBody(status: number): unknown {
    return { error: status >= 500 ? "We're sorry, but something went wrong." : 'injected failure' };
  }

  protected override authorize(req: RecordedRequest): FakeReply | undefined {
    const token = req.headers['api_access_token'];
    if (!token) return { status: 401, body: { errors: ['You need to sign in or sign up before continuing.'] } };
    if (token !== this.apiToken) return { status: 401, body: { error: 'Invalid Access Token' } };
    return undefined;
  }

  private get views(): ChatwootViews {
    return new ChatwootViews(this.state);
  }

  private freshState(): ChatwootState {
    return new ChatwootState(
      this.accountId,
      this.options.inbox ?? { id: 1, name: 'WhatsApp Júlia' },
      this.options.agent ?? { id: 1, name: 'Júlia' },
    );
  }

  private createContact(body: Body): FakeReply {
    const inboxId = typeof body['inbox_id'] === 'number' ? body['inbox_id'] : undefined;
    const contact = this.state.addContact({
      name: str(body['name']) ?? '',
      phone_number: str(body['phone_number']) ?? null,
      email: str(body['email']) ?? null,
      identifier: str(body['identifier']) ?? null,
      custom_attributes: obj(body['custom_attributes']),
      additional_attributes: obj(body['additional_attributes']),
      ...(inboxId !== undefined && { inbox_id: inboxId }),
    });
    const contactInbox = contact.contact_inboxes[0];
    const inbox = contactInbox ? this.views.inboxJson() : null;
    return ok({
      payload: { contact: this.views.contactJson(contact), contact_inbox: { inbox, source_id: contactInbox?.source_id ?? null } },
    });
  }

  /** Accepts `contact_id`, or the `source_id` of a contact inbox as the Chatwoot docs describe. */
  private createConversation(body: Body): FakeReply {
    const sourceId = str(body['source_id']);
    const contact =
      body['contact_id'] !== undefined
        ? this.state.contacts.get(Number(body['contact_id']))
        : this.contacts().find((c) => c.contact_inboxes.some((ci) => ci.source_id === sourceId));
    if (!contact) return notFound();
    const conversation = this.state.addConversation({
      contact_id: contact.id,
      inbox_id: Number(body['inbox_id'] ?? this.state.inbox.id),
      status: (str(body['status']) ?? 'open') as ConversationStatus,
      custom_attributes: obj(body['custom_attributes']),
      additional_attributes: obj(body['additional_attributes']),
    });
    const initial = str(obj(body['message'])['content']);
    if (initial) this.state.addMessage({ conversation_id: conversation.id, content: initial, message_type: 'outgoing' });
    return ok(this.views.conversationJson(conversation));
  }

  private createMessage(conversation: ConversationRecord, body: Body, files: MultipartFile[] = []): FakeReply {
    const message = this.state.addMessage({
      attachments: files.map((f) => ({ fileName: f.fileName, mimetype: f.mimetype, data: f.data, fileType: fileTypeOf(f.mimetype) })),
      conversation_id: conversation.id,
      content: str(body['content']) ?? '',
      message_type: (str(body['message_type']) ?? 'outgoing') as MessageType,
      private: body['private'] === true || body['private'] === 'true',
      content_type: str(body['content_type']) ?? 'text',
      content_attributes: obj(body['content_attributes']),
      source_id: str(body['source_id']) ?? null,
    });
    return ok(this.views.messageJson(message));
  }
}

export async function startChatwootFake(options: ChatwootFakeOptions = {}): Promise<ChatwootFake> {
  return new ChatwootFake(options).listen();
}

/** Chatwoot's attachment file_type from the upload's content type. */
function fileTypeOf(mimetype: string): 'image' | 'audio' | 'video' | 'file' {
  const top = mimetype.split('/')[0];
  return top === 'image' || top === 'audio' || top === 'video' ? top : 'file';
}
