-- Júlia starts conversations (spec 5.5, 6): the due-reminder scan, the
-- follow-up cadence, shift confirmation, the daily policy jobs, alerts and
-- period reports. Every function takes p_now from the application clock so
-- the schedules are testable with a fixed clock.

-- ---------------------------------------------------------------- tables

-- One row per silent conversation: where the silence started (Júlia's last
-- message before it) and how many follow-up steps were taken since.
create table followups (
  conversation_id uuid primary key references conversations(id) on delete cascade,
  doctor_id uuid not null references doctors(id) on delete cascade,
  anchor_at timestamptz not null,
  stage integer not null default 0,
  last_at timestamptz,
  updated_at timestamptz not null default now()
);
create trigger followups_touch before update on followups for each row execute function touch_updated_at();

-- Post-shift confirmation (spec 5.5): asked once, reminded once, escalated once.
create table shift_confirmations (
  shift_id uuid primary key references shifts(id) on delete cascade,
  doctor_id uuid not null references doctors(id) on delete cascade,
  conversation_id uuid references conversations(id),
  ends_at timestamptz not null,
  ask_after timestamptz not null,
  asked_at timestamptz,
  reminded_at timestamptz,
  escalated_at timestamptz,
  answered_at timestamptz,
  outcome text check (outcome in ('completed', 'not_completed')),
  note text,
  created_at timestamptz not null default now()
);
create index shift_confirmations_open_idx on shift_confirmations (ask_after) where answered_at is null;

-- A shift the doctor says did not happen keeps its reservation for the record.
alter table shifts drop constraint shifts_status_check;
alter table shifts add constraint shifts_status_check
  check (status in ('open', 'reserved', 'pending_confirmation', 'completed', 'not_completed', 'cancelled'));
alter table shifts drop constraint shifts_check1;
alter table shifts add constraint shifts_reserved_check
  check ((status = 'open') = (reserved_by is null) or status in ('cancelled', 'not_completed'));

create index conversations_silent_idx on conversations (last_outbound_at)
  where status = 'active' and controlled_by = 'julia';

-- ---------------------------------------------------------------- reminders

-- Reminders due now, for the 1-minute scan (survives a lost delayed job).
-- Opted-out doctors' reminders are cancelled here; reminders later than the
-- lateness window are marked failed (and reported), never sent hours late.
create or replace function reminders_due(p_now timestamptz, p_late interval default interval '12 hours', p_limit int default 200)
returns jsonb language plpgsql as $$
declare cancelled jsonb; late jsonb; due jsonb;
begin
  with c as (
    update reminders r set status = 'cancelled'
     where r.status = 'scheduled' and r.remind_at <= p_now
       and exists (select 1 from doctor_state s where s.doctor_id = r.doctor_id and s.permission_state = 'opted_out')
    returning r.id)
  select coalesce(jsonb_agg(id), '[]'::jsonb) into cancelled from c;
  with l as (
    update reminders r set status = 'failed'
     where r.status = 'scheduled' and r.remind_at < p_now - p_late
    returning r.id, r.doctor_id, r.remind_at)
  select coalesce(jsonb_agg(jsonb_build_object('id', id, 'doctorId', doctor_id, 'remindAt', remind_at)), '[]'::jsonb) into late from l;
  select coalesce(jsonb_agg(jsonb_build_object('id', r.id, 'doctorId', r.doctor_id, 'conversationId', r.conversation_id,
           'remindAt', r.remind_at, 'message', r.message) order by r.remind_at), '[]'::jsonb) into due
    from (select * from reminders where status = 'scheduled' and remind_at <= p_now order by remind_at limit p_limit) r;
  return jsonb_build_object('due', due, 'cancelled', cancelled, 'late', late);
end $$;

-- ---------------------------------------------------------------- follow-ups

