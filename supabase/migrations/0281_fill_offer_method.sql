-- The FILL_OFFER outbound method (docs/decisions/0295-fill-plans.md): a
-- proactive send like a campaign's (caps, cooling-off, business hours, content dedupe),
-- re-checked under the per-phone lock against its fill plan.

create or replace function outbound_content_deduped(p_method text) returns boolean
language sql immutable parallel safe as $$
  select p_method in ('CAMPAIGN', 'FOLLOWUP', 'REACTIVATION', 'REMINDER', 'COMMAND', 'FILL_OFFER')
$$;

-- Read in a fresh statement after the shift's row lock, so a committed stop is seen.
create or replace function fill_offer_sendable(p_key text, p_now timestamptz) returns boolean
language plpgsql as $$
declare v_ok boolean; v_flag jsonb;
begin
  select value into v_flag from feature_flags where key = 'fill_plans';
  if v_flag is not null and not coalesce((v_flag->>'enabled')::boolean, true) then return false; end if;
  select (o.status = 'planned' and p.status = 'active' and s.status = 'open' and s.starts_at > p_now)
    into v_ok
  from fill_offers o
  join fill_plans p on p.shift_id = o.shift_id
  join shifts s on s.id = o.shift_id
  where o.outbound_key = p_key;
  return coalesce(v_ok, false);
end $$;

-- 0229's outbound_reserve_checked, plus the fill offer's plan (after the campaign, before R4a).
create or replace function outbound_reserve_checked(
  p_idempotency_key text, p_doctor_id uuid, p_conversation_id uuid, p_phone text, p_instance text,
  p_method text, p_content_hash text, p_proactive boolean, p_permission_state text,
  p_inbound_interaction_id uuid default null, p_bypass_reason text default null, p_actor text default null,
  p_bypassed_rule text default null, p_checks jsonb default '{}'::jsonb, p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare
  v jsonb := jsonb_arg(p_checks);
  m outbound_messages; s doctor_state; c conversations;
  v_rule text; v_latest uuid; v_safe jsonb; v_flag jsonb; v_campaign text; v_inflight_24h int; v_inflight_7d int; v_res jsonb;
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
  if v_rule is null and coalesce((v->>'r1')::boolean, false) and s.permission_state = 'cooling_off'
     and (s.cooling_off_until is null or s.cooling_off_until > p_now) then
    v_rule := 'R1_cooling_off';
  end if;
  if v_rule is null and coalesce((v->>'r2')::boolean, false)
     and ((s.next_allowed_at is not null and s.next_allowed_at > p_now) or v_inflight_24h > 0) then
    v_rule := 'R2_next_allowed_at';
  end if;
  if v_rule is null and coalesce((v->>'r3')::boolean, false)
     and doctor_contacts_7d(p_doctor_id, p_now) + v_inflight_7d >= coalesce((v->>'r3_cap')::int, 3) then
    v_rule := 'R3_contact_cap_7d';
  end if;
  -- The campaign behind the send, as it is now: a pause or cancel that committed since
  -- the job was queued stops it here (an id that names no campaign has no status to stop it).
  if v_rule is null and v->>'campaign' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select status into v_campaign from campaigns where id = (v->>'campaign')::uuid;
    if v_campaign = 'paused' and p_method in ('CAMPAIGN', 'REACTIVATION') then
      -- Paused, not decided: the send goes back to its campaign as a withdrawal would take it
      -- (no outcome of its own), so a resume reaches this doctor once. An in-doubt reservation
      -- being re-attempted was already reconciled as not sent, so it is released too.
      if m.id is not null then delete from outbound_messages where id = m.id; end if;
      update campaign_sends set status = 'queued', dispatched_at = null, instance = null
      where campaign_id = (v->>'campaign')::uuid and doctor_id = p_doctor_id and status = 'dispatched';
      return jsonb_build_object('status', 'withdrawn', 'rule', 'campaign_paused');
    end if;
    if v_campaign in ('paused', 'cancelled') then v_rule := 'campaign_' || v_campaign; end if;
  end if;
  -- A fill offer leaves only while it is still planned, its plan active, its shift open and
  -- fill plans switched on. The shift row is read FOR SHARE: a reservation committing right
  -- now is waited for and seen (its trigger withdrew the offer), so none slips past it.
  if v_rule is null and v->>'fill' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    perform 1 from shifts where id = (v->>'fill')::uuid for share;
    if not fill_offer_sendable(p_idempotency_key, p_now) then v_rule := 'fill_stopped'; end if;
  end if;
  if v_rule is null and coalesce((v->>'campaigns_off')::boolean, false) then
    -- The table is the truth: a flag write lands here before any cache.
    select value into v_flag from feature_flags where key = 'campaigns';
    if v_flag is not null and not coalesce((v_flag->>'enabled')::boolean, true) then v_rule := 'R4a_campaigns_disabled'; end if;
  end if;
  if v_rule is null and v->>'safe_mode' in ('wait', 'block') then
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

select revoke_api_roles();
