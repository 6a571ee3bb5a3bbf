-- Júlia's own sends read back from Evolution (fromMe) were taken for a person
-- answering from the WhatsApp phone (human take-over), which then blocked every
-- later reply as human_control. Two paths did it:
--  * catchup_claim (0090) called a fromMe text "ours" only when a reserved or
--    sent row had the exact same phone string: a chat filed under the doctor's
--    @lid, or a send closed as failed although the text went out, fell through
--    to the inbound job;
--  * inbound_from_me (0030) knew our sends only by provider id, or by a
--    reservation CREATED in the last 2 minutes: the echo of a re-attempted
--    in-doubt send (first reserved long ago, id not recorded yet) or of a send
--    whose recording lagged more than 2 minutes was a person's reply.
-- Both now ask one question, outbound_own_send: did Júlia try to send this very
-- text to this doctor (any of its numbers or its lid) in the day before it
-- appeared, whatever the row's state? Trade-off, on purpose: a person typing on
-- the phone, word for word, a text Júlia sent that doctor in the last day is
-- taken for ours; the other way round silences Júlia for the doctor.

-- Every number an address may be stored under in outbound_messages.phone: the
-- forms of the number itself and, for a lid, the numbers of the doctors that carry it.
create or replace function outbound_address_phones(p_phone text, p_lid text) returns text[]
language sql stable as $$
  select array_remove(
    case when p_phone is null then '{}'::text[] else array[p_phone] || phone_forms(p_phone) end
    || coalesce((select array_agg(f) from doctors d, unnest(phone_forms(d.phone)) f
                 where p_lid is not null and d.whatsapp_lid = p_lid and d.phone is not null), '{}'::text[])
    || case when p_lid is null then '{}'::text[] else array[p_lid || '@lid'] end,
    null)
$$;

-- The outbound row a fromMe text stored by Evolution belongs to, if any: same
-- text hash, same doctor's address, reserved no later than shortly after the
-- message and at most a day before it. Reserved (in doubt) rows first, so the
-- sighting settles them; then sent; then failed (the call failed, the text went out).
create or replace function outbound_own_send(p_phone text, p_lid text, p_content_hash text, p_sent_at timestamptz)
returns outbound_messages language sql stable as $$
  select o.* from outbound_messages o
  where p_content_hash is not null and o.content_hash = p_content_hash
    and o.phone = any(outbound_address_phones(p_phone, p_lid))
    and o.status in ('reserved', 'sent', 'failed')
    and o.created_at > p_sent_at - interval '1 day' and o.created_at <= p_sent_at + interval '5 minutes'
  order by case o.status when 'reserved' then 0 when 'sent' then 1 else 2 end, o.created_at desc
  limit 1
$$;

