-- Catch-up with Evolution (issue 16): messages Evolution stored but never posted
-- to the webhook are found with /chat/findMessages and fed through the same
-- inbound path. Plus delivery/read status of our outbound messages.
-- See docs/decisions/0010-catch-up.md.

-- One row per instance: every message sent before checkpoint_at is stored (or
-- was given up on, loudly). It only moves forward (greatest()).
create table catchup_checkpoints (
  instance text primary key,
  checkpoint_at timestamptz not null,
  last_run_at timestamptz,
  last_run jsonb not null default '{}'::jsonb,
  recovered_total bigint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Every message a catch-up run found missing: counted once (primary key), and
-- the set the checkpoint waits on until the inbound job has stored it.
create table catchup_recovered (
  instance text not null,
  provider_message_id text not null,
  run_id text not null,
  sent_at timestamptz not null,
  from_me boolean not null default false,
  is_group boolean not null default false,
  recovered_at timestamptz not null default now(),
  primary key (instance, provider_message_id)
);
create index catchup_recovered_at_idx on catchup_recovered (recovered_at);
create index catchup_recovered_sent_idx on catchup_recovered (instance, sent_at);

-- Whether the inbound path already stored this provider message (per kind of message).
create or replace function catchup_is_stored(p_instance text, p_id text, p_from_me boolean, p_is_group boolean)
returns boolean language sql stable as $$
  select case
    when p_is_group then exists (select 1 from group_messages g where g.instance = p_instance and g.provider_message_id = p_id)
    when p_from_me then exists (select 1 from outbound_messages o where o.provider_message_id = p_id)
      or exists (select 1 from interactions i where i.direction = 'outbound' and i.instance = p_instance and i.provider_message_id = p_id)
    else exists (select 1 from interactions i where i.direction = 'inbound' and i.instance = p_instance and i.provider_message_id = p_id)
  end
$$;

-- The checkpoint, created at p_first_from on the instance's first run.
create or replace function catchup_start(p_instance text, p_first_from timestamptz) returns jsonb
language plpgsql as $$
declare c catchup_checkpoints; created boolean;
begin
  insert into catchup_checkpoints (instance, checkpoint_at) values (p_instance, p_first_from)
  on conflict (instance) do nothing;
  get diagnostics created = row_count;
  select * into c from catchup_checkpoints where instance = p_instance;
  return jsonb_build_object('checkpoint', c.checkpoint_at, 'created', created, 'createdAt', c.created_at);
end $$;

-- Of the messages a run read from Evolution, which are not stored yet. Newly
-- missing ones are recorded (once, whatever the retries) with an
-- inbound_recovered event; the ids come back in the order given. A message from
-- our own number whose phone and text match one of our sends is ours (an API
-- send, maybe one left in doubt), not a person answering from the phone: it is
-- kept as a sighting for outbound_settle_in_doubt instead.
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
    select m.*, (m.from_me and m.content_hash is not null and exists (
      select 1 from outbound_messages o where o.phone = m.phone and o.content_hash = m.content_hash
        and o.status in ('reserved', 'sent') and o.created_at > m.sent_at - interval '1 day'
        and o.created_at <= m.sent_at + interval '5 minutes')) as ours
    from m),
  sighting as (
    insert into provider_message_status (instance, provider_message_id, status, from_me, phone, content_hash, body, first_seen_at, status_at)
    select p_instance, mm.id, 'pending', true, mm.phone, mm.content_hash, mm.body, mm.sent_at, mm.sent_at from mm where mm.ours
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

-- Move the checkpoint to p_to, but only when every recovered message sent
-- before it is stored by now (whichever run found it). A recovered message
-- still unstored after p_give_up_after (its inbound job failed for good) stops
-- blocking and is reported. Messages from our own number do not block.
create or replace function catchup_advance(p_instance text, p_to timestamptz, p_run jsonb default '{}'::jsonb,
  p_give_up_after interval default interval '30 minutes', p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare v_pending text[]; v_abandoned text[]; c catchup_checkpoints;
begin
  select coalesce(array_agg(r.provider_message_id order by r.sent_at) filter (where r.recovered_at > p_now - p_give_up_after), '{}'),
         coalesce(array_agg(r.provider_message_id order by r.sent_at) filter (where r.recovered_at <= p_now - p_give_up_after), '{}')
  into v_pending, v_abandoned
  from catchup_recovered r
  where r.instance = p_instance and r.sent_at <= p_to and not r.from_me
    and r.recovered_at > p_now - interval '7 days'
    and not catchup_is_stored(p_instance, r.provider_message_id, r.from_me, r.is_group);
  update catchup_checkpoints set
    checkpoint_at = case when cardinality(v_pending) = 0 then greatest(checkpoint_at, p_to) else checkpoint_at end,
    last_run_at = p_now, last_run = jsonb_arg(p_run), updated_at = p_now
  where instance = p_instance
  returning * into c;
  return jsonb_build_object('advanced', cardinality(v_pending) = 0, 'checkpoint', c.checkpoint_at,
                            'pending', to_jsonb(v_pending), 'abandoned', to_jsonb(v_abandoned));
end $$;

-- For /metrics and the daily report: recovered messages and each instance's position.
create or replace function catchup_metrics(p_now timestamptz default now()) returns jsonb
language sql stable as $$
  select jsonb_build_object(
    'recoveredTotal', (select count(*) from catchup_recovered),
    'recovered24h', (select count(*) from catchup_recovered where recovered_at > p_now - interval '24 hours'),
    'instances', coalesce((select jsonb_agg(jsonb_build_object('instance', instance, 'checkpoint', checkpoint_at,
        'lastRunAt', last_run_at, 'lastRun', last_run, 'recoveredTotal', recovered_total) order by instance)
      from catchup_checkpoints), '[]'::jsonb))
$$;

-- ------------------------------------------------------------ delivery status

-- Evolution v2 statuses (messages.update, send.message), in the only order they may move.
create or replace function delivery_rank(p_status text) returns int
language sql immutable as $$
  select case p_status when 'pending' then 1 when 'error' then 2 when 'server_ack' then 3
    when 'delivered' then 4 when 'read' then 5 when 'played' then 6 else 0 end
$$;

alter table outbound_messages
  add column delivery_status text check (delivery_status in ('pending', 'error', 'server_ack', 'delivered', 'read', 'played')),
  add column delivered_at timestamptz,
  add column read_at timestamptz;

-- What Evolution told us about each message it sent or saw, by provider id. It
-- may arrive before the send is recorded (the ack races the HTTP answer), so it
-- is kept here and copied onto the outbound row when the id gets attached.
create table provider_message_status (
  instance text not null,
  provider_message_id text not null,
  status text not null,
  from_me boolean,
  phone text,
  content_hash text,
  body text,
  first_seen_at timestamptz not null,
  status_at timestamptz not null,
  primary key (instance, provider_message_id)
);
create index provider_message_status_sighting_idx on provider_message_status (phone, content_hash, first_seen_at) where from_me;

create or replace function outbound_apply_delivery(p_provider_message_id text, p_status text, p_at timestamptz) returns int
language sql as $$
  with u as (
    update outbound_messages set
      delivery_status = p_status,
      delivered_at = case when delivery_rank(p_status) >= 4 then coalesce(delivered_at, p_at) else delivered_at end,
      read_at = case when delivery_rank(p_status) >= 5 then coalesce(read_at, p_at) else read_at end
    where provider_message_id = p_provider_message_id and delivery_rank(delivery_status) < delivery_rank(p_status)
    returning 1)
  select count(*)::int from u
$$;

-- Status updates, monotonic: read never goes back to delivered, a late
-- SERVER_ACK after READ changes nothing. Replaying a batch is a no-op.
create or replace function outbound_status_apply(p_instance text, p_updates jsonb, p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare u jsonb; v_status text; v_at timestamptz; v_applied int := 0; v_moved int := 0; n int;
begin
  for u in select * from jsonb_array_elements(jsonb_arg(p_updates)) loop
    v_status := u->>'status';
    if delivery_rank(v_status) = 0 then continue; end if;
    v_at := coalesce((u->>'at')::timestamptz, p_now);
    insert into provider_message_status (instance, provider_message_id, status, from_me, phone, content_hash, body, first_seen_at, status_at)
    values (p_instance, u->>'id', v_status, (u->>'fromMe')::boolean, u->>'phone', u->>'contentHash', u->>'text', v_at, v_at)
    on conflict (instance, provider_message_id) do update set
      status = case when delivery_rank(excluded.status) > delivery_rank(provider_message_status.status) then excluded.status else provider_message_status.status end,
      status_at = case when delivery_rank(excluded.status) > delivery_rank(provider_message_status.status) then excluded.status_at else provider_message_status.status_at end,
      from_me = coalesce(provider_message_status.from_me, excluded.from_me),
      phone = coalesce(provider_message_status.phone, excluded.phone),
      content_hash = coalesce(provider_message_status.content_hash, excluded.content_hash),
      body = coalesce(provider_message_status.body, excluded.body);
    v_applied := v_applied + 1;
    n := outbound_apply_delivery(u->>'id', v_status, v_at);
    v_moved := v_moved + n;
  end loop;
  return jsonb_build_object('applied', v_applied, 'moved', v_moved);
end $$;

-- When a send gets its provider id, any status already heard for it applies.
create or replace function outbound_messages_pull_status() returns trigger
language plpgsql as $$
declare s provider_message_status;
begin
  if new.provider_message_id is not null and new.provider_message_id is distinct from old.provider_message_id then
    select * into s from provider_message_status where provider_message_id = new.provider_message_id
    order by delivery_rank(status) desc limit 1;
    if found and delivery_rank(s.status) > delivery_rank(new.delivery_status) then
      new.delivery_status := s.status;
      if delivery_rank(s.status) >= 4 then new.delivered_at := coalesce(new.delivered_at, s.status_at); end if;
      if delivery_rank(s.status) >= 5 then new.read_at := coalesce(new.read_at, s.status_at); end if;
    end if;
  end if;
  return new;
end $$;
create trigger outbound_messages_pull_status before update of provider_message_id on outbound_messages
  for each row execute function outbound_messages_pull_status();

-- An in-doubt send (reserved, its provider call's fate unknown: crash, timeout,
-- 5xx) that Evolution reported with send.message is settled as sent: same
-- phone, same text hash, seen after the reservation. Only reservations older
-- than p_grace, so a send still in flight records itself with its own props.
create or replace function outbound_settle_in_doubt(p_grace interval default interval '2 minutes', p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare m outbound_messages; s provider_message_status; v_settled jsonb := '[]'::jsonb;
begin
  for m in select * from outbound_messages o
           where o.status = 'reserved' and coalesce(o.last_attempt_at, o.created_at) < p_now - p_grace
             and o.created_at > p_now - interval '24 hours'
           order by o.created_at limit 200 loop
    select * into s from provider_message_status p
    where p.from_me and p.phone = m.phone and p.content_hash = m.content_hash
      and p.first_seen_at >= m.created_at - interval '1 minute'
      and not exists (select 1 from outbound_messages o2 where o2.provider_message_id = p.provider_message_id)
    order by p.first_seen_at limit 1;
    if found then
      perform outbound_record_sent(m.id, s.provider_message_id, coalesce(s.body, ''), s.instance, null, null,
                                   jsonb_build_object('settled_by', 'send.message'), s.first_seen_at);
      v_settled := v_settled || jsonb_build_object('id', m.id, 'providerMessageId', s.provider_message_id);
    end if;
  end loop;
  return jsonb_build_object('settled', v_settled);
end $$;

-- Delivery and response figures from facts: sends, how far they got, and how
-- many were followed by a doctor message within 24 hours.
create or replace function outbound_delivery_stats(p_since timestamptz, p_until timestamptz default now()) returns jsonb
language sql stable as $$
  select jsonb_build_object(
    'sent', count(*),
    'serverAck', count(*) filter (where delivery_rank(o.delivery_status) >= 3),
    'delivered', count(*) filter (where delivery_rank(o.delivery_status) >= 4),
    'read', count(*) filter (where delivery_rank(o.delivery_status) >= 5),
    'failed', count(*) filter (where o.delivery_status = 'error'),
    'replied', count(*) filter (where exists (
      select 1 from interactions i where i.doctor_id = o.doctor_id and i.direction = 'inbound'
        and i.occurred_at > o.sent_at and i.occurred_at <= o.sent_at + interval '24 hours')))
  from outbound_messages o
  where o.status = 'sent' and o.sent_at >= p_since and o.sent_at < p_until
$$;

create or replace function outbound_delivery_get(p_provider_message_id text) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', o.id, 'status', o.status, 'deliveryStatus', o.delivery_status,
    'deliveredAt', o.delivered_at, 'readAt', o.read_at)), '[]'::jsonb)
  from outbound_messages o where o.provider_message_id = p_provider_message_id
$$;

select revoke_api_roles();
