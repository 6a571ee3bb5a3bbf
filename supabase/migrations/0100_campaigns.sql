-- Campaigns (spec 5.3): a campaign, its audience as SQL, one send record per
-- doctor, pacing handled by the dispatcher, outcomes read back from the
-- outbound wrapper's own record (outbound_messages) by idempotency key.
-- Times come in as p_now from the application clock.

create table campaigns (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(trim(name)) > 0),
  type text not null check (type in ('prospeccao', 'oferta', 'reativacao', 'followup', 'custom')),
  status text not null default 'draft'
    check (status in ('draft', 'scheduled', 'running', 'paused', 'completed', 'cancelled')),
  template text not null check (length(trim(template)) > 0),
  opener text,
  personalize boolean not null default false,
  audience jsonb not null default '{}'::jsonb,
  shift_id uuid references shifts(id),
  created_by text not null default 'system',
  starts_at timestamptz,
  -- Planning resumes from here after a crash (doctor ids are planned in id order).
  plan_cursor uuid,
  planned_at timestamptz,
  started_at timestamptz,
  finished_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index campaigns_active_idx on campaigns (status, starts_at) where status in ('scheduled', 'running', 'paused', 'cancelled');
create trigger campaigns_touch before update on campaigns for each row execute function touch_updated_at();

-- queued -> dispatched (outbound job enqueued) -> sent | blocked, each once;
-- dispatched -> queued when a pause withdrew the job before it ran; queued -> skipped on cancel.
create table campaign_sends (
  id bigint generated always as identity primary key,
  -- No foreign keys: rows are only written by campaign_plan_batch from rows that exist,
  -- and a per-row RI check made planning 100,000 sends about half again slower.
  campaign_id uuid not null,
  doctor_id uuid not null,
  status text not null default 'queued' check (status in ('queued', 'dispatched', 'sent', 'blocked', 'skipped')),
  instance text,
  rule text,
  dispatched_at timestamptz,
  settled_at timestamptz,
  unique (campaign_id, doctor_id)
);
-- The wrapper's idempotency key of a send: per campaign and doctor, derived rather than stored
-- (no second unique index to maintain while planning 100,000 rows).
create or replace function campaign_send_key(p_campaign_id uuid, p_doctor_id uuid) returns text
language sql immutable parallel safe as $$
  select 'campaign:' || p_campaign_id || ':' || p_doctor_id
$$;

create index campaign_sends_status_idx on campaign_sends (campaign_id, status, id);
create index campaign_sends_dispatched_idx on campaign_sends (dispatched_at) where status = 'dispatched';
create index campaign_sends_doctor_idx on campaign_sends (doctor_id, settled_at) where status = 'sent';

create or replace function campaign_json(c campaigns) returns jsonb
language sql stable as $$
  select to_jsonb(c) - 'plan_cursor'
$$;

create or replace function campaign_create(p_campaign jsonb) returns jsonb
language plpgsql as $$
declare
  v jsonb := jsonb_arg(p_campaign);
  c campaigns;
begin
  insert into campaigns (name, type, template, opener, personalize, audience, shift_id, created_by)
  values (v->>'name', v->>'type', v->>'template', nullif(v->>'opener', ''), coalesce((v->>'personalize')::boolean, false),
          coalesce(v->'audience', '{}'::jsonb), nullif(v->>'shift_id', '')::uuid, coalesce(v->>'created_by', 'system'))
  returning * into c;
  return campaign_json(c);
end $$;

create or replace function campaign_get(p_campaign_id uuid) returns jsonb
language sql stable as $$
  select campaign_json(c) from campaigns c where c.id = p_campaign_id
$$;

create or replace function campaign_list(p_limit integer default 50) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(campaign_json(c) order by c.created_at desc), '[]'::jsonb)
  from (select * from campaigns order by created_at desc limit p_limit) c
$$;

create or replace function campaign_running() returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(campaign_json(c) order by c.started_at, c.id), '[]'::jsonb)
  from campaigns c where c.status = 'running'
$$;

-- Operator actions. Returns {ok, campaign, from}; ok=false when the transition is not allowed.
-- The row lock serialises an action with the dispatcher's claim (campaign_claim_sends).
create or replace function campaign_transition(p_campaign_id uuid, p_action text, p_now timestamptz default now(), p_at timestamptz default null)
returns jsonb
language plpgsql as $$
declare
  c campaigns;
  v_from text;
  v_to text;