-- Conversations where Júlia spoke last and the doctor went quiet, with the step
-- that is due now. Read-only: the job enqueues with a key derived from
-- (conversation, anchor, stage) and then calls followup_advance, so a crash in
-- between re-enqueues the same key (a no-op) instead of skipping or doubling.
-- Steps: 0 = 48 h after Júlia's last message, 1 = 5 days later with a shift,
-- 2 = 15 days later, 3 = three days on, pause the doctor 60 days (cooling-off).
create or replace function followups_due(p_now timestamptz, p_limit int default 500)
returns jsonb language plpgsql as $$
begin
  -- A silence that is new, or restarted because the doctor answered, starts over.
  insert into followups (conversation_id, doctor_id, anchor_at, stage, last_at)
  select c.id, c.doctor_id, c.last_outbound_at, 0, null
    from conversations c
   where c.status = 'active' and c.controlled_by = 'julia' and c.last_outbound_at is not null
     and c.last_outbound_at > coalesce(c.last_inbound_at, '-infinity'::timestamptz)
  on conflict (conversation_id) do update set anchor_at = excluded.anchor_at, stage = 0, last_at = null
   where followups.anchor_at < coalesce((select last_inbound_at from conversations where id = followups.conversation_id), '-infinity'::timestamptz);
  -- He answered: the cadence stops.
  delete from followups f using conversations c
   where c.id = f.conversation_id and c.last_inbound_at is not null and c.last_inbound_at > f.anchor_at;

  return coalesce((
    select jsonb_agg(jsonb_build_object(
      'conversationId', f.conversation_id, 'doctorId', f.doctor_id, 'anchorAt', f.anchor_at, 'stage', f.stage,
      'name', d.name,
      'shift', case when f.stage = 1 then followup_fit_shift(f.doctor_id, p_now) end))
    from (
      select f.* from followups f
      join conversations c on c.id = f.conversation_id
      left join doctor_state s on s.doctor_id = f.doctor_id
      where c.status = 'active' and c.controlled_by = 'julia'
        and coalesce(s.permission_state, 'opted_in') = 'opted_in'
        and f.stage <= 3
        and p_now >= case f.stage
              when 0 then f.anchor_at + interval '48 hours'
              when 1 then f.last_at + interval '5 days'
              when 2 then f.last_at + interval '15 days'
              -- The pause waits a few days so a third message deferred by pacing still goes out.
              else f.last_at + interval '3 days' end
      order by f.anchor_at
      limit p_limit) f
    join doctors d on d.id = f.doctor_id), '[]'::jsonb);
end $$;

-- A real open shift that fits the doctor: his specialty, in the future, not
-- clashing with his reservations, his region first.
create or replace function followup_fit_shift(p_doctor_id uuid, p_now timestamptz) returns jsonb
language sql stable as $$
  select agent_shift_json(s.id)
    from shifts s join hospitals h on h.id = s.hospital_id, doctors d
   where d.id = p_doctor_id and s.status = 'open' and s.starts_at > p_now + interval '12 hours'
     and d.specialty_id is not null and s.specialty_id = d.specialty_id
     and not agent_clashes(p_doctor_id, s.starts_at, s.ends_at)
   order by (d.region is not null and fold(coalesce(h.region, '')) = fold(d.region)) desc, s.starts_at
   limit 1
$$;

-- The step was enqueued (or skipped): advance once. Conditional on the stage
-- and anchor, so two workers or a retry advance it once. Step 3 pauses him.
create or replace function followup_advance(p_conversation_id uuid, p_anchor_at timestamptz, p_stage int, p_now timestamptz)
returns jsonb language plpgsql as $$
declare f followups;
begin
  update followups set stage = p_stage + 1, last_at = p_now
   where conversation_id = p_conversation_id and anchor_at = p_anchor_at and stage = p_stage
  returning * into f;
  if not found then return jsonb_build_object('advanced', false); end if;
  if p_stage = 3 then
    perform doctor_state_set_permission(f.doctor_id, 'cooling_off', 'followup_no_answer', p_now + interval '60 days', 'julia', p_now);
  end if;
  return jsonb_build_object('advanced', true, 'stage', f.stage);
