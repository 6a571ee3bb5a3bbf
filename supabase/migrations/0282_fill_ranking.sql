-- Fill plans: ranking, waves, settling (docs/decisions/0295-fill-plans.md).
-- Ranking is one query per shift over a pool built once per run (fill_candidates).
-- Doctors whose score differs only by the shift-independent part are grouped, and each
-- group's best few are read in index order, so a shift reads a few hundred rows whatever
-- the number of doctors; only the wave's top rows get their Portuguese reasons built.

-- History at the hospital and specialty, read by key for each shift.
create index if not exists shifts_hospital_reserved_idx on shifts (hospital_id, specialty_id, reserved_by) where reserved_by is not null;
-- The clash check reads only the reservations that can clash.
create index if not exists shifts_reserved_span_idx on shifts (starts_at, ends_at)
  where reserved_by is not null and status in ('reserved', 'pending_confirmation');

-- What the doctor said (memories mirrored into preferences.detectadas) about this
-- hospital or this period: a restriction weighs more than a liking.
create or replace function fill_memory_points(p_detected jsonb, p_hospital_folded text, p_period text) returns numeric
language sql immutable as $$
  select coalesce(sum(case
      when e->>'tipo' = 'restricao' and (position(p_hospital_folded in fold(e->>'informacao')) > 0 or position(p_period in fold(e->>'informacao')) > 0) then -15
      when e->>'tipo' = 'preferencia' and position(p_hospital_folded in fold(e->>'informacao')) > 0 then 6
      when e->>'tipo' = 'preferencia' and position(p_period in fold(e->>'informacao')) > 0 then 3
      else 0 end), 0)
  from jsonb_array_elements(case when jsonb_typeof(p_detected) = 'array' then p_detected else '[]'::jsonb end) e
$$;

create or replace function fill_pref_reason(p jsonb, p_period text, p_dow text, p_region text, p_slug text, p_value_cents int) returns text
language sql immutable as $$
  select coalesce(nullif(concat_ws('; ',
    case when p->>'periodo' = p_period then 'prefere plantão ' || p_period when p->>'periodo' is not null then 'prefere plantão ' || (p->>'periodo') end,
    case when jsonb_typeof(p->'dias_semana') = 'array' then
      case when p->'dias_semana' ? p_dow then 'gosta de plantão neste dia da semana' else 'não costuma pegar plantão neste dia' end end,
    case when jsonb_typeof(p->'regioes') = 'array' and p->'regioes' ? coalesce(p_region, '') then 'a região do hospital está entre as preferidas' end,
    case when jsonb_typeof(p->'hospitais_preferidos') = 'array' and p->'hospitais_preferidos' ? p_slug then 'hospital preferido dele' end,
    case when (p->>'valor_minimo') ~ '^[0-9]+$' and (p->>'valor_minimo')::bigint > p_value_cents then 'valor abaixo do mínimo que ele pede' end), ''),
    'nenhuma preferência cadastrada que pese')
$$;

-- aceitacao + recencia + pendentes: what the score reads that does not depend on the shift.
create or replace function fill_acc_points(a int, r int, x int) returns numeric
language sql immutable as $$
  select case when a + r + x = 0 then 0 else round(((a + 1.0) / (a + r + x + 2) - 0.5) * 30, 1) end
$$;
create or replace function fill_rec_points(p_inbound timestamptz, p_proactive timestamptz, p_now timestamptz) returns int
language sql immutable as $$
  select (case when p_inbound > p_now - interval '30 days' then 5 else 0 end
          + case when p_proactive > p_now - interval '3 days' then -6 else 0 end)
$$;
create or replace function fill_base_points(a int, r int, x int, ignored int, p_inbound timestamptz, p_proactive timestamptz, p_now timestamptz)
returns numeric language sql immutable as $$
  select fill_acc_points(a, r, x) + fill_rec_points(p_inbound, p_proactive, p_now) - 4 * ignored
$$;

