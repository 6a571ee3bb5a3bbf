-- The doctor's rights under the LGPD (docs/decisions/0280-doctor-rights.md):
-- `julia doctor export` gives everything Júlia holds about one doctor;
-- `julia doctor erase` removes his personal data and conversations in one
-- transaction. What stays:
--   * the doctors row, as an anonymous tombstone (every personal column cleared,
--     the phone replaced by a synthetic number that no real E.164 number can be:
--     it starts with 0), so shifts he worked, campaign sends, policy and business
--     events keep pointing at a row and aggregate metrics and invariants hold;
--   * when he had opted out, a one-way hash of his phone (and @lid) on
--     erased_opt_outs: any doctor row later created or re-keyed with that
--     identifier, by any path (inbound, import, Slack, merge), is born opted out.

-- A doctor erased under the LGPD: no personal column is kept.
alter table doctors add column if not exists erased_at timestamptz;

create sequence if not exists doctor_tombstone_seq;

-- The hashes of erased doctors' identifiers who had opted out. Nothing else.
create table erased_opt_outs (
  identity_hash text primary key,
  kind text not null check (kind in ('phone', 'lid')),
  erased_at timestamptz not null default now()
);

-- Who exported or erased whom, when, and what: the subject is only his hash.
create table doctor_rights_audit (
  id bigint generated always as identity primary key,
  action text not null check (action in ('export', 'erase')),
  actor text not null,
  subject_hash text not null,
  outcome text not null,
  counts jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create trigger doctor_rights_audit_append_only before update or delete on doctor_rights_audit
  for each row execute function forbid_mutation();

-- The pepper of identity hashes: made once, by whichever process asks first (like
-- job_signing_key, migration 0160), and kept in the database so every process and
-- a restored backup hash alike. A hash without it cannot be matched against a
-- list of Brazilian mobiles (there are only ~10^9 of them).
create or replace function identity_pepper() returns text
language plpgsql as $$
declare v text;
begin
  select value into v from app_secrets where name = 'identity_pepper';
  if v is null then
    insert into app_secrets (name, value)
    values ('identity_pepper', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
    on conflict (name) do nothing;
    select value into v from app_secrets where name = 'identity_pepper';
  end if;
  return v;
end $$;

-- SHA-256 of pepper, kind and the canonical identifier (a phone with the ninth digit).
create or replace function identity_hash(p_kind text, p_value text) returns text
language plpgsql as $$
begin
  if nullif(btrim(p_value), '') is null then return null; end if;
  return encode(sha256(convert_to(identity_pepper() || ':' || p_kind || ':' ||
    case when p_kind = 'phone' then phone_canonical(btrim(p_value)) else btrim(p_value) end, 'UTF8')), 'hex');
end $$;

create or replace function erased_opt_out_listed(p_phone text, p_lid text) returns boolean
language plpgsql as $$
begin
  if not exists (select 1 from erased_opt_outs) then return false; end if;
  return exists (select 1 from erased_opt_outs
                 where identity_hash in (identity_hash('phone', p_phone), identity_hash('lid', p_lid)));
end $$;

-- Any doctor row created, or given a phone or @lid, whose identifier is on the
-- list is opted out at once, with its permission_changed event (I6).
create or replace function doctors_erased_opt_out() returns trigger
language plpgsql as $$
begin
  if new.erased_at is null and (tg_op = 'INSERT' or new.phone is distinct from old.phone or new.whatsapp_lid is distinct from old.whatsapp_lid)
     and erased_opt_out_listed(new.phone, new.whatsapp_lid) then
    perform doctor_state_set_permission(new.id, 'opted_out', 'erased_opt_out', null, 'system');
  end if;
  return null;
end $$;
create trigger doctors_erased_opt_out after insert or update of phone, whatsapp_lid on doctors
  for each row execute function doctors_erased_opt_out();

-- His own new consent (opting in again) takes him off the list.
create or replace function doctor_state_opt_in_unlists() returns trigger
language plpgsql as $$
declare d doctors;
begin
  if new.permission_state = 'opted_in' and old.permission_state is distinct from 'opted_in'
     and exists (select 1 from erased_opt_outs) then
    select * into d from doctors where id = new.doctor_id;
    delete from erased_opt_outs where identity_hash in (identity_hash('phone', d.phone), identity_hash('lid', d.whatsapp_lid));
  end if;
  return null;
end $$;
create trigger doctor_state_opt_in_unlists after update of permission_state on doctor_state
  for each row execute function doctor_state_opt_in_unlists();

-- Last line of defence under the wrapper's R0: no reservation of a send to an
-- erased doctor's tombstone, nor of a proactive send without a bypass to a phone
-- on the list. The doctor rows above make R0 block first; this never fires unless
-- a caller skipped them. A job queued before the erase that records its outcome
-- afterwards (blocked, deduped) records the tombstone's number, not his.
create or replace function outbound_refuse_erased() returns trigger
language plpgsql as $$
declare v_tomb text;
begin
  select phone into v_tomb from doctors where id = new.doctor_id and erased_at is not null;
  if v_tomb is not null then
    if new.status = 'reserved' then
      raise exception 'outbound: the doctor was erased (LGPD); nothing is sent' using errcode = 'JE001';
    end if;
    new.phone := v_tomb;
  elsif new.status = 'reserved' and new.proactive and coalesce(btrim(new.bypass_reason), '') = ''
        and erased_opt_out_listed(new.phone, null) then
    raise exception 'outbound: this number belongs to an erased doctor who opted out; nothing is sent' using errcode = 'JE001';
  end if;
  return new;
end $$;
create trigger outbound_refuse_erased before insert on outbound_messages
  for each row execute function outbound_refuse_erased();

-- Interactions and business events stay immutable, with one more transaction-local
-- exception: an erase (julia.doctor_erase holds the doctor's id) may delete that
-- doctor's interactions, and unlink business events from his conversations and
-- interactions (those two columns to null, nothing else).
-- Replaces forbid_mutation from 0235 (its merge and voice exceptions are kept as they were).
create or replace function forbid_mutation() returns trigger
language plpgsql as $$
declare v_erase text := coalesce(current_setting('julia.doctor_erase', true), '');
begin
  if tg_op = 'UPDATE' and coalesce(current_setting('julia.doctor_merge', true), '') = 'on'
     and (to_jsonb(new) - 'doctor_id' - 'conversation_id') = (to_jsonb(old) - 'doctor_id' - 'conversation_id') then
    return new;
  end if;
  if tg_op = 'UPDATE' and tg_table_name = 'interactions' and coalesce(current_setting('julia.voice_transcript', true), '') = 'on'
     and to_jsonb(old)->>'kind' = 'audio' and coalesce(to_jsonb(old)->>'body', '') = ''
     and to_jsonb(old)->'meta'->'extra'->'transcript'->>'status' = 'pending'
     and (to_jsonb(new) - 'body' - 'meta') = (to_jsonb(old) - 'body' - 'meta') then
    return new;
  end if;
  if v_erase <> '' and tg_op = 'DELETE' and tg_table_name = 'interactions' and to_jsonb(old)->>'doctor_id' = v_erase then
    return old;
  end if;
  if v_erase <> '' and tg_op = 'UPDATE' and tg_table_name = 'business_events'
     and to_jsonb(new)->'conversation_id' = 'null'::jsonb and to_jsonb(new)->'interaction_id' = 'null'::jsonb
     and (to_jsonb(new) - 'conversation_id' - 'interaction_id') = (to_jsonb(old) - 'conversation_id' - 'interaction_id') then
    return new;
  end if;
  raise exception '% is append-only: % is not allowed', tg_table_name, tg_op
    using errcode = 'P0001';
end $$;

-- The doctor named by a phone (any stored form) or an @lid, not a tombstone.
create or replace function doctor_rights_find(p_phone text, p_lid text) returns doctors
language sql stable as $$
  select d.* from doctors d
  where d.erased_at is null
    and ((nullif(btrim(p_phone), '') is not null and d.phone = any(phone_forms(phone_canonical(btrim(p_phone)))))
      or (nullif(btrim(p_lid), '') is not null and d.whatsapp_lid = btrim(p_lid)))
  order by d.created_at, d.id limit 1
$$;

-- Every row of every table that names the doctor or one of his conversations
-- (read from the foreign keys, so tables added later are covered), by table.
create or replace function doctor_rights_rows(p_doctor uuid, p_conversations uuid[]) returns jsonb
language plpgsql stable as $$
declare r record; rows jsonb; res jsonb := '{}'::jsonb;
begin
  for r in
    select c.conrelid::regclass::text as tbl,
           string_agg(format('%I = any(%s)', a.attname, case when c.confrelid = 'doctors'::regclass then '$1' else '$2' end), ' or ') as cond
    from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid in ('doctors'::regclass, 'conversations'::regclass) and cardinality(c.conkey) = 1
      and c.conrelid <> 'doctors'::regclass
    group by 1 order by 1
  loop
    execute format('select coalesce(jsonb_agg(to_jsonb(t) - ''embedding'' order by to_jsonb(t)->>''created_at''), ''[]''::jsonb) from %s t where %s',
                   r.tbl, r.cond)
      into rows using array[p_doctor], p_conversations;
    if jsonb_array_length(rows) > 0 then
      res := res || jsonb_build_object(r.tbl, rows);
    end if;
  end loop;
  -- Campaign sends name the doctor without a foreign key.
  res := res || jsonb_build_object('campaign_sends', (select coalesce(jsonb_agg(to_jsonb(s) order by s.id), '[]'::jsonb)
                                                      from campaign_sends s where s.doctor_id = p_doctor));
  return res;
end $$;

-- Everything Júlia holds about one doctor, as one document; the export is audited.
create or replace function doctor_export(p_phone text, p_lid text default null, p_actor text default 'cli')
returns jsonb language plpgsql as $$
declare d doctors; conv uuid[]; doc jsonb; subject text;
begin
  d := doctor_rights_find(p_phone, p_lid);
  subject := coalesce(identity_hash('phone', p_phone), identity_hash('lid', p_lid));
  if d.id is null then
    insert into doctor_rights_audit (action, actor, subject_hash, outcome) values ('export', p_actor, subject, 'not_found');
    return jsonb_build_object('found', false, 'erased_opt_out', erased_opt_out_listed(p_phone, p_lid));
  end if;
  select coalesce(array_agg(id), '{}') into conv from conversations where doctor_id = d.id;
  doc := jsonb_build_object(
    'found', true,
    'exported_at', now(),
    'doctor', doctor_to_json(d),
    'identities', jsonb_strip_nulls(jsonb_build_object('phone', d.phone, 'whatsapp_lid', d.whatsapp_lid)),
    'data', doctor_rights_rows(d.id, conv));
  insert into doctor_rights_audit (action, actor, subject_hash, outcome, counts)
  select 'export', p_actor, subject, 'exported', coalesce(jsonb_object_agg(k, jsonb_array_length(v)), '{}'::jsonb)
  from jsonb_each(doc->'data') e(k, v);
  return doc;
end $$;

-- A short summary for a person at a terminal.
create or replace function doctor_summary(p_phone text, p_lid text default null)
returns jsonb language plpgsql as $$
declare d doctors;
begin
  d := doctor_rights_find(p_phone, p_lid);
  if d.id is null then
    return jsonb_build_object('found', false, 'erased_opt_out', erased_opt_out_listed(p_phone, p_lid));
  end if;
  return jsonb_build_object('found', true, 'doctor', doctor_to_json(d),
    'state', (select to_jsonb(s) from doctor_state s where s.doctor_id = d.id),
    'counts', jsonb_build_object(
      'interactions', (select count(*) from interactions where doctor_id = d.id),
      'inbound', (select count(*) from interactions where doctor_id = d.id and direction = 'inbound'),
      'outbound', (select count(*) from interactions where doctor_id = d.id and direction = 'outbound'),
      'memories', (select count(*) from doctor_memories where doctor_id = d.id),
      'events', (select count(*) from business_events where doctor_id = d.id),
      'shifts', (select count(*) from shifts where reserved_by = d.id),
      'campaign_sends', (select count(*) from campaign_sends where doctor_id = d.id)),
    'last_interaction_at', (select max(occurred_at) from interactions where doctor_id = d.id),
    'controlled_by', (select controlled_by from conversations where doctor_id = d.id and status = 'active'));
end $$;

-- Erases one doctor in one transaction (see the header). Idempotent: a second run
-- finds no doctor and answers not_found (or already_erased when his hash is
-- listed). Safe against a concurrent inbound message: it takes the same identity
-- locks as doctor_identify, so the message is persisted either before (and is
-- erased with the rest) or after (and creates a new doctor, opted out when listed).
create or replace function doctor_erase(p_phone text, p_lid text default null, p_actor text default 'cli')
returns jsonb language plpgsql as $$
declare
  d doctors; s doctor_state; conv uuid[]; inter uuid[]; keys text[]; r record; n bigint;
  counts jsonb := '{}'::jsonb; subject text; listed boolean; tomb text; v_forms text[]; attempt int;
begin
  subject := coalesce(identity_hash('phone', p_phone), identity_hash('lid', p_lid));
  for attempt in 1..5 loop
    d := doctor_rights_find(p_phone, p_lid);
    exit when d.id is null;
    keys := array_remove(array['phone:' || phone_canonical(d.phone), 'lid:' || d.whatsapp_lid,
                               'phone:' || phone_canonical(nullif(btrim(p_phone), '')), 'lid:' || nullif(btrim(p_lid), '')], null);
    perform doctor_identity_lock(keys);
    select * into d from doctors where id = d.id and erased_at is null for update;
    -- Still the same row with the same identifiers: the locks cover it.
    exit when d.id is not null and (d.phone is null or ('phone:' || phone_canonical(d.phone)) = any(keys))
              and (d.whatsapp_lid is null or ('lid:' || d.whatsapp_lid) = any(keys));
  end loop;
  if d.id is null then
    listed := erased_opt_out_listed(p_phone, p_lid);
    insert into doctor_rights_audit (action, actor, subject_hash, outcome)
    values ('erase', p_actor, subject, case when listed then 'already_erased' else 'not_found' end);
    return jsonb_build_object('status', case when listed then 'already_erased' else 'not_found' end);
  end if;

  if exists (select 1 from shifts where reserved_by = d.id and status in ('reserved', 'pending_confirmation') and ends_at > now()) then
    raise exception 'doctor_erase: the doctor holds % upcoming reserved shift(s); cancel or reassign them first',
      (select count(*) from shifts where reserved_by = d.id and status in ('reserved', 'pending_confirmation') and ends_at > now())
      using errcode = '55000';
  end if;

  select * into s from doctor_state where doctor_id = d.id for update;
  listed := coalesce(s.permission_state, 'opted_in') = 'opted_out';
  if listed then
    insert into erased_opt_outs (identity_hash, kind) values (identity_hash('phone', d.phone), 'phone') on conflict do nothing;
    if d.whatsapp_lid is not null then
      insert into erased_opt_outs (identity_hash, kind) values (identity_hash('lid', d.whatsapp_lid), 'lid') on conflict do nothing;
    end if;
  end if;

  v_forms := coalesce(phone_forms(phone_canonical(d.phone)), '{}');
  tomb := '0' || lpad(nextval('doctor_tombstone_seq')::text, 14, '0');
  select coalesce(array_agg(id), '{}') into conv from conversations where doctor_id = d.id;
  select coalesce(array_agg(id), '{}') into inter from interactions where doctor_id = d.id or conversation_id = any(conv);
  perform set_config('julia.doctor_erase', d.id::text, true);

  -- Business events stay (metrics), unlinked from the conversation and its messages.
  update business_events set conversation_id = null, interaction_id = null
  where (conversation_id = any(conv) or interaction_id = any(inter)) ;
  get diagnostics n = row_count; counts := counts || jsonb_build_object('business_events_unlinked', n);

  -- Replies and a person's messages are deleted with the conversation they belong
  -- to (I3 and O3 read their inbound message); Júlia's proactive sends stay,
  -- anonymized, because the per-number rate limits (O2) count them.
  delete from outbound_messages
  where (doctor_id = d.id or phone = any(v_forms))
    and (not proactive or (method in ('MANUAL', 'COMMAND') and coalesce(actor, 'julia') <> 'julia'));
  get diagnostics n = row_count; counts := counts || jsonb_build_object('outbound_deleted', n);
  update outbound_messages set phone = tomb, conversation_id = null, interaction_id = null,
         inbound_interaction_id = null, provider_message_id = null, doctor_id = d.id
  where doctor_id = d.id or phone = any(v_forms) or interaction_id = any(inter) or inbound_interaction_id = any(inter);
  get diagnostics n = row_count; counts := counts || jsonb_build_object('outbound_anonymized', n);

  -- Every other row that names his messages or conversations goes, then the messages.
  for r in
    select c.conrelid::regclass::text as tbl, a.attname as col
    from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = 'interactions'::regclass and cardinality(c.conkey) = 1
      and c.conrelid not in ('business_events'::regclass, 'outbound_messages'::regclass)
  loop
    execute format('delete from %s where %I = any($1)', r.tbl, r.col) using inter;
  end loop;
  for r in
    select c.conrelid::regclass::text as tbl, a.attname as col
    from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = 'conversations'::regclass and cardinality(c.conkey) = 1
      and c.conrelid not in ('business_events'::regclass, 'outbound_messages'::regclass, 'interactions'::regclass)
  loop
    execute format('delete from %s where %I = any($1)', r.tbl, r.col) using conv;
  end loop;
  delete from interactions where id = any(inter);
  get diagnostics n = row_count; counts := counts || jsonb_build_object('interactions', n);
  delete from doctor_memories where doctor_id = d.id;
  get diagnostics n = row_count; counts := counts || jsonb_build_object('memories', n);
  -- What else is his and personal (read from the foreign keys); business records stay.
  for r in
    select c.conrelid::regclass::text as tbl, a.attname as col
    from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = 'doctors'::regclass and cardinality(c.conkey) = 1
      and c.conrelid not in ('doctors'::regclass, 'doctor_state'::regclass, 'shifts'::regclass, 'business_events'::regclass,
                             'policy_events'::regclass, 'outbound_messages'::regclass, 'conversations'::regclass)
  loop
    execute format('delete from %s where %I = $1', r.tbl, r.col) using d.id;
  end loop;
  delete from conversations where id = any(conv);
  get diagnostics n = row_count; counts := counts || jsonb_build_object('conversations', n);

  -- Copies of his number outside the doctor tables.
  delete from provider_message_status where phone = any(v_forms);
  delete from dead_letters where body like any (select '%' || f || '%' from unnest(v_forms) f)
                              or (d.whatsapp_lid is not null and body like '%' || d.whatsapp_lid || '%');
  update group_messages set sender_phone = null, sender_lid = null
  where sender_phone = any(v_forms) or (d.whatsapp_lid is not null and sender_lid = d.whatsapp_lid);

  update doctors set phone = tomb where id = d.id;
  -- The row becomes a tombstone: every nullable column cleared (columns added later
  -- too), the phone replaced; it can never be contacted.
  for r in
    select a.attname from pg_attribute a
    where a.attrelid = 'doctors'::regclass and a.attnum > 0 and not a.attisdropped and not a.attnotnull
      and a.attname not in ('erased_at', 'phone')
  loop
    execute format('update doctors set %I = null where id = $1', r.attname) using d.id;
  end loop;
  update doctors set preferences = '{}'::jsonb, profile = '{}'::jsonb, erased_at = now() where id = d.id;
  perform doctor_state_set_permission(d.id, 'opted_out', 'erased', null, p_actor);
  update doctor_state set opted_out_reason = 'erased', contact_count_7d = 0, last_inbound_at = null, last_outbound_at = null,
         last_proactive_at = null, next_allowed_at = null, cooling_off_until = null where doctor_id = d.id;
  perform set_config('julia.doctor_erase', '', true);

  insert into doctor_rights_audit (action, actor, subject_hash, outcome, counts)
  values ('erase', p_actor, subject, case when listed then 'erased_opt_out_kept' else 'erased' end, counts);
  insert into business_events (event_type, doctor_id, props)
  values ('doctor_erased', d.id, jsonb_build_object('opt_out_kept', listed) || counts);
  return jsonb_build_object('status', 'erased', 'doctor_id', d.id, 'conversations', conv,
                            'opt_out_kept', listed, 'counts', counts);
end $$;

select revoke_api_roles();
