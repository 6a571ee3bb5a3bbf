-- Senders, calls and auto-replies (docs/decisions/0250-senders-calls-auto-replies.md).
--
-- 1. julia_invariants: a message a person typed on Júlia's WhatsApp phone is an
--    outbound interaction the wrapper never saw (inbound_from_me records it with
--    meta.by = 'human_phone' and a human_took_over event). I2 and O1 counted each
--    one as a violation, so the documented take-over flow raised an alert. They
--    now leave those rows out; everything the wrapper sends is still checked.
--    O3 no longer flags a person's message (MANUAL, COMMAND) within 24 h of the
--    doctor's last message: the wrapper sends it whatever the business hours, as
--    ARCHITECTURE.md section 6 asks, so a supervisor answering at 21:00 is no alert.
-- 2. auto_reply_record: a doctor's automatic answer (away message, business
--    greeting) is kept, marked, and does not count as the doctor answering:
--    the conversation's last_inbound_at goes back to his last real message, so
--    follow-ups keep their cadence, and campaign_progress does not count it.
-- 3. provider_text_seen / call_record: a doctor's WhatsApp call, once per call id; when Júlia is to
--    answer it, it is stored as an inbound interaction (already handled: no turn
--    answers it) so the short text that asks him to write is a reply with proof.

-- Interactions are append-only: the mark lives beside them.
create table inbound_auto_replies (
  interaction_id uuid primary key references interactions(id),
  conversation_id uuid not null references conversations(id),
  reason text not null,
  created_at timestamptz not null default now()
);
alter table inbound_auto_replies enable row level security;

create or replace function interaction_typed_on_phone(p_meta jsonb) returns boolean
language sql immutable as $$
  select coalesce(p_meta->>'by', '') = 'human_phone'
$$;