-- The candidate pool of one run: every doctor who may be contacted now, whatever the
-- shift (permission, cooling-off, R2 pacing, the 7-day cap, a person in control,
-- registration), with the shift-independent facts the score reads. Built once per run
-- (fill_candidates_refresh) so each shift's ranking reads a narrow table by specialty
-- instead of joining doctors, their state, conversations and sends again. A change
-- between two builds (a doctor opting out mid-run) is caught by the wrapper at send time.
create unlogged table fill_candidates (
  doctor_id uuid primary key,
  specialty_id uuid not null,
  region_l text,
  city_l text,
  region text,
  preferences jsonb,
  last_inbound_at timestamptz,
  last_proactive_at timestamptz,
  a int not null default 0,
  r int not null default 0,
  x int not null default 0,
  ignored int not null default 0,
  -- Breaks ties between equal scores, mixed with each shift's own number (no doctor always first).
  jitter int not null default 0,
  -- Holds an open fill offer (one at a time): set at the build and by each wave's insert.
  busy boolean not null default false,
  -- The shift-independent parts (aceitacao + recencia + pendentes), summed once per build.
  base numeric not null default 0,
  -- The stated preferences the score reads, parsed once per build instead of per shift.
  pref_period text,
  pref_days text[],
  pref_regions text[],
  pref_hospitals text[],
  pref_min_cents bigint,
  pref_hours int,
  has_memories boolean not null default false,
  -- The stated preferences above as one value: doctors with equal keys score alike.
  pref_key text not null default ''
);
-- Outside history and memories, a doctor scores 50 + base + preferencias + regiao, and
-- the last two depend only on (region, city, pref_key) and the shift: within one such
-- group the best are the highest base, read in index order (fill_rank).
create index fill_candidates_group_idx
  on fill_candidates (specialty_id, coalesce(region_l, ''), coalesce(city_l, ''), pref_key, base desc, jitter)
  where not busy and not has_memories;
create index fill_candidates_memories_idx on fill_candidates (specialty_id) where has_memories and not busy;
-- The groups of the current pool, per specialty.
create unlogged table fill_candidate_groups (
  specialty_id uuid not null,
  region_k text not null,
  city_k text not null,
  pref_key text not null,
  primary key (specialty_id, region_k, city_k, pref_key)
);
create table fill_candidates_built (
  id boolean primary key default true check (id),
  built_at timestamptz not null,
  registration_required boolean not null
);