end $$;

-- A specific shift was offered to a doctor (buscar_vagas, a follow-up): one
-- offer_made event per conversation, shift and São Paulo day.
create or replace function offer_made_record(p_doctor_id uuid, p_conversation_id uuid, p_shift_ids uuid[], p_via text, p_now timestamptz)
returns jsonb language plpgsql as $$
declare n int;
begin
  with ins as (
    insert into business_events (event_type, doctor_id, conversation_id, shift_id, props, dedupe_key, created_at)
    select 'offer_made', p_doctor_id, p_conversation_id, sid, jsonb_build_object('via', p_via),
           'offer_made:' || p_conversation_id || ':' || sid || ':' || agent_sp_date(p_now), p_now
      from unnest(coalesce(p_shift_ids, '{}')) sid
    on conflict (dedupe_key) do nothing
    returning 1)
  select count(*) into n from ins;
  return jsonb_build_object('recorded', n);
end $$;

-- ---------------------------------------------------------------- shift confirmation (spec 5.5)

-- Hourly: reserved shifts that ended go to pending confirmation (once, with a
-- shift_confirmation_due event); returns the asks, reminders and escalations due.
-- The ask waits 4 h after the end so a doctor off a night shift can rest.
create or replace function shift_confirmation_scan(p_now timestamptz, p_rest interval default interval '4 hours')
returns jsonb language plpgsql as $$
declare escalate jsonb;
begin
  with ended as (
    update shifts set status = 'pending_confirmation'
     where status = 'reserved' and ends_at <= p_now and reserved_by is not null
    returning id, reserved_by, ends_at),
  rows as (
    insert into shift_confirmations (shift_id, doctor_id, conversation_id, ends_at, ask_after)
    select e.id, e.reserved_by, (agent_conversation_open(e.reserved_by) ->> 'id')::uuid, e.ends_at, e.ends_at + p_rest from ended e
    on conflict (shift_id) do nothing
    returning shift_id, doctor_id, conversation_id)
  insert into business_events (event_type, doctor_id, conversation_id, shift_id, dedupe_key, created_at)
  select 'shift_confirmation_due', doctor_id, conversation_id, shift_id, 'shift_confirmation_due:' || shift_id, p_now from rows
  on conflict (dedupe_key) do nothing;

  -- Claimed here so the managers hear about a silent doctor once.
  with e as (
    update shift_confirmations set escalated_at = p_now
     where answered_at is null and escalated_at is null and asked_at is not null and asked_at <= p_now - interval '48 hours'
    returning shift_id, doctor_id)
  select coalesce(jsonb_agg(jsonb_build_object('shiftId', e.shift_id, 'doctorId', e.doctor_id, 'shift', agent_shift_json(e.shift_id))), '[]'::jsonb)
    into escalate from e;

  return jsonb_build_object(
    'ask', coalesce((select jsonb_agg(jsonb_build_object('shiftId', sc.shift_id, 'doctorId', sc.doctor_id,
             'conversationId', sc.conversation_id, 'name', d.name, 'shift', agent_shift_json(sc.shift_id)))
           from shift_confirmations sc join doctors d on d.id = sc.doctor_id
           where sc.answered_at is null and sc.asked_at is null and sc.ask_after <= p_now), '[]'::jsonb),
    'remind', coalesce((select jsonb_agg(jsonb_build_object('shiftId', sc.shift_id, 'doctorId', sc.doctor_id,
             'conversationId', sc.conversation_id, 'name', d.name, 'shift', agent_shift_json(sc.shift_id)))
           from shift_confirmations sc join doctors d on d.id = sc.doctor_id
           where sc.answered_at is null and sc.reminded_at is null and sc.escalated_at is null
             and sc.asked_at is not null and sc.asked_at <= p_now - interval '24 hours'), '[]'::jsonb),
    'escalate', escalate);
end $$;

