-- Issue 9, findings 6, 7, 8 (ARCHITECTURE.md section 6, "Checked at the last
-- moment" and "Pausing").
--
-- outbound_reserve_checked: the decisive rules re-checked under the same
-- per-phone advisory lock as dedupe and reservation, immediately before the
-- provider call. What the wrapper decided from a snapshot read without locks
-- (outbound_prepare) may be stale by now: an opt-out, a human takeover, a newer
-- inbound or safe_mode may have landed, or another proactive send to the same
-- doctor may be in flight. p_checks says which rules apply to this send (the
-- wrapper's guardrails know bypasses, disabled rules and method exemptions):
--   reattempt    boolean  an in-doubt reservation of this key is being sent again
--   seen_attempts integer its attempts when the caller reconciled it (optimistic check)
--   opt_out      boolean  R0
--   human_control boolean conversation under a person's control
--   answers      uuid     a reply: the inbound it answers must still be the latest
--   r2           boolean  next_allowed_at, counting proactive sends still in flight
--   r3           boolean  7-day cap, counting proactive sends still in flight
--   r3_cap       integer
--   safe_mode    text     'wait' (proactive: pause) or 'block' (Júlia's replies stop)
-- Answers status reserved | deduped | in_doubt | blocked (with rule) | wait
-- (safe_mode: nothing written) | any decided status of this key (replay).
create or replace function outbound_reserve_checked(
  p_idempotency_key text, p_doctor_id uuid, p_conversation_id uuid, p_phone text, p_instance text,
  p_method text, p_content_hash text, p_proactive boolean, p_permission_state text,
  p_inbound_interaction_id uuid default null, p_bypass_reason text default null, p_actor text default null,
  p_bypassed_rule text default null, p_checks jsonb default '{}'::jsonb, p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare
  v jsonb := jsonb_arg(p_checks);
  m outbound_messages; s doctor_state; c conversations;
  v_rule text; v_latest uuid; v_safe jsonb; v_inflight_24h int; v_inflight_7d int; v_res jsonb;
begin
  perform pg_advisory_xact_lock(hashtext('outbound:' || p_phone));
  select * into m from outbound_messages where idempotency_key = p_idempotency_key for update;
  -- A re-attempt is only ours if nobody re-attempted since we looked (attempts unchanged):
  -- two processes reconciling the same key must not both send.
  if found and (m.status <> 'reserved' or not coalesce((v->>'reattempt')::boolean, false)
                or m.attempts is distinct from coalesce((v->>'seen_attempts')::int, m.attempts)) then
    return jsonb_build_object('status', case when m.status = 'reserved' then 'in_doubt' else m.status end, 'id', m.id,
      'rule', m.rule, 'replay', m.status <> 'reserved');
  end if;

  select * into s from doctor_state where doctor_id = p_doctor_id;
  select * into c from conversations
  where doctor_id = p_doctor_id and (id = p_conversation_id or (p_conversation_id is null and status = 'active'))
  order by (id = p_conversation_id) desc nulls last limit 1;
  -- Proactive sends of this doctor that hold a reservation (in flight, or in doubt) count as made.
  select count(*) filter (where o.created_at > p_now - interval '24 hours'), count(*)
    into v_inflight_24h, v_inflight_7d
  from outbound_messages o
  where o.doctor_id = p_doctor_id and o.status = 'reserved' and o.proactive
    and o.idempotency_key <> p_idempotency_key and o.created_at > p_now - interval '7 days';

  if coalesce((v->>'human_control')::boolean, false) and c.controlled_by = 'human' then
    v_rule := 'human_control';
  end if;
  if v_rule is null and v->>'answers' is not null then
    select i.id into v_latest from interactions i
    where i.conversation_id = c.id and i.direction = 'inbound' and i.kind not in ('reaction', 'delete')
    order by i.created_at desc, i.id desc limit 1;
    if v_latest is not null and v_latest::text <> v->>'answers' then v_rule := 'superseded'; end if;
  end if;
  if v_rule is null and coalesce((v->>'opt_out')::boolean, false) and s.permission_state = 'opted_out' then
    v_rule := 'R0_opted_out';
  end if;
  if v_rule is null and coalesce((v->>'r2')::boolean, false)
     and ((s.next_allowed_at is not null and s.next_allowed_at > p_now) or v_inflight_24h > 0) then
    v_rule := 'R2_next_allowed_at';
  end if;
  if v_rule is null and coalesce((v->>'r3')::boolean, false)
     and doctor_contacts_7d(p_doctor_id, p_now) + v_inflight_7d >= coalesce((v->>'r3_cap')::int, 3) then
    v_rule := 'R3_contact_cap_7d';
  end if;
  if v_rule is null and v->>'safe_mode' in ('wait', 'block') then
    -- The table is the truth: a flag write lands here before any cache.
    select value into v_safe from feature_flags where key = 'safe_mode';
    if coalesce((v_safe->>'enabled')::boolean, false) then
      if v->>'safe_mode' = 'block' then
        v_rule := 'R4b_safe_mode';
      else
        -- Paused, not decided: an in-doubt reservation (already reconciled as not
        -- sent) is released so the send starts afresh once safe_mode is cleared.
        if m.id is not null then delete from outbound_messages where id = m.id; end if;
        return jsonb_build_object('status', 'wait', 'rule', 'R4b_safe_mode');
      end if;
    end if;
  end if;

  if v_rule is not null then
    v_res := outbound_record_blocked(p_idempotency_key, p_doctor_id, p_conversation_id, p_phone, p_instance,
      p_method, p_content_hash, p_proactive, p_permission_state, v_rule, p_actor, 'blocked',
      jsonb_build_object('rechecked', true), p_now);
    return v_res || jsonb_build_object('status', 'blocked', 'rule', v_rule);
  end if;

  if m.id is not null then
    -- The grace period of an in-doubt send runs from this moment: right before the provider call.
    update outbound_messages set attempts = attempts + 1, last_attempt_at = p_now, instance = coalesce(p_instance, instance)
    where id = m.id;
    return jsonb_build_object('status', 'reserved', 'id', m.id, 'reattempt', true);
  end if;
  return outbound_reserve(p_idempotency_key, p_doctor_id, p_conversation_id, p_phone, p_instance, p_method,
    p_content_hash, p_proactive, p_permission_state, p_inbound_interaction_id, p_bypass_reason, p_actor,
    p_bypassed_rule, p_now);
end $$;

-- Every address WhatsApp may file a doctor's chat under, for reconciliation.
create or replace function outbound_doctor_addresses(p_doctor_id uuid) returns jsonb
language sql stable as $$
  select jsonb_build_object('phone', d.phone, 'lid', d.whatsapp_lid) from doctors d where d.id = p_doctor_id
$$;

-- A reminder whose send waited out safe_mode past its lateness window is
-- 'expired' (not 'cancelled': nobody decided against it).
alter table reminders drop constraint if exists reminders_status_check;
alter table reminders add constraint reminders_status_check
  check (status in ('scheduled', 'sent', 'cancelled', 'failed', 'expired'));

create or replace function reminder_settle(p_reminder_id uuid, p_outcome text) returns jsonb
language sql as $$
  update reminders
     set status = case when p_outcome in ('sent', 'deduped') then 'sent'
                       when p_outcome = 'expired' then 'expired' else 'cancelled' end
   where id = p_reminder_id and status = 'scheduled'
  returning jsonb_build_object('id', id, 'status', status)
$$;

-- Only the service role may call the functions above (see 0001).
select revoke_api_roles();
