-- Conversation quality (issue 14): what `julia eval` reads to score a
-- scenario, and how it prepares a doctor's state before the first turn.

-- Sets up a doctor for an evaluation scenario: creates him if needed (as the
-- inbound path would) and applies the scenario's state. Used only by the eval
-- harness on a throwaway database.
create or replace function eval_prepare_doctor(p_phone text, p_doctor jsonb) returns jsonb
language plpgsql as $$
declare
  v_id uuid;
begin
  insert into doctors (phone, name, specialty_id, city, region, preferences, whatsapp_lid)
  values (
    p_phone,
    p_doctor->>'name',
    (select id from specialties where slug = coalesce(p_doctor->>'specialty', 'clinica-medica')),
    p_doctor->>'city',
    p_doctor->>'region',
    coalesce(p_doctor->'preferences', '{}'::jsonb),
    p_doctor->>'lid'
  )
  on conflict (phone) do update set
    preferences = coalesce(excluded.preferences, doctors.preferences),
    whatsapp_lid = coalesce(excluded.whatsapp_lid, doctors.whatsapp_lid)
  returning id into v_id;
  insert into doctor_state (doctor_id, permission_state, cooling_off_until)
  values (v_id, coalesce(p_doctor->>'permission_state', 'opted_in'), (p_doctor->>'cooling_off_until')::timestamptz)
  on conflict (doctor_id) do update set
    permission_state = excluded.permission_state,
    cooling_off_until = excluded.cooling_off_until;
  return jsonb_build_object('id', v_id);
end;
$$;

-- What happened to one doctor, as the database says: the scorer checks these,
-- not what the model claimed.
create or replace function eval_outcome(p_phone text) returns jsonb
language sql stable as $$
  with d as (select id from doctors where phone = p_phone)
  select jsonb_build_object(
    'doctorId', (select id from d),
    'permissionState', (select permission_state from doctor_state where doctor_id = (select id from d)),
    'reservations', coalesce((
      select jsonb_agg(jsonb_build_object(
        'date', to_char(s.starts_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD'),
        'hospital', h.name) order by s.starts_at)
      from shifts s join hospitals h on h.id = s.hospital_id
      where s.reserved_by = (select id from d) and s.status in ('reserved', 'pending_confirmation')), '[]'::jsonb),
    'reminders', coalesce((
      select jsonb_agg(to_char(r.remind_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD"T"HH24:MI') order by r.remind_at)
      from reminders r where r.doctor_id = (select id from d) and r.status = 'scheduled'), '[]'::jsonb),
    'humanControlled', coalesce((
      select bool_or(c.controlled_by = 'human') from conversations c where c.doctor_id = (select id from d)), false),
    'conversations', (select count(*) from conversations c where c.doctor_id = (select id from d))
  )
$$;

-- Only the service role may call the functions above (see 0001).
select revoke_api_roles();