create or replace function fill_candidates_refresh(p_now timestamptz, p_registration_required boolean default true) returns jsonb
language plpgsql as $$
declare v_n int;
begin
  perform pg_advisory_xact_lock(hashtext('fill:waves'));
  delete from fill_candidates;
  insert into fill_candidates (doctor_id, specialty_id, region_l, city_l, region, preferences, last_inbound_at, last_proactive_at, a, r, x, ignored, jitter, busy, base,
      pref_period, pref_days, pref_regions, pref_hospitals, pref_min_cents, pref_hours, has_memories)
  select d.id, d.specialty_id, lower(d.region), lower(d.city), d.region,
    case when d.preferences = '{}'::jsonb then null else d.preferences end,
    st.last_inbound_at, st.last_proactive_at,
    coalesce(acc.a, 0), coalesce(acc.r, 0), coalesce(acc.x, 0), coalesce(acc.ignored, 0), hashtext(d.id::text),
    exists (select 1 from fill_offers o where o.doctor_id = d.id and o.status in ('planned', 'sent')),
    fill_base_points(coalesce(acc.a, 0)::int, coalesce(acc.r, 0)::int, coalesce(acc.x, 0)::int, coalesce(acc.ignored, 0)::int, st.last_inbound_at, st.last_proactive_at, p_now),
    d.preferences->>'periodo',
    case when jsonb_typeof(d.preferences->'dias_semana') = 'array' then array(select jsonb_array_elements_text(d.preferences->'dias_semana')) end,
    case when jsonb_typeof(d.preferences->'regioes') = 'array' then array(select jsonb_array_elements_text(d.preferences->'regioes')) end,
    case when jsonb_typeof(d.preferences->'hospitais_preferidos') = 'array' then array(select jsonb_array_elements_text(d.preferences->'hospitais_preferidos')) end,
    case when (d.preferences->>'valor_minimo') ~ '^[0-9]+$' then (d.preferences->>'valor_minimo')::bigint end,
    case when (d.preferences->>'duracao') ~ '^[0-9]+$' then (d.preferences->>'duracao')::int end,
    d.preferences ? 'detectadas'
  from doctors d
  left join doctor_state st on st.doctor_id = d.id
  left join (
    select o.doctor_id,
      count(*) filter (where o.status = 'accepted') as a,
      count(*) filter (where o.status = 'refused') as r,
      count(*) filter (where o.status = 'expired') as x,
      count(*) filter (where o.status = 'expired' and o.sent_at > p_now - interval '7 days') as ignored
    from fill_offers o where o.status in ('accepted', 'refused', 'expired') group by o.doctor_id) acc on acc.doctor_id = d.id
  where d.specialty_id is not null and d.phone is not null and d.erased_at is null
    and (not p_registration_required or d.registration_status = 'aprovado')
    and coalesce(st.permission_state, 'opted_in') <> 'opted_out'
    and not (coalesce(st.permission_state, 'opted_in') = 'cooling_off' and (st.cooling_off_until is null or st.cooling_off_until > p_now))
    and (st.next_allowed_at is null or st.next_allowed_at <= p_now)
    and not exists (select 1 from conversations c where c.doctor_id = d.id and c.status = 'active' and c.controlled_by = 'human')
    and not exists (select 1 from (
        select m.doctor_id from outbound_messages m
        where m.proactive and m.doctor_id is not null
          and ((m.status = 'sent' and m.sent_at > p_now - interval '7 days' and m.sent_at <= p_now)
               or (m.status = 'reserved' and m.created_at > p_now - interval '7 days'))
        group by m.doctor_id having count(*) >= 3) capped where capped.doctor_id = d.id);
  get diagnostics v_n = row_count;
  -- Equal stated preferences, one key (arrays as given: different orders only make more groups).
  update fill_candidates set pref_key = md5(row(pref_period, pref_days, pref_regions, pref_hospitals, pref_min_cents, pref_hours)::text)
  where preferences is not null;
  delete from fill_candidate_groups;
  insert into fill_candidate_groups (specialty_id, region_k, city_k, pref_key)
  select distinct c.specialty_id, coalesce(c.region_l, ''), coalesce(c.city_l, ''), c.pref_key from fill_candidates c where not c.has_memories;
  -- Fresh statistics, or the planner reads the rebuilt pool with the empty table's.
  analyze fill_candidates;
  analyze fill_candidate_groups;
  insert into fill_candidates_built (built_at, registration_required) values (p_now, p_registration_required)
  on conflict (id) do update set built_at = excluded.built_at, registration_required = excluded.registration_required;
  return jsonb_build_object('candidates', v_n);
end $$;

-- The pool is rebuilt when it is from another minute than p_now (or another rule set).
create or replace function fill_candidates_ensure(p_now timestamptz, p_registration_required boolean) returns void
language plpgsql as $$
begin
  if not exists (select 1 from fill_candidates_built b
                 where b.built_at <= p_now and b.built_at > p_now - interval '1 minute'
                   and b.registration_required = p_registration_required) then
    perform fill_candidates_refresh(p_now, p_registration_required);
  end if;
end $$;

