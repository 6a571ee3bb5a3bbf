-- Nothing inbound goes unanswered because a process died between storing a
-- message and scheduling its turn (issue 9, finding 5).

-- When the sweeper last re-armed a conversation, so a turn that keeps failing is
-- re-armed with growing gaps (2, 4, 8 ... minutes, at most hourly), not every minute.
-- No foreign key on purpose: a doctor merge re-keys everything that references
-- conversations, and two rows here would then collide.
create table inbound_sweeps (
  conversation_id uuid primary key,
  sweeps integer not null default 0,
  last_swept_at timestamptz not null default now()
);

create index interactions_inbound_created_idx on interactions (created_at) where direction = 'inbound';

-- Active conversations holding a message that should start a turn, arrived more
-- than p_min_age_seconds ago (and within the horizon) and not handled yet.
-- Records the sweep in the same statement. Two sweepers racing at worst arm the
-- same turn twice, which its debounce key collapses into one.
create or replace function inbound_sweep(p_min_age_seconds int, p_horizon_hours int default 24, p_limit int default 200)
returns jsonb language plpgsql as $$
declare ids uuid[];
begin
  -- Conversations answered since their last sweep start from zero again.
  delete from inbound_sweeps s where not exists (
    select 1 from interactions i where i.conversation_id = s.conversation_id and i.direction = 'inbound'
      and not exists (select 1 from inbound_handled h where h.interaction_id = i.id));
  with due as (
    select i.conversation_id, min(i.created_at) oldest
    from interactions i join conversations c on c.id = i.conversation_id and c.status = 'active'
    where i.direction = 'inbound' and i.kind not in ('reaction', 'delete')
      and i.created_at < now() - make_interval(secs => p_min_age_seconds)
      and i.created_at > now() - make_interval(hours => p_horizon_hours)
      and not exists (select 1 from inbound_handled h where h.interaction_id = i.id)
    group by i.conversation_id
  ), picked as (
    select d.conversation_id from due d left join inbound_sweeps s on s.conversation_id = d.conversation_id
    where s.conversation_id is null
       or s.last_swept_at < now() - least(interval '1 minute' * power(2, least(s.sweeps, 10)), interval '1 hour')
    order by d.oldest limit p_limit
  ), up as (
    insert into inbound_sweeps (conversation_id, sweeps, last_swept_at)
    select conversation_id, 1, now() from picked
    on conflict (conversation_id) do update set sweeps = inbound_sweeps.sweeps + 1, last_swept_at = now()
    returning conversation_id
  )
  select array_agg(conversation_id) into ids from up;
  return jsonb_build_object('conversationIds', coalesce(to_jsonb(ids), '[]'::jsonb));
end $$;

-- For a redelivered or retried inbound job: does its message still wait for a turn, and in which conversation?
create or replace function inbound_turn_needed(p_instance text, p_provider_message_id text) returns jsonb
language sql stable as $$
  select coalesce((
    select jsonb_build_object('conversationId', c.id,
                              'pending', c.status = 'active' and i.kind not in ('reaction', 'delete')
                                         and not exists (select 1 from inbound_handled h where h.interaction_id = i.id))
    from interactions i join conversations c on c.id = i.conversation_id
    where i.direction = 'inbound' and i.instance = p_instance and i.provider_message_id = p_provider_message_id
    limit 1), jsonb_build_object('conversationId', null, 'pending', false))
$$;

-- Only the service role may call the functions above (see 0001).
select revoke_api_roles();
