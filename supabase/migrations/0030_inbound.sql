-- Inbound: durable persistence of doctor messages, turns, human control, group ingestion.

-- A doctor who writes from an @lid account with no phone mapping is still a
-- doctor: identified by the lid until a later message reveals the number.
alter table doctors alter column phone drop not null;
alter table doctors add constraint doctors_identified check (phone is not null or whatsapp_lid is not null);

-- Which inbound messages a turn has dealt with (answered, or deliberately not).
-- An explicit set, not a time watermark: a message that arrives late, out of
-- order, or while a turn runs is never skipped.
create table inbound_handled (
  interaction_id uuid primary key references interactions(id),
  conversation_id uuid not null references conversations(id),
  handled_at timestamptz not null default now()
);

create table group_messages (
  id uuid primary key default gen_random_uuid(),
  instance text not null,
  provider_message_id text not null,
  group_jid text not null,
  sender_phone text,
  sender_lid text,
  kind text not null,
  body text,
  sent_at timestamptz not null,
  status text not null default 'pending' check (status in ('pending', 'parsed', 'discarded')),
  created_at timestamptz not null default now(),
  unique (instance, provider_message_id)
);

create table turn_metrics (
  id bigint generated always as identity primary key,
  conversation_id uuid not null references conversations(id),
  outcome text not null,
  stages jsonb not null default '{}'::jsonb,
  model text,
  tokens jsonb,
  tools text[] not null default '{}',
  bubbles integer not null default 0,
  created_at timestamptz not null default now()
);
create index turn_metrics_conversation_idx on turn_metrics (conversation_id, created_at);

-- Doctor by phone (preferred) or lid; learns the lid/phone pairing when both appear.
create or replace function inbound_doctor(p_phone text, p_lid text, p_name text)
returns doctors language plpgsql as $$
declare d doctors;
begin
  if p_phone is not null then
    insert into doctors (phone, whatsapp_lid, name) values (p_phone, p_lid, p_name)
    on conflict (phone) do update
      set whatsapp_lid = coalesce(doctors.whatsapp_lid, excluded.whatsapp_lid),
          name = coalesce(doctors.name, excluded.name)
    returning * into d;
  else
    insert into doctors (whatsapp_lid, name) values (p_lid, p_name)
    on conflict (whatsapp_lid) do update set name = coalesce(doctors.name, excluded.name)
    returning * into d;
  end if;
  insert into doctor_state (doctor_id) values (d.id) on conflict (doctor_id) do nothing;
  return d;
end $$;

create or replace function inbound_conversation(p_doctor_id uuid) returns conversations
language sql as $$
  -- The agent's opener already converges concurrent callers on one active conversation.
  select jsonb_populate_record(null::conversations, agent_conversation_open(p_doctor_id))
$$;

-- The inbound message and its doctor_inbound event in one transaction (I1).
-- A redelivered webhook hits the unique provider id and changes nothing.
create or replace function inbound_persist(p_message jsonb) returns jsonb
language plpgsql as $$
declare
  d doctors; c conversations; iid uuid;
  v_at timestamptz := (p_message->>'sentAt')::timestamptz;
  v_instance text := p_message->>'instance';
begin
  d := inbound_doctor(p_message->>'phone', p_message->>'lid', p_message->>'pushName');
  c := inbound_conversation(d.id);
  insert into interactions (conversation_id, doctor_id, direction, instance, provider_message_id, kind, body, media, meta, occurred_at)
  values (c.id, d.id, 'inbound', v_instance, p_message->>'providerMessageId', p_message->>'kind', p_message->>'text',
          nullif(p_message->'media', 'null'::jsonb),
          jsonb_strip_nulls(jsonb_build_object('targetId', p_message->>'targetId', 'extra', p_message->'extra', 'chatJid', p_message->>'chatJid')),
          v_at)
  on conflict (instance, provider_message_id) where direction = 'inbound' and provider_message_id is not null do nothing
  returning id into iid;
  if iid is null then
    return jsonb_build_object('status', 'duplicate', 'doctorId', d.id, 'conversationId', c.id);
  end if;
  insert into business_events (event_type, doctor_id, conversation_id, interaction_id, props, dedupe_key)
  values ('doctor_inbound', d.id, c.id, iid, jsonb_build_object('kind', p_message->>'kind', 'instance', v_instance), 'inbound:' || iid);
  update conversations set last_inbound_at = greatest(last_inbound_at, v_at), instance = v_instance where id = c.id;
  perform doctor_state_on_inbound(d.id, v_at);
  return jsonb_build_object('status', 'created', 'doctorId', d.id, 'conversationId', c.id, 'interactionId', iid,
                            'controlledBy', c.controlled_by, 'sentAt', v_at);