-- Who may be offered this shift now, best first, with the score and its parts: the pool
-- of the shift's specialty not holding an open fill offer (the pool's busy flag, kept by
-- every wave), less what is checked live for each shift: any earlier offer of this shift
-- (a refusal included) and a reservation that clashes. The shift is read once into
-- variables, so each read is planned with the shift's own values.
create or replace function fill_rank(p_shift_id uuid, p_now timestamptz, p_limit int)
returns table (doctor_id uuid, score numeric, parts jsonb)
language plpgsql stable as $$
#variable_conflict use_column
declare v record;
begin
  select sh.id, sh.hospital_id, sh.specialty_id, sh.starts_at, sh.ends_at, sh.period, sh.duration_hours, sh.value_cents,
    h.region as h_region, lower(h.region) as h_region_l, lower(h.city) as h_city_l, h.slug as h_slug, fold(h.name) as h_name,
    (array['dom','seg','ter','qua','qui','sex','sab'])[1 + extract(dow from sh.starts_at at time zone 'America/Sao_Paulo')::int] as dow,
    hashtext(sh.id::text) as salt
  into v
  from shifts sh join hospitals h on h.id = sh.hospital_id where sh.id = p_shift_id;
  if not found then return; end if;
  return query
  with busy as (
    select o.doctor_id from fill_offers o where o.shift_id = p_shift_id
    union select r.reserved_by from shifts r
      where r.reserved_by is not null and r.status in ('reserved', 'pending_confirmation')
        and r.starts_at < v.ends_at and r.ends_at > v.starts_at
  ), hist as (
    select r.reserved_by as doctor_id, count(*) as here
    from shifts r
    where r.hospital_id = v.hospital_id and r.specialty_id = v.specialty_id and r.reserved_by is not null
      and r.status in ('reserved', 'pending_confirmation', 'completed') and r.id <> v.id
    group by r.reserved_by
  ), pool as (
    -- History at the hospital and memories depend on the doctor: read in full (few rows).
    select c.* from hist join fill_candidates c on c.doctor_id = hist.doctor_id
    where c.specialty_id = v.specialty_id and not c.busy
    union all
    select c.* from fill_candidates c
    where c.specialty_id = v.specialty_id and c.has_memories and not c.busy
      and c.doctor_id not in (select doctor_id from hist)
    -- Everyone else: the best few of each (region, city, preferences) group.
    union all
    select t.* from fill_candidate_groups g
    cross join lateral (
      select c.* from fill_candidates c
      where c.specialty_id = g.specialty_id and coalesce(c.region_l, '') = g.region_k and coalesce(c.city_l, '') = g.city_k
        and c.pref_key = g.pref_key and not c.has_memories and not c.busy
        and c.doctor_id not in (select doctor_id from hist) and not exists (select 1 from busy b where b.doctor_id = c.doctor_id)
      order by c.base desc, c.jitter limit p_limit) t
    where g.specialty_id = v.specialty_id
  ), scored as (
    select c.doctor_id as id, c.jitter # v.salt as tie, c.region, c.preferences, c.last_inbound_at, c.last_proactive_at,
      coalesce(h.here, 0) as here, c.a, c.r, c.x, c.ignored,
      least(coalesce(h.here, 0), 5) * 4 as p_hist,
      -- fill_acc_points and fill_rec_points written out: a function with its own
      -- search_path is not inlined, and calling it for every scored row is most of the cost.
      case when c.a + c.r + c.x = 0 then 0 else round(((c.a + 1.0) / (c.a + c.r + c.x + 2) - 0.5) * 30, 1) end as p_acc,
      case when c.preferences is null then 0 else
      (case when c.pref_period is null then 0 when c.pref_period = v.period then 5 else -5 end
       + case when c.pref_days is null then 0 when v.dow = any(c.pref_days) then 4 else -4 end
       + case when v.h_region = any(c.pref_regions) then 5 else 0 end
       + case when v.h_slug = any(c.pref_hospitals) then 8 else 0 end
       + case when c.pref_min_cents > v.value_cents then -25 else 0 end
       + case when c.pref_hours = v.duration_hours then 2 else 0 end) end as p_pref,
      case when c.has_memories then fill_memory_points(c.preferences->'detectadas', v.h_name, v.period) else 0 end as p_mem,
      case when c.region_l = v.h_region_l then 10 when c.city_l = v.h_city_l then 4 else 0 end as p_reg,
      (case when c.last_inbound_at > p_now - interval '30 days' then 5 else 0 end
       + case when c.last_proactive_at > p_now - interval '3 days' then -6 else 0 end) as p_rec,
      -4 * c.ignored as p_pend,
      v.h_region as h_region, v.period as period, v.value_cents as value_cents, v.h_slug as h_slug, v.dow as dow
    from pool c
    left join hist h on h.doctor_id = c.doctor_id
    where not exists (select 1 from busy b where b.doctor_id = c.doctor_id)
  ), top as (
    select *, 50 + p_hist + p_acc + p_pref + p_mem + p_reg + p_rec + p_pend as total
    from scored
    order by total desc, tie, id
    limit p_limit
  )
  select t.id, t.total,
    jsonb_build_object(
      'historico', jsonb_build_object('value', t.p_hist, 'reason',
        case when t.here = 0 then 'nunca fez plantão desta especialidade neste hospital'
             else 'já fez ' || t.here || ' plantão(ões) desta especialidade neste hospital' end),
      'aceitacao', jsonb_build_object('value', t.p_acc, 'reason',
        case when t.a + t.r + t.x = 0 then 'sem histórico de ofertas'
             else 'aceitou ' || t.a || ', recusou ' || t.r || ' e não respondeu ' || t.x || ' oferta(s)' end),
      'preferencias', jsonb_build_object('value', t.p_pref, 'reason', fill_pref_reason(coalesce(t.preferences, '{}'::jsonb), t.period, t.dow, t.h_region, t.h_slug, t.value_cents)),
      'memorias', jsonb_build_object('value', t.p_mem, 'reason',
        case when t.p_mem > 0 then 'disse que gosta deste hospital ou turno' when t.p_mem < 0 then 'disse que não quer este hospital ou turno'
             else 'nada dito sobre este hospital ou turno' end),
      'regiao', jsonb_build_object('value', t.p_reg, 'reason',
        case when t.p_reg = 10 then 'mora na mesma região do hospital (' || coalesce(t.h_region, '?') || ')'
             when t.p_reg = 4 then 'mora na mesma cidade do hospital' else 'mora em outra região (' || coalesce(t.region, 'não informada') || ')' end),
      'recencia', jsonb_build_object('value', t.p_rec, 'reason',
        case when t.last_proactive_at > p_now - interval '3 days' then 'recebeu mensagem nossa há menos de 3 dias'
             when t.last_inbound_at > p_now - interval '30 days' then 'conversou conosco nos últimos 30 dias'
             else 'sem contato recente' end),
      'pendentes', jsonb_build_object('value', t.p_pend, 'reason',
        case when t.ignored = 0 then 'nenhuma oferta sem resposta nos últimos 7 dias'
             else t.ignored || ' oferta(s) sem resposta nos últimos 7 dias' end))
  from top t
  order by t.total desc, t.tie, t.id;
