-- Chatwoot mirror: supervisors see every message of every conversation.

-- Which interactions are already in Chatwoot (and as which message).
create table chatwoot_mirror (
  interaction_id uuid primary key references interactions(id),
  conversation_id uuid not null references conversations(id),
  chatwoot_message_id bigint not null,
  mirrored_at timestamptz not null default now()
);
create unique index conversations_chatwoot_idx on conversations (chatwoot_conversation_id) where chatwoot_conversation_id is not null;

-- What the mirror job needs: the linked Chatwoot conversation (if any), the
-- doctor to create a contact for, and the interactions not mirrored yet.
create or replace function chatwoot_pending(p_conversation_id uuid, p_limit int default 50) returns jsonb
language sql stable as $$
  select jsonb_build_object(
    'chatwootConversationId', c.chatwoot_conversation_id,
    'controlledBy', c.controlled_by,
    'doctor', jsonb_build_object('phone', d.phone, 'lid', d.whatsapp_lid, 'name', d.name),
    'interactions', coalesce((
      select jsonb_agg(jsonb_build_object('id', i.id, 'direction', i.direction, 'kind', i.kind, 'text', i.body, 'by', i.meta->>'by')
                       order by i.occurred_at, i.created_at)
      from (select * from interactions i
            where i.conversation_id = c.id
              and not exists (select 1 from chatwoot_mirror m where m.interaction_id = i.id)
              -- A supervisor's own Chatwoot message is already there: do not echo it back.
              and not exists (select 1 from outbound_messages o
                              where o.id::text = i.meta->>'outbound_message_id' and o.actor like 'chatwoot:%')
            order by i.occurred_at, i.created_at limit p_limit) i), '[]'::jsonb))
  from conversations c join doctors d on d.id = c.doctor_id
  where c.id = p_conversation_id
$$;

-- First link wins, so two racing jobs agree on one Chatwoot conversation.
create or replace function chatwoot_link(p_conversation_id uuid, p_chatwoot_conversation_id bigint) returns jsonb
language sql as $$
  update conversations set chatwoot_conversation_id = coalesce(chatwoot_conversation_id, p_chatwoot_conversation_id)
  where id = p_conversation_id
  returning jsonb_build_object('chatwootConversationId', chatwoot_conversation_id)
$$;

create or replace function chatwoot_mark_mirrored(p_interaction_id uuid, p_conversation_id uuid, p_chatwoot_message_id bigint) returns jsonb
language sql as $$
  insert into chatwoot_mirror (interaction_id, conversation_id, chatwoot_message_id)
  values (p_interaction_id, p_conversation_id, p_chatwoot_message_id)
  on conflict (interaction_id) do nothing
  returning jsonb_build_object('mirrored', true)
$$;

-- A supervisor wrote in Chatwoot: which of our conversations, and the newest inbound (for a reply's proof).
create or replace function chatwoot_conversation_lookup(p_chatwoot_conversation_id bigint) returns jsonb
language sql stable as $$
  select jsonb_build_object('conversationId', c.id, 'doctorId', c.doctor_id, 'controlledBy', c.controlled_by,
    'lastInbound', (select jsonb_build_object('id', i.id, 'sentAt', i.occurred_at) from interactions i
                    where i.conversation_id = c.id and i.direction = 'inbound' and i.kind not in ('reaction', 'delete')
                    order by i.created_at desc, i.id desc limit 1))
  from conversations c where c.chatwoot_conversation_id = p_chatwoot_conversation_id
$$;

-- Only the service role may call the functions above (see 0001).
select revoke_api_roles();