create or replace function shift_confirmation_mark(p_shift_id uuid, p_step text, p_now timestamptz)
returns jsonb language plpgsql as $$
begin
  if p_step = 'ask' then
    update shift_confirmations set asked_at = p_now where shift_id = p_shift_id and asked_at is null;
  else
    update shift_confirmations set reminded_at = p_now where shift_id = p_shift_id and reminded_at is null;
  end if;
  return jsonb_build_object('marked', found);
end $$;

-- The doctor's answer (confirmar_plantao): which pending shift (by São Paulo
-- date, or the only / latest one), then completed or not_completed with its
-- event. A second answer finds nothing pending (the first one stands).
create or replace function shift_confirmation_answer(p_doctor_id uuid, p_conversation_id uuid, p_date text,
                                                      p_completed boolean, p_note text, p_now timestamptz)
returns jsonb language plpgsql as $$
declare s shifts; v_outcome text := case when p_completed then 'completed' else 'not_completed' end;
begin
  if not agent_owns_conversation(p_doctor_id, p_conversation_id) then
    return jsonb_build_object('ok', false, 'error', 'forbidden');
  end if;
  select * into s from shifts
   where reserved_by = p_doctor_id and status = 'pending_confirmation' and starts_at <= p_now
     and (p_date is null or agent_sp_date(starts_at) = p_date or agent_sp_date(ends_at) = p_date)
   order by ends_at desc limit 1 for update;
  if not found then
    return jsonb_build_object('ok', false, 'error', 'nenhum_plantao_pendente');
  end if;
  update shifts set status = v_outcome where id = s.id;
  insert into shift_confirmations (shift_id, doctor_id, conversation_id, ends_at, ask_after)
  values (s.id, p_doctor_id, p_conversation_id, s.ends_at, s.ends_at) on conflict (shift_id) do nothing;
  update shift_confirmations set answered_at = p_now, outcome = v_outcome, note = left(p_note, 500)
   where shift_id = s.id;
  insert into business_events (event_type, doctor_id, conversation_id, shift_id, props, dedupe_key, created_at)
  values ('shift_' || v_outcome, p_doctor_id, p_conversation_id, s.id, '{}'::jsonb, 'shift_confirmed:' || s.id, p_now)
  on conflict (dedupe_key) do nothing;
  return jsonb_build_object('ok', true, 'outcome', v_outcome, 'shift', agent_shift_json(s.id));
end $$;

-- ---------------------------------------------------------------- contact policy jobs

-- A firm no or a grave complaint: cooling-off until p_until. Never softens an
-- opt-out, never shortens a longer pause; repeated complaints in one pause are
-- one event.
create or replace function doctor_state_cool_off(p_doctor_id uuid, p_reason text, p_until timestamptz, p_now timestamptz)
returns jsonb language plpgsql as $$
declare s doctor_state;
begin
  insert into doctor_state (doctor_id) values (p_doctor_id) on conflict (doctor_id) do nothing;
  select * into s from doctor_state where doctor_id = p_doctor_id for update;
  if s.permission_state = 'opted_out'
     or (s.permission_state = 'cooling_off' and coalesce(s.cooling_off_until, 'infinity'::timestamptz) >= p_until - interval '1 day') then
    return to_jsonb(s) || jsonb_build_object('changed', false);
  end if;
  return doctor_state_set_permission(p_doctor_id, 'cooling_off', p_reason, p_until, 'julia', p_now);
end $$;

-- Daily 06:00: cooling-off periods that ran out end (with their event).
create or replace function policy_expire_pauses(p_now timestamptz)
returns jsonb language plpgsql as $$
declare r record; n int := 0;
begin
  for r in select doctor_id from doctor_state
            where permission_state = 'cooling_off' and cooling_off_until is not null and cooling_off_until <= p_now
            for update skip locked loop
    perform doctor_state_set_permission(r.doctor_id, 'opted_in', 'cooling_off_expired', null, 'system', p_now);
    n := n + 1;
  end loop;
  return jsonb_build_object('expired', n);
