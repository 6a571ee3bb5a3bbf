-- Fill plans: every open shift starting within the horizon gets a plan
-- that offers it, in waves, to the best-ranked doctors until it is reserved,
-- cancelled or starts. docs/decisions/0295-fill-plans.md. Times come in as p_now
-- from the application clock, except where a trigger reacts to a shift's change.

create table fill_plans (
  shift_id uuid primary key references shifts(id) on delete cascade,
  status text not null default 'active' check (status in ('active', 'filled', 'cancelled', 'expired', 'off')),
  wave int not null default 0,
  next_wave_at timestamptz,
  started_at timestamptz not null default now(),
  stopped_at timestamptz,
  filled_at timestamptz,
  filled_by uuid references doctors(id),
  alerted_at timestamptz
);
create index fill_plans_due_idx on fill_plans (next_wave_at) where status = 'active';

create table fill_offers (
  id uuid primary key default gen_random_uuid(),
  shift_id uuid not null references shifts(id) on delete cascade,
  doctor_id uuid not null references doctors(id) on delete cascade,
  wave int not null,
  score numeric not null,
  -- {part: {value, reason}}: what a manager reads when asking "por que o Dr. X?".
  score_parts jsonb not null default '{}'::jsonb,
  status text not null default 'planned'
    check (status in ('planned', 'sent', 'blocked', 'withdrawn', 'accepted', 'refused', 'expired')),
  outbound_key text unique,
  -- A sent offer stays open until then (the wave spacing, never past the shift's start).
  expires_at timestamptz,
  rule text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  answered_at timestamptz,
  withdrawn_at timestamptz,
  unique (shift_id, doctor_id)
);
-- "One open offer per doctor" and the planner's exclusion read this.
create index fill_offers_open_idx on fill_offers (doctor_id) where status in ('planned', 'sent');
create index fill_offers_answered_idx on fill_offers (doctor_id) where status in ('accepted', 'refused', 'expired');
create index if not exists doctors_specialty_idx on doctors (specialty_id);

create table fill_hospital_settings (
  hospital_id uuid primary key references hospitals(id) on delete cascade,
  enabled boolean not null,
  updated_by text not null,
  updated_at timestamptz not null default now()
);

-- The global switch. On by default: the issue's point is that Júlia fills shifts on
-- her own; a company that does not want it switches it off (Slack, CLI, flag).
insert into feature_flags (key, value) values ('fill_plans', '{"enabled": true}') on conflict (key) do nothing;

create or replace function fill_offer_key(p_shift_id uuid, p_doctor_id uuid) returns text
language sql immutable parallel safe as $$
  select 'fill:' || p_shift_id || ':' || p_doctor_id
$$;

create or replace function fill_hospital_enabled(p_hospital_id uuid) returns boolean
language sql stable as $$
  select coalesce((select enabled from fill_hospital_settings where hospital_id = p_hospital_id), true)
$$;

-- ---------------------------------------------------------------- stopping

-- Every way a shift stops being open (reservar_plantao, Slack, import, cancel, a
-- reservation given back) passes through its row: the plan follows in the same
-- transaction, so no path can forget it. The reserving doctor's offer is accepted;
-- every other offer not yet answered is withdrawn, and a queued one is blocked at
-- send time by outbound_reserve_checked (it re-reads the offer under the phone lock).
create or replace function fill_on_shift_change() returns trigger
language plpgsql as $$
declare v_at timestamptz := coalesce(new.reserved_at, now());
begin
  if old.status = 'open' and new.status <> 'open' then
    update fill_plans set
      status = case when new.status = 'cancelled' then 'cancelled' else 'filled' end,
      stopped_at = v_at,
      filled_at = case when new.status = 'cancelled' then null else v_at end,
      filled_by = case when new.status = 'cancelled' then null else new.reserved_by end,
      next_wave_at = null
    where shift_id = new.id and status in ('active', 'off');
    update fill_offers set status = 'accepted', answered_at = v_at
    where shift_id = new.id and doctor_id = new.reserved_by and new.status <> 'cancelled'
      and status in ('planned', 'sent', 'expired', 'blocked');
    update fill_offers set status = 'withdrawn', withdrawn_at = v_at
    where shift_id = new.id and status in ('planned', 'sent');
  elsif old.status <> 'open' and new.status = 'open' then
    -- A reservation given back: the shift needs a doctor again.
    update fill_plans set status = 'active', stopped_at = null, filled_at = null, filled_by = null, next_wave_at = now()
    where shift_id = new.id and status = 'filled';
  end if;
  return new;
end $$;

create trigger shifts_fill_plan after update of status on shifts
  for each row when (old.status is distinct from new.status) execute function fill_on_shift_change();

-- ---------------------------------------------------------------- reading

create or replace function fill_asked(p_shift_id uuid) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(jsonb_build_object('doctor_id', o.doctor_id, 'name', d.name, 'status', o.status,
           'wave', o.wave, 'score', o.score, 'sent_at', o.sent_at) order by o.wave, o.score desc), '[]'::jsonb)
  from fill_offers o join doctors d on d.id = o.doctor_id
  where o.shift_id = p_shift_id
