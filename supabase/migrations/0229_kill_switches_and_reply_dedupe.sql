-- Issue 25 finding 6 (kill switches are complete) and issue 26 finding 6 (the same
-- answer twice is never dropped): docs/decisions/0235-kill-switches-and-dedupe.md.
--
-- 1. Content dedupe (the same text to the same phone within a sliding hour) holds
--    only for the methods in outbound_content_deduped: Júlia's own outreach
--    (CAMPAIGN, FOLLOWUP, REACTIVATION, REMINDER) and a manager's COMMAND from Slack.
--    A REPLY is deduped by its idempotency key (the message it answers), never by
--    its text; a supervisor's MANUAL message is typed by a person, one Chatwoot
--    message per key. O4 checks the same set.
-- 2. outbound_reserve_checked re-checks, under the per-phone lock right before the
--    provider call, what the wrapper decided from its snapshot:
--      r1             boolean  R1 cooling-off
--      campaigns_off  boolean  R4a: the campaigns flag, read from the table
--      campaign       uuid     the campaign behind the send: paused or cancelled blocks
--    The order is the guardrails' (R0, R1, R2, R3, campaign, R4a, R4b).

create or replace function outbound_content_deduped(p_method text) returns boolean
language sql immutable parallel safe as $$
  select p_method in ('CAMPAIGN', 'FOLLOWUP', 'REACTIVATION', 'REMINDER', 'COMMAND')
$$;

-- 0010's outbound_reserve, with content dedupe only for the methods above. The
-- candidate is still compared with every send of the hour (a campaign text a reply
-- just said is a repeat to the doctor whoever said it first).
create or replace function outbound_reserve(
  p_idempotency_key text, p_doctor_id uuid, p_conversation_id uuid, p_phone text, p_instance text,
  p_method text, p_content_hash text, p_proactive boolean, p_permission_state text,
  p_inbound_interaction_id uuid default null, p_bypass_reason text default null, p_actor text default null,
  p_bypassed_rule text default null, p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare m outbound_messages; dup outbound_messages;
begin
  perform pg_advisory_xact_lock(hashtext('outbound:' || p_phone));
  select * into m from outbound_messages where idempotency_key = p_idempotency_key;
  if found then
    return jsonb_build_object('status', case when m.status = 'reserved' then 'in_doubt' else m.status end, 'id', m.id);
  end if;
  if outbound_content_deduped(p_method) then
    select * into dup from outbound_messages
    where phone = p_phone and content_hash = p_content_hash and status in ('reserved', 'sent')
      and created_at > p_now - interval '1 hour' and created_at <= p_now
    limit 1;
  end if;
  insert into outbound_messages (idempotency_key, doctor_id, conversation_id, phone, instance, method, content_hash,
      status, proactive, permission_state, inbound_interaction_id, bypass_reason, actor, attempts, last_attempt_at,
      created_at, rule)
  values (p_idempotency_key, p_doctor_id, p_conversation_id, p_phone, p_instance, p_method, p_content_hash,
      case when dup.id is null then 'reserved' else 'deduped' end, p_proactive, p_permission_state,
      p_inbound_interaction_id, p_bypass_reason, p_actor, case when dup.id is null then 1 else 0 end,
      case when dup.id is null then p_now end, p_now, case when dup.id is null then p_bypassed_rule else 'dedupe_1h' end)
  returning * into m;
  if dup.id is not null then
    insert into business_events (event_type, doctor_id, conversation_id, props, dedupe_key, created_at)
    values ('outbound_deduped', p_doctor_id, p_conversation_id,
      outbound_event_props(m, jsonb_build_object('duplicate_of', dup.id)), 'outbound:' || p_idempotency_key, p_now);
    return jsonb_build_object('status', 'deduped', 'id', m.id, 'duplicate_of', dup.id);
  end if;
  return jsonb_build_object('status', 'reserved', 'id', m.id);
end $$;

-- 0080's outbound_reserve_checked with R1, the campaign's status and R4a re-checked.
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

-- Which campaign a follow-up continues: the one the doctor's last message before the
-- silence answered (campaign_attribution: sent to him within the 7 days before it).
-- Null when the exchange was not started by a campaign. The follow-up carries it as
-- its campaignId, so the campaigns flag and the campaign's status apply to it.
create or replace function followup_campaign(p_conversation_id uuid, p_anchor_at timestamptz) returns jsonb
language sql stable as $$
  select coalesce((
    select to_jsonb(campaign_attribution(i.doctor_id, i.occurred_at)->>'campaign_id')
    from interactions i
    where i.conversation_id = p_conversation_id and i.direction = 'inbound' and i.occurred_at <= p_anchor_at
    order by i.occurred_at desc, i.id desc limit 1), 'null'::jsonb)
$$;

select revoke_api_roles();
