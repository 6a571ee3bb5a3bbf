-- Issue 28: manager directives scoped to a shift, hospital, specialty or doctor, with a
-- negotiation margin the doctor agent's tools enforce, and the daily briefing sync
-- (docs/decisions/0270-scoped-directives.md).

alter table manager_directives
  add column scope text not null default 'global' check (scope in ('global', 'shift', 'hospital', 'specialty', 'doctor')),
  add column shift_id uuid references shifts(id) on delete cascade,
  add column hospital_id uuid references hospitals(id) on delete cascade,
  add column specialty_id uuid references specialties(id) on delete cascade,
  add column doctor_id uuid references doctors(id) on delete cascade,
  add column period text check (period in ('diurno', 'noturno')),
  add column max_value_cents integer check (max_value_cents > 0),
  add column min_value_cents integer check (min_value_cents > 0),
  -- What the item says (kind, text, scope, limits): the briefing sync compares documents by it.
  add column fingerprint text,
  -- The confirmed Slack action that created it: a redriven action creates nothing twice.
  add column action_key text unique,
  add constraint manager_directives_scope_target check (
    case scope
      when 'global' then shift_id is null and hospital_id is null and specialty_id is null and doctor_id is null
      when 'shift' then shift_id is not null
      when 'hospital' then hospital_id is not null
      when 'specialty' then specialty_id is not null
      when 'doctor' then doctor_id is not null
    end),
  add constraint manager_directives_margin check (min_value_cents is null or max_value_cents is null or min_value_cents <= max_value_cents);
create index manager_directives_source_idx on manager_directives (source) where revoked_at is null;

