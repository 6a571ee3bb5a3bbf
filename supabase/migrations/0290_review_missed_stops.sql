-- The daily review also looks for a stop the rules missed (docs/decisions/0310-opt-out-defense.md):
-- each candidate carries its doctor's permission and when it last changed, so a stop
-- is called missed only while the doctor is not opted out, and is recorded only when
-- nobody changed his permission after he wrote it. Same body as 0140 otherwise.
create or replace function review_candidates(p_from timestamptz, p_to timestamptz, p_limit integer default 500) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(x order by x->>'conversationId'), '[]'::jsonb) from (
    select jsonb_build_object(
      'conversationId', c.id,
      'doctorId', c.doctor_id,
      'chatwootConversationId', c.chatwoot_conversation_id,
      'permissionState', coalesce(s.permission_state, 'opted_in'),
      'permissionChangedAt', (select max(be.created_at) from business_events be
                               where be.doctor_id = c.doctor_id and be.event_type = 'permission_changed'),
      'messages', (
        select coalesce(jsonb_agg(jsonb_build_object('direction', i.direction, 'text', i.body, 'at', i.occurred_at) order by i.occurred_at), '[]'::jsonb)
        from (select * from interactions i2 where i2.conversation_id = c.id and i2.occurred_at < p_to
              order by i2.occurred_at desc limit 60) i)
    ) as x
    from conversations c
    left join doctor_state s on s.doctor_id = c.doctor_id
    where exists (select 1 from interactions i where i.conversation_id = c.id and i.occurred_at >= p_from and i.occurred_at < p_to)
    limit p_limit
  ) s
$$;

select revoke_api_roles();