begin
  select * into c from campaigns where id = p_campaign_id for update;
  if not found then return jsonb_build_object('ok', false, 'error', 'not_found'); end if;
  v_from := c.status;
  v_to := case
    when p_action = 'start' and v_from = 'draft' then 'scheduled'
    when p_action = 'pause' and v_from in ('scheduled', 'running') then 'paused'
    when p_action = 'resume' and v_from = 'paused' then case when c.planned_at is null then 'scheduled' else 'running' end
    when p_action = 'cancel' and v_from in ('draft', 'scheduled', 'running', 'paused') then 'cancelled'
    when p_action = 'run' and v_from = 'scheduled' then 'running'
    when p_action = 'complete' and v_from = 'running' then 'completed'
  end;
  if v_to is null then
    return jsonb_build_object('ok', false, 'error', 'invalid_transition', 'from', v_from, 'campaign', campaign_json(c));
  end if;
  update campaigns set
    status = v_to,
    starts_at = case when p_action = 'start' then coalesce(p_at, p_now) else starts_at end,
    started_at = case when v_to = 'running' then coalesce(started_at, p_now) else started_at end,
    finished_at = case when v_to in ('completed', 'cancelled') then p_now else finished_at end
  where id = p_campaign_id returning * into c;
  if v_to = 'cancelled' then
    update campaign_sends set status = 'skipped', settled_at = p_now where campaign_id = p_campaign_id and status = 'queued';
  end if;
  return jsonb_build_object('ok', true, 'from', v_from, 'campaign', campaign_json(c));
end $$;

-- Scheduled campaigns whose time has come (the dispatcher plans and runs them).
create or replace function campaign_due(p_now timestamptz default now()) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(campaign_json(c) order by c.starts_at), '[]'::jsonb)
  from campaigns c where c.status = 'scheduled' and c.starts_at <= p_now
$$;

-- Who the campaign may reach (spec 5.3): the operator's filters, and never the
-- opted-out, a doctor cooling off, one a person is talking to, or one contacted
-- in the last `recent_days` (default 3). The wrapper re-checks all of it at send time.
create or replace function campaign_audience(p_audience jsonb, p_now timestamptz, p_after uuid, p_limit integer)
returns table (doctor_id uuid)
language sql stable as $$
  with a as (select jsonb_arg(p_audience) as v)
  select d.id
  from a, doctors d
  left join doctor_state s on s.doctor_id = d.id
  where (p_after is null or d.id > p_after)
    and (a.v->>'specialty' is null or d.specialty_id = (select sp.id from specialties sp where sp.slug = a.v->>'specialty'))
    and (a.v->>'region' is null or fold(d.region) = fold(a.v->>'region'))
    and (a.v->>'city' is null or fold(d.city) = fold(a.v->>'city'))
    and coalesce(s.permission_state, 'opted_in') <> 'opted_out'
    and not (coalesce(s.permission_state, 'opted_in') = 'cooling_off' and (s.cooling_off_until is null or s.cooling_off_until > p_now))
    and (a.v->'permission_states' is null or coalesce(s.permission_state, 'opted_in') in (select jsonb_array_elements_text(a.v->'permission_states')))
    and not exists (select 1 from conversations c where c.doctor_id = d.id and c.status = 'active' and c.controlled_by = 'human')
    and coalesce(greatest(s.last_outbound_at, s.last_proactive_at, s.last_inbound_at), '-infinity')
        < p_now - make_interval(days => coalesce((a.v->>'recent_days')::int, 3))
    -- Last contact: inactive for at least N days (reactivation) or never contacted (prospecting).
    and (a.v->>'inactive_days' is null or coalesce(greatest(s.last_outbound_at, s.last_inbound_at), '-infinity')
         < p_now - make_interval(days => (a.v->>'inactive_days')::int))
    and (coalesce((a.v->>'never_contacted')::boolean, false) = false
         or (s.last_outbound_at is null and s.last_inbound_at is null))
  order by d.id
  limit p_limit
$$;

-- One set-based batch of send records: insert ... select from the audience,
-- at most one per doctor per campaign (the unique key), resumable by cursor.
create or replace function campaign_plan_batch(p_campaign_id uuid, p_now timestamptz default now(), p_limit integer default 20000)
returns jsonb
language plpgsql as $$
declare
  c campaigns;
  v_inserted integer;
  v_last uuid;
  v_seen integer;
