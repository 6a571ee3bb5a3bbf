-- Schema v1 (foundation). Tables are English snake_case; text doctors read is Portuguese.
-- Every read and write goes through a SQL function returning jsonb (ARCHITECTURE.md section 7).

create extension if not exists vector;

-- Accent- and case-insensitive comparison without depending on the unaccent
-- extension, which embedded PGlite does not ship.
create or replace function fold(t text) returns text
language sql immutable parallel safe as $$
  select lower(translate(coalesce(t, ''),
    'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ',
    'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'))
$$;

create or replace function touch_updated_at() returns trigger
language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end $$;

-- Rows of append-only tables are facts; correcting one means appending another.
create or replace function forbid_mutation() returns trigger
language plpgsql as $$
begin
  raise exception '% is append-only: % is not allowed', tg_table_name, tg_op
    using errcode = 'P0001';
end $$;

create table specialties (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique,
  name text not null,
  created_at timestamptz not null default now()
);

create table hospitals (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique,
  name text not null,
  address text not null,
  neighborhood text,
  city text not null,
  state text not null default 'SP',
  region text,
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index hospitals_name_fold_idx on hospitals (fold(name));
create trigger hospitals_touch before update on hospitals for each row execute function touch_updated_at();

create table doctors (
  id uuid primary key default gen_random_uuid(),
  phone text not null unique check (phone ~ '^[0-9]{8,15}$'),
  whatsapp_lid text unique,
  name text,
  crm text,
  specialty_id uuid references specialties(id),
  city text,
  region text,
  preferences jsonb not null default '{}'::jsonb,
  profile jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger doctors_touch before update on doctors for each row execute function touch_updated_at();

-- The only home of a doctor's permission (spec 12.1): every reader uses it.
create table doctor_state (
  doctor_id uuid primary key references doctors(id) on delete cascade,
  permission_state text not null default 'opted_in'
    check (permission_state in ('opted_in', 'opted_out', 'cooling_off')),
  opted_out_at timestamptz,
  opted_out_reason text,
  cooling_off_until timestamptz,
  next_allowed_at timestamptz,
  contact_count_7d integer not null default 0,
  contact_window_started_at timestamptz,
  last_inbound_at timestamptz,
  last_outbound_at timestamptz,
  last_proactive_at timestamptz,
  updated_at timestamptz not null default now()
);
create trigger doctor_state_touch before update on doctor_state for each row execute function touch_updated_at();

create table shifts (
  id uuid primary key default gen_random_uuid(),
  external_ref text unique,
  hospital_id uuid not null references hospitals(id),
  specialty_id uuid not null references specialties(id),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  period text not null check (period in ('diurno', 'noturno')),
  duration_hours integer not null check (duration_hours in (6, 12, 24)),
  value_cents integer not null check (value_cents > 0),
  status text not null default 'open'
    check (status in ('open', 'reserved', 'pending_confirmation', 'completed', 'cancelled')),
  reserved_by uuid references doctors(id),
  reserved_at timestamptz,
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ends_at > starts_at),
  check ((status = 'open') = (reserved_by is null) or status = 'cancelled')
);
create index shifts_open_idx on shifts (starts_at) where status = 'open';
create index shifts_reserved_by_idx on shifts (reserved_by) where reserved_by is not null;
create trigger shifts_touch before update on shifts for each row execute function touch_updated_at();

create table conversations (
  id uuid primary key default gen_random_uuid(),
  doctor_id uuid not null references doctors(id) on delete cascade,
  status text not null default 'active' check (status in ('active', 'closed')),
  controlled_by text not null default 'julia' check (controlled_by in ('julia', 'human')),
  instance text,
  state jsonb not null default '{}'::jsonb,
  chatwoot_conversation_id bigint,
  last_inbound_at timestamptz,
  last_outbound_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- One active conversation per doctor, so concurrent inbound messages converge on it.
create unique index conversations_one_active_idx on conversations (doctor_id) where status = 'active';
create trigger conversations_touch before update on conversations for each row execute function touch_updated_at();

-- The factual history (spec 12.1): immutable after creation.
create table interactions (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid references conversations(id),
  doctor_id uuid not null references doctors(id),
  direction text not null check (direction in ('inbound', 'outbound')),
  instance text,
  provider_message_id text,
  kind text not null default 'text',
  body text,
  media jsonb,
  meta jsonb not null default '{}'::jsonb,
  occurred_at timestamptz not null default now(),
  created_at timestamptz not null default now()
);
-- A redelivered webhook carries the same provider id: the second insert is a no-op.
create unique index interactions_inbound_provider_idx
  on interactions (instance, provider_message_id) where direction = 'inbound' and provider_message_id is not null;
create index interactions_conversation_idx on interactions (conversation_id, occurred_at);
create index interactions_doctor_idx on interactions (doctor_id, created_at);
create trigger interactions_immutable before update or delete on interactions
  for each row execute function forbid_mutation();

-- Append-only audit (spec 12.1). Events never carry message text or phones (I5).
create table business_events (
  id bigint generated always as identity primary key,
  event_type text not null,
  doctor_id uuid references doctors(id),
  conversation_id uuid references conversations(id),
  interaction_id uuid references interactions(id),
  shift_id uuid references shifts(id),
  props jsonb not null default '{}'::jsonb,
  dedupe_key text unique,
  created_at timestamptz not null default now()
);
create index business_events_type_idx on business_events (event_type, created_at);
create index business_events_interaction_idx on business_events (interaction_id);
create index business_events_doctor_idx on business_events (doctor_id, created_at);
create trigger business_events_append_only before update or delete on business_events
  for each row execute function forbid_mutation();

create table policy_events (
  id bigint generated always as identity primary key,
  doctor_id uuid not null references doctors(id),
  business_event_id bigint references business_events(id),
  decision text not null,
  rule text,
  props jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index policy_events_doctor_idx on policy_events (doctor_id, created_at);

create table feature_flags (
  key text primary key,
  value jsonb not null,
  updated_by text not null default 'system',
  updated_at timestamptz not null default now()
);
insert into feature_flags (key, value) values
  ('safe_mode', '{"enabled": false, "mode": "wait"}'),
  ('campaigns', '{"enabled": true}'),
  ('policy_engine', '{"enabled": true}'),
  ('disabled_rules', '{"rules": []}')
on conflict (key) do nothing;

-- One row per attempt to send a message: the dedupe window and the idempotency record.
create table outbound_messages (
  id uuid primary key default gen_random_uuid(),
  idempotency_key text not null unique,
  doctor_id uuid references doctors(id),
  conversation_id uuid references conversations(id),
  phone text not null,
  instance text,
  method text not null,
  content_hash text not null,
  status text not null default 'reserved'
    check (status in ('reserved', 'sent', 'failed', 'blocked', 'deduped', 'bypass')),
  provider_message_id text,
  interaction_id uuid references interactions(id),
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  updated_at timestamptz not null default now()
);
create index outbound_messages_dedupe_idx on outbound_messages (phone, content_hash, created_at);
create trigger outbound_messages_touch before update on outbound_messages for each row execute function touch_updated_at();

-- Supabase exposes the public schema over PostgREST: only the service role may
-- call in. Functions are executable by PUBLIC unless revoked, so revoking from
-- anon alone would not be enough. Every migration ends by calling this, so the
-- functions it adds are covered too. Plain Postgres and PGlite lack these roles.
create or replace function revoke_api_roles() returns void
language plpgsql as $$
declare r text;
begin
  execute 'revoke execute on all functions in schema public from public';
  foreach r in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_roles where rolname = r) then
      execute format('revoke all on all tables in schema public from %I', r);
      execute format('revoke execute on all functions in schema public from %I', r);
    end if;
  end loop;
  if exists (select 1 from pg_roles where rolname = 'service_role') then
    execute 'grant execute on all functions in schema public to service_role';
    execute 'grant all on all tables in schema public to service_role';
  end if;
end $$;

-- ---------------------------------------------------------------- functions

create or replace function julia_ping() returns jsonb
language sql stable as $$
  select jsonb_build_object('ok', true, 'now', now())
$$;

create or replace function doctor_to_json(d doctors) returns jsonb
language sql stable as $$
  select to_jsonb(d) || jsonb_build_object(
    'permission_state', (select s.permission_state from doctor_state s where s.doctor_id = d.id),
    'specialty', (select sp.name from specialties sp where sp.id = d.specialty_id))
$$;

-- Finds or creates the doctor for a normalized phone, with its state row.
-- Safe under concurrency: the unique phone constraint decides the winner.
create or replace function doctor_upsert(p_phone text, p_name text default null, p_lid text default null)
returns jsonb language plpgsql as $$
declare d doctors;
begin
  insert into doctors (phone, name, whatsapp_lid) values (p_phone, p_name, p_lid)
  on conflict (phone) do update
    set name = coalesce(doctors.name, excluded.name),
        whatsapp_lid = coalesce(excluded.whatsapp_lid, doctors.whatsapp_lid)
  returning * into d;
  insert into doctor_state (doctor_id) values (d.id) on conflict (doctor_id) do nothing;
  return doctor_to_json(d);
end $$;

create or replace function doctor_get(p_doctor_id uuid default null, p_phone text default null)
returns jsonb language sql stable as $$
  select doctor_to_json(d) from doctors d
  where (p_doctor_id is not null and d.id = p_doctor_id)
     or (p_doctor_id is null and d.phone = p_phone)
  limit 1
$$;

create or replace function stats_overview() returns jsonb
language sql stable as $$
  select jsonb_build_object(
    'doctors', (select count(*) from doctors),
    'hospitals', (select count(*) from hospitals),
    'open_shifts', (select count(*) from shifts where status = 'open' and starts_at > now()),
    'conversations', (select count(*) from conversations),
    'interactions', (select count(*) from interactions))
$$;

select revoke_api_roles();