$$;

-- Each urgent shift (active or switched-off plan, or open in the horizon with no plan
-- yet: plan_status null), its wave, offers sent, answers and time left.
create or replace function fill_status(p_now timestamptz, p_horizon_days int default 20) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(jsonb_build_object(
      'shift_id', s.id, 'hospital', h.name, 'specialty', sp.name, 'starts_at', s.starts_at,
      'wave', coalesce(p.wave, 0),
      'offers_sent', (select count(*) from fill_offers o where o.shift_id = s.id and o.sent_at is not null),
      'answers', jsonb_build_object(
        'accepted', (select count(*) from fill_offers o where o.shift_id = s.id and o.status = 'accepted'),
        'refused', (select count(*) from fill_offers o where o.shift_id = s.id and o.status = 'refused'),
        'pending', (select count(*) from fill_offers o where o.shift_id = s.id and o.status = 'sent')),
      'hours_left', round((extract(epoch from s.starts_at - p_now) / 3600)::numeric, 1),
      'plan_status', p.status,
      'next_wave_at', p.next_wave_at,
      'asked', fill_asked(s.id)) order by s.starts_at, s.id), '[]'::jsonb)
  from shifts s
  join hospitals h on h.id = s.hospital_id
  join specialties sp on sp.id = s.specialty_id
  left join fill_plans p on p.shift_id = s.id
  where s.status = 'open' and s.starts_at > p_now and s.starts_at <= p_now + make_interval(days => p_horizon_days)
    and (p.status is null or p.status in ('active', 'off'))
$$;

create or replace function fill_offer_explain(p_shift_id uuid, p_doctor_id uuid) returns jsonb
language sql stable as $$
  select jsonb_build_object('score', o.score, 'parts', o.score_parts, 'status', o.status, 'wave', o.wave, 'sent_at', o.sent_at)
  from fill_offers o where o.shift_id = p_shift_id and o.doctor_id = p_doctor_id
$$;

-- Plans started in [since, until) whose shift was not cancelled. Time to fill counts
-- from the plan's start (when Júlia began working on the shift), not the shift's creation.
create or replace function fill_metrics(p_since timestamptz, p_until timestamptz) returns jsonb
language sql stable as $$
  with p as (
    select p.*, s.starts_at,
      (select count(*) from fill_offers o where o.shift_id = p.shift_id and o.sent_at is not null) as sent
    from fill_plans p join shifts s on s.id = p.shift_id
    where p.started_at >= p_since and p.started_at < p_until and p.status <> 'cancelled'
  )
  select jsonb_build_object(
    'shifts', (select count(*) from p),
    'filled', (select count(*) from p where status = 'filled'),
    'fill_rate', (select case when count(*) = 0 then null
                   else round(count(*) filter (where status = 'filled')::numeric / count(*), 4) end from p),
    'median_time_to_fill_s', (select percentile_cont(0.5) within group (order by extract(epoch from filled_at - started_at))
                              from p where status = 'filled'),
    'offers_per_filled_shift', (select round(avg(sent), 2) from p where status = 'filled'),
    'median_lead_hours', (select percentile_cont(0.5) within group (order by extract(epoch from starts_at - filled_at) / 3600)
                          from p where status = 'filled'))