-- Where a directive applies, in words (Slack previews and the model's prompt). No phone, no CRM.
create or replace function directive_scope_label(d manager_directives) returns text
language plpgsql stable as $$
declare v text;
begin
  v := case d.scope
    when 'global' then 'todas as conversas'
    when 'hospital' then (select h.name from hospitals h where h.id = d.hospital_id)
    when 'specialty' then 'especialidade ' || (select s.name from specialties s where s.id = d.specialty_id)
    when 'doctor' then 'o médico ' || coalesce((select nullif(trim(x.name), '') from doctors x where x.id = d.doctor_id), 'sem nome')
    when 'shift' then (select 'o plantão de ' || agent_sp_date(s.starts_at) || ' no ' || h.name
                         from shifts s join hospitals h on h.id = s.hospital_id where s.id = d.shift_id)
  end;
  if d.period is not null then v := v || ', plantões ' || case d.period when 'noturno' then 'noturnos' else 'diurnos' end; end if;
  return v;
end $$;

-- "R$ 1.800,00"
create or replace function directive_brl(p_cents integer) returns text
language sql immutable as $$
  select 'R$ ' || regexp_replace((p_cents / 100)::text, '(\d)(?=(\d{3})+$)', '\1.', 'g') || ',' || lpad((p_cents % 100)::text, 2, '0')
$$;

-- One directive as the model reads it: kind, scope, text and its limits.
create or replace function directive_line(d manager_directives) returns text
language sql stable as $$
  select d.kind || case when d.scope = 'global' and d.period is null then '' else ' (' || directive_scope_label(d) || ')' end
         || ': ' || d.text
         || case when d.max_value_cents is not null or d.min_value_cents is not null then
              ' [margem: ' || concat_ws(', ',
                case when d.min_value_cents is not null then 'mínimo ' || directive_brl(d.min_value_cents) end,
                case when d.max_value_cents is not null then 'máximo ' || directive_brl(d.max_value_cents) end) || ']'
            else '' end
$$;

create or replace function directive_json(d manager_directives) returns jsonb
language sql stable as $$
  select jsonb_build_object('id', d.id, 'kind', d.kind, 'text', d.text, 'scope', d.scope, 'scopeLabel', directive_scope_label(d),
    'period', d.period, 'maxValueCents', d.max_value_cents, 'minValueCents', d.min_value_cents,
    'validUntil', d.valid_until, 'createdBy', d.created_by, 'source', d.source)
$$;

-- Does directive d bind a value for shift s? Global, the shift itself, its hospital, its
-- specialty, or the doctor; a period narrows it to that period's shifts.
create or replace function directive_covers_shift(d manager_directives, s shifts, p_doctor_id uuid) returns boolean
language sql stable as $$
  select (d.period is null or d.period = s.period)
     and case d.scope
           when 'global' then true
           when 'shift' then d.shift_id = s.id
           when 'hospital' then d.hospital_id = s.hospital_id
           when 'specialty' then d.specialty_id = s.specialty_id
           when 'doctor' then d.doctor_id = p_doctor_id
         end
$$;

-- The directives a doctor's turn is shown: global ones, his own, his specialty's, and those
-- of the shifts in play (offered in this conversation or reserved by him) and of their
-- hospitals and specialties. Never another doctor's or another hospital's.
create or replace function directives_for_turn(p_doctor_id uuid, p_conversation_id uuid, p_now timestamptz) returns jsonb
language plpgsql stable as $$
declare
  v_specialty uuid;
  v_shifts uuid[];
begin
  select specialty_id into v_specialty from doctors where id = p_doctor_id;
  select array_agg(distinct x) into v_shifts from (
    select (e ->> 'shiftId')::uuid x
      from conversations c, jsonb_array_elements(coalesce(c.state -> 'offered', '[]'::jsonb)) e
     where c.id = p_conversation_id and c.doctor_id = p_doctor_id
    union all
    select s.id from shifts s
     where s.reserved_by = p_doctor_id and s.status in ('reserved', 'pending_confirmation') and s.ends_at > p_now) q;
  return coalesce((
    select jsonb_agg(directive_line(d) order by d.created_at)
    from manager_directives d
    where d.revoked_at is null and d.valid_from <= p_now and d.valid_until > p_now
      and case d.scope
            when 'global' then true
            when 'doctor' then d.doctor_id = p_doctor_id
            when 'specialty' then d.specialty_id = v_specialty
                                  or exists (select 1 from shifts s where s.id = any(v_shifts) and s.specialty_id = d.specialty_id)
            when 'hospital' then exists (select 1 from shifts s where s.id = any(v_shifts) and s.hospital_id = d.hospital_id)
            when 'shift' then d.shift_id = any(v_shifts)
          end), '[]'::jsonb);
end $$;

-- Only global directives for callers that do not know the conversation (the old policy_context).
create or replace function directives_active(p_now timestamptz) returns jsonb
language plpgsql stable as $$
begin
  return coalesce((
    select jsonb_agg(directive_line(d) order by d.created_at)
    from manager_directives d
    where d.scope = 'global' and d.revoked_at is null and d.valid_from <= p_now and d.valid_until > p_now), '[]'::jsonb);
end $$;

create or replace function agent_steering(p_conversation_id uuid, p_now timestamptz default now())
returns jsonb language plpgsql stable as $$
begin
  return (
    select jsonb_build_object(
      'directives', directives_for_turn(c.doctor_id, c.id, p_now),
      'handback', (select h.summary from handbacks h
                   where h.conversation_id = p_conversation_id and h.created_at > p_now - interval '7 days'
                     and not exists (select 1 from interactions i where i.conversation_id = h.conversation_id
                                     and i.direction = 'outbound' and i.occurred_at > h.created_at)
                   order by h.created_at desc limit 1))
    from conversations c where c.id = p_conversation_id);
end $$;

-- policy_context for one conversation: the directives that apply to it.
create or replace function policy_context_for(p_doctor_id uuid, p_conversation_id uuid, p_now timestamptz) returns jsonb
language plpgsql stable as $$
begin
  return policy_context(p_doctor_id, p_now) || jsonb_build_object('directives', directives_for_turn(p_doctor_id, p_conversation_id, p_now));
end $$;

-- The margin for a value Júlia states or commits for one shift: the tightest limits of the
-- directives covering it. Without a maximum, the shift's own value is the ceiling: going
-- above it needs a manager's margin. p_lock takes the directives' rows (for share), so a
-- revoke in flight either lands before the check or waits for the commit that relied on it.
create or replace function directive_margin(p_doctor_id uuid, p_shift_id uuid, p_now timestamptz, p_lock boolean default false)
returns jsonb language plpgsql as $$
declare
  s shifts;
  v_ids uuid[];
  v_max integer;
  v_min integer;
  v_lines jsonb;
begin
  select * into s from shifts where id = p_shift_id;
  if not found then
    return null;
  end if;
  if p_lock then
    perform 1 from manager_directives d
     where d.revoked_at is null and d.valid_from <= p_now and d.valid_until > p_now
       and (d.max_value_cents is not null or d.min_value_cents is not null)
       and directive_covers_shift(d, s, p_doctor_id)
     for share;
  end if;
  select array_agg(d.id), min(d.max_value_cents), max(d.min_value_cents),
         coalesce(jsonb_agg(directive_line(d) order by d.created_at), '[]'::jsonb)
    into v_ids, v_max, v_min, v_lines
    from manager_directives d
   where d.revoked_at is null and d.valid_from <= p_now and d.valid_until > p_now
     and (d.max_value_cents is not null or d.min_value_cents is not null)
     and directive_covers_shift(d, s, p_doctor_id);
  return jsonb_build_object('shiftId', s.id, 'listedCents', s.value_cents,
    'maxCents', coalesce(v_max, s.value_cents), 'minCents', v_min,
    'fromDirective', v_max is not null, 'directiveIds', to_jsonb(coalesce(v_ids, '{}')), 'directives', v_lines);
end $$;

-- Margins of several shifts (buscar_vagas shows each shift's ceiling with it).
create or replace function directive_margins(p_doctor_id uuid, p_shift_ids uuid[], p_now timestamptz) returns jsonb
language plpgsql as $$
begin
  return coalesce((select jsonb_object_agg(x::text, directive_margin(p_doctor_id, x, p_now))
                   from unnest(coalesce(p_shift_ids, '{}')) x), '{}'::jsonb);
end $$;

create table shift_agreed_values (
  shift_id uuid primary key references shifts(id) on delete cascade,
  doctor_id uuid not null references doctors(id) on delete cascade,
  conversation_id uuid references conversations(id) on delete set null,
  value_cents integer not null check (value_cents > 0),
  directive_ids uuid[] not null default '{}',
  created_at timestamptz not null default now()
);

-- reservar_plantao at a value: the margin is checked and the shift reserved in one
-- transaction, the directives it relies on locked until the commit.
create or replace function agent_reserve_shift_at(p_doctor_id uuid, p_conversation_id uuid, p_shift_id uuid,
                                                  p_value_cents integer, p_now timestamptz)
returns jsonb language plpgsql as $$
declare
  m jsonb;
  v integer;
  r jsonb;
begin
  if not agent_owns_conversation(p_doctor_id, p_conversation_id) then
    return jsonb_build_object('ok', false, 'reason', 'forbidden');
  end if;
  m := directive_margin(p_doctor_id, p_shift_id, p_now, true);
  if m is null then
    return jsonb_build_object('ok', false, 'reason', 'not_found');
  end if;
  v := coalesce(p_value_cents, (m ->> 'listedCents')::int);
  if v > (m ->> 'maxCents')::int then
    return jsonb_build_object('ok', false, 'reason', 'above_margin', 'margin', m);
  end if;
  if m ->> 'minCents' is not null and v < (m ->> 'minCents')::int then
    return jsonb_build_object('ok', false, 'reason', 'below_margin', 'margin', m);
  end if;
  r := agent_reserve_shift(p_doctor_id, p_conversation_id, p_shift_id, p_now);
  if (r ->> 'ok')::boolean and not coalesce((r ->> 'already')::boolean, false) and v <> (m ->> 'listedCents')::int then
    insert into shift_agreed_values (shift_id, doctor_id, conversation_id, value_cents, directive_ids)
    values (p_shift_id, p_doctor_id, p_conversation_id, v,
            array(select jsonb_array_elements_text(m -> 'directiveIds')::uuid))
    on conflict (shift_id) do nothing;
  end if;
  return r || jsonb_build_object('valueCents', coalesce((select a.value_cents from shift_agreed_values a
                                                          where a.shift_id = p_shift_id and a.doctor_id = p_doctor_id), (m ->> 'listedCents')::int));
end $$;

-- Names in a briefing or a manager's request → the rows they mean. An item whose hospital
-- or specialty is not found (or is ambiguous) comes back with 'unresolved'.
create or replace function directive_resolve(p_items jsonb) returns jsonb
language plpgsql stable as $$
declare
  i jsonb;
  out jsonb := '[]'::jsonb;
  v_ids uuid[];
  q text;
begin
  for i in select * from jsonb_array_elements(coalesce(p_items, '[]'::jsonb)) loop
    -- "Name:" at the start of a line: a hospital, else a specialty, else nothing (the line stays global).
    if i ->> 'target' is not null then
      q := fold(trim(i ->> 'target'));
      select array_agg(h.id) into v_ids from hospitals h where length(q) >= 4 and (fold(h.name) = q or fold(h.name) like '%' || q || '%');
      if coalesce(array_length(v_ids, 1), 0) = 1 then
        i := (i - 'target') || jsonb_build_object('scope', 'hospital', 'hospitalId', v_ids[1], 'hospitalName', (select h.name from hospitals h where h.id = v_ids[1]));
      else
        select array_agg(s.id) into v_ids from specialties s where length(q) >= 4 and (fold(s.name) = q or fold(s.slug) = replace(q, ' ', '-'));
        if coalesce(array_length(v_ids, 1), 0) = 1 then
          i := (i - 'target') || jsonb_build_object('scope', 'specialty', 'specialtyId', v_ids[1], 'specialtyName', (select s.name from specialties s where s.id = v_ids[1]));
        else
          i := i - 'target';
        end if;
      end if;
    end if;
    if i ->> 'hospital' is not null and i ->> 'hospitalId' is null then
      q := fold(trim(regexp_replace(i ->> 'hospital', '^\s*(hospital|hosp\.?|maternidade)\s+', '', 'i')));
      select array_agg(h.id) into v_ids from hospitals h
       where length(q) >= 3 and (fold(h.name) = fold(i ->> 'hospital') or fold(h.name) like '%' || q || '%');
      if coalesce(array_length(v_ids, 1), 0) = 1 then
        i := i || jsonb_build_object('scope', 'hospital', 'hospitalId', v_ids[1], 'hospitalName', (select h.name from hospitals h where h.id = v_ids[1]));
      else
        i := i || jsonb_build_object('unresolved', case when v_ids is null then 'hospital_not_found' else 'hospital_ambiguous' end);
      end if;
    elsif i ->> 'specialty' is not null and i ->> 'specialtyId' is null then
      q := fold(trim(i ->> 'specialty'));
      select array_agg(s.id) into v_ids from specialties s
       where length(q) >= 3 and (fold(s.name) = q or fold(s.slug) = replace(q, ' ', '-') or fold(s.name) like q || '%');
      if coalesce(array_length(v_ids, 1), 0) = 1 then
        i := i || jsonb_build_object('scope', 'specialty', 'specialtyId', v_ids[1], 'specialtyName', (select s.name from specialties s where s.id = v_ids[1]));
      else
        i := i || jsonb_build_object('unresolved', case when v_ids is null then 'specialty_not_found' else 'specialty_ambiguous' end);
      end if;
    end if;
    out := out || jsonb_build_array(i);
  end loop;
  return out;
end $$;

-- A new row from one item (resolved by directive_resolve).
create or replace function directive_insert(i jsonb, p_valid_until timestamptz, p_source text, p_created_by text,
                                            p_now timestamptz, p_action_key text default null)
returns manager_directives language plpgsql as $$
declare d manager_directives;
begin
  insert into manager_directives (kind, text, source, created_by, valid_from, valid_until, scope, shift_id, hospital_id,
                                  specialty_id, doctor_id, period, max_value_cents, min_value_cents, fingerprint, action_key)
  values (coalesce(i ->> 'kind', 'outro'), i ->> 'text', p_source, p_created_by, p_now, p_valid_until,
          coalesce(i ->> 'scope', 'global'), (i ->> 'shiftId')::uuid, (i ->> 'hospitalId')::uuid, (i ->> 'specialtyId')::uuid,
          (i ->> 'doctorId')::uuid, i ->> 'period', (i ->> 'maxValueCents')::int, (i ->> 'minValueCents')::int,
          directive_fingerprint(i), p_action_key)
  returning * into d;
  return d;
end $$;

create or replace function directive_fingerprint(i jsonb) returns text
language sql immutable as $$
  select md5(jsonb_build_object('kind', coalesce(i ->> 'kind', 'outro'), 'text', i ->> 'text', 'scope', coalesce(i ->> 'scope', 'global'),
    'shiftId', i ->> 'shiftId', 'hospitalId', i ->> 'hospitalId', 'specialtyId', i ->> 'specialtyId', 'doctorId', i ->> 'doctorId',
    'period', i ->> 'period', 'max', i ->> 'maxValueCents', 'min', i ->> 'minValueCents')::text)
$$;

create or replace function directive_add(p_items jsonb, p_valid_until timestamptz, p_source text, p_created_by text, p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare
  i jsonb;
  out jsonb := '[]'::jsonb;
  d manager_directives;
begin
  for i in select * from jsonb_array_elements(directive_resolve(p_items)) loop
    if i ? 'unresolved' then
      i := (i - 'hospital' - 'specialty' - 'unresolved') || jsonb_build_object('scope', 'global', 'period', null);
    end if;
    d := directive_insert(i, p_valid_until, p_source, p_created_by, p_now);
    out := out || jsonb_build_array(directive_json(d));
  end loop;
  return out;
end $$;

-- criar_diretriz: one directive, keyed by the confirmed Slack action (a redrive returns the first).
create or replace function directive_create(p_item jsonb, p_valid_until timestamptz, p_created_by text, p_action_key text, p_now timestamptz)
returns jsonb language plpgsql as $$
declare d manager_directives;
begin
  select * into d from manager_directives where action_key = p_action_key;
  if not found then
    begin
      d := directive_insert(p_item, p_valid_until, 'slack', p_created_by, p_now, p_action_key);
    exception when unique_violation then
      select * into d from manager_directives where action_key = p_action_key;
    end;
  end if;
  return directive_json(d);
end $$;

create or replace function directive_list(p_now timestamptz default now())
returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(directive_json(d) order by d.created_at), '[]'::jsonb)
  from manager_directives d where d.revoked_at is null and d.valid_from <= p_now and d.valid_until > p_now
$$;

create table directive_sync_runs (
  id bigserial primary key,
  source text not null,
  diff jsonb not null,
  created_at timestamptz not null default now(),
  claimed_until timestamptz,
  posted_at timestamptz
);
create index directive_sync_runs_unposted_idx on directive_sync_runs (source, id) where posted_at is null;

-- The daily briefing sync: the document's items against the directives it created before.
-- New items are added, items gone from the document revoked, the rest untouched. One run
-- per document at a time (advisory lock): a second run at once waits and finds nothing to do.
create or replace function directive_sync(p_source text, p_items jsonb, p_by text, p_now timestamptz)
returns jsonb language plpgsql as $$
declare
  i jsonb;
  v_items jsonb := '[]'::jsonb;
  v_prints text[];
  v_added jsonb := '[]'::jsonb;
  v_revoked jsonb := '[]'::jsonb;
  v_unresolved jsonb := '[]'::jsonb;
  d manager_directives;
begin
  perform pg_advisory_xact_lock(hashtext('directive_sync:' || p_source));
  for i in select * from jsonb_array_elements(directive_resolve(p_items)) loop
    if i ? 'unresolved' then
      v_unresolved := v_unresolved || jsonb_build_array(jsonb_build_object('text', i ->> 'text', 'why', i ->> 'unresolved'));
    else
      v_items := v_items || jsonb_build_array(i);
    end if;
  end loop;
  select coalesce(array_agg(distinct directive_fingerprint(x)), '{}') into v_prints from jsonb_array_elements(v_items) x;
  for d in update manager_directives m set revoked_at = p_now, revoked_by = p_by
            where m.source = p_source and m.revoked_at is null and m.valid_until > p_now
              and not (m.fingerprint = any(v_prints))
            returning m.* loop
    v_revoked := v_revoked || jsonb_build_array(directive_json(d));
  end loop;
  for i in select distinct on (directive_fingerprint(x)) x from jsonb_array_elements(v_items) x loop
    if not exists (select 1 from manager_directives m where m.source = p_source and m.revoked_at is null
                     and m.valid_until > p_now and m.fingerprint = directive_fingerprint(i)) then
      d := directive_insert(i, 'infinity', p_source, p_by, p_now);
      v_added := v_added || jsonb_build_array(directive_json(d));
    end if;
  end loop;
  -- The change set waits here until it is posted: a process that dies before posting leaves it for the next run.
  if jsonb_array_length(v_added) > 0 or jsonb_array_length(v_revoked) > 0 then
    insert into directive_sync_runs (source, diff, created_at)
    values (p_source, jsonb_build_object('added', v_added, 'revoked', v_revoked, 'unresolved', v_unresolved), p_now);
  end if;
  return jsonb_build_object('added', v_added, 'revoked', v_revoked, 'unresolved', v_unresolved);
end $$;

-- Change sets not yet posted, claimed for a lease: one poster at a time; a poster that dies
-- lets the lease lapse and the next run posts them.
create or replace function directive_sync_claim(p_source text, p_now timestamptz, p_lease_seconds int default 120)
returns jsonb language plpgsql as $$
declare v jsonb;
begin
  with c as (
    update directive_sync_runs r set claimed_until = p_now + make_interval(secs => p_lease_seconds)
     where r.id in (select x.id from directive_sync_runs x
                     where x.source = p_source and x.posted_at is null and (x.claimed_until is null or x.claimed_until < p_now)
                     order by x.id for update skip locked)
    returning r.id, r.diff)
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'diff', c.diff) order by c.id), '[]'::jsonb) into v from c;
  return v;
end $$;

create or replace function directive_sync_done(p_id bigint, p_posted boolean, p_now timestamptz)
returns jsonb language plpgsql as $$
begin
  update directive_sync_runs
     set posted_at = case when p_posted then p_now end,
         claimed_until = case when p_posted then claimed_until end
   where id = p_id and posted_at is null;
  return jsonb_build_object('ok', true);
end $$;

select revoke_api_roles();
