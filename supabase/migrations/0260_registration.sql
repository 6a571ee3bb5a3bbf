-- Registration status (issue 27): Júlia reserves only for an approved doctor.
--
-- Doctors already in the database when this runs become `aprovado`: they were
-- reservable until now, and a company mid-operation must not find its known
-- doctors suddenly unable to take a shift. From then on a doctor nobody has
-- registered (a stranger writing on WhatsApp, an import without a status
-- column) starts `pendente` (docs/decisions/0275-import.md).
alter table doctors add column registration_status text not null default 'aprovado'
  check (registration_status in ('pendente', 'aprovado', 'bloqueado'));
alter table doctors alter column registration_status set default 'pendente';
alter table doctors add column email text;
alter table doctors add column crm_uf text;

-- Whether the doctor may have a shift reserved. p_required false (REGISTRATION_REQUIRED=off)
-- lets every status through: the company checks registration elsewhere.
create or replace function doctor_registration_gate(p_doctor_id uuid, p_required boolean default true) returns jsonb
language plpgsql stable as $$
declare v text;
begin
  select registration_status into v from doctors where id = p_doctor_id;
  if v is null then return jsonb_build_object('ok', false, 'status', null); end if;
  return jsonb_build_object('ok', not p_required or v = 'aprovado', 'status', v);
end $$;

-- A reservation the doctor asked for but his registration does not allow: one
-- event per doctor, shift and day, so a person picks it up (and a repeat of
-- the same request the same day is not a second task).
create or replace function registration_reservation_pending(p_doctor_id uuid, p_conversation_id uuid, p_shift_id uuid, p_now timestamptz)
returns jsonb language plpgsql as $$
declare v_status text; v_new boolean;
begin
  select registration_status into v_status from doctors where id = p_doctor_id;
  insert into business_events (event_type, doctor_id, conversation_id, shift_id, props, dedupe_key)
  values ('reservation_pending_registration', p_doctor_id, p_conversation_id, p_shift_id,
          jsonb_build_object('registration_status', v_status),
          'reservation-pending:' || p_doctor_id || ':' || p_shift_id || ':' || to_char(p_now at time zone 'America/Sao_Paulo', 'YYYY-MM-DD'))
  on conflict (dedupe_key) do nothing;
  get diagnostics v_new = row_count;
  return jsonb_build_object('recorded', v_new, 'registration_status', v_status);
end $$;

-- A manager (Slack, CLI) sets a doctor's registration; audited.
create or replace function doctor_registration_set(p_doctor_id uuid, p_status text, p_actor text, p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare v_old text;
begin
  if p_status not in ('pendente', 'aprovado', 'bloqueado') then
    raise exception 'registration status must be pendente, aprovado or bloqueado' using errcode = '22023';
  end if;
  select registration_status into v_old from doctors where id = p_doctor_id for update;
  if v_old is null then return jsonb_build_object('ok', false, 'reason', 'not_found'); end if;
  if v_old <> p_status then
    update doctors set registration_status = p_status where id = p_doctor_id;
    insert into business_events (event_type, doctor_id, props, created_at)
    values ('registration_changed', p_doctor_id, jsonb_build_object('from', v_old, 'to', p_status, 'actor', p_actor), p_now);
  end if;
  return jsonb_build_object('ok', true, 'from', v_old, 'to', p_status, 'changed', v_old <> p_status);
end $$;

-- The evaluation harness prepares doctors the way a company would have them:
-- registered, unless the scenario says otherwise. Replaces 0140's version.
create or replace function eval_prepare_doctor(p_phone text, p_doctor jsonb) returns jsonb
language plpgsql as $$
declare
  v_id uuid;
begin
  insert into doctors (phone, name, specialty_id, city, region, preferences, whatsapp_lid, registration_status)
  values (
    p_phone,
    p_doctor->>'name',
    (select id from specialties where slug = coalesce(p_doctor->>'specialty', 'clinica-medica')),
    p_doctor->>'city',
    p_doctor->>'region',
    coalesce(p_doctor->'preferences', '{}'::jsonb),
    p_doctor->>'lid',
    coalesce(p_doctor->>'registration_status', 'aprovado')
  )
  on conflict (phone) do update set
    preferences = coalesce(excluded.preferences, doctors.preferences),
    whatsapp_lid = coalesce(excluded.whatsapp_lid, doctors.whatsapp_lid),
    registration_status = excluded.registration_status
  returning id into v_id;
  insert into doctor_state (doctor_id, permission_state, cooling_off_until)
  values (v_id, coalesce(p_doctor->>'permission_state', 'opted_in'), (p_doctor->>'cooling_off_until')::timestamptz)
  on conflict (doctor_id) do update set
    permission_state = excluded.permission_state,
    cooling_off_until = excluded.cooling_off_until;
  return jsonb_build_object('id', v_id);
end;
$$;

select revoke_api_roles();