begin
  select * into c from campaigns where id = p_campaign_id for update;
  if not found or c.status <> 'scheduled' then return jsonb_build_object('ok', false, 'status', c.status); end if;
  if c.planned_at is not null then return jsonb_build_object('ok', true, 'done', true, 'inserted', 0); end if;
  with b as (
    select a.doctor_id from campaign_audience(c.audience, p_now, c.plan_cursor, p_limit) a
  ), ins as (
    insert into campaign_sends (campaign_id, doctor_id)
    select c.id, b.doctor_id from b
    on conflict do nothing
    returning 1
  )
  select (select count(*) from b), (select count(*) from ins), (select b.doctor_id from b order by b.doctor_id desc limit 1)
  into v_seen, v_inserted, v_last;
  update campaigns set plan_cursor = coalesce(v_last, plan_cursor),
    planned_at = case when v_seen < p_limit then p_now else null end
  where id = c.id;
  return jsonb_build_object('ok', true, 'done', v_seen < p_limit, 'inserted', v_inserted);
end $$;

-- Read the wrapper's decisions back: each dispatched record settles exactly once
-- (the status guard), then a running campaign with nothing left completes.
create or replace function campaign_sync(p_now timestamptz default now()) returns jsonb
language plpgsql as $$
declare
  v_settled integer;
  v_completed integer;
begin
  update campaign_sends cs set
    status = case when om.status in ('sent', 'bypass') then 'sent' else 'blocked' end,
    rule = case when om.status in ('sent', 'bypass') then null else coalesce(om.rule, om.status) end,
    settled_at = coalesce(om.sent_at, om.updated_at)
  from outbound_messages om
  where cs.status = 'dispatched' and om.idempotency_key = campaign_send_key(cs.campaign_id, cs.doctor_id)
    and om.status in ('sent', 'bypass', 'blocked', 'failed', 'deduped');
  get diagnostics v_settled = row_count;
  with done as (
    update campaigns c set status = 'completed', finished_at = p_now
    where c.status = 'running' and c.planned_at is not null
      and not exists (select 1 from campaign_sends s where s.campaign_id = c.id and s.status in ('queued', 'dispatched'))
    returning 1
  ) select count(*) into v_completed from done;
  return jsonb_build_object('settled', v_settled, 'completed', v_completed);
end $$;

-- Sends the dispatcher handed to the outbound queue that have not settled, per
-- instance: they will take a rate slot when they run. Older ones are stuck
-- (a job failed for good) and stop counting.
create or replace function campaign_inflight(p_since timestamptz) returns jsonb
language sql stable as $$
  select coalesce(jsonb_object_agg(coalesce(instance, ''), n), '{}'::jsonb)
  from (select instance, count(*) n from campaign_sends where status = 'dispatched' and dispatched_at >= p_since group by instance) x
$$;

-- The next sends of a running campaign, marked dispatched in the same statement.
-- FOR SHARE on the campaign waits for (and then sees) a concurrent pause.
create or replace function campaign_claim_sends(p_campaign_id uuid, p_limit integer, p_now timestamptz default now())
returns jsonb
language plpgsql as $$
declare
  v_status text;
  v_out jsonb;
begin
  select status into v_status from campaigns where id = p_campaign_id for share;
  if v_status is distinct from 'running' or p_limit <= 0 then return '[]'::jsonb; end if;
  with picked as (
    select id from campaign_sends
    where campaign_id = p_campaign_id and status = 'queued'
    order by id limit p_limit
    for update skip locked
  ), upd as (
    update campaign_sends cs set status = 'dispatched', dispatched_at = p_now
    from picked where cs.id = picked.id
    returning cs.*
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'id', u.id, 'doctor_id', u.doctor_id, 'outbound_key', campaign_send_key(u.campaign_id, u.doctor_id),
    'name', d.name, 'city', d.city, 'region', d.region, 'specialty', sp.name,
    'last_instance', (select c.instance from conversations c where c.doctor_id = u.doctor_id and c.status = 'active')
  ) order by u.id), '[]'::jsonb) into v_out
  from upd u join doctors d on d.id = u.doctor_id left join specialties sp on sp.id = d.specialty_id;
  return v_out;
end $$;

