-- Issue 13 (outbound throughput): recording a send that already happened commits
-- without waiting for its WAL to reach disk.
--
-- A sent reply commits twice: outbound_begin (the reservation, written before the
-- provider call) and outbound_record_sent (after it). On PostgreSQL each commit waits
-- for an fsync of the WAL; in bench/outbound.ts that wait and its system time were the
-- largest single cost of the server (XLogFlush/fdatasync, 17% of a backend's CPU on one
-- connection), and with every commit asynchronous the bench went from 726/863 to
-- 1,003/1,045 sends/s. Only the second commit is made asynchronous here, because only
-- its loss is already recovered:
-- - The reservation stays synchronous. It is what keeps a retry from sending twice:
--   a retry that finds it reconciles with the provider before any new call.
-- - If PostgreSQL itself crashes in the fraction of a second before the WAL writer
--   flushes this commit (at most 3 x wal_writer_delay, 600 ms by default; any later
--   synchronous commit flushes it sooner), the send's row is back to `reserved`: that is
--   exactly the state of a worker killed between the provider call and this record.
--   The retry (if the job is still pending) or outbound_settle_in_doubt (from the
--   provider's send.message echo) records it; nothing re-sends a reserved row without
--   that reconciliation, and the 1-hour dedupe treats it as sent meanwhile.
-- - A crash of the worker, Redis or the network loses nothing: the commit is done on
--   the server, only its flush is deferred. The transaction's atomicity is unchanged:
--   the interaction, the event, the state and the row land together or not at all.
-- SET LOCAL inside the function lasts to the end of the caller's transaction (a
-- function's own SET clause restores only the variables it names: search_path here),
-- which is the rpc's single statement on every adapter. The body is 0010's otherwise.

create or replace function outbound_record_sent(
  p_id uuid, p_provider_message_id text, p_body text, p_instance text, p_bypassed_rule text default null,
  p_next_allowed_at timestamptz default null, p_props jsonb default '{}'::jsonb, p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare m outbound_messages; v_interaction_id uuid; v_event_type text;
begin
  -- The send already happened: this commit may return before its WAL reaches disk
  -- (see the header). Local to this transaction; the reservation's stays synchronous.
  perform set_config('synchronous_commit', 'off', true);
  select * into m from outbound_messages where id = p_id for update;
  if not found then raise exception 'outbound message % not found', p_id using errcode = 'P0002'; end if;
  if m.status <> 'reserved' then
    return jsonb_build_object('status', m.status, 'replay', true, 'interaction_id', m.interaction_id);
  end if;
  insert into interactions (conversation_id, doctor_id, direction, instance, provider_message_id, body, meta, occurred_at)
  values (m.conversation_id, m.doctor_id, 'outbound', p_instance, p_provider_message_id, p_body,
    jsonb_build_object('method', m.method, 'outbound_message_id', m.id), p_now)
  returning id into v_interaction_id;
  update outbound_messages set status = 'sent', provider_message_id = p_provider_message_id, instance = p_instance,
    interaction_id = v_interaction_id, sent_at = p_now, rule = coalesce(p_bypassed_rule, m.rule)
  where id = m.id returning * into m;
  v_event_type := case when m.rule is null then 'doctor_outbound' else 'outbound_bypass' end;
  insert into business_events (event_type, doctor_id, conversation_id, interaction_id, props, dedupe_key, created_at)
  values (v_event_type, m.doctor_id, m.conversation_id, v_interaction_id,
    outbound_event_props(m, p_props), 'outbound:' || m.idempotency_key, p_now);
  update doctor_state set
    last_outbound_at = p_now,
    last_proactive_at = case when m.proactive then p_now else last_proactive_at end,
    next_allowed_at = greatest(next_allowed_at, p_next_allowed_at),
    -- Only proactive sends move the 7-day counter; replies skip the recount.
    contact_count_7d = case when m.proactive then doctor_contacts_7d(m.doctor_id, p_now) else contact_count_7d end,
    contact_window_started_at = case when m.proactive then (select min(sent_at) from outbound_messages o
      where o.doctor_id = m.doctor_id and o.status = 'sent' and o.proactive and o.sent_at > p_now - interval '7 days')
      else contact_window_started_at end
  where doctor_id = m.doctor_id;
  if m.conversation_id is not null then
    update conversations set last_outbound_at = p_now where id = m.conversation_id;
  end if;
  return jsonb_build_object('status', 'sent', 'id', m.id, 'interaction_id', v_interaction_id, 'event_type', v_event_type);
end $$;

select revoke_api_roles();
