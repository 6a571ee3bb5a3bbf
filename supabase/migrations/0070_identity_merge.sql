-- One doctor per person, whatever identifiers arrive (issue 9, finding 1).
--
-- WhatsApp names one person by a phone (with or without Brazil's ninth digit)
-- and/or an opaque @lid, and reveals the pairing only on some messages. A doctor
-- first seen by phone and later by a bare @lid got two rows; the next message
-- carrying both then violated doctors_whatsapp_lid_key on every retry and was
-- lost. Now every identification goes through doctor_identify: it serializes on
-- the normalized identifiers (advisory locks), finds every row any of them names
-- and merges those rows into one, moving everything keyed by the doctor. The
-- strictest contact permission wins, so an opt-out on either row covers both.

-- Brazilian mobiles stored without the ninth digit get it back (mirrors src/shared/phone.ts).
create or replace function phone_canonical(p text) returns text
language sql immutable parallel safe as $$
  select case when p ~ '^55[1-9][1-9][6-9][0-9]{7}$' then substr(p, 1, 4) || '9' || substr(p, 5) else p end
$$;

-- Every form a number may already be stored under: canonical first, then the legacy 12-digit one.
create or replace function phone_forms(p text) returns text[]
language sql immutable parallel safe as $$
  select case when phone_canonical(p) ~ '^55[1-9][1-9]9[6-9][0-9]{7}$'
              then array[phone_canonical(p), substr(phone_canonical(p), 1, 4) || substr(phone_canonical(p), 6)]
              else array[phone_canonical(p)] end
$$;

-- Interactions and business events are facts and stay immutable, with one
-- exception: re-keying them to the surviving doctor/conversation while a merge
-- runs (a transaction-local flag only doctor_merge sets). Every other column
-- must stay as it was, so the history itself is never rewritten.
-- Replaces forbid_mutation from 0001.
create or replace function forbid_mutation() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' and coalesce(current_setting('julia.doctor_merge', true), '') = 'on'
     and (to_jsonb(new) - 'doctor_id' - 'conversation_id') = (to_jsonb(old) - 'doctor_id' - 'conversation_id') then
    return new;
  end if;
  raise exception '% is append-only: % is not allowed', tg_table_name, tg_op
    using errcode = 'P0001';
end $$;

-- Transaction-scoped advisory locks on identifier keys, always taken in key
-- order so two deliveries with overlapping identifiers cannot deadlock.
create or replace function doctor_identity_lock(p_keys text[]) returns void
language plpgsql as $$
declare k bigint;
begin
  for k in select distinct hashtextextended('doctor-identity:' || x, 0) from unnest(p_keys) x where x is not null order by 1 loop
    perform pg_advisory_xact_lock(k);
  end loop;
end $$;

-- Folds one conversation into another: every row that points at p_from is
-- re-keyed to p_into (the table list is read from the foreign keys, so tables
-- added later are covered), then p_from is left closed and empty, so a turn
-- already queued for it finds nothing to do.
create or replace function conversation_fold(p_into uuid, p_from uuid) returns void
language plpgsql as $$
declare r record; src conversations; dst conversations;
begin
  select * into src from conversations where id = p_from for update;
  select * into dst from conversations where id = p_into for update;
  -- One reminder per conversation and instant: the kept conversation's wins.
  delete from reminders x where x.conversation_id = p_from
    and exists (select 1 from reminders k where k.conversation_id = p_into and k.remind_at = x.remind_at);
  for r in
    select c.conrelid::regclass as tbl, a.attname as col
    from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = 'conversations'::regclass and cardinality(c.conkey) = 1
  loop
    execute format('update %s set %I = $1 where %I = $2', r.tbl, r.col, r.col) using p_into, p_from;
  end loop;
  update conversations set status = 'closed', chatwoot_conversation_id = null where id = p_from;
  update conversations set
    -- A person in control of either conversation stays in control.
    controlled_by = case when 'human' in (dst.controlled_by, src.controlled_by) then 'human' else 'julia' end,
    chatwoot_conversation_id = coalesce(dst.chatwoot_conversation_id, src.chatwoot_conversation_id),
    state = case when src.updated_at > dst.updated_at then src.state else dst.state end,
    instance = case when src.last_inbound_at > coalesce(dst.last_inbound_at, '-infinity') then src.instance else coalesce(dst.instance, src.instance) end,
    last_inbound_at = greatest(dst.last_inbound_at, src.last_inbound_at),
    last_outbound_at = greatest(dst.last_outbound_at, src.last_outbound_at)
  where id = p_into;
end $$;

-- Merges the doctors p_from into p_into. The caller holds the identity locks
-- and the rows. Strictest permission wins: opted_out > cooling_off > opted_in.
create or replace function doctor_merge(p_into uuid, p_from uuid[]) returns void
language plpgsql as $$
declare r record; keep uuid;
begin
  if p_from is null or cardinality(p_from) = 0 then return; end if;
  perform set_config('julia.doctor_merge', 'on', true);

  insert into doctor_state (doctor_id) values (p_into) on conflict (doctor_id) do nothing;
  update doctor_state s set
    permission_state = case when 'opted_out' = any(m.perms) then 'opted_out'
                            when 'cooling_off' = any(m.perms) then 'cooling_off' else 'opted_in' end,
    opted_out_at = case when 'opted_out' = any(m.perms) then m.opted_out_at end,
    opted_out_reason = case when 'opted_out' = any(m.perms) then m.opted_out_reason end,
    cooling_off_until = m.cooling_off_until,
    next_allowed_at = m.next_allowed_at,
    contact_count_7d = m.contact_count_7d,
    contact_window_started_at = m.contact_window_started_at,
    last_inbound_at = m.last_inbound_at,
    last_outbound_at = m.last_outbound_at,
    last_proactive_at = m.last_proactive_at
  from (select array_agg(permission_state) perms,
               min(opted_out_at) opted_out_at,
               (array_agg(opted_out_reason order by opted_out_at) filter (where opted_out_reason is not null))[1] opted_out_reason,
               max(cooling_off_until) cooling_off_until, max(next_allowed_at) next_allowed_at,
               -- Contacts to either row count against the person: the sum is the safe side.
               sum(contact_count_7d)::int contact_count_7d, min(contact_window_started_at) contact_window_started_at,
               max(last_inbound_at) last_inbound_at, max(last_outbound_at) last_outbound_at, max(last_proactive_at) last_proactive_at
        from doctor_state where doctor_id = p_into or doctor_id = any(p_from)) m
  where s.doctor_id = p_into;
  delete from doctor_state where doctor_id = any(p_from);

  -- One active conversation per person: the kept doctor's, else the oldest;
  -- the others fold into it so their unanswered messages are answered there.
  select id into keep from conversations
  where (doctor_id = p_into or doctor_id = any(p_from)) and status = 'active'
  order by (doctor_id = p_into) desc, created_at, id limit 1;
  for r in select id from conversations
           where doctor_id = any(p_from) and status = 'active' and id <> keep order by created_at loop
    perform conversation_fold(keep, r.id);
  end loop;

  -- Everything else that names a doctor (read from the foreign keys).
  for r in
    select c.conrelid::regclass as tbl, a.attname as col
    from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = 'doctors'::regclass and cardinality(c.conkey) = 1
      and c.conrelid <> 'doctor_state'::regclass
  loop
    execute format('update %s set %I = $1 where %I = any($2)', r.tbl, r.col, r.col) using p_into, p_from;
  end loop;

  -- Profile fields: the kept row's values win, the others fill its gaps.
  update doctors d set
    name = coalesce(d.name, o.name), crm = coalesce(d.crm, o.crm), specialty_id = coalesce(d.specialty_id, o.specialty_id),
    city = coalesce(d.city, o.city), region = coalesce(d.region, o.region),
    preferences = o.preferences || d.preferences, profile = o.profile || d.profile
  from (select (array_agg(name order by created_at) filter (where name is not null))[1] name,
               (array_agg(crm order by created_at) filter (where crm is not null))[1] crm,
               (array_agg(specialty_id order by created_at) filter (where specialty_id is not null))[1] specialty_id,
               (array_agg(city order by created_at) filter (where city is not null))[1] city,
               (array_agg(region order by created_at) filter (where region is not null))[1] region,
               (select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)
                  from doctors x, jsonb_each(x.preferences) e where x.id = any(p_from)) preferences,
               (select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)
                  from doctors x, jsonb_each(x.profile) e where x.id = any(p_from)) profile
        from doctors where id = any(p_from)) o
  where d.id = p_into;

  insert into business_events (event_type, doctor_id, props)
  values ('doctors_merged', p_into, jsonb_build_object('merged', to_jsonb(p_from)));
  delete from doctors where id = any(p_from);
  perform set_config('julia.doctor_merge', 'off', true);
