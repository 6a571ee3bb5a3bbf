-- A turn stores its reply plan (keyed by the message it answers: the last pending one), queues
-- one outbound job per bubble, and only then marks its messages handled. A worker killed
-- between the plan and the jobs' acknowledgement by Redis (the CI chaos run: a SIGKILL while
-- Redis restarted, the adds waiting in ioredis's offline queue) leaves the messages pending,
-- so the turn runs again. When the doctor wrote meanwhile, that run answers the NEWER message
-- with a plan of its own and marks all of them handled: the first plan's bubbles were never
-- queued, never sent, never recorded as superseded (docs/decisions/0200-turn-plan-orphans.md).
--
-- turn_plan_store is turn_plan_save plus, in the same call, the bubbles of plans stored for
-- the other pending messages (p_earlier) that never reached the outbound wrapper (no outbound
-- row under their key). send_message queues them again under the same keys, so the wrapper
-- decides them: superseded by the newer message (a recorded outcome), or sent if none is newer.
create or replace function turn_plan_store(p_conversation_id uuid, p_interaction_id uuid, p_bubbles jsonb, p_delays jsonb,
  p_outcome text, p_earlier uuid[] default '{}')
returns jsonb language plpgsql as $$
begin
  return turn_plan_save(p_conversation_id, p_interaction_id, p_bubbles, p_delays, p_outcome)
    || jsonb_build_object('earlier', (
      select coalesce(jsonb_agg(jsonb_build_object('interactionId', p.interaction_id, 'index', b.ord - 1, 'text', b.text,
                                                   'handoff', p.outcome = 'handoff')
                                order by p.created_at, p.interaction_id, b.ord), '[]'::jsonb)
        from turn_plans p
        cross join lateral jsonb_array_elements_text(p.bubbles) with ordinality as b(text, ord)
       where p.interaction_id = any(p_earlier)
         and p.interaction_id <> p_interaction_id
         and p.conversation_id = p_conversation_id
         and not exists (select 1 from outbound_messages o
                          where o.idempotency_key = 'reply-' || p.interaction_id || '-' || (b.ord - 1))));
end $$;

select revoke_api_roles();