end $$;

-- A fromMe message: our own send echoing back, a send still in flight, or a
-- person answering from the WhatsApp phone (who then takes the conversation).
create or replace function inbound_from_me(p_message jsonb, p_in_flight_window interval default interval '2 minutes')
returns jsonb language plpgsql as $$
declare
  d doctors; c conversations; iid uuid; ev bigint;
  v_id text := p_message->>'providerMessageId';
  v_at timestamptz := (p_message->>'sentAt')::timestamptz;
begin
  if exists (select 1 from outbound_messages where provider_message_id = v_id) then
    return jsonb_build_object('status', 'echo');
  end if;
  d := inbound_doctor(p_message->>'phone', p_message->>'lid', null);
  if exists (select 1 from outbound_messages where doctor_id = d.id and status = 'reserved' and created_at > now() - p_in_flight_window) then
    return jsonb_build_object('status', 'in_flight');
  end if;
  c := inbound_conversation(d.id);
  insert into business_events (event_type, doctor_id, conversation_id, props, dedupe_key)
  values ('human_took_over', d.id, c.id, jsonb_build_object('via', 'whatsapp_phone', 'instance', p_message->>'instance'),
          'phone-reply:' || (p_message->>'instance') || ':' || v_id)
  on conflict (dedupe_key) do nothing
  returning id into ev;
  if ev is null then
    return jsonb_build_object('status', 'duplicate');
  end if;
  insert into interactions (conversation_id, doctor_id, direction, instance, provider_message_id, kind, body, meta, occurred_at)
  values (c.id, d.id, 'outbound', p_message->>'instance', v_id, p_message->>'kind', p_message->>'text',
          jsonb_build_object('by', 'human_phone'), v_at)
  returning id into iid;
  update conversations set controlled_by = 'human', last_outbound_at = greatest(last_outbound_at, v_at) where id = c.id;
  return jsonb_build_object('status', 'human_control', 'doctorId', d.id, 'conversationId', c.id, 'interactionId', iid);
end $$;

-- Everything a turn needs, in one call: the conversation, the doctor and its
-- state, the unhandled inbound messages (in send order) and recent history.
create or replace function turn_load(p_conversation_id uuid, p_history int default 20) returns jsonb
language sql stable as $$
  select jsonb_build_object(
    'conversation', to_jsonb(c),
    'doctor', doctor_to_json(d),
    'state', (select to_jsonb(s) from doctor_state s where s.doctor_id = d.id),
    'pending', coalesce((
      select jsonb_agg(jsonb_build_object('id', i.id, 'kind', i.kind, 'text', i.body, 'media', i.media, 'meta', i.meta,
                                          'instance', i.instance, 'providerMessageId', i.provider_message_id,
                                          'sentAt', i.occurred_at, 'receivedAt', i.created_at)
                       order by i.occurred_at, i.created_at)
      from interactions i
      where i.conversation_id = c.id and i.direction = 'inbound'
        and not exists (select 1 from inbound_handled h where h.interaction_id = i.id)), '[]'::jsonb),
    'history', coalesce((
      select jsonb_agg(x.h order by x.at)
      from (select jsonb_build_object('direction', i.direction, 'kind', i.kind, 'text', i.body, 'at', i.occurred_at) as h, i.occurred_at as at
            from interactions i where i.conversation_id = c.id
              and (i.direction = 'outbound' or exists (select 1 from inbound_handled h where h.interaction_id = i.id))
            order by i.occurred_at desc limit p_history) x), '[]'::jsonb))
  from conversations c join doctors d on d.id = c.doctor_id
  where c.id = p_conversation_id
$$;

create or replace function turn_mark_handled(p_conversation_id uuid, p_interaction_ids uuid[]) returns jsonb
language sql as $$
  with ins as (
    insert into inbound_handled (interaction_id, conversation_id)
    select unnest(p_interaction_ids), p_conversation_id
    on conflict (interaction_id) do nothing
    returning 1)
  select jsonb_build_object('marked', (select count(*) from ins))
$$;

-- The most recently arrived inbound of a conversation (reactions and deletions
-- aside): a reply that answers an earlier one is superseded at send time.
create or replace function conversation_latest_inbound_id(p_conversation_id uuid) returns uuid
language sql stable as $$
  select i.id from interactions i
  where i.conversation_id = p_conversation_id and i.direction = 'inbound' and i.kind not in ('reaction', 'delete')
  order by i.created_at desc, i.id desc limit 1
$$;

