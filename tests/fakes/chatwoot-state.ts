/** In-memory Chatwoot account: records, mutations and the lookups the routes need. */
import { randomUUID } from 'node:crypto';

export type ConversationStatus = 'open' | 'resolved' | 'pending' | 'snoozed';
export type MessageType = 'incoming' | 'outgoing' | 'activity' | 'template';

export interface ContactRecord {
  id: number;
  name: string;
  phone_number: string | null;
  email: string | null;
  identifier: string | null;
  custom_attributes: Record<string, unknown>;
  additional_attributes: Record<string, unknown>;
  created_at: number;
  contact_inboxes: Array<{ inbox_id: number; source_id: string }>;
}

export interface ConversationRecord {
  id: number;
  uuid: string;
  inbox_id: number;
  contact_id: number;
  status: ConversationStatus;
  labels: string[];
  assignee_id?: number | null;
  team_id?: number | null;
  custom_attributes: Record<string, unknown>;
  additional_attributes: Record<string, unknown>;
  created_at: number;
  last_activity_at: number;
}

export interface AttributeDefinition {
  id: number;
  attribute_key: string;
  attribute_display_name: string;
  attribute_model: number;
  attribute_display_type: number;
}

export interface MessageRecord {
  id: number;
  conversation_id: number;
  content: string;
  message_type: MessageType;
  private: boolean;
  content_type: string;
  content_attributes: Record<string, unknown>;
  source_id: string | null;
  /** Files uploaded with the message (multipart `attachments[]`). */
  attachments: Array<{ fileName: string; mimetype: string; data: Buffer; fileType: 'image' | 'audio' | 'video' | 'file' }>;
  created_at: number;
}

const now = () => Math.floor(Date.now() / 1000);

const STATUSES = new Set<string>(['open', 'resolved', 'pending', 'snoozed']);
const MESSAGE_TYPES = new Set<string>(['incoming', 'outgoing', 'activity', 'template']);
const E164 = /^\+[1-9]\d{1,14}$/;
const UNIQUE = { phone_number: 'Phone number', email: 'Email', identifier: 'Identifier' } as const;

/** A model validation failure; the fake renders it as Chatwoot's 422 `{ message, attributes }`. */
export class ChatwootInvalid extends Error {
  constructor(
    message: string,
    readonly attribute: string,
  ) {
    super(message);
  }
}

export class ChatwootState {
  contacts = new Map<number, ContactRecord>();
  conversations = new Map<number, ConversationRecord>();
  messages: MessageRecord[] = [];
  attributeDefinitions: AttributeDefinition[] = [];
  private nextContactId = 1;
  private nextConversationId = 1;
  private nextMessageId = 1;

  constructor(
    readonly accountId: number,
    readonly inbox: { id: number; name: string },
    readonly agent: { id: number; name: string },
  ) {}

  addContact(fields: Partial<Omit<ContactRecord, 'id' | 'created_at'>> & { inbox_id?: number }): ContactRecord {
    const { inbox_id, ...rest } = fields;
    if (rest.phone_number && !E164.test(rest.phone_number)) {
      throw new ChatwootInvalid('Phone number should be in e164 format', 'phone_number');
    }
    for (const [field, label] of Object.entries(UNIQUE) as Array<[keyof typeof UNIQUE, string]>) {
      const value = rest[field];
      if (value && [...this.contacts.values()].some((c) => c[field] === value)) {
        throw new ChatwootInvalid(`${label} has already been taken`, field);
      }
    }
    const id = this.nextContactId++;
    const contact: ContactRecord = {
      name: '',
      phone_number: null,
      email: null,
      identifier: null,
      custom_attributes: {},
      additional_attributes: {},
      contact_inboxes: [],
      ...rest,
      id,
      created_at: now(),
    };
    if (inbox_id !== undefined) contact.contact_inboxes.push({ inbox_id, source_id: randomUUID() });
    this.contacts.set(id, contact);
    return contact;
  }