end $$;


-- ---------------------------------------------------------------- plans

-- Plans for every open shift in the horizon (switched off where its hospital is), plans
-- whose shift started expire, sent offers past their time expire, and planned offers
-- take the wrapper's decision (read back by idempotency key).
create or replace function fill_plan_sync(p_now timestamptz, p_horizon_days int default 20) returns jsonb
language plpgsql as $$
declare v_created int; v_expired int; v_sent int; v_blocked int; v_lapsed int;
begin
  insert into fill_plans (shift_id, status, next_wave_at, started_at)
  select s.id, case when fill_hospital_enabled(s.hospital_id) then 'active' else 'off' end, p_now, p_now
  from shifts s
  where s.status = 'open' and s.starts_at > p_now and s.starts_at <= p_now + make_interval(days => p_horizon_days)
    and not exists (select 1 from fill_plans p where p.shift_id = s.id)
  on conflict (shift_id) do nothing;
  get diagnostics v_created = row_count;

  with e as (
    update fill_plans p set status = 'expired', stopped_at = p_now, next_wave_at = null
    from shifts s where s.id = p.shift_id and p.status in ('active', 'off') and s.starts_at <= p_now
    returning p.shift_id
  ), w as (
    update fill_offers o set status = case when o.status = 'planned' then 'withdrawn' else 'expired' end,
      withdrawn_at = case when o.status = 'planned' then p_now else o.withdrawn_at end
    from e where o.shift_id = e.shift_id and o.status in ('planned', 'sent')
    returning 1
  )
  select count(*) into v_expired from e;

  update fill_offers set status = 'expired' where status = 'sent' and expires_at <= p_now;
  get diagnostics v_lapsed = row_count;

  update fill_offers o set status = 'sent', sent_at = m.sent_at
  from outbound_messages m
  where m.idempotency_key = o.outbound_key and o.status = 'planned' and m.status in ('sent', 'bypass');
  get diagnostics v_sent = row_count;
  update fill_offers o set status = 'blocked', rule = coalesce(m.rule, m.status)
  from outbound_messages m
  where m.idempotency_key = o.outbound_key and o.status = 'planned' and m.status in ('blocked', 'failed', 'deduped');
  get diagnostics v_blocked = row_count;
  -- Withdrawn by a stop while its send was already under way: it did reach the doctor.
  update fill_offers o set sent_at = m.sent_at
  from outbound_messages m
  where m.idempotency_key = o.outbound_key and o.status = 'withdrawn' and o.sent_at is null and m.status in ('sent', 'bypass');
  return jsonb_build_object('created', v_created, 'expired', v_expired, 'lapsed', v_lapsed, 'sent', v_sent, 'blocked', v_blocked);
