-- Managers open, change and cancel shifts from Slack (criar_vaga, editar_vaga,
-- cancelar_vaga; docs/decisions/0285-shifts-from-slack.md). Hospital and
-- specialty are resolved the way group extraction and `julia import` resolve
-- them; a name that does not resolve comes back with the closest names.

create or replace function admin_shift_resolve(p_hospital text, p_specialty text)
returns jsonb language plpgsql stable as $$
declare hid uuid := (group_resolve_hospital(p_hospital)->>'hospital_id')::uuid;
        sid uuid := group_resolve_specialty(p_specialty);
        k text := group_name_key(p_hospital);
        ks text := trim(regexp_replace(fold(p_specialty), '[^a-z0-9]+', ' ', 'g'));
begin
  return jsonb_build_object(
    'hospitalId', hid,
    'hospital', (select name from hospitals where id = hid),
    'specialtyId', sid,
    'specialty', (select name from specialties where id = sid),
    'hospitalSuggestions', case when hid is null then coalesce((
      select jsonb_agg(name) from (
        select name from hospitals
        order by greatest(group_similarity(k, group_name_key(name)), group_containment(k, group_name_key(name || ' ' || coalesce(neighborhood, '') || ' ' || city))) desc, name
        limit 3) s), '[]'::jsonb) end,
    'specialtySuggestions', case when sid is null then coalesce((
      select jsonb_agg(name) from (
        select name from specialties order by group_similarity(ks, fold(name)) desc, name limit 3) s), '[]'::jsonb) end);
end $$;

-- One shift as the Slack tools show it (names, instants, status, who holds it).
create or replace function admin_shift_get(p_shift_id uuid)
returns jsonb language sql stable as $$
  select jsonb_build_object('id', s.id, 'hospital', h.name, 'specialty', sp.name, 'startsAt', s.starts_at,
                            'endsAt', s.ends_at, 'valueCents', s.value_cents, 'notes', s.notes, 'status', s.status,
                            'reservedBy', s.reserved_by)
  from shifts s join hospitals h on h.id = s.hospital_id join specialties sp on sp.id = s.specialty_id
  where s.id = p_shift_id
$$;

-- The confirmed action's id is the shift's external_ref: confirming (or
-- re-running) the same action returns the shift already made.
create or replace function admin_shift_create(p_hospital_id uuid, p_specialty_id uuid, p_starts_at timestamptz,
  p_ends_at timestamptz, p_value_cents int, p_notes text, p_action_key text, p_actor text, p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare v_id uuid; hours numeric := extract(epoch from (p_ends_at - p_starts_at)) / 3600;
begin
  if p_starts_at <= p_now then return jsonb_build_object('ok', false, 'reason', 'past'); end if;
  if hours not in (6, 12, 24) then return jsonb_build_object('ok', false, 'reason', 'duration'); end if;
  insert into shifts (external_ref, hospital_id, specialty_id, starts_at, ends_at, period, duration_hours, value_cents, notes)
  values ('slack:' || p_action_key, p_hospital_id, p_specialty_id, p_starts_at, p_ends_at,
          case when extract(hour from p_starts_at at time zone 'America/Sao_Paulo') between 6 and 17 then 'diurno' else 'noturno' end,
          hours::int, p_value_cents, nullif(p_notes, ''))
  on conflict (external_ref) do nothing
  returning id into v_id;
  if v_id is null then
    select id into v_id from shifts where external_ref = 'slack:' || p_action_key;
    return jsonb_build_object('ok', true, 'already', true, 'shiftId', v_id);
  end if;
  insert into business_events (event_type, shift_id, props, created_at)
  values ('shift_created', v_id, jsonb_build_object('actor', p_actor, 'via', 'slack'), p_now);
  return jsonb_build_object('ok', true, 'shiftId', v_id);
end $$;

-- Value and times change only while the shift is open (a doctor agreed to
-- what he reserved); notes change while it is reserved or pending too.
-- Null keeps the field. Setting the same values twice is the same effect.
create or replace function admin_shift_edit(p_shift_id uuid, p_value_cents int, p_starts_at timestamptz,
  p_ends_at timestamptz, p_notes text, p_actor text, p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare cur shifts; hours numeric; v_start timestamptz; v_end timestamptz;
begin
  select * into cur from shifts where id = p_shift_id for update;
  if cur.id is null then return jsonb_build_object('ok', false, 'reason', 'not_found'); end if;
  if cur.status not in ('open', 'reserved', 'pending_confirmation') then return jsonb_build_object('ok', false, 'reason', cur.status); end if;
  if cur.status <> 'open' and (p_value_cents is not null or p_starts_at is not null or p_ends_at is not null) then
    return jsonb_build_object('ok', false, 'reason', 'reserved');
  end if;
  v_start := coalesce(p_starts_at, cur.starts_at);
  v_end := coalesce(p_ends_at, cur.ends_at);
  hours := extract(epoch from (v_end - v_start)) / 3600;
  if hours not in (6, 12, 24) then return jsonb_build_object('ok', false, 'reason', 'duration'); end if;
  if v_start <> cur.starts_at and v_start <= p_now then return jsonb_build_object('ok', false, 'reason', 'past'); end if;
  update shifts set value_cents = coalesce(p_value_cents, value_cents), starts_at = v_start, ends_at = v_end,
    duration_hours = hours::int,
    period = case when extract(hour from v_start at time zone 'America/Sao_Paulo') between 6 and 17 then 'diurno' else 'noturno' end,
    notes = case when p_notes is null then notes else nullif(p_notes, '') end
  where id = p_shift_id;
  insert into business_events (event_type, shift_id, props, created_at)
  values ('shift_edited', p_shift_id, jsonb_build_object('actor', p_actor, 'via', 'slack'), p_now);
  return jsonb_build_object('ok', true, 'shift', admin_shift_get(p_shift_id));
end $$;

-- Cancels an open, reserved or pending shift in one statement and returns the
-- doctor who held it, so the caller tells him. The row lock orders it against
-- a doctor reserving the same shift: either the reservation lands first and
-- its doctor is returned here, or it finds the shift cancelled and fails.
-- The cancelled row lets go of its doctor (so nothing counts it as his); the
-- event keeps who held it, so running this again answers `already` with the
-- same doctor and the caller's keyed message is not sent twice.
create or replace function admin_shift_cancel(p_shift_id uuid, p_actor text, p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare prev text; s shifts;
begin
  select status into prev from shifts where id = p_shift_id for update;
  if prev is null then return jsonb_build_object('ok', false, 'reason', 'not_found'); end if;
  if prev = 'cancelled' then
    return jsonb_build_object('ok', true, 'already', true, 'doctorId',
      (select doctor_id from business_events where shift_id = p_shift_id and event_type = 'shift_cancelled' order by created_at desc limit 1));
  end if;
  -- A shift already worked (or recorded as not worked) is history, not something to cancel.
  if prev not in ('open', 'reserved', 'pending_confirmation') then return jsonb_build_object('ok', false, 'reason', prev); end if;
  select * into s from shifts where id = p_shift_id;
  update shifts set status = 'cancelled', reserved_by = null where id = p_shift_id;
  insert into business_events (event_type, doctor_id, shift_id, props, created_at)
  values ('shift_cancelled', s.reserved_by, s.id, jsonb_build_object('actor', p_actor, 'via', 'slack', 'previous', prev), p_now);
  return jsonb_build_object('ok', true, 'previous', prev, 'doctorId', s.reserved_by);
end $$;

select revoke_api_roles();
