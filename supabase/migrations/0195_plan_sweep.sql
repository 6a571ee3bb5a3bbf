-- A turn stores its reply plan, then queues one outbound job per bubble, then marks the
-- messages handled. The chaos run (bench/chaos.ts, a Redis restart while doctors wrote)
-- left replies whose plan was stored and whose messages were handled, but whose outbound
-- job never ran and left no outbound row: the doctor met silence and no sweeper looked.
-- turn_plan_unsent lists, for the inbound sweeper, bubbles of recent plans that have no
-- outbound row well after they were due; the sweeper queues them again under the same
-- idempotency key, so a job still pending makes the add a no-op and a send that happened
-- is deduplicated by the wrapper.
create or replace function turn_plan_unsent(p_min_age_seconds int, p_max_age_seconds int default 7200)
returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'conversationId', p.conversation_id, 'doctorId', c.doctor_id, 'interactionId', p.interaction_id,
           'index', b.ord - 1, 'text', b.text, 'handoff', p.outcome = 'handoff',
           'instance', i.instance, 'sentAt', i.occurred_at)
           order by p.created_at, b.ord), '[]'::jsonb)
    from turn_plans p
    join conversations c on c.id = p.conversation_id
    join interactions i on i.id = p.interaction_id
    cross join lateral jsonb_array_elements_text(p.bubbles) with ordinality as b(text, ord)
   where p.created_at > now() - make_interval(secs => p_max_age_seconds)
     and p.created_at + make_interval(secs => p_min_age_seconds)
         + make_interval(secs => coalesce((p.delays ->> (b.ord - 1)::int)::numeric, 0) / 1000) < now()
     and not exists (select 1 from outbound_messages o
                      where o.idempotency_key = 'reply-' || p.interaction_id || '-' || (b.ord - 1));
$$;

create index if not exists turn_plans_created_at on turn_plans (created_at);

select revoke_api_roles();
