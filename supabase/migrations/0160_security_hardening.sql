-- Security hardening (issue 13; docs/decisions/0160-security.md).
--
-- 1. Row-level security on every table of ours, with no policy at all: on
--    Supabase the `anon` and `authenticated` roles (PostgREST with the public
--    key) read and write nothing even if a grant slips through. The service
--    connects as the owner (or service_role, which bypasses RLS), and the owner
--    is not bound by RLS unless FORCE is set (it is not), so Júlia's own calls
--    behave exactly as before.
-- 2. search_path pinned on every function of ours, so no caller's search_path
--    (a temp schema, a schema created by someone else) can change which table or
--    function a name resolves to. `extensions` is where Supabase keeps vector
--    and pg_trgm; `pg_temp` last so a temporary object never shadows ours.
--    Functions owned by an extension (pg_depend deptype 'e') are the
--    extension's business and left alone, and so is anything in public owned by a
--    role we are not (ALTER would fail there, and it is not ours to change); the
--    test in tests/integration/security/schema-hardening.test.ts still requires
--    every table and function to be covered on our engines, where we own them all.
-- 3. revoke_api_roles(), which every migration ends with, now also runs the
--    hardening, so whatever a later migration adds is covered the same way.

create or replace function harden_public_schema() returns jsonb
language plpgsql set search_path = public, extensions, pg_temp as $$
declare
  r record;
  v_tables int := 0;
  v_functions int := 0;
begin
  for r in
    select c.oid::regclass as rel
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity
      and pg_has_role(current_user, c.relowner, 'MEMBER')
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
  loop
    execute format('alter table %s enable row level security', r.rel);
    v_tables := v_tables + 1;
  end loop;

  for r in
    select p.oid::regprocedure as fn, p.prokind
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.prokind in ('f', 'p')
      and pg_has_role(current_user, p.proowner, 'MEMBER')
      and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) cfg where cfg like 'search_path=%')
  loop
    execute format('alter %s %s set search_path = public, extensions, pg_temp',
      case when r.prokind = 'p' then 'procedure' else 'function' end, r.fn);
    v_functions := v_functions + 1;
  end loop;
  return jsonb_build_object('tables', v_tables, 'functions', v_functions);
end $$;

create or replace function revoke_api_roles() returns void
language plpgsql set search_path = public, extensions, pg_temp as $$
declare r text;
begin
  perform harden_public_schema();
  execute 'revoke execute on all functions in schema public from public';
  foreach r in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_roles where rolname = r) then
      execute format('revoke all on all tables in schema public from %I', r);
      execute format('revoke all on all sequences in schema public from %I', r);
      execute format('revoke execute on all functions in schema public from %I', r);
    end if;
  end loop;
  if exists (select 1 from pg_roles where rolname = 'service_role') then
    execute 'grant execute on all functions in schema public to service_role';
    execute 'grant all on all tables in schema public to service_role';
  end if;
end $$;

-- The key outbound job payloads are signed with when JOB_SIGNING_KEY is unset:
-- made once, by whichever process asks first, and read by every web and worker
-- process (they share the database, not a file). gen_random_uuid() draws from
-- the server's strong random source; two of them give 244 random bits.
create table app_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

create or replace function job_signing_key() returns jsonb
language plpgsql as $$
declare v text;
begin
  insert into app_secrets (name, value)
  values ('job_signing_key', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
  on conflict (name) do nothing;
  select value into v from app_secrets where name = 'job_signing_key';
  return jsonb_build_object('key', v);
end $$;

select revoke_api_roles();
