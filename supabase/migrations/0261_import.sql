-- `julia import doctors|hospitals|shifts FILE` (issue 27). The CLI reads and
-- validates the file in streaming batches; each batch is one call to one of
-- the functions below, one transaction. Every batch is idempotent, so a run
-- that dies halfway is finished by running the same file again.

create table import_runs (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('doctors', 'hospitals', 'shifts')),
  file_name text not null,
  file_hash text,
  imported_by text not null,
  status text not null default 'running' check (status in ('running', 'done', 'failed')),
  counts jsonb not null default '{}'::jsonb,
  started_at timestamptz not null default now(),
  finished_at timestamptz
);
create index import_runs_started_idx on import_runs (started_at desc);

create or replace function import_run_start(p_kind text, p_file_name text, p_by text, p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare r import_runs;
begin
  insert into import_runs (kind, file_name, imported_by, started_at) values (p_kind, p_file_name, p_by, p_now) returning * into r;
  return to_jsonb(r);
end $$;

create or replace function import_run_finish(p_id uuid, p_status text, p_file_hash text, p_counts jsonb, p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare r import_runs;
begin
  update import_runs set status = p_status, file_hash = p_file_hash, counts = jsonb_arg(p_counts), finished_at = p_now
  where id = p_id returning * into r;
  insert into business_events (event_type, props, created_at)
  values ('import_finished', jsonb_build_object('import_run_id', p_id, 'kind', r.kind, 'status', p_status, 'by', r.imported_by,
          'file_hash', p_file_hash, 'counts', jsonb_arg(p_counts)), p_now);
  return to_jsonb(r);
end $$;

-- A file's value for a column: it replaces the stored one, or (fill_only) only fills a blank.
create or replace function import_pick(p_old text, p_new text, p_fill_only boolean) returns text
language sql immutable parallel safe as $$
  select case when p_fill_only then coalesce(p_old, nullif(btrim(p_new), '')) else coalesce(nullif(btrim(p_new), ''), p_old) end
$$;

-- One batch of doctors. Each row goes through doctor_identify, the inbound
-- path's identity function: a doctor known by any form of the number (with or
-- without the ninth digit, or already merged with an @lid) is updated, never
-- duplicated, and a new one gets doctor_state's default permission. Contact
-- permission is never written here: an opted-out doctor stays opted out.
-- Rows are taken in the order of their identity lock keys, so two imports, or
-- an import and an inbound message, never wait on each other in a cycle.
-- p_dry_run: everything is done and measured, then rolled back.
create or replace function import_doctors_batch(p_rows jsonb, p_default_status text, p_actor text, p_dry_run boolean default false)
returns jsonb language plpgsql as $$
declare
  r record; d doctors; v_phone text; v_sid uuid; v_existed boolean; v_status text; v_changed boolean;
  inserted int := 0; updated int := 0; unchanged int := 0; errors jsonb := '[]'::jsonb; actions jsonb := '[]'::jsonb;
begin
  begin
    for r in
      select x.* from jsonb_to_recordset(p_rows) as x(line int, phone text, name text, crm text, uf text, specialty text,
                                                      city text, region text, email text, status text, fill_only boolean)
      order by hashtextextended('doctor-identity:phone:' || phone_canonical(x.phone), 0), x.line
    loop
      v_phone := phone_canonical(r.phone);
      v_sid := null;
      if nullif(btrim(r.specialty), '') is not null then
        v_sid := group_resolve_specialty(r.specialty);
        if v_sid is null then
          errors := errors || jsonb_build_object('line', r.line, 'reason', 'especialidade não reconhecida: ' || r.specialty);
          continue;
        end if;
      end if;
      v_status := coalesce(nullif(r.status, ''), null);
      r.fill_only := coalesce(r.fill_only, false);
      d := doctor_identify(v_phone, null, r.name);
      -- Made by this call: only a row this transaction inserted carries its start time, and an
      -- earlier row of this file for the same person is marked fill_only by the CLI.
      v_existed := r.fill_only or d.created_at <> now();
      if not v_existed then v_status := coalesce(v_status, p_default_status); end if;
      -- A repeat of a phone earlier in the same file (fill_only) only fills blanks.
      update doctors x set
        name = import_pick(x.name, r.name, r.fill_only), crm = import_pick(x.crm, r.crm, r.fill_only), crm_uf = import_pick(x.crm_uf, r.uf, r.fill_only),
        specialty_id = case when r.fill_only then coalesce(x.specialty_id, v_sid) else coalesce(v_sid, x.specialty_id) end,
        city = import_pick(x.city, r.city, r.fill_only), region = import_pick(x.region, r.region, r.fill_only), email = import_pick(x.email, r.email, r.fill_only),
        registration_status = case when r.fill_only then x.registration_status else coalesce(v_status, x.registration_status) end
      where x.id = d.id and (
        x.name is distinct from import_pick(x.name, r.name, r.fill_only) or x.crm is distinct from import_pick(x.crm, r.crm, r.fill_only)
        or x.crm_uf is distinct from import_pick(x.crm_uf, r.uf, r.fill_only)
        or x.specialty_id is distinct from (case when r.fill_only then coalesce(x.specialty_id, v_sid) else coalesce(v_sid, x.specialty_id) end)
        or x.city is distinct from import_pick(x.city, r.city, r.fill_only) or x.region is distinct from import_pick(x.region, r.region, r.fill_only)
        or x.email is distinct from import_pick(x.email, r.email, r.fill_only)
        or (not r.fill_only and x.registration_status is distinct from coalesce(v_status, x.registration_status)));
      get diagnostics v_changed = row_count;
      if v_existed and not r.fill_only and v_status is not null and v_status is distinct from d.registration_status then
        insert into business_events (event_type, doctor_id, props)
        values ('registration_changed', d.id, jsonb_build_object('from', d.registration_status, 'to', v_status, 'actor', p_actor));
      end if;
      if not v_existed then inserted := inserted + 1;
      elsif v_changed then updated := updated + 1;
      else unchanged := unchanged + 1; end if;
      if p_dry_run then
        actions := actions || jsonb_build_object('line', r.line, 'action',
          case when not v_existed then 'novo' when v_changed then 'atualizado' else 'sem_mudanca' end);
      end if;
    end loop;
    if p_dry_run then raise exception 'dry run' using errcode = 'JD001'; end if;
  exception when sqlstate 'JD001' then
    null; -- the counts stay; every write of the block is undone
  end;
  return jsonb_build_object('inserted', inserted, 'updated', updated, 'unchanged', unchanged, 'errors', errors, 'actions', actions);
end $$;

-- One batch of hospitals, matched by name, slug or a confirmed alias (the way
-- group extraction finds them, but never by a loose resemblance: two similar
-- names in a company's own catalog are two hospitals).
create or replace function import_hospitals_batch(p_rows jsonb, p_dry_run boolean default false)
returns jsonb language plpgsql as $$
declare
  r record; hid uuid; m jsonb; v_changed boolean;
  inserted int := 0; updated int := 0; unchanged int := 0; errors jsonb := '[]'::jsonb; actions jsonb := '[]'::jsonb;
begin
  begin
    for r in
      select x.* from jsonb_to_recordset(p_rows) as x(line int, slug text, name text, address text, neighborhood text,
                                                      city text, state text, region text, notes text)
      order by x.slug, x.line
    loop
      perform pg_advisory_xact_lock(hashtextextended('hospital-import:' || r.slug, 0));
      m := group_resolve_hospital(r.name);
      hid := case when m->>'method' in ('exact', 'alias') then (m->>'hospital_id')::uuid end;
      if hid is null then select id into hid from hospitals where slug = r.slug; end if;
      if hid is null then
        insert into hospitals (slug, name, address, neighborhood, city, state, region, notes)
        values (r.slug, r.name, r.address, nullif(r.neighborhood, ''), r.city, coalesce(nullif(r.state, ''), 'SP'),
                nullif(r.region, ''), nullif(r.notes, ''));
        inserted := inserted + 1;
        if p_dry_run then actions := actions || jsonb_build_object('line', r.line, 'action', 'novo'); end if;
        continue;
      end if;
      update hospitals set
        name = r.name, address = coalesce(nullif(r.address, ''), address), neighborhood = coalesce(nullif(r.neighborhood, ''), neighborhood),
        city = coalesce(nullif(r.city, ''), city), state = coalesce(nullif(r.state, ''), state),
        region = coalesce(nullif(r.region, ''), region), notes = coalesce(nullif(r.notes, ''), notes)
      where id = hid and (name is distinct from r.name or address is distinct from coalesce(nullif(r.address, ''), address)
        or neighborhood is distinct from coalesce(nullif(r.neighborhood, ''), neighborhood) or city is distinct from coalesce(nullif(r.city, ''), city)
        or state is distinct from coalesce(nullif(r.state, ''), state) or region is distinct from coalesce(nullif(r.region, ''), region)
        or notes is distinct from coalesce(nullif(r.notes, ''), notes));
      get diagnostics v_changed = row_count;
      if v_changed then updated := updated + 1; else unchanged := unchanged + 1; end if;
      if p_dry_run then
        actions := actions || jsonb_build_object('line', r.line, 'action', case when v_changed then 'atualizado' else 'sem_mudanca' end);
      end if;
    end loop;
    if p_dry_run then raise exception 'dry run' using errcode = 'JD001'; end if;
  exception when sqlstate 'JD001' then
    null;
  end;
  return jsonb_build_object('inserted', inserted, 'updated', updated, 'unchanged', unchanged, 'errors', errors, 'actions', actions);
end $$;

-- One batch of open shifts. Hospital and specialty are resolved as group
-- extraction resolves them; the row's key (external_ref) is derived from its
-- content by the CLI, so the same file twice finds the same shifts. A shift
-- already reserved, done or cancelled is left as it is.
create or replace function import_shifts_batch(p_rows jsonb, p_now timestamptz, p_dry_run boolean default false)
returns jsonb language plpgsql as $$
declare
  r record; m jsonb; hid uuid; sid uuid; hours numeric; cur shifts; v_changed boolean;
  inserted int := 0; updated int := 0; unchanged int := 0; errors jsonb := '[]'::jsonb; actions jsonb := '[]'::jsonb;
begin
  begin
    for r in
      select x.* from jsonb_to_recordset(p_rows) as x(line int, ref text, hospital text, specialty text,
                                                      starts_at timestamptz, ends_at timestamptz, value_cents int, notes text)
      order by x.ref
    loop
      m := group_resolve_hospital(r.hospital);
      hid := (m->>'hospital_id')::uuid;
      if hid is null then
        errors := errors || jsonb_build_object('line', r.line, 'reason', 'hospital não encontrado no catálogo: ' || r.hospital);
        continue;
      end if;
      sid := group_resolve_specialty(r.specialty);
      if sid is null then
        errors := errors || jsonb_build_object('line', r.line, 'reason', 'especialidade não reconhecida: ' || r.specialty);
        continue;
      end if;
      if r.starts_at <= p_now then
        errors := errors || jsonb_build_object('line', r.line, 'reason', 'o plantão já começou ou já passou');
        continue;
      end if;
      hours := extract(epoch from (r.ends_at - r.starts_at)) / 3600;
      if hours not in (6, 12, 24) then
        errors := errors || jsonb_build_object('line', r.line, 'reason', 'duração de ' || trim_scale(round(hours, 1)) || 'h; só 6, 12 ou 24 horas');
        continue;
      end if;
      perform pg_advisory_xact_lock(hashtextextended('shift-import:' || r.ref, 0));
      select * into cur from shifts where external_ref = r.ref for update;
      if cur.id is null then
        insert into shifts (external_ref, hospital_id, specialty_id, starts_at, ends_at, period, duration_hours, value_cents, notes)
        values (r.ref, hid, sid, r.starts_at, r.ends_at,
                case when extract(hour from r.starts_at at time zone 'America/Sao_Paulo') between 6 and 17 then 'diurno' else 'noturno' end,
                hours::int, r.value_cents, nullif(r.notes, ''));
        inserted := inserted + 1;
        if p_dry_run then actions := actions || jsonb_build_object('line', r.line, 'action', 'novo'); end if;
        continue;
      end if;
      update shifts set value_cents = r.value_cents, notes = coalesce(nullif(r.notes, ''), notes)
      where id = cur.id and status = 'open'
        and (value_cents is distinct from r.value_cents or notes is distinct from coalesce(nullif(r.notes, ''), notes));
      get diagnostics v_changed = row_count;
      if v_changed then updated := updated + 1; else unchanged := unchanged + 1; end if;
      if p_dry_run then
        actions := actions || jsonb_build_object('line', r.line, 'action', case when v_changed then 'atualizado' else 'sem_mudanca' end);
      end if;
    end loop;
    if p_dry_run then raise exception 'dry run' using errcode = 'JD001'; end if;
  exception when sqlstate 'JD001' then
    null;
  end;
  return jsonb_build_object('inserted', inserted, 'updated', updated, 'unchanged', unchanged, 'errors', errors, 'actions', actions);
end $$;

select revoke_api_roles();