-- Which number each claimed send leaves from (the dispatcher's pacing decision).
create or replace function campaign_assign_instances(p_rows jsonb) returns jsonb
language sql as $$
  with r as (select * from jsonb_to_recordset(jsonb_arg(p_rows)) as x(id bigint, instance text)),
  u as (update campaign_sends cs set instance = r.instance from r where cs.id = r.id and cs.status = 'dispatched' returning 1)
  select jsonb_build_object('updated', (select count(*) from u))
$$;

-- Dispatched, unsettled sends: of one campaign; or of campaigns no longer running (a pause
-- or cancel raced the queue); or, with p_before/p_since, those to re-enqueue after a crash.
create or replace function campaign_dispatched(p_campaign_id uuid default null, p_before timestamptz default null,
  p_limit integer default 1000, p_since timestamptz default null)
returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(to_jsonb(x) order by x.id), '[]'::jsonb)
  from (
    select cs.id, cs.campaign_id, c.status as campaign_status, cs.doctor_id,
           campaign_send_key(cs.campaign_id, cs.doctor_id) as outbound_key, cs.instance, cs.dispatched_at,
           d.name, d.city, d.region, sp.name as specialty
    from campaign_sends cs
    join campaigns c on c.id = cs.campaign_id
    join doctors d on d.id = cs.doctor_id
    left join specialties sp on sp.id = d.specialty_id
    where cs.status = 'dispatched'
      and (p_campaign_id is null or cs.campaign_id = p_campaign_id)
      and (p_before is null or cs.dispatched_at < p_before)
      and (p_since is null or cs.dispatched_at >= p_since)
      and (p_campaign_id is not null or p_before is not null or c.status in ('paused', 'cancelled'))
    order by cs.id
    limit p_limit
  ) x
$$;

-- A withdrawn job never ran: its record goes back to queued (paused) or skipped (cancelled),
-- unless the wrapper already decided it (then campaign_sync settles it).
create or replace function campaign_release_sends(p_keys text[], p_now timestamptz default now()) returns jsonb
language sql as $$
  with u as (
    update campaign_sends cs set
      status = case when c.status = 'cancelled' then 'skipped' else 'queued' end,
      dispatched_at = null, instance = null,
      settled_at = case when c.status = 'cancelled' then p_now end
    from campaigns c
    where c.id = cs.campaign_id and cs.status = 'dispatched'
      and (cs.campaign_id, cs.doctor_id) in (
        select split_part(k, ':', 2)::uuid, split_part(k, ':', 3)::uuid from unnest(p_keys) k where k like 'campaign:%')
      and not exists (select 1 from outbound_messages om where om.idempotency_key = campaign_send_key(cs.campaign_id, cs.doctor_id))
    returning 1
  ) select jsonb_build_object('released', (select count(*) from u))
$$;

-- Progress (spec 5.3): planned, sent, blocked by rule, replied within 7 days of the send.
create or replace function campaign_progress(p_campaign_id uuid) returns jsonb
language sql stable as $$
  with s as (select * from campaign_sends where campaign_id = p_campaign_id)
  select jsonb_build_object(
    'campaign_id', p_campaign_id,
    'status', (select status from campaigns where id = p_campaign_id),
    'planned', (select count(*) from s),
    'queued', (select count(*) from s where status = 'queued'),
    'dispatched', (select count(*) from s where status = 'dispatched'),
    'sent', (select count(*) from s where status = 'sent'),
    'blocked', (select count(*) from s where status = 'blocked'),
    'skipped', (select count(*) from s where status = 'skipped'),
    'blocked_by_rule', (select coalesce(jsonb_object_agg(rule, n), '{}'::jsonb)
                        from (select coalesce(rule, 'unknown') rule, count(*) n from s where status = 'blocked' group by 1) r),
    'replied', (select count(*) from s where s.status = 'sent' and exists (
                  select 1 from interactions i where i.doctor_id = s.doctor_id and i.direction = 'inbound'
                    and i.created_at > s.settled_at and i.created_at <= s.settled_at + interval '7 days'))
  )
$$;

-- Which campaign a doctor's message answers: the latest one sent to him in the 7 days before it.
create or replace function campaign_attribution(p_doctor_id uuid, p_at timestamptz default now()) returns jsonb
language sql stable as $$
  select coalesce((
    select jsonb_build_object('campaign_id', cs.campaign_id, 'sent_at', cs.settled_at)
    from campaign_sends cs
    where cs.doctor_id = p_doctor_id and cs.status = 'sent'
      and cs.settled_at <= p_at and cs.settled_at > p_at - interval '7 days'
    order by cs.settled_at desc limit 1), 'null'::jsonb)
$$;

-- Only the service role may call the functions above (see 0001).
select revoke_api_roles();