-- Replaces 0090's catchup_claim: "ours" through outbound_own_send, and the
-- sighting carries the row's own phone so outbound_settle_in_doubt finds it
-- (a lid chat's address is not the number the send was reserved under).
create or replace function catchup_claim(p_instance text, p_run_id text, p_messages jsonb, p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare v_missing jsonb; v_recorded int;
begin
  insert into catchup_checkpoints (instance, checkpoint_at) values (p_instance, p_now) on conflict (instance) do nothing;
  with m as (
    select x.value->>'id' as id, (x.value->>'sentAt')::timestamptz as sent_at,
           coalesce((x.value->>'fromMe')::boolean, false) as from_me, coalesce((x.value->>'isGroup')::boolean, false) as is_group,
           x.value->>'phone' as phone, x.value->>'contentHash' as content_hash, x.value->>'text' as body, x.ordinality as ord
    from jsonb_array_elements(jsonb_arg(p_messages)) with ordinality x),
  mm as (
    select m.*, own.id is not null as ours, own.phone as own_phone
    from m
    left join lateral (
      select o.id, o.phone from outbound_own_send(
        case when m.phone like '%@lid' then null else m.phone end,
        case when m.phone like '%@lid' then left(m.phone, -4) end,
        m.content_hash, m.sent_at) o
      where m.from_me and m.content_hash is not null and o.id is not null) own on true),
  sighting as (
    insert into provider_message_status (instance, provider_message_id, status, from_me, phone, content_hash, body, first_seen_at, status_at)
    select p_instance, mm.id, 'pending', true, mm.own_phone, mm.content_hash, mm.body, mm.sent_at, mm.sent_at from mm where mm.ours
    on conflict (instance, provider_message_id) do nothing
    returning 1)
  select coalesce(jsonb_agg(jsonb_build_object('id', mm.id, 'sentAt', mm.sent_at, 'fromMe', mm.from_me, 'isGroup', mm.is_group) order by mm.ord)
           filter (where not mm.ours and not catchup_is_stored(p_instance, mm.id, mm.from_me, mm.is_group)), '[]'::jsonb)
  into v_missing
  from mm;

  with ins as (
    insert into catchup_recovered (instance, provider_message_id, run_id, sent_at, from_me, is_group, recovered_at)
    select p_instance, x->>'id', p_run_id, (x->>'sentAt')::timestamptz, (x->>'fromMe')::boolean, (x->>'isGroup')::boolean, p_now
    from jsonb_array_elements(v_missing) x
    on conflict (instance, provider_message_id) do nothing
    returning provider_message_id, sent_at, from_me, is_group),
  ev as (
    -- I5: ids and timings only, never text or phone.
    insert into business_events (event_type, props, dedupe_key, created_at)
    select 'inbound_recovered',
           jsonb_build_object('instance', p_instance, 'provider_message_id', provider_message_id, 'run_id', p_run_id,
                              'from_me', from_me, 'is_group', is_group, 'lag_seconds', greatest(0, extract(epoch from p_now - sent_at))::int),
           'recovered:' || p_instance || ':' || provider_message_id, p_now
    from ins
    on conflict (dedupe_key) do nothing
    returning 1)
  select count(*) into v_recorded from ins;

  update catchup_checkpoints set recovered_total = recovered_total + v_recorded, updated_at = p_now where instance = p_instance;
  return jsonb_build_object('missing', v_missing, 'recorded', v_recorded);
end $$;

-- Replaces 0030's inbound_from_me. Our send is recognised by provider id, then
-- by its text (outbound_own_send, any state, any age within a day: an echo
-- whose row is in doubt, re-attempted, or recorded under another id), and the
-- in-flight window counts from the last provider attempt, not the first
-- reservation. Only then is it a person on the phone.
create or replace function inbound_from_me(p_message jsonb, p_in_flight_window interval default interval '2 minutes')
returns jsonb language plpgsql as $$
declare
  d doctors; c conversations; o outbound_messages; iid uuid; ev bigint;
  v_id text := p_message->>'providerMessageId';
  v_at timestamptz := (p_message->>'sentAt')::timestamptz;
  v_hash text := case when p_message->>'kind' = 'text' and coalesce(p_message->>'text', '') <> ''
                      then encode(sha256(convert_to(p_message->>'text', 'UTF8')), 'hex') end;
begin
  if exists (select 1 from outbound_messages where provider_message_id = v_id) then
    return jsonb_build_object('status', 'echo');
  end if;
  o := outbound_own_send(p_message->>'phone', p_message->>'lid', v_hash, v_at);
  if o.id is not null then
    -- Kept as a sighting: an in-doubt row is settled with this id by outbound_settle_in_doubt.
    insert into provider_message_status (instance, provider_message_id, status, from_me, phone, content_hash, body, first_seen_at, status_at)
    values (p_message->>'instance', v_id, 'pending', true, o.phone, v_hash, p_message->>'text', v_at, v_at)
    on conflict (instance, provider_message_id) do nothing;
    return jsonb_build_object('status', 'echo', 'matchedBy', 'text', 'outboundMessageId', o.id, 'outboundStatus', o.status);
  end if;
  d := inbound_doctor(p_message->>'phone', p_message->>'lid', null);
  if exists (select 1 from outbound_messages where doctor_id = d.id and status = 'reserved'
             and coalesce(last_attempt_at, created_at) > now() - p_in_flight_window) then
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

select revoke_api_roles();