end $$;

-- The one way to turn identifiers into a doctor. Safe under concurrency: it
-- locks the normalized identifiers it was given, then those of every row they
-- lead to (looking again until the set stops growing), and locks the rows, so
-- two deliveries naming the same person one after the other converge on one row.
create or replace function doctor_identify(p_phone text, p_lid text, p_name text default null)
returns doctors language plpgsql as $$
declare
  v_phone text := phone_canonical(nullif(btrim(p_phone), ''));
  v_lid text := nullif(btrim(p_lid), '');
  keys text[] := array_remove(array['phone:' || v_phone, 'lid:' || v_lid], null);
  more text[]; ids uuid[]; survivor uuid; d doctors; attempt int;
begin
  if v_phone is null and v_lid is null then
    raise exception 'doctor_identify: a phone or a lid is required' using errcode = '22023';
  end if;
  for attempt in 1..5 loop
    perform doctor_identity_lock(keys);
    select array_agg(id order by created_at, id) into ids from doctors
    where (v_phone is not null and phone = any(phone_forms(v_phone))) or (v_lid is not null and whatsapp_lid = v_lid);
    -- A row found may carry another identifier (its own lid or number) that a
    -- concurrent delivery could be holding: lock those too, then look again.
    select array_agg(distinct k) into more from (
      select 'phone:' || phone_canonical(phone) k from doctors where id = any(ids) and phone is not null
      union all select 'lid:' || whatsapp_lid from doctors where id = any(ids) and whatsapp_lid is not null) x
    where not (k = any(keys));
    if more is not null and attempt < 5 then
      keys := keys || more;
      continue;
    end if;
    if ids is null then
      begin
        insert into doctors (phone, whatsapp_lid, name) values (v_phone, v_lid, p_name) returning * into d;
      exception when unique_violation then
        -- A writer that does not take these locks got there first: look again.
        continue;
      end;
    else
      perform 1 from doctors where id = any(ids) order by id for update;
      survivor := ids[1];
      perform doctor_merge(survivor, ids[2:]);
      update doctors set phone = coalesce(v_phone, phone), whatsapp_lid = coalesce(v_lid, whatsapp_lid), name = coalesce(name, p_name)
      where id = survivor
        and (phone is distinct from coalesce(v_phone, phone) or whatsapp_lid is distinct from coalesce(v_lid, whatsapp_lid)
             or (name is null and p_name is not null));
      select * into d from doctors where id = survivor;
    end if;
    insert into doctor_state (doctor_id) values (d.id) on conflict (doctor_id) do nothing;
    return d;
  end loop;
  raise exception 'doctor_identify: identity kept changing, retry' using errcode = '40001';
end $$;

-- Replaces 0030's inbound_doctor: inbound_persist and inbound_from_me now identify through doctor_identify.
create or replace function inbound_doctor(p_phone text, p_lid text, p_name text)
returns doctors language sql as $$
  select doctor_identify(p_phone, p_lid, p_name)
$$;

-- Replaces 0001's doctor_upsert: the same answer, through the same identity rules.
create or replace function doctor_upsert(p_phone text, p_name text default null, p_lid text default null)
returns jsonb language plpgsql as $$
declare d doctors;
begin
  d := doctor_identify(p_phone, p_lid, p_name);
  -- A statement of its own, so the state row doctor_identify just made is visible.
  return doctor_to_json(d);
end $$;

-- Only the service role may call the functions above (see 0001).
select revoke_api_roles();
