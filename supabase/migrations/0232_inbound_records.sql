-- Issue 26: what a doctor does to a message besides sending it (docs/decisions/0240-message-kinds.md).
--
-- An edit, a revoke ("apagar para todos"), a poll he created or voted in, and
-- WhatsApp's protocol notices (disappearing messages switched on...) are kept
-- here, not as interactions: they are never answered on their own, so they must
-- not count as "the newest message" a pending reply is superseded by, nor wait
-- in a turn's pending set, nor be re-armed by the inbound sweeper.
--
-- interactions stays append-only: an edit does not rewrite the message. The
-- message "as it stands" is its latest edit, which turn_load shows a turn while
-- the message waits for an answer; a message revoked before it was answered is
-- withdrawn: marked handled (no turn answers it) and left out of the history the
-- model reads.

create table inbound_records (
  id uuid primary key default gen_random_uuid(),
  instance text not null,
  -- The change's own id (`<target>-edit-<ms>`, `<target>-revoke`) or the message's: a redelivery is a no-op.
  provider_message_id text not null,
  doctor_id uuid not null references doctors(id),
  conversation_id uuid references conversations(id),
  kind text not null check (kind in ('edit', 'delete', 'poll', 'poll_vote', 'protocol')),
  body text,
  -- The message an edit, revoke or vote refers to: its provider id, and our interaction when we have it.
  target_provider_id text,
  target_interaction_id uuid references interactions(id),
  -- For an edit or revoke: whether its target was still waiting for an answer ('pending') or not ('handled').
  applied_to text check (applied_to in ('pending', 'handled')),
  meta jsonb not null default '{}'::jsonb,
  occurred_at timestamptz not null,
  created_at timestamptz not null default now(),
  unique (instance, provider_message_id)
);
create index inbound_records_target_idx on inbound_records (target_interaction_id) where target_interaction_id is not null;
create index inbound_records_doctor_idx on inbound_records (doctor_id, created_at);

