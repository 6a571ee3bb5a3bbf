-- The one way out (ARCHITECTURE.md section 6; spec 9, 11, 13.5, 13.7): the
-- outbound idempotency/dedupe record, the single-transaction outcome writers,
-- doctor-state transitions, feature flags and the invariant checks.
-- Times come in as p_now from the application clock so windows are testable
-- at their exact edges; they default to now() for manual use.

alter table outbound_messages
  add column proactive boolean not null default true,
  add column permission_state text,
  add column inbound_interaction_id uuid references interactions(id),
  add column bypass_reason text,
  add column rule text,
  add column actor text,
  add column last_attempt_at timestamptz;

create index outbound_messages_doctor_sent_idx on outbound_messages (doctor_id, sent_at) where status = 'sent';
create index outbound_messages_instance_sent_idx on outbound_messages (instance, sent_at) where status = 'sent';
create index outbound_messages_reserved_idx on outbound_messages (created_at) where status = 'reserved';
create index interactions_outbound_provider_idx on interactions (instance, provider_message_id) where direction = 'outbound';
create index business_events_props_outbound_idx on business_events ((props->>'outbound_message_id'))
  where event_type in ('doctor_outbound', 'outbound_blocked', 'outbound_bypass', 'outbound_deduped');

-- postgres.js serialises a parameter it knows is jsonb with JSON.stringify, so the
-- JSON text that rpc() sends for an object arrives as a jsonb *string* over
-- DATABASE_URL (PGlite and PostgREST parse it). Accept both shapes.
create or replace function jsonb_arg(p jsonb) returns jsonb
language sql immutable as $$
  select case when jsonb_typeof(p) = 'string' then (p #>> '{}')::jsonb else coalesce(p, '{}'::jsonb) end
$$;

-- Outcome events carry ids, method, rule and a hash prefix only (I5: no text, no phone).
create or replace function outbound_event_props(m outbound_messages, p_extra jsonb default '{}'::jsonb)
returns jsonb language sql immutable as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'outbound_message_id', m.id,
    'method', m.method,
    'proactive', m.proactive,
    'instance', m.instance,
    'rule', m.rule,
    'actor', m.actor,
    'content_hash', left(m.content_hash, 16))) || jsonb_arg(p_extra)
$$;

-- Rolling proactive contacts of one doctor (R3), counted from the facts.
create or replace function doctor_contacts_7d(p_doctor_id uuid, p_now timestamptz)
returns integer language sql stable as $$
  select count(*)::int from outbound_messages
  where doctor_id = p_doctor_id and status = 'sent' and proactive
    and sent_at > p_now - interval '7 days' and sent_at <= p_now
$$;

-- Everything the wrapper needs to decide, in one round trip.
create or replace function outbound_prepare(
  p_doctor_id uuid, p_idempotency_key text, p_inbound_interaction_id uuid default null, p_now timestamptz default now(),
  p_conversation_id uuid default null)
returns jsonb language plpgsql stable as $$
declare d doctors; s doctor_state; m outbound_messages; inbound interactions; last_instance text;
begin
  select * into d from doctors where id = p_doctor_id;
  if not found then return jsonb_build_object('doctor', null); end if;
  select * into s from doctor_state where doctor_id = d.id;
  select * into m from outbound_messages where idempotency_key = p_idempotency_key;
  if p_inbound_interaction_id is not null then
    select * into inbound from interactions
    where id = p_inbound_interaction_id and doctor_id = d.id and direction = 'inbound';
  end if;
  select i.instance into last_instance from interactions i
  where i.doctor_id = d.id and i.instance is not null
  order by i.occurred_at desc limit 1;
  return jsonb_build_object(
    -- A doctor known only by an @lid is addressed by that jid (Evolution accepts jids as numbers).
    'doctor', jsonb_build_object('id', d.id, 'phone', coalesce(d.phone, d.whatsapp_lid || '@lid')),
    'conversation', (select jsonb_build_object('controlled_by', c.controlled_by,
                       'latest_inbound_id', (select i.id from interactions i
                          where i.conversation_id = c.id and i.direction = 'inbound' and i.kind not in ('reaction', 'delete')
                          order by i.created_at desc, i.id desc limit 1))
                     from conversations c
                     where c.doctor_id = d.id and (c.id = p_conversation_id or (p_conversation_id is null and c.status = 'active'))
                     order by (c.id = p_conversation_id) desc nulls last limit 1),
    'state', jsonb_build_object(
      'permission_state', coalesce(s.permission_state, 'opted_in'),
      'cooling_off_until', s.cooling_off_until,
      'next_allowed_at', s.next_allowed_at,
      'last_inbound_at', s.last_inbound_at,
      'contacts_7d', doctor_contacts_7d(d.id, p_now)),
    'inbound', case when inbound.id is null then null
      else jsonb_build_object('id', inbound.id, 'occurred_at', inbound.occurred_at, 'instance', inbound.instance) end,
    'last_instance', last_instance,
    'existing', case when m.id is null then null
      else jsonb_build_object('id', m.id, 'status', m.status, 'attempts', m.attempts, 'instance', m.instance,
        'created_at', m.created_at, 'last_attempt_at', m.last_attempt_at, 'rule', m.rule, 'proactive', m.proactive,
        'provider_message_id', m.provider_message_id) end);