end $$;

-- Active plans whose next wave is due, most urgent first.
create or replace function fill_due(p_now timestamptz, p_limit int default 2000) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(jsonb_build_object('shift_id', x.shift_id, 'starts_at', x.starts_at) order by x.starts_at, x.shift_id), '[]'::jsonb)
  from (
    select p.shift_id, s.starts_at from fill_plans p join shifts s on s.id = p.shift_id
    where p.status = 'active' and p.next_wave_at <= p_now and s.status = 'open' and s.starts_at > p_now
    order by s.starts_at, p.shift_id limit p_limit) x
$$;

create or replace function fill_offer_json(p_shift_id uuid, p_doctor_id uuid, p_key text, p_score numeric, p_wave int) returns jsonb
language sql stable as $$
  select jsonb_build_object('shift_id', p_shift_id, 'doctor_id', p_doctor_id, 'outbound_key', p_key, 'score', p_score,
    'wave', p_wave, 'name', d.name, 'city', d.city, 'region', d.region, 'specialty', sp.name)
  from doctors d left join specialties sp on sp.id = d.specialty_id where d.id = p_doctor_id
$$;

-- The next wave of one plan: claimed under the plan's row lock (a second worker skips
-- it), due and open re-checked, ranked and inserted as planned offers in the same
-- transaction. Waves of different plans are serialised (one advisory lock) so two
-- plans never both pick a doctor who may have only one open offer.
create or replace function fill_plan_wave(p_shift_id uuid, p_now timestamptz, p_size int, p_spacing_s int, p_ttl_s int,
  p_registration_required boolean default true)
returns jsonb language plpgsql as $$
declare p fill_plans; s shifts; v_offers jsonb;
begin
  select * into p from fill_plans where shift_id = p_shift_id for update skip locked;
  if not found then return jsonb_build_object('ok', false, 'reason', 'busy'); end if;
  if p.status <> 'active' or p.next_wave_at is null or p.next_wave_at > p_now then
    return jsonb_build_object('ok', false, 'reason', 'not_due');
  end if;
  select * into s from shifts where id = p_shift_id;
  if s.status <> 'open' or s.starts_at <= p_now then return jsonb_build_object('ok', false, 'reason', 'not_open'); end if;
  perform pg_advisory_xact_lock(hashtext('fill:waves'));
  perform fill_candidates_ensure(p_now, p_registration_required);
  with ins as (
    insert into fill_offers (shift_id, doctor_id, wave, score, score_parts, outbound_key, expires_at, created_at)
    select p_shift_id, r.doctor_id, p.wave + 1, r.score, r.parts, fill_offer_key(p_shift_id, r.doctor_id),
      least(s.starts_at, p_now + make_interval(secs => p_ttl_s)), p_now
    from fill_rank(p_shift_id, p_now, p_size) r
    on conflict do nothing
    returning *
  )
  select coalesce(jsonb_agg(fill_offer_json(ins.shift_id, ins.doctor_id, ins.outbound_key, ins.score, ins.wave) order by ins.score desc), '[]'::jsonb) into v_offers from ins;
  update fill_candidates set busy = true
  where doctor_id = any(array(select (e->>'doctor_id')::uuid from jsonb_array_elements(v_offers) e));
  update fill_plans set wave = wave + case when jsonb_array_length(v_offers) > 0 then 1 else 0 end,
    next_wave_at = p_now + make_interval(secs => p_spacing_s)
  where shift_id = p_shift_id;
  return jsonb_build_object('ok', true, 'wave', p.wave + case when jsonb_array_length(v_offers) > 0 then 1 else 0 end, 'offers', v_offers);