$$;

-- Per-hospital switch (the global one is the fill_plans flag). Plans of that hospital
-- follow at once: on -> active again (a wave is due now), off -> 'off'.
create or replace function fill_set_enabled(p_hospital_id uuid, p_enabled boolean, p_actor text, p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare v_plans int;
begin
  if p_hospital_id is null then
    raise exception 'fill_set_enabled: hospital required (the global switch is the fill_plans flag)' using errcode = '22023';
  end if;
  insert into fill_hospital_settings (hospital_id, enabled, updated_by, updated_at)
  values (p_hospital_id, p_enabled, p_actor, p_now)
  on conflict (hospital_id) do update set enabled = excluded.enabled, updated_by = excluded.updated_by, updated_at = excluded.updated_at;
  update fill_plans p set status = case when p_enabled then 'active' else 'off' end,
    next_wave_at = case when p_enabled then p_now else p.next_wave_at end
  from shifts s
  where s.id = p.shift_id and s.hospital_id = p_hospital_id and p.status = case when p_enabled then 'off' else 'active' end;
  get diagnostics v_plans = row_count;
  insert into business_events (event_type, props, created_at)
  values ('fill_hospital_switched', jsonb_build_object('hospital_id', p_hospital_id, 'enabled', p_enabled, 'actor', p_actor, 'plans', v_plans), p_now);
  return jsonb_build_object('hospital_id', p_hospital_id, 'enabled', p_enabled, 'plans_changed', v_plans);
end $$;

create or replace function fill_hospital_settings_list() returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(jsonb_build_object('hospital_id', f.hospital_id, 'hospital', h.name, 'enabled', f.enabled,
           'updated_by', f.updated_by, 'updated_at', f.updated_at) order by h.name), '[]'::jsonb)
  from fill_hospital_settings f join hospitals h on h.id = f.hospital_id
$$;

-- Shifts still open within N hours of their start whose plan has not alerted yet,
-- with the doctors already asked (the managers' 24 h alert).
create or replace function fill_due_alerts(p_now timestamptz, p_before_hours int) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(jsonb_build_object(
      'shift_id', s.id, 'hospital', h.name, 'specialty', sp.name, 'starts_at', s.starts_at,
      'hours_left', round((extract(epoch from s.starts_at - p_now) / 3600)::numeric, 1),
      'plan_status', p.status, 'wave', coalesce(p.wave, 0), 'asked', fill_asked(s.id)) order by s.starts_at, s.id), '[]'::jsonb)
  from shifts s
  join hospitals h on h.id = s.hospital_id
  join specialties sp on sp.id = s.specialty_id
  left join fill_plans p on p.shift_id = s.id
  where s.status = 'open' and s.starts_at > p_now and s.starts_at <= p_now + make_interval(hours => p_before_hours)
    and (p.shift_id is null or (p.alerted_at is null and p.status in ('active', 'off')))
$$;

-- Once only: the first caller marks it (a plan is created, switched off by its
-- hospital's setting when need be, if the planner has not reached the shift yet).
create or replace function fill_mark_alerted(p_shift_id uuid, p_now timestamptz) returns jsonb
language plpgsql as $$
declare v_marked int;
begin
  insert into fill_plans (shift_id, status, next_wave_at, started_at)
  select s.id, case when fill_hospital_enabled(s.hospital_id) then 'active' else 'off' end, p_now, p_now
  from shifts s where s.id = p_shift_id and s.status = 'open'
  on conflict (shift_id) do nothing;
  update fill_plans set alerted_at = p_now where shift_id = p_shift_id and alerted_at is null;
  get diagnostics v_marked = row_count;
  return jsonb_build_object('marked', v_marked > 0);
end $$;

select revoke_api_roles();