-- An edit or revoke of an inbound message, applied to its target found by id.
-- Statuses: applied (target pending: the turn answers the edited text), withdrawn
-- (a revoke of a pending message: never answered), recorded (target already
-- handled: kept, not answered again), duplicate, own_message (the target is one of
-- our sends: our side changing its own message, never a doctor's), target_unknown.
create or replace function inbound_change_apply(p_message jsonb) returns jsonb
language plpgsql as $$
declare
  t interactions; rid uuid; v_handled boolean; v_status text;
  v_instance text := p_message->>'instance';
  v_target text := p_message->>'targetId';
  v_kind text := p_message->>'kind';
  v_at timestamptz := (p_message->>'sentAt')::timestamptz;
begin
  if v_kind not in ('edit', 'delete') or v_target is null then
    return jsonb_build_object('status', 'not_a_change');
  end if;
  select * into t from interactions
   where direction = 'inbound' and instance = v_instance and provider_message_id = v_target;
  if t.id is null then
    select i.* into t from interactions i
     where i.direction = 'outbound' and i.instance = v_instance and i.provider_message_id = v_target limit 1;
    if t.id is null then
      select i.* into t from outbound_messages o join interactions i on i.id = o.interaction_id
       where o.provider_message_id = v_target limit 1;
    end if;
    if t.id is not null then
      -- Our side changed one of its own messages: kept on record, never a doctor's words nor a take-over.
      insert into inbound_records (instance, provider_message_id, doctor_id, conversation_id, kind, body, target_provider_id,
                                   target_interaction_id, meta, occurred_at)
      values (v_instance, p_message->>'providerMessageId', t.doctor_id, t.conversation_id, v_kind,
              case when v_kind = 'edit' then p_message->>'text' end, v_target, t.id,
              coalesce(p_message->'extra', '{}'::jsonb) || jsonb_build_object('ours', true), v_at)
      on conflict (instance, provider_message_id) do nothing;
      return jsonb_build_object('status', 'own_message');
    end if;
    if exists (select 1 from outbound_messages where provider_message_id = v_target) then
      return jsonb_build_object('status', 'own_message');
    end if;
    return jsonb_build_object('status', 'target_unknown');
  end if;
  -- Changes to one message apply one at a time (two edits delivered at once, an edit and its revoke).
  perform pg_advisory_xact_lock(hashtext('inbound-change:' || t.id::text));
  v_handled := exists (select 1 from inbound_handled h where h.interaction_id = t.id);
  insert into inbound_records (instance, provider_message_id, doctor_id, conversation_id, kind, body,
                               target_provider_id, target_interaction_id, applied_to, meta, occurred_at)
  values (v_instance, p_message->>'providerMessageId', t.doctor_id, t.conversation_id, v_kind,
          case when v_kind = 'edit' then p_message->>'text' end, v_target, t.id,
          case when v_handled then 'handled' else 'pending' end,
          coalesce(p_message->'extra', '{}'::jsonb), v_at)
  on conflict (instance, provider_message_id) do nothing
  returning id into rid;
  if rid is null then
    return jsonb_build_object('status', 'duplicate', 'conversationId', t.conversation_id);
  end if;
  if v_handled then
    v_status := 'recorded';
  elsif v_kind = 'delete' then
    -- Withdrawn: no turn answers it (turn_load leaves it out of the history too).
    insert into inbound_handled (interaction_id, conversation_id) values (t.id, t.conversation_id)
    on conflict (interaction_id) do nothing;
    v_status := 'withdrawn';
  else
    v_status := 'applied';
  end if;
  insert into business_events (event_type, doctor_id, conversation_id, interaction_id, props, dedupe_key)
  values (case when v_kind = 'edit' then 'doctor_edited' else 'doctor_revoked' end, t.doctor_id, t.conversation_id, t.id,
          jsonb_build_object('outcome', v_status, 'instance', v_instance), 'inbound-record:' || rid);
  return jsonb_build_object('status', v_status, 'conversationId', t.conversation_id, 'targetInteractionId', t.id, 'recordId', rid);
end $$;

-- A poll, a poll vote or a protocol notice from a doctor (or an edit/revoke whose
-- target never arrived): kept for the record under the doctor's conversation.
create or replace function inbound_record(p_message jsonb) returns jsonb
language plpgsql as $$
declare d doctors; c conversations; rid uuid;
begin
  d := inbound_doctor(p_message->>'phone', p_message->>'lid', p_message->>'pushName');
  c := inbound_conversation(d.id);
  insert into inbound_records (instance, provider_message_id, doctor_id, conversation_id, kind, body, target_provider_id, meta, occurred_at)
  values (p_message->>'instance', p_message->>'providerMessageId', d.id, c.id, p_message->>'kind', nullif(p_message->>'text', ''),
          p_message->>'targetId', coalesce(p_message->'extra', '{}'::jsonb), (p_message->>'sentAt')::timestamptz)
  on conflict (instance, provider_message_id) do nothing
  returning id into rid;
  return jsonb_build_object('status', case when rid is null then 'duplicate' else 'created' end, 'conversationId', c.id, 'recordId', rid);
end $$;

-- Replaces 0185's turn_load: a pending message shows its latest edit (by the time
-- the doctor made it, so a late delivery of an older edit never wins), and a
-- withdrawn message is in neither the pending set nor the history.
create or replace function turn_load(p_conversation_id uuid, p_history int default 20) returns jsonb
language plpgsql stable as $$
begin
  return (
    select jsonb_build_object(
      'conversation', to_jsonb(c),
      'doctor', doctor_to_json(d),
      'state', (select to_jsonb(s) from doctor_state s where s.doctor_id = d.id),
      'pending', coalesce((
        select jsonb_agg(jsonb_build_object('id', i.id, 'kind', i.kind, 'text', coalesce(e.body, i.body), 'media', i.media,
                                            'meta', case when e.body is null then i.meta
                                                         else i.meta || jsonb_build_object('editedFrom', i.body) end,
                                            'instance', i.instance, 'providerMessageId', i.provider_message_id,
                                            'sentAt', i.occurred_at, 'receivedAt', i.created_at)
                         order by i.occurred_at, i.created_at)
        from interactions i
        left join inbound_handled h on h.interaction_id = i.id
        left join lateral (select r.body from inbound_records r
                           where r.target_interaction_id = i.id and r.kind = 'edit' and r.body is not null
                           order by r.occurred_at desc, r.created_at desc limit 1) e on true
        where i.conversation_id = c.id and coalesce(i.direction, '') = 'inbound' and h.interaction_id is null), '[]'::jsonb),
      'history', coalesce((
        select jsonb_agg(x.h order by x.at)
        from (select jsonb_build_object('direction', i.direction, 'kind', i.kind, 'text', i.body, 'at', i.occurred_at) as h, i.occurred_at as at
              from interactions i
              left join inbound_handled h on h.interaction_id = i.id
              where i.conversation_id = c.id
                and (i.direction = 'outbound' or h.interaction_id is not null)
                and not (i.direction = 'inbound' and exists (
                  select 1 from inbound_records r where r.target_interaction_id = i.id and r.kind = 'delete' and r.applied_to = 'pending'))
              order by i.occurred_at desc limit p_history) x), '[]'::jsonb))
    from conversations c join doctors d on d.id = c.doctor_id
    where c.id = p_conversation_id);
end $$;

-- The outbound messages a doctor's quotes point at (by the provider id WhatsApp
-- quotes them with), with when they were sent: the turn matches them to the
-- shifts the conversation offered.
create or replace function inbound_quoted_lookup(p_conversation_id uuid, p_provider_ids text[]) returns jsonb
language plpgsql stable as $$
begin
  return coalesce((
    select jsonb_agg(jsonb_build_object('providerMessageId', i.provider_message_id, 'at', i.occurred_at, 'text', i.body))
    from interactions i
    where i.conversation_id = p_conversation_id and i.direction = 'outbound'
      and i.provider_message_id = any (p_provider_ids)), '[]'::jsonb);
end $$;

-- Replaces 0090's catchup_is_stored: a change, poll or protocol notice kept in
-- inbound_records is stored too, or every catch-up run would recover it again
-- and hold the checkpoint for it.
create or replace function catchup_is_stored(p_instance text, p_id text, p_from_me boolean, p_is_group boolean)
returns boolean language sql stable as $$
  select case
    when p_is_group then exists (select 1 from group_messages g where g.instance = p_instance and g.provider_message_id = p_id)
    when p_from_me then exists (select 1 from outbound_messages o where o.provider_message_id = p_id)
      or exists (select 1 from interactions i where i.direction = 'outbound' and i.instance = p_instance and i.provider_message_id = p_id)
      or exists (select 1 from inbound_records r where r.instance = p_instance and r.provider_message_id = p_id)
    else exists (select 1 from interactions i where i.direction = 'inbound' and i.instance = p_instance and i.provider_message_id = p_id)
      or exists (select 1 from inbound_records r where r.instance = p_instance and r.provider_message_id = p_id)
  end
$$;

select revoke_api_roles();
