import type { ChatwootState, ContactRecord, ConversationRecord, MessageRecord, MessageType } from './chatwoot-state.js';

// Chatwoot serialises message_type as the enum's integer (message_type_before_type_cast).
const MESSAGE_TYPE_CODES: Record<MessageType, number> = { incoming: 0, outgoing: 1, activity: 2, template: 3 };

/**
 * JSON the way Chatwoot's jbuilder views render it (api/v1/models/_contact,
 * conversations/partials/_conversation, models/_message), so clients parse real shapes.
 */
export class ChatwootViews {
  constructor(private readonly state: ChatwootState) {}

  contactJson(contact: ContactRecord, withInboxes = true) {
    return {
      additional_attributes: contact.additional_attributes,
      availability_status: 'offline',
      email: contact.email,
      id: contact.id,
      name: contact.name,
      phone_number: contact.phone_number,
      identifier: contact.identifier,
      blocked: false,
      thumbnail: '',
      custom_attributes: contact.custom_attributes,
      last_activity_at: null,
      created_at: contact.created_at,
      ...(withInboxes && {
        contact_inboxes: contact.contact_inboxes.map((ci) => ({ source_id: ci.source_id, inbox: this.inboxJson() })),
      }),
    };
  }

  inboxJson() {
    return { id: this.state.inbox.id, name: this.state.inbox.name, channel_type: 'Channel::Api', avatar_url: '', provider: null };
  }

  private senderJson(message: MessageRecord, conversation: ConversationRecord) {
    if (message.message_type === 'incoming') {
      const contact = this.state.contacts.get(conversation.contact_id);
      return contact ? { ...this.contactJson(contact, false), type: 'contact' } : undefined;
    }
    return { id: this.state.agent.id, name: this.state.agent.name, available_name: this.state.agent.name, type: 'user', thumbnail: '' };
  }

  messageJson(message: MessageRecord) {
    const conversation = this.state.conversations.get(message.conversation_id);
    return {
      id: message.id,
      content: message.content,
      inbox_id: conversation?.inbox_id ?? this.state.inbox.id,
      conversation_id: message.conversation_id,
      message_type: MESSAGE_TYPE_CODES[message.message_type],
      content_type: message.content_type,
      status: 'sent',
      content_attributes: message.content_attributes,
      created_at: message.created_at,
      private: message.private,
      source_id: message.source_id,
      ...(message.attachments.length > 0 && {
        attachments: message.attachments.map((a, i) => ({
          id: message.id * 100 + i, message_id: message.id, file_type: a.fileType, account_id: this.state.accountId,
          data_url: `/rails/active_storage/blobs/${message.id}-${i}/${encodeURIComponent(a.fileName)}`, file_size: a.data.length,
        })),
      }),
      ...(conversation && { sender: this.senderJson(message, conversation) }),
    };
  }

  conversationJson(conversation: ConversationRecord) {
    const contact = this.state.contacts.get(conversation.contact_id);
    const messages = this.state.messages.filter((m) => m.conversation_id === conversation.id);
    const last = messages.at(-1);
    return {
      meta: {
        sender: contact ? this.contactJson(contact, false) : null,
        channel: 'Channel::Api',
        hmac_verified: false,
        assignee: conversation.assignee_id ? { id: conversation.assignee_id, name: `Agente ${conversation.assignee_id}` } : null,
        team: conversation.team_id ? { id: conversation.team_id, name: `Time ${conversation.team_id}` } : null,
      },
      id: conversation.id,
      messages: last ? [this.messageJson(last)] : [],
      account_id: this.state.accountId,
      uuid: conversation.uuid,
      additional_attributes: conversation.additional_attributes,
      agent_last_seen_at: 0,
      assignee_last_seen_at: 0,
      can_reply: true,
      contact_last_seen_at: 0,
      custom_attributes: conversation.custom_attributes,
      inbox_id: conversation.inbox_id,
      labels: conversation.labels,
      muted: false,
      snoozed_until: null,
      status: conversation.status,
      created_at: conversation.created_at,
      timestamp: conversation.last_activity_at,
      unread_count: messages.filter((m) => m.message_type === 'incoming').length,
      last_activity_at: conversation.last_activity_at,
      priority: null,
    };
  }
}
