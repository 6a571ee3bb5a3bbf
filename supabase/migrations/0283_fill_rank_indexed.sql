-- Fill ranking without per-shift scans of the whole specialty (docs/decisions/0295-fill-plans.md).
-- The rules and score parts are those of 0282; what changes is how the rows are read:
-- doctors with stated preferences come from an index of their own, doctors with history
-- at the hospital by key, and every other doctor (score 50 + base + regiao, the same for
-- everyone of one region and city) as the best few of each (region, city) group of the
-- pool, read in index order. The shift is read once into variables, so each read is
-- planned with the shift's own values.

-- The clash check reads only the reservations that can clash.
create index if not exists shifts_reserved_span_idx on shifts (starts_at, ends_at)
  where reserved_by is not null and status in ('reserved', 'pending_confirmation');

create index if not exists fill_candidates_pref_idx on fill_candidates (specialty_id) where preferences is not null and not busy;
create index if not exists fill_candidates_plain_group_idx
  on fill_candidates (specialty_id, coalesce(region_l, ''), coalesce(city_l, ''), base desc, jitter)
  where preferences is null and not busy;
drop index if exists fill_candidates_plain_region_idx;
drop index if exists fill_candidates_plain_city_idx;
drop index if exists fill_candidates_plain_idx;

-- The (region, city) pairs of the pool's doctors without stated preferences, per specialty.
create unlogged table if not exists fill_candidate_groups (
  specialty_id uuid not null,
  region_k text not null,
  city_k text not null,
  primary key (specialty_id, region_k, city_k)
);
insert into fill_candidate_groups (specialty_id, region_k, city_k)
select distinct c.specialty_id, coalesce(c.region_l, ''), coalesce(c.city_l, '') from fill_candidates c where c.preferences is null
on conflict do nothing;

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
  -- The (region, city) groups of doctors scored without the shift's preferences: each
  -- group's best few are read in index order by fill_rank.
  delete from fill_candidate_groups;
  insert into fill_candidate_groups (specialty_id, region_k, city_k)
  select distinct c.specialty_id, coalesce(c.region_l, ''), coalesce(c.city_l, '') from fill_candidates c where c.preferences is null;
  -- Fresh statistics, or the planner reads the rebuilt pool with the empty table's.
  analyze fill_candidates;
  analyze fill_candidate_groups;
  insert into fill_candidates_built (built_at, registration_required) values (p_now, p_registration_required)
  on conflict (id) do update set built_at = excluded.built_at, registration_required = excluded.registration_required;
  return jsonb_build_object('candidates', v_n);
end $$;

-- Who may be offered this shift now, best first, with the score and its parts (the
-- rules of 0282): the pool of the shift's specialty not holding an open fill offer, less
-- any earlier offer of this shift and a reservation that clashes.
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
    -- Everyone whose score depends on the shift beyond the region: read in full.
    select c.* from fill_candidates c
    where c.specialty_id = v.specialty_id and c.preferences is not null and not c.busy
    union all
    select c.* from hist join fill_candidates c on c.doctor_id = hist.doctor_id
    where c.specialty_id = v.specialty_id and c.preferences is null and not c.busy
    -- The rest score 50 + base + regiao, one value per (region, city): each group's best few.
    union all
    select t.* from fill_candidate_groups g
    cross join lateral (
      select c.* from fill_candidates c
      where c.specialty_id = g.specialty_id and coalesce(c.region_l, '') = g.region_k and coalesce(c.city_l, '') = g.city_k
        and c.preferences is null and not c.busy
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


select revoke_api_roles();