  addConversation(fields: Pick<ConversationRecord, 'contact_id' | 'inbox_id'> & Partial<ConversationRecord>): ConversationRecord {
    if (fields.status !== undefined && !STATUSES.has(fields.status)) {
      throw new ChatwootInvalid(`'${fields.status}' is not a valid status`, 'status');
    }
    const id = this.nextConversationId++;
    const conversation: ConversationRecord = {
      status: 'open',
      labels: [],
      custom_attributes: {},
      additional_attributes: {},
      ...fields,
      id,
      uuid: randomUUID(),
      created_at: now(),
      last_activity_at: now(),
    };
    this.conversations.set(id, conversation);
    return conversation;
  }

  addMessage(fields: Pick<MessageRecord, 'conversation_id' | 'content'> & Partial<MessageRecord>): MessageRecord {
    if (!fields.content && !fields.attachments?.length) throw new ChatwootInvalid("Content can't be blank", 'content');
    if (fields.message_type !== undefined && !MESSAGE_TYPES.has(fields.message_type)) {
      throw new ChatwootInvalid(`'${fields.message_type}' is not a valid message_type`, 'message_type');
    }
    const message: MessageRecord = {
      message_type: 'incoming',
      private: false,
      content_type: 'text',
      content_attributes: {},
      source_id: null,
      attachments: [],
      ...fields,
      id: this.nextMessageId++,
      created_at: now(),
    };
    this.messages.push(message);
    const conversation = this.conversations.get(message.conversation_id);
    if (conversation) conversation.last_activity_at = message.created_at;
    // Chatwoot reopens a resolved (or snoozed) conversation when the contact writes (no agent bot on the inbox).
    if (conversation && message.message_type === 'incoming' && !message.private && (conversation.status === 'resolved' || conversation.status === 'snoozed')) conversation.status = 'open';
    return message;
  }

  /** Chatwoot's search: ILIKE on name, email, identifier and phone number. */
  search(q: string): ContactRecord[] {
    const needle = q.toLowerCase();
    return [...this.contacts.values()].filter((c) =>
      [c.name, c.email, c.identifier, c.phone_number].some((field) => field?.toLowerCase().includes(needle)),
    );
  }

  conversationsOf(contactId: number): ConversationRecord[] {
    return [...this.conversations.values()]
      .filter((c) => c.contact_id === contactId)
      .sort((a, b) => b.last_activity_at - a.last_activity_at || b.id - a.id);
  }

  /** Without an explicit status Chatwoot's toggle_status flips between open and resolved. */
  toggleStatus(conversation: ConversationRecord, requested?: string): void {
    if (requested !== undefined && !STATUSES.has(requested)) {
      throw new ChatwootInvalid(`'${requested}' is not a valid status`, 'status');
    }
    conversation.status = (requested as ConversationStatus | undefined) ?? (conversation.status === 'open' ? 'resolved' : 'open');
  }

  /** Keys are unique per account and model (a second definition of a key is a 422). */
  addAttributeDefinition(body: Record<string, unknown>): AttributeDefinition {
    const key = typeof body['attribute_key'] === 'string' ? body['attribute_key'] : '';
    const model = body['attribute_model'] === 'contact_attribute' ? 1 : Number(body['attribute_model'] ?? 0);
    if (!key) throw new ChatwootInvalid("Attribute key can't be blank", 'attribute_key');
    if (this.attributeDefinitions.some((d) => d.attribute_key === key && d.attribute_model === model)) throw new ChatwootInvalid('Attribute key has already been taken', 'attribute_key');
    const def = { id: this.attributeDefinitions.length + 1, attribute_key: key, attribute_display_name: String(body['attribute_display_name'] ?? key), attribute_model: model, attribute_display_type: Number(body['attribute_display_type'] ?? 0) };
    this.attributeDefinitions.push(def);
    return def;
  }

  setLabels(conversation: ConversationRecord, labels: unknown): void {
    if (!Array.isArray(labels) || labels.some((l) => typeof l !== 'string')) {
      throw new ChatwootInvalid('labels must be a list of strings', 'labels');
    }
    conversation.labels = [...new Set(labels as string[])];
  }
}