end $$;

-- Daily 03:00: every doctor has a state row; the 7-day proactive counter is
-- recomputed from the sends themselves (the source of truth), set-based.
create or replace function doctor_state_maintenance(p_now timestamptz)
returns jsonb language plpgsql as $$
declare created int; fixed int;
begin
  with i as (insert into doctor_state (doctor_id) select id from doctors on conflict (doctor_id) do nothing returning 1)
  select count(*) into created from i;
  with counts as (
    select s.doctor_id, count(m.id)::int as n, min(m.sent_at) as first_at
      from doctor_state s
      left join outbound_messages m on m.doctor_id = s.doctor_id and m.status = 'sent' and m.proactive
                                    and m.sent_at > p_now - interval '7 days' and m.sent_at <= p_now
     group by s.doctor_id),
  u as (
    update doctor_state s set contact_count_7d = c.n, contact_window_started_at = c.first_at
      from counts c
     where c.doctor_id = s.doctor_id
       and (s.contact_count_7d is distinct from c.n or s.contact_window_started_at is distinct from c.first_at)
    returning 1)
  select count(*) into fixed from u;
  return jsonb_build_object('created', created, 'recounted', fixed);
end $$;

-- ---------------------------------------------------------------- alerts and reports

-- The last window's sends and model turns, for the 15-minute alert job.
create or replace function ops_alert_stats(p_since timestamptz, p_now timestamptz)
returns jsonb language sql stable as $$
  select jsonb_build_object(
    'sends', (select count(*) from outbound_messages where updated_at > p_since and updated_at <= p_now and status in ('sent', 'blocked', 'deduped', 'bypass')),
    'blocked', (select count(*) from outbound_messages where updated_at > p_since and updated_at <= p_now and status = 'blocked'),
    'turns', (select count(*) from agent_turns where created_at > p_since and created_at <= p_now),
    'modelFailures', (select count(*) from agent_turns where created_at > p_since and created_at <= p_now and error is not null))
$$;

-- A period report (spec 6, 4x/day): contacts, responses, reservations,
-- hand-offs, opt-outs and blocks by rule.
create or replace function ops_report(p_from timestamptz, p_to timestamptz)
returns jsonb language sql stable as $$
  with contacted as (
    select doctor_id, min(sent_at) as first_at from outbound_messages
     where status = 'sent' and sent_at >= p_from and sent_at < p_to and doctor_id is not null group by doctor_id),
  answered as (
    select c.doctor_id from contacted c
     where exists (select 1 from interactions i where i.doctor_id = c.doctor_id and i.direction = 'inbound'
                     and i.occurred_at > c.first_at and i.occurred_at < p_to))
  select jsonb_build_object(
    'from', p_from, 'to', p_to,
    'doctorsContacted', (select count(*) from contacted),
    'doctorsAnswered', (select count(*) from answered),
    'responseRate', case when (select count(*) from contacted) = 0 then null
                         else round((select count(*) from answered)::numeric / (select count(*) from contacted), 3) end,
    'reservations', (select count(*) from business_events where event_type = 'offer_accepted' and created_at >= p_from and created_at < p_to),
    'handoffs', (select count(*) from business_events where event_type = 'handoff' and created_at >= p_from and created_at < p_to),
    'optOuts', (select count(*) from business_events where event_type = 'permission_changed' and props->>'to' = 'opted_out'
                  and created_at >= p_from and created_at < p_to),
    'shiftsCompleted', (select count(*) from business_events where event_type = 'shift_completed' and created_at >= p_from and created_at < p_to),
    'blockedByRule', coalesce((select jsonb_object_agg(rule, n) from (
        select coalesce(rule, 'unknown') as rule, count(*) as n from outbound_messages
         where status = 'blocked' and updated_at >= p_from and updated_at < p_to group by 1) b), '{}'::jsonb))
$$;

-- Only the service role may call the functions above (see 0001).
select revoke_api_roles();
