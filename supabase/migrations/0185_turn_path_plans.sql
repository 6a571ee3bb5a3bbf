-- Issue 13 (burst): the SQL a doctor's turn runs on every turn, with the same results,
-- cheaper to run (docs/decisions/0185-inbound-load.md).
--
-- 1. plpgsql instead of `language sql`. A SQL function (not inlined; these are not)
--    is parsed and planned again on every call, while plpgsql keeps its plans for the
--    session. turn_load's body took longer to plan than to run.
-- 2. turn_load no longer reads whole tables per turn. Measured on a 1,000-doctor burst
--    (fresh statistics, as on a new deployment): "handled" was a hashed subplan that
--    seq-scanned all of inbound_handled on every call, and the pending query ANDed
--    the conversation index with a bitmap over every inbound row of the partial
--    interactions_inbound_created_idx. Both grow with the tables, not the conversation.
--    The handled test is now a left join on inbound_handled's primary key (at most one
--    row per interaction, so nothing is duplicated), and the pending filter is written
--    so that the partial index cannot serve it (coalesce: direction is never null), which
--    leaves the conversation index: work proportional to the conversation.

create or replace function turn_load(p_conversation_id uuid, p_history int default 20) returns jsonb
language plpgsql stable as $$
begin
  return (
    select jsonb_build_object(
      'conversation', to_jsonb(c),
      'doctor', doctor_to_json(d),
      'state', (select to_jsonb(s) from doctor_state s where s.doctor_id = d.id),
      'pending', coalesce((
        select jsonb_agg(jsonb_build_object('id', i.id, 'kind', i.kind, 'text', i.body, 'media', i.media, 'meta', i.meta,
                                            'instance', i.instance, 'providerMessageId', i.provider_message_id,
                                            'sentAt', i.occurred_at, 'receivedAt', i.created_at)
                         order by i.occurred_at, i.created_at)
        from interactions i
        left join inbound_handled h on h.interaction_id = i.id
        where i.conversation_id = c.id and coalesce(i.direction, '') = 'inbound' and h.interaction_id is null), '[]'::jsonb),
      'history', coalesce((
        select jsonb_agg(x.h order by x.at)
        from (select jsonb_build_object('direction', i.direction, 'kind', i.kind, 'text', i.body, 'at', i.occurred_at) as h, i.occurred_at as at
              from interactions i
              left join inbound_handled h on h.interaction_id = i.id
              where i.conversation_id = c.id
                and (i.direction = 'outbound' or h.interaction_id is not null)
              order by i.occurred_at desc limit p_history) x), '[]'::jsonb))
    from conversations c join doctors d on d.id = c.doctor_id
    where c.id = p_conversation_id);
end $$;

create or replace function turn_mark_handled(p_conversation_id uuid, p_interaction_ids uuid[]) returns jsonb
language plpgsql as $$
declare n int;
begin
  insert into inbound_handled (interaction_id, conversation_id)
  select unnest(p_interaction_ids), p_conversation_id
  on conflict (interaction_id) do nothing;
  get diagnostics n = row_count;
  return jsonb_build_object('marked', n);
end $$;

create or replace function turn_metrics_record(p_conversation_id uuid, p_outcome text, p_stages jsonb, p_model text,
  p_tokens jsonb, p_tools text[], p_bubbles int) returns jsonb
language plpgsql as $$
declare v_id bigint;
begin
  insert into turn_metrics (conversation_id, outcome, stages, model, tokens, tools, bubbles)
  values (p_conversation_id, p_outcome, p_stages, p_model, p_tokens, coalesce(p_tools, '{}'), p_bubbles)
  returning id into v_id;
  return jsonb_build_object('id', v_id);
end $$;

create or replace function agent_steering(p_conversation_id uuid, p_now timestamptz default now())
returns jsonb language plpgsql stable as $$
begin
  return (
    select jsonb_build_object(
      'directives', (select coalesce(jsonb_agg(d.kind || ': ' || d.text order by d.created_at), '[]'::jsonb)
                     from manager_directives d where d.revoked_at is null and d.valid_from <= p_now and d.valid_until > p_now),
      'handback', (select h.summary from handbacks h
                   where h.conversation_id = p_conversation_id and h.created_at > p_now - interval '7 days'
                     and not exists (select 1 from interactions i where i.conversation_id = h.conversation_id
                                     and i.direction = 'outbound' and i.occurred_at > h.created_at)
                   order by h.created_at desc limit 1)));
end $$;

create or replace function policy_record(p_turn_id uuid, p_policy jsonb) returns jsonb
language plpgsql as $$
begin
  insert into turn_policies (turn_id, policy) values (p_turn_id, p_policy)
  on conflict (turn_id) do nothing;
  return jsonb_build_object('ok', true);
end $$;

select revoke_api_roles();