-- Julia <-> human. Returns whether it changed, so callers notify only once.
create or replace function conversation_set_control(p_conversation_id uuid, p_controlled_by text, p_reason text, p_actor text default 'system')
returns jsonb language plpgsql as $$
declare previous text; c conversations;
begin
  select controlled_by into previous from conversations where id = p_conversation_id for update;
  update conversations set controlled_by = p_controlled_by where id = p_conversation_id returning * into c;
  if previous is distinct from p_controlled_by then
    insert into business_events (event_type, doctor_id, conversation_id, props)
    values (case when p_controlled_by = 'human' then 'handoff' else 'handback' end, c.doctor_id, c.id,
            jsonb_build_object('reason', p_reason, 'actor', p_actor, 'from', previous));
  end if;
  return jsonb_build_object('controlledBy', c.controlled_by, 'changed', previous is distinct from p_controlled_by, 'doctorId', c.doctor_id);
end $$;

-- Business events a processor emits when it stops the pipeline (I6). Props never carry text (I5).
create or replace function business_event_emit(p_event_type text, p_doctor_id uuid, p_conversation_id uuid,
  p_interaction_id uuid default null, p_props jsonb default '{}'::jsonb, p_dedupe_key text default null)
returns jsonb language plpgsql as $$
declare ev bigint;
begin
  insert into business_events (event_type, doctor_id, conversation_id, interaction_id, props, dedupe_key)
  values (p_event_type, p_doctor_id, p_conversation_id, p_interaction_id, p_props, p_dedupe_key)
  on conflict (dedupe_key) do nothing
  returning id into ev;
  return jsonb_build_object('id', ev, 'created', ev is not null);
end $$;

create or replace function group_message_save(p_message jsonb) returns jsonb
language plpgsql as $$
declare gid uuid;
begin
  insert into group_messages (instance, provider_message_id, group_jid, sender_phone, sender_lid, kind, body, sent_at)
  values (p_message->>'instance', p_message->>'providerMessageId', p_message->>'chatJid', p_message->>'phone',
          p_message->>'lid', p_message->>'kind', p_message->>'text', (p_message->>'sentAt')::timestamptz)
  on conflict (instance, provider_message_id) do nothing
  returning id into gid;
  return jsonb_build_object('status', case when gid is null then 'duplicate' else 'created' end, 'id', gid);
end $$;

create or replace function turn_metrics_record(p_conversation_id uuid, p_outcome text, p_stages jsonb, p_model text,
  p_tokens jsonb, p_tools text[], p_bubbles int) returns jsonb
language sql as $$
  insert into turn_metrics (conversation_id, outcome, stages, model, tokens, tools, bubbles)
  values (p_conversation_id, p_outcome, p_stages, p_model, p_tokens, coalesce(p_tools, '{}'), p_bubbles)
  returning jsonb_build_object('id', id)
$$;

create or replace function inbound_counts() returns jsonb
language sql stable as $$
  select jsonb_build_object(
    'inbound', (select count(*) from interactions where direction = 'inbound'),
    'events', (select count(*) from business_events where event_type = 'doctor_inbound'),
    'groups', (select count(*) from group_messages))
$$;

-- What a turn decided to say about the messages up to one inbound interaction.
-- Stored before anything is queued, so a retried turn re-sends the same words
-- under the same idempotency keys instead of generating a second answer.
create table turn_plans (
  interaction_id uuid primary key references interactions(id),
  conversation_id uuid not null references conversations(id),
  bubbles jsonb not null,
  delays jsonb not null,
  outcome text not null,
  created_at timestamptz not null default now()
);

create or replace function turn_plan_save(p_conversation_id uuid, p_interaction_id uuid, p_bubbles jsonb, p_delays jsonb, p_outcome text)
returns jsonb language plpgsql as $$
declare p turn_plans; inserted boolean;
begin
  insert into turn_plans (interaction_id, conversation_id, bubbles, delays, outcome)
  values (p_interaction_id, p_conversation_id, p_bubbles, p_delays, p_outcome)
  on conflict (interaction_id) do nothing;
  get diagnostics inserted = row_count;
  select * into p from turn_plans where interaction_id = p_interaction_id;
  return jsonb_build_object('bubbles', p.bubbles, 'delays', p.delays, 'outcome', p.outcome, 'created', inserted);
end $$;

-- inbound_from_me looks our sends up by provider id, and in-flight sends by doctor.
create index outbound_messages_provider_id_idx on outbound_messages (provider_message_id) where provider_message_id is not null;
create index outbound_messages_doctor_reserved_idx on outbound_messages (doctor_id, created_at) where status = 'reserved';

-- Only the service role may call the functions above (see 0001).
select revoke_api_roles();