create or replace function julia_invariants(
  p_since timestamptz default now() - interval '24 hours',
  p_now timestamptz default now(),
  p_business_start int default 8,
  p_business_end int default 20,
  p_business_days int[] default array[1, 2, 3, 4, 5])
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
    where i.direction = 'outbound' and i.created_at >= p_since and not interaction_typed_on_phone(i.meta)
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
  where i.direction = 'outbound' and i.created_at >= p_since and not interaction_typed_on_phone(i.meta)
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

  -- O3: proactive sends happen inside the configured business hours in São Paulo
  -- (BUSINESS_HOURS, BUSINESS_DAYS; spec O3's Monday-Friday 08:00-20:00 by default);
  -- a reminder the doctor asked for is delivered at the requested time.
  select array_agg(m.id::text) into ids from outbound_messages m
  where m.status = 'sent' and m.proactive and m.method <> 'REMINDER' and m.sent_at >= p_since
    -- A person (supervisor, manager) writing within 24 h of the doctor's last message is not paced (0250).
    and not (m.method in ('MANUAL', 'COMMAND') and coalesce(m.actor, 'julia') <> 'julia'
             and exists (select 1 from interactions i where i.doctor_id = m.doctor_id and i.direction = 'inbound'
                         and i.occurred_at > m.created_at - interval '24 hours' and i.occurred_at <= m.created_at + interval '1 minute'))
    and not (extract(isodow from m.sent_at at time zone 'America/Sao_Paulo')::int = any (p_business_days)
             and extract(hour from m.sent_at at time zone 'America/Sao_Paulo') >= p_business_start
             and extract(hour from m.sent_at at time zone 'America/Sao_Paulo') < p_business_end);
  checks := checks || invariant_result('O3', 'proactive send outside business hours', ids);

  -- O4: the same text to the same phone at most once per sliding hour, for the sends
  -- content dedupe applies to (outbound_content_deduped, migration 0229).
  select array_agg(m.id::text) into ids from outbound_messages m
  where m.status = 'sent' and m.created_at >= p_since and outbound_content_deduped(m.method)
    and exists (select 1 from outbound_messages o where o.id <> m.id and o.status = 'sent' and o.phone = m.phone
                and o.content_hash = m.content_hash and o.created_at <= m.created_at
                and o.created_at > m.created_at - interval '1 hour' and (o.created_at, o.id) < (m.created_at, m.id));
  checks := checks || invariant_result('O4', 'duplicate text to the same phone within one hour', ids);

  return jsonb_build_object('since', p_since, 'checks', checks,
    'violations', (select coalesce(sum((c->>'violations')::int), 0) from jsonb_array_elements(checks) c));
end $$;


-- Progress as in 0100, with the doctor's automatic answers left out of 'replied'.
create or replace function campaign_progress(p_campaign_id uuid) returns jsonb
language sql stable as $$
  with s as (select * from campaign_sends where campaign_id = p_campaign_id)
  select jsonb_build_object(
    'campaign_id', p_campaign_id,
    'status', (select status from campaigns where id = p_campaign_id),
    'planned', (select count(*) from s),
    'queued', (select count(*) from s where status = 'queued'),
    'dispatched', (select count(*) from s where status = 'dispatched'),
    'sent', (select count(*) from s where status = 'sent'),
    'blocked', (select count(*) from s where status = 'blocked'),
    'skipped', (select count(*) from s where status = 'skipped'),
    'blocked_by_rule', (select coalesce(jsonb_object_agg(rule, n), '{}'::jsonb)
                        from (select coalesce(rule, 'unknown') rule, count(*) n from s where status = 'blocked' group by 1) r),
    'replied', (select count(*) from s where s.status = 'sent' and exists (
                  select 1 from interactions i where i.doctor_id = s.doctor_id and i.direction = 'inbound'
                    and not exists (select 1 from inbound_auto_replies a where a.interaction_id = i.id)
                    and i.created_at > s.settled_at and i.created_at <= s.settled_at + interval '7 days'))
  )
$$;

-- Marks the given inbound interactions of the conversation as automatic answers,
-- one auto_reply_received event each (a re-run is a no-op), and moves the
-- conversation's last_inbound_at back to the doctor's last real message.
create or replace function auto_reply_record(p_conversation_id uuid, p_interaction_ids uuid[], p_reason text)
returns jsonb language plpgsql as $$
declare n int;
begin
  perform 1 from conversations where id = p_conversation_id for update;
  with m as (
    insert into inbound_auto_replies (interaction_id, conversation_id, reason)
    select i.id, i.conversation_id, p_reason from interactions i
     where i.id = any(p_interaction_ids) and i.conversation_id = p_conversation_id and i.direction = 'inbound'
    on conflict (interaction_id) do nothing
    returning interaction_id as id, (select doctor_id from conversations where id = p_conversation_id) as doctor_id),
  ev as (
    insert into business_events (event_type, doctor_id, conversation_id, interaction_id, props, dedupe_key)
    select 'auto_reply_received', m.doctor_id, p_conversation_id, m.id, jsonb_build_object('reason', p_reason), 'auto-reply:' || m.id
      from m
    on conflict (dedupe_key) do nothing
    returning 1)
  select count(*) into n from ev;
  update conversations c set last_inbound_at = (
      select max(i.occurred_at) from interactions i
       where i.conversation_id = c.id and i.direction = 'inbound'
         and not exists (select 1 from inbound_auto_replies a where a.interaction_id = i.id))
   where c.id = p_conversation_id;
  return jsonb_build_object('recorded', n);
end $$;

-- A doctor called Júlia's number. Recorded once per call id (call_received).
-- p_skip set (Evolution already answered the call with its own text, or the
-- call is too old to answer): only the event, with that outcome. Otherwise the call is answered only when nothing else speaks for
-- him: not opted out, not under a person's control, and not in the middle of a
-- written exchange (a message of his in the last p_active_window, or one still
-- waiting for its turn), where Júlia's reply to that message is the answer.
create or replace function call_record(p_instance text, p_call_id text, p_phone text, p_lid text, p_at timestamptz,
  p_is_video boolean, p_skip text, p_active_window interval default interval '10 minutes')
returns jsonb language plpgsql as $$
declare d doctors; c conversations; ev bigint; iid uuid; v_perm text; v_status text;
begin
  d := inbound_doctor(p_phone, p_lid, null);
  c := inbound_conversation(d.id);
  select permission_state into v_perm from doctor_state where doctor_id = d.id;
  v_status := case
    when p_skip is not null then p_skip
    -- Evolution already answered this call with its own text (its echo arrives just before the call event).
    when exists (select 1 from business_events be where be.doctor_id = d.id and be.event_type = 'provider_automatic_text'
                  and be.created_at > least(p_at, now()) - interval '2 minutes') then 'answered_by_provider'
    when coalesce(v_perm, 'opted_in') = 'opted_out' then 'opted_out'
    when c.controlled_by = 'human' then 'human_control'
    when c.last_inbound_at > p_at - p_active_window then 'conversation_active'
    when exists (select 1 from interactions i left join inbound_handled h on h.interaction_id = i.id
                  where i.conversation_id = c.id and i.direction = 'inbound' and h.interaction_id is null) then 'conversation_active'
    else 'answer' end;
  insert into business_events (event_type, doctor_id, conversation_id, props, dedupe_key, created_at)
  values ('call_received', d.id, c.id, jsonb_build_object('instance', p_instance, 'video', p_is_video, 'outcome', v_status),
          'call:' || p_instance || ':' || p_call_id, now())
  on conflict (dedupe_key) do nothing
  returning id into ev;
  if ev is null then
    -- A redelivery: answer again only if the first run stored the call and died before enqueuing.
    select i.id into iid from interactions i
     where i.instance = p_instance and i.provider_message_id = 'call-' || p_call_id and i.direction = 'inbound';
    if iid is null then return jsonb_build_object('status', 'duplicate'); end if;
    return jsonb_build_object('status', 'answer', 'doctorId', d.id, 'conversationId', c.id, 'interactionId', iid,
                              'occurredAt', (select occurred_at from interactions where id = iid));
  end if;
  if v_status <> 'answer' then
    return jsonb_build_object('status', v_status, 'doctorId', d.id, 'conversationId', c.id);
  end if;
  insert into interactions (conversation_id, doctor_id, direction, instance, provider_message_id, kind, body, meta, occurred_at)
  values (c.id, d.id, 'inbound', p_instance, 'call-' || p_call_id, 'call', null,
          jsonb_build_object('video', p_is_video), p_at)
  returning id into iid;
  insert into business_events (event_type, doctor_id, conversation_id, interaction_id, props, dedupe_key)
  values ('doctor_inbound', d.id, c.id, iid, jsonb_build_object('kind', 'call', 'instance', p_instance), 'inbound:' || iid);
  insert into inbound_handled (interaction_id, conversation_id) values (iid, c.id) on conflict do nothing;
  update conversations set last_inbound_at = greatest(last_inbound_at, p_at), instance = p_instance where id = c.id;
  perform doctor_state_on_inbound(d.id, p_at);
  return jsonb_build_object('status', 'answer', 'doctorId', d.id, 'conversationId', c.id, 'interactionId', iid, 'occurredAt', p_at);
end $$;

-- A text the provider sent by itself from Júlia's number into a doctor's chat
-- (Evolution's reject-call message): recorded once, as no one's take-over, so a
-- call arriving right after it is known to be answered already.
create or replace function provider_text_seen(p_instance text, p_provider_message_id text, p_phone text, p_lid text, p_reason text)
returns jsonb language plpgsql as $$
declare d doctors; c conversations; ev bigint;
begin
  d := inbound_doctor(p_phone, p_lid, null);
  c := inbound_conversation(d.id);
  insert into business_events (event_type, doctor_id, conversation_id, props, dedupe_key)
  values ('provider_automatic_text', d.id, c.id, jsonb_build_object('instance', p_instance, 'reason', p_reason),
          'provider-text:' || p_instance || ':' || p_provider_message_id)
  on conflict (dedupe_key) do nothing
  returning id into ev;
  return jsonb_build_object('status', case when ev is null then 'duplicate' else 'recorded' end, 'doctorId', d.id);
end $$;

select revoke_api_roles();
