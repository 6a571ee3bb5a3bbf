-- Issue 13 (outbound throughput, docs/decisions/0210-hot-helpers.md): outbound_begin
-- reads what a reply needs once.
--
-- 0180's outbound_begin took the snapshot (outbound_prepare) without the per-phone
-- lock, then called outbound_reserve_checked, which took the lock and read again
-- everything the snapshot had just read (the send's row, the doctor's state, the
-- conversation and its latest inbound), to re-check the rules under the lock.
-- Here the per-phone lock is taken first, so the snapshot itself is read under it
-- and is the re-check: the rules that outbound_reserve_checked applies are applied
-- to the snapshot's values, in the same order, with the same answers. Only the
-- in-flight counts (R2/R3, never asked of a reply) and the safe_mode row are still
-- read, and only when the checks ask for them.
--
-- Why this keeps every guarantee:
-- - Everything that reserves a send takes this same lock first (outbound_reserve,
--   outbound_reserve_checked), so no reservation for this phone can appear between
--   the snapshot and the insert; outbound_reserve still looks the key up again under
--   it and answers in_doubt/replay if the row exists.
-- - Writes that can change a rule's outcome without the lock (an opt-out, a human
--   taking control, a newer inbound) were already a race for the old function between
--   its re-read and its commit; the outcome is the same as if they landed a moment later,
--   and the wrapper's in-doubt reconciliation and the checks at the provider call are
--   unchanged.
-- - The answer's shape is 0180's: outbound_prepare's object, plus `reservation` and
--   `reserved_instance` when a reservation was attempted.

create or replace function outbound_begin(
  p_doctor_id uuid, p_idempotency_key text, p_inbound_interaction_id uuid default null, p_now timestamptz default now(),
  p_conversation_id uuid default null, p_reserve jsonb default null)
returns jsonb language plpgsql as $$
declare
  v jsonb; c jsonb; v_prep jsonb; v_instances text[]; v_instance text; v_occurred timestamptz; v_phone text;
  v_rule text; v_latest text; v_safe jsonb; v_inflight_24h int := 0; v_inflight_7d int := 0; v_res jsonb;
begin
  if p_reserve is null or jsonb_typeof(p_reserve) = 'null' then
    return outbound_prepare(p_doctor_id, p_idempotency_key, p_inbound_interaction_id, p_now, p_conversation_id);
  end if;
  v := jsonb_arg(p_reserve);
  c := coalesce(v->'checks', '{}'::jsonb);
  -- The lock every reservation of this phone takes (the address outbound_prepare answers).
  select coalesce(d.phone, d.whatsapp_lid || '@lid') into v_phone from doctors d where d.id = p_doctor_id;
  if v_phone is not null then
    perform pg_advisory_xact_lock(hashtext('outbound:' || v_phone));
  end if;
  v_prep := outbound_prepare(p_doctor_id, p_idempotency_key, p_inbound_interaction_id, p_now, p_conversation_id);
  if v_prep->'doctor' = 'null'::jsonb or v_prep->'existing' <> 'null'::jsonb or v_prep->'inbound' = 'null'::jsonb then
    return v_prep;
  end if;
  v_occurred := (v_prep->'inbound'->>'occurred_at')::timestamptz;
  -- R-1's window, with the wrapper's minute of tolerance for clocks that disagree.
  if v_occurred < p_now - make_interval(secs => (v->>'proof_window_ms')::numeric / 1000)
     or v_occurred > p_now + interval '1 minute' then
    return v_prep;
  end if;
  -- The number a reply leaves from (pickInstance): the one the context names, else the
  -- one the doctor wrote to, else the last one used with the doctor, else the first.
  select coalesce(array_agg(x), '{}') into v_instances from jsonb_array_elements_text(coalesce(v->'instances', '[]')) x;
  if cardinality(v_instances) = 0 then return v_prep; end if;
  v_instance := case
    when v->>'instance' = any (v_instances) then v->>'instance'
    when v_prep->'inbound'->>'instance' = any (v_instances) then v_prep->'inbound'->>'instance'
    when v_prep->>'last_instance' = any (v_instances) then v_prep->>'last_instance'
    else v_instances[1] end;

  -- outbound_reserve_checked's rules, in its order, on the snapshot read under the lock.
  if coalesce((c->>'r2')::boolean, false) or coalesce((c->>'r3')::boolean, false) then
    select count(*) filter (where o.created_at > p_now - interval '24 hours'), count(*)
      into v_inflight_24h, v_inflight_7d
    from outbound_messages o
    where o.doctor_id = p_doctor_id and o.status = 'reserved' and o.proactive
      and o.idempotency_key <> p_idempotency_key and o.created_at > p_now - interval '7 days';
  end if;
  if coalesce((c->>'human_control')::boolean, false) and v_prep->'conversation'->>'controlled_by' = 'human' then
    v_rule := 'human_control';
  end if;
  if v_rule is null and c->>'answers' is not null then
    v_latest := v_prep->'conversation'->>'latest_inbound_id';
    if v_latest is not null and v_latest <> c->>'answers' then v_rule := 'superseded'; end if;
  end if;
  if v_rule is null and coalesce((c->>'opt_out')::boolean, false) and v_prep->'state'->>'permission_state' = 'opted_out' then
    v_rule := 'R0_opted_out';
  end if;
  if v_rule is null and coalesce((c->>'r2')::boolean, false)
     and ((v_prep->'state'->>'next_allowed_at')::timestamptz > p_now or v_inflight_24h > 0) then
    v_rule := 'R2_next_allowed_at';
  end if;
  if v_rule is null and coalesce((c->>'r3')::boolean, false)
     and (v_prep->'state'->>'contacts_7d')::int + v_inflight_7d >= coalesce((c->>'r3_cap')::int, 3) then
    v_rule := 'R3_contact_cap_7d';
  end if;
  if v_rule is null and c->>'safe_mode' in ('wait', 'block') then
    -- The table is the truth: a flag write lands here before any cache.
    select value into v_safe from feature_flags where key = 'safe_mode';
    if coalesce((v_safe->>'enabled')::boolean, false) then
      if c->>'safe_mode' = 'block' then
        v_rule := 'R4b_safe_mode';
      else
        return v_prep || jsonb_build_object('reserved_instance', v_instance,
          'reservation', jsonb_build_object('status', 'wait', 'rule', 'R4b_safe_mode'));
      end if;
    end if;
  end if;

  if v_rule is not null then
    v_res := outbound_record_blocked(p_idempotency_key, p_doctor_id, p_conversation_id, v_prep->'doctor'->>'phone', v_instance,
      v->>'method', v->>'content_hash', false, v_prep->'state'->>'permission_state', v_rule, v->>'actor', 'blocked',
      jsonb_build_object('rechecked', true), p_now);
    v_res := v_res || jsonb_build_object('status', 'blocked', 'rule', v_rule);
  else
    v_res := outbound_reserve(p_idempotency_key, p_doctor_id, p_conversation_id, v_prep->'doctor'->>'phone', v_instance,
      v->>'method', v->>'content_hash', false, v_prep->'state'->>'permission_state', p_inbound_interaction_id,
      null, v->>'actor', null, p_now);
  end if;
  return v_prep || jsonb_build_object('reserved_instance', v_instance, 'reservation', v_res);
end $$;

select revoke_api_roles();
