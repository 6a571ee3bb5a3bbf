-- Issue 28: where a doctor's image, document, video or sticker can be fetched again for
-- the supervisor's view (Evolution's getBase64FromMediaMessage); the database never holds the file.
create or replace function interaction_media(p_interaction_id uuid) returns jsonb
language sql stable as $$
  select jsonb_build_object('kind', i.kind, 'instance', i.instance, 'providerMessageId', i.provider_message_id,
                            'chatJid', i.meta->>'chatJid', 'mimetype', i.media->>'mimetype', 'fileName', i.media->>'fileName',
                            'declaredBytes', case when i.meta->'extra'->>'fileLength' ~ '^[0-9]{1,15}$' then (i.meta->'extra'->>'fileLength')::bigint end)
  from interactions i
  where i.id = p_interaction_id and i.direction = 'inbound' and i.media is not null
$$;

-- The mirror also needs the doctor's id (his Chatwoot contact and profile).
create or replace function chatwoot_pending(p_conversation_id uuid, p_limit int default 50) returns jsonb
language sql stable as $$
  select jsonb_build_object(
    'chatwootConversationId', c.chatwoot_conversation_id,
    'controlledBy', c.controlled_by,
    'doctorId', c.doctor_id,
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

select revoke_api_roles();