end $$;

-- Planned offers the wrapper has no record of yet, older than p_before: their job may
-- have been lost (a crash between the wave's commit and the enqueue). Enqueuing again
-- with the same key and job id is a no-op when the job exists.
create or replace function fill_unsent(p_before timestamptz, p_limit int default 500) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(fill_offer_json(o.shift_id, o.doctor_id, o.outbound_key, o.score, o.wave) order by o.created_at, o.id), '[]'::jsonb)
  from (select o.* from fill_offers o
        where o.status = 'planned' and o.created_at <= p_before
          and not exists (select 1 from outbound_messages m where m.idempotency_key = o.outbound_key)
        order by o.created_at, o.id limit p_limit) o
$$;

-- Offers a stop withdrew whose job may still be queued (no wrapper record yet).
create or replace function fill_withdrawable(p_since timestamptz, p_limit int default 1000) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(o.outbound_key), '[]'::jsonb)
  from (select o.outbound_key from fill_offers o
        where o.status = 'withdrawn' and o.sent_at is null and o.withdrawn_at >= p_since
          and not exists (select 1 from outbound_messages m where m.idempotency_key = o.outbound_key)
        limit p_limit) o
$$;

-- ---------------------------------------------------------------- the doctor's answer

-- Before a turn: the fill offers that reached this doctor (still open) join the
-- conversation's offered list, so the model can reserve one by its ref; a refusal
-- marks them refused (that shift is never offered to him again).
create or replace function fill_offer_context(p_doctor_id uuid, p_conversation_id uuid, p_refused boolean, p_now timestamptz)
returns jsonb language plpgsql as $$
declare v_ids uuid[]; v_refs jsonb := '{}'::jsonb; v_refused int := 0;
begin
  update fill_offers o set status = 'sent', sent_at = m.sent_at
  from outbound_messages m
  where o.doctor_id = p_doctor_id and o.status = 'planned' and m.idempotency_key = o.outbound_key and m.status in ('sent', 'bypass');
  select array_agg(o.shift_id order by o.sent_at) into v_ids
  from fill_offers o join shifts s on s.id = o.shift_id
  where o.doctor_id = p_doctor_id and o.status = 'sent' and s.status = 'open';
  if v_ids is null then return jsonb_build_object('offers', '[]'::jsonb, 'refused', 0); end if;
  if exists (select 1 from conversations c where c.id = p_conversation_id and c.doctor_id = p_doctor_id) then
    v_refs := agent_remember_offered(p_conversation_id, v_ids, p_now);
  end if;
  if p_refused then
    update fill_offers set status = 'refused', answered_at = p_now
    where doctor_id = p_doctor_id and status = 'sent' and shift_id = any(v_ids);
    get diagnostics v_refused = row_count;
  end if;
  return jsonb_build_object('offers', (select jsonb_agg(jsonb_build_object('shift_id', x, 'ref', v_refs->>x::text)) from unnest(v_ids) x),
    'refused', v_refused);
end $$;

select revoke_api_roles();