end $$;

-- Dedupe (spec 13.7) and reservation in one step. The advisory lock serialises
-- every reservation for one phone, so of N concurrent identical texts exactly
-- one is reserved and the others are recorded as deduped with their event.
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
  select * into dup from outbound_messages
  where phone = p_phone and content_hash = p_content_hash and status in ('reserved', 'sent')
    and created_at > p_now - interval '1 hour' and created_at <= p_now
  limit 1;
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

-- A provider call is about to start again for an in-doubt reservation.
create or replace function outbound_attempt(p_id uuid, p_now timestamptz default now())
returns jsonb language sql as $$
  update outbound_messages set attempts = attempts + 1, last_attempt_at = p_now
  where id = p_id and status = 'reserved'
  returning jsonb_build_object('id', id, 'attempts', attempts)
$$;

-- The request provably never reached the provider: forget the reservation.
create or replace function outbound_release(p_id uuid)
returns jsonb language sql as $$
  with gone as (delete from outbound_messages where id = p_id and status = 'reserved' returning id)
  select jsonb_build_object('released', exists (select 1 from gone))
$$;

-- The provider accepted: the interaction, exactly one outcome event and the
-- doctor-state counters in one transaction. Replaying it is a no-op.
create or replace function outbound_record_sent(
  p_id uuid, p_provider_message_id text, p_body text, p_instance text, p_bypassed_rule text default null,
  p_next_allowed_at timestamptz default null, p_props jsonb default '{}'::jsonb, p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare m outbound_messages; v_interaction_id uuid; v_event_type text;
begin
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

-- A guardrail (or a permanent provider rejection) decided: the row and its one
-- outcome event together. An in-doubt reservation may be closed this way too.
create or replace function outbound_record_blocked(
  p_idempotency_key text, p_doctor_id uuid, p_conversation_id uuid, p_phone text, p_instance text,
  p_method text, p_content_hash text, p_proactive boolean, p_permission_state text, p_rule text,
  p_actor text default null, p_status text default 'blocked', p_props jsonb default '{}'::jsonb,
  p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare m outbound_messages;
begin
  select * into m from outbound_messages where idempotency_key = p_idempotency_key for update;
  if found and m.status <> 'reserved' then
    return jsonb_build_object('status', m.status, 'id', m.id, 'rule', m.rule, 'replay', true);
  elsif found then
    update outbound_messages set status = p_status, rule = p_rule, permission_state = p_permission_state
    where id = m.id returning * into m;
  else
    insert into outbound_messages (idempotency_key, doctor_id, conversation_id, phone, instance, method, content_hash,
        status, proactive, permission_state, rule, actor, created_at)
    values (p_idempotency_key, p_doctor_id, p_conversation_id, p_phone, p_instance, p_method, p_content_hash,
        p_status, p_proactive, p_permission_state, p_rule, p_actor, p_now)
    returning * into m;
  end if;
  insert into business_events (event_type, doctor_id, conversation_id, props, dedupe_key, created_at)
  values ('outbound_blocked', p_doctor_id, p_conversation_id, outbound_event_props(m, p_props),
    'outbound:' || p_idempotency_key, p_now);
  insert into policy_events (doctor_id, decision, rule, props, created_at)
  values (p_doctor_id, 'outbound_blocked', p_rule, jsonb_build_object('method', p_method, 'outbound_message_id', m.id), p_now);
  return jsonb_build_object('status', m.status, 'id', m.id, 'rule', p_rule);
end $$;

-- ------------------------------------------------------------ doctor state

create or replace function doctor_state_get(p_doctor_id uuid)
returns jsonb language sql stable as $$
  select to_jsonb(s) from doctor_state s where s.doctor_id = p_doctor_id
$$;

-- An inbound message: a cooling-off that has run out ends here (the doctor
-- came back on their own); opt-out never ends implicitly.
create or replace function doctor_state_on_inbound(p_doctor_id uuid, p_at timestamptz default now())
returns jsonb language plpgsql as $$
declare s doctor_state;
begin
  insert into doctor_state (doctor_id) values (p_doctor_id) on conflict (doctor_id) do nothing;
  update doctor_state set last_inbound_at = greatest(last_inbound_at, p_at)
  where doctor_id = p_doctor_id returning * into s;
  if s.permission_state = 'cooling_off' and s.cooling_off_until is not null and s.cooling_off_until <= p_at then
    return doctor_state_set_permission(p_doctor_id, 'opted_in', 'cooling_off_ended', null, 'system', p_at);
  end if;
  return to_jsonb(s);
end $$;

-- The one writer of permission_state: every change leaves a permission_changed
-- event (I6: an opt-out is recorded before the pipeline stops) and a policy event.
create or replace function doctor_state_set_permission(
  p_doctor_id uuid, p_state text, p_reason text default null, p_until timestamptz default null,
  p_actor text default 'system', p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare s doctor_state; previous text; ev bigint;
begin
  insert into doctor_state (doctor_id) values (p_doctor_id) on conflict (doctor_id) do nothing;
  select permission_state into previous from doctor_state where doctor_id = p_doctor_id for update;
  update doctor_state set
    permission_state = p_state,
    opted_out_at = case when p_state = 'opted_out' then coalesce(opted_out_at, p_now) when p_state = 'opted_in' then null else opted_out_at end,
    opted_out_reason = case when p_state = 'opted_out' then coalesce(p_reason, opted_out_reason) when p_state = 'opted_in' then null else opted_out_reason end,
    cooling_off_until = case when p_state = 'cooling_off' then p_until else null end
  where doctor_id = p_doctor_id returning * into s;
  if previous is distinct from p_state or p_state = 'cooling_off' then
    insert into business_events (event_type, doctor_id, props, created_at)
    values ('permission_changed', p_doctor_id, jsonb_strip_nulls(jsonb_build_object(
      'from', previous, 'to', p_state, 'reason', p_reason, 'actor', p_actor, 'until', p_until)), p_now)
    returning id into ev;
    insert into policy_events (doctor_id, business_event_id, decision, rule, props, created_at)
    values (p_doctor_id, ev, 'permission_' || p_state, p_reason, jsonb_build_object('from', previous), p_now);
  end if;
  return to_jsonb(s) || jsonb_build_object('previous', previous, 'changed', previous is distinct from p_state);
end $$;

-- ------------------------------------------------------------ feature flags

create or replace function feature_flags_get()
returns jsonb language sql stable as $$
  select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) from feature_flags
$$;

create or replace function feature_flag_set(p_key text, p_value jsonb, p_updated_by text default 'system')
returns jsonb language plpgsql as $$
declare f feature_flags;
begin
  insert into feature_flags (key, value, updated_by, updated_at) values (p_key, jsonb_arg(p_value), p_updated_by, now())
  on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()
  returning * into f;
  insert into business_events (event_type, props)
  values ('feature_flag_changed', jsonb_build_object('key', p_key, 'value', jsonb_arg(p_value), 'actor', p_updated_by));
  return to_jsonb(f);
end $$;

-- ------------------------------------------------------------ invariants (spec 9.1, 9.2, 9.4)

-- One check: its id, how many rows break it, and up to ten sample ids (never text or phones).
create or replace function invariant_result(p_id text, p_description text, p_ids text[])
returns jsonb language sql immutable as $$
  select jsonb_build_object('id', p_id, 'description', p_description,
    'violations', coalesce(array_length(p_ids, 1), 0), 'sample', coalesce(to_jsonb(p_ids[1:10]), '[]'::jsonb))
$$;

create or replace function julia_invariants(p_since timestamptz default now() - interval '24 hours', p_now timestamptz default now())
returns jsonb language plpgsql stable as $$
declare checks jsonb := '[]'::jsonb; ids text[];
begin
  -- I1: every persisted inbound has exactly one doctor_inbound event.
  select array_agg(i.id::text) into ids from interactions i
  where i.direction = 'inbound' and i.created_at >= p_since
    and (select count(*) from business_events be where be.interaction_id = i.id and be.event_type = 'doctor_inbound') <> 1;
  checks := checks || invariant_result('I1', 'inbound without exactly one doctor_inbound event', ids);

  -- I2: every outbound interaction has exactly one sent outcome, and every decided
  -- outbound call exactly one outcome event of any kind.
  select array_agg(x.id) into ids from (
    select i.id::text as id from interactions i
    where i.direction = 'outbound' and i.created_at >= p_since
      and (select count(*) from business_events be where be.interaction_id = i.id
           and be.event_type in ('doctor_outbound', 'outbound_bypass')) <> 1
    union all
    select m.id::text from outbound_messages m
    where m.created_at >= p_since and m.status in ('sent', 'blocked', 'deduped', 'failed')
      and (select count(*) from business_events be where be.props->>'outbound_message_id' = m.id::text
           and be.event_type in ('doctor_outbound', 'outbound_blocked', 'outbound_bypass', 'outbound_deduped')) <> 1
    union all
    -- A reservation left undecided for an hour is an outbound without outcome.
    select m.id::text from outbound_messages m
    where m.status = 'reserved' and m.created_at < p_now - interval '1 hour' and m.created_at >= p_since - interval '1 day'
  ) x;
  checks := checks || invariant_result('I2', 'outbound call without exactly one outcome event', ids);

  -- I3: a send treated as a reply carries inbound proof within 30 minutes.
  select array_agg(m.id::text) into ids from outbound_messages m
  left join interactions i on i.id = m.inbound_interaction_id
  where m.status = 'sent' and not m.proactive and m.sent_at >= p_since
    and (i.id is null or i.direction <> 'inbound' or i.doctor_id <> m.doctor_id
         or m.created_at - i.occurred_at > interval '30 minutes');
  checks := checks || invariant_result('I3', 'reply sent without valid inbound proof', ids);

  -- I4: opted-out doctors only receive a valid reply or a bypass with a reason.
  select array_agg(m.id::text) into ids from outbound_messages m
  where m.status = 'sent' and m.sent_at >= p_since and m.permission_state = 'opted_out'
    and m.proactive and coalesce(btrim(m.bypass_reason), '') = '';
  checks := checks || invariant_result('I4', 'proactive send to an opted-out doctor without bypass reason', ids);

  -- I5: no event carries message text or a phone number.
  select array_agg(be.id::text) into ids from business_events be
  where be.created_at >= p_since
    and (be.props ?| array['text', 'body', 'message', 'content', 'phone', 'number', 'remoteJid']
         -- A 10-15 digit run not embedded in a hex id or hash: a phone number.
         or be.props::text ~ '(^|[^0-9a-fA-F-])[0-9]{10,15}([^0-9a-fA-F-]|$)');
  checks := checks || invariant_result('I5', 'event props carrying text or phone numbers', ids);

  -- I6: the opt-out early exit records its event: every opted-out doctor has one.
  select array_agg(s.doctor_id::text) into ids from doctor_state s
  where s.permission_state = 'opted_out'
    and not exists (select 1 from business_events be where be.doctor_id = s.doctor_id
                    and be.event_type = 'permission_changed' and be.props->>'to' = 'opted_out');
  checks := checks || invariant_result('I6', 'opted-out doctor without a permission_changed event', ids);

  -- O1: every outbound interaction was recorded by the wrapper.
  select array_agg(i.id::text) into ids from interactions i
  where i.direction = 'outbound' and i.created_at >= p_since
    and not exists (select 1 from outbound_messages m where m.interaction_id = i.id);
  checks := checks || invariant_result('O1', 'outbound interaction not sent through the wrapper', ids);

  -- O2: per sending number, at most 20 proactive sends in any rolling hour and 100 in any rolling day.
  select array_agg(m.id::text) into ids from outbound_messages m
  where m.status = 'sent' and m.proactive and m.sent_at >= p_since
    and ((select count(*) from outbound_messages o where o.status = 'sent' and o.proactive and o.instance = m.instance
          and o.sent_at > m.sent_at - interval '1 hour' and o.sent_at <= m.sent_at) > 20
      or (select count(*) from outbound_messages o where o.status = 'sent' and o.proactive and o.instance = m.instance
          and o.sent_at > m.sent_at - interval '24 hours' and o.sent_at <= m.sent_at) > 100);
  checks := checks || invariant_result('O2', 'proactive rate limit exceeded on an instance', ids);

  -- O3: proactive sends happen Monday-Friday 08:00-20:00 in São Paulo; a
  -- reminder the doctor asked for is delivered at the requested time.
  select array_agg(m.id::text) into ids from outbound_messages m
  where m.status = 'sent' and m.proactive and m.method <> 'REMINDER' and m.sent_at >= p_since
    and (extract(isodow from m.sent_at at time zone 'America/Sao_Paulo') > 5
         or extract(hour from m.sent_at at time zone 'America/Sao_Paulo') < 8
         or extract(hour from m.sent_at at time zone 'America/Sao_Paulo') >= 20);
  checks := checks || invariant_result('O3', 'proactive send outside business hours', ids);

  -- O4: the same text to the same phone at most once per sliding hour.
  select array_agg(m.id::text) into ids from outbound_messages m
  where m.status = 'sent' and m.created_at >= p_since
    and exists (select 1 from outbound_messages o where o.id <> m.id and o.status = 'sent' and o.phone = m.phone
                and o.content_hash = m.content_hash and o.created_at <= m.created_at
                and o.created_at > m.created_at - interval '1 hour' and (o.created_at, o.id) < (m.created_at, m.id));
  checks := checks || invariant_result('O4', 'duplicate text to the same phone within one hour', ids);

  return jsonb_build_object('since', p_since, 'checks', checks,
    'violations', (select coalesce(sum((c->>'violations')::int), 0) from jsonb_array_elements(checks) c));
end $$;

-- Only the service role may call the functions above (see 0001).
select revoke_api_roles();
