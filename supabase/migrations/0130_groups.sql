-- Groups: shifts posted in WhatsApp groups become reviewed shifts (issue 12).
-- The TypeScript side extracts and resolves dates; this file normalizes names,
-- dedupes on a natural key, scores, decides and records every decision.

-- pg_trgm where the engine ships it (Supabase, stock Postgres, PGlite with the
-- contrib bundle loaded by src/db/pglite.ts). Without it, group_similarity()
-- falls back to a SQL implementation of the same measure (see below).
do $$ begin
  create extension if not exists pg_trgm;
exception when others then
  raise notice 'pg_trgm unavailable: group_similarity uses the SQL fallback';
end $$;

alter table group_messages add column processed_at timestamptz;
alter table group_messages add column discard_reason text;
alter table group_messages add column shifts_found integer;
create index group_messages_pending_idx on group_messages (created_at) where status = 'pending';

-- Short forms people write in groups ("CM", "GO", "PS adulto"). Keyed by slug,
-- not by id, so the list exists before any specialty row does.
create table specialty_aliases (
  alias text primary key,
  specialty_slug text not null
);
insert into specialty_aliases (alias, specialty_slug) values
  ('cm', 'clinica-medica'), ('clinica', 'clinica-medica'), ('clinico', 'clinica-medica'), ('clinico geral', 'clinica-medica'),
  ('clinica geral', 'clinica-medica'), ('ps', 'emergencia'), ('ps adulto', 'emergencia'), ('pronto socorro', 'emergencia'),
  ('emergencia', 'emergencia'), ('emergencista', 'emergencia'), ('urgencia', 'emergencia'),
  ('ped', 'pediatria'), ('pedi', 'pediatria'), ('ps infantil', 'pediatria'), ('ps pediatrico', 'pediatria'), ('pediatra', 'pediatria'),
  ('go', 'ginecologia-obstetricia'), ('gineco', 'ginecologia-obstetricia'), ('ginecologia', 'ginecologia-obstetricia'),
  ('obstetricia', 'ginecologia-obstetricia'), ('ginecologista', 'ginecologia-obstetricia'),
  ('uti', 'medicina-intensiva'), ('uti adulto', 'medicina-intensiva'), ('intensivista', 'medicina-intensiva'), ('cti', 'medicina-intensiva'),
  ('orto', 'ortopedia'), ('ortopedista', 'ortopedia'), ('ot', 'ortopedia'),
  ('cirurgia', 'cirurgia-geral'), ('cirurgiao', 'cirurgia-geral'), ('cirurgiao geral', 'cirurgia-geral'), ('cg', 'cirurgia-geral'),
  ('anestesia', 'anestesiologia'), ('anestesio', 'anestesiologia'), ('anestesista', 'anestesiologia');

-- Names managers confirmed for a hospital (review adds them when mapping a proposal).
create table hospital_aliases (
  alias text primary key,
  hospital_id uuid not null references hospitals(id) on delete cascade,
  created_by text,
  created_at timestamptz not null default now()
);

-- A hospital no row matches: proposed for review, never created silently.
create table hospital_proposals (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  name_key text not null unique,
  occurrences integer not null default 1,
  status text not null default 'pending' check (status in ('pending', 'mapped', 'rejected')),
  hospital_id uuid references hospitals(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table group_shifts (
  id uuid primary key default gen_random_uuid(),
  -- hospital | specialty | start: a repost in any group lands on the same row.
  natural_key text unique,
  hospital_id uuid references hospitals(id),
  hospital_name text,
  proposal_id uuid references hospital_proposals(id),
  specialty_id uuid references specialties(id),
  specialty_name text,
  starts_at timestamptz,
  ends_at timestamptz,
  period text,
  value_cents integer,
  contact text,
  score numeric not null default 0,
  status text not null check (status in ('review', 'imported', 'discarded', 'rejected')),
  reason text,
  shift_id uuid unique references shifts(id),
  decided_by text,
  decided_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index group_shifts_status_idx on group_shifts (status, created_at);
create trigger group_shifts_touch before update on group_shifts for each row execute function touch_updated_at();

create table group_shift_sources (
  group_shift_id uuid not null references group_shifts(id) on delete cascade,
  group_message_id uuid not null references group_messages(id),
  extracted jsonb not null,
  created_at timestamptz not null default now(),
  primary key (group_shift_id, group_message_id)
);
create index group_shift_sources_message_idx on group_shift_sources (group_message_id);

-- "Hosp. N. Sra. da Mooca" -> "n sra mooca": accents, punctuation and filler words out.
create or replace function group_name_key(t text) returns text
language sql immutable parallel safe as $$
  select trim(regexp_replace(
    regexp_replace(' ' || regexp_replace(fold(t), '[^a-z0-9]+', ' ', 'g') || ' ',
      ' (hospital|hosp|h|maternidade|mat|de|da|do|dos|das|e)(?= )', ' ', 'g'),
    ' +', ' ', 'g'))
$$;

-- pg_trgm's trigrams: each word padded with two spaces before and one after.
create or replace function group_trigrams_sql(t text) returns text[]
language sql immutable parallel safe as $$
  select coalesce(array_agg(distinct g), '{}') from (
    select substr('  ' || w || ' ', i, 3) as g
    from regexp_split_to_table(lower(t), '[^a-z0-9]+') as w, generate_series(1, length(w) + 1) as i
    where w <> '') q
$$;

-- Fallback for pg_trgm's similarity(): shared trigrams over all trigrams.
create or replace function group_similarity_sql(a text, b text) returns real
language sql immutable parallel safe as $$
  select case when cardinality(x) + cardinality(y) = 0 then 0::real
              else (select count(*) from (select unnest(x) intersect select unnest(y)) i)::real
                   / (select count(*) from (select unnest(x) union select unnest(y)) u)::real end
  from (select group_trigrams_sql(a) x, group_trigrams_sql(b) y) t
$$;

do $$ begin
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    execute 'create or replace function group_trigrams(t text) returns text[]
             language sql immutable parallel safe as $f$ select show_trgm(t) $f$';
    execute 'create or replace function group_similarity(a text, b text) returns real
             language sql immutable parallel safe as $f$ select similarity(a, b) $f$';
  else
    execute 'create or replace function group_trigrams(t text) returns text[]
             language sql immutable parallel safe as $f$ select group_trigrams_sql(t) $f$';
    execute 'create or replace function group_similarity(a text, b text) returns real
             language sql immutable parallel safe as $f$ select group_similarity_sql(a, b) $f$';
  end if;
end $$;

-- How much of the posted name is found in the candidate ("Mooca" in "Nossa Senhora Mooca").
create or replace function group_containment(a text, b text) returns real
language sql immutable parallel safe as $$
  select case when cardinality(x) = 0 then 0::real
              else (select count(*) from (select unnest(x) intersect select unnest(y)) i)::real / cardinality(x) end
  from (select group_trigrams(a) x, group_trigrams(b) y) t
$$;

-- Posted hospital name -> hospital: exact key, confirmed alias, then trigrams
-- (best at least 0.45 and clearly ahead of the runner-up, else unresolved).
create or replace function group_resolve_hospital(p_name text) returns jsonb
language plpgsql stable as $$
declare k text := group_name_key(p_name); hid uuid; best record; second real;
begin
  if k = '' then return jsonb_build_object('method', 'none'); end if;
  select id into hid from hospitals where group_name_key(name) = k or replace(slug, '-', ' ') = k limit 1;
  if hid is not null then return jsonb_build_object('hospital_id', hid, 'method', 'exact', 'score', 1); end if;
  select hospital_id into hid from hospital_aliases where alias = k;
  if hid is not null then return jsonb_build_object('hospital_id', hid, 'method', 'alias', 'score', 1); end if;
  select id, sc into best from (
    select h.id, greatest(group_similarity(k, group_name_key(h.name)),
                          group_similarity(k, group_name_key(h.name || ' ' || coalesce(h.neighborhood, h.city))),
                          0.9 * group_containment(k, group_name_key(h.name || ' ' || coalesce(h.neighborhood, '') || ' ' || h.city))) as sc
    from hospitals h) s order by sc desc limit 1;
  select max(sc) into second from (
    select greatest(group_similarity(k, group_name_key(h.name)),
                    group_similarity(k, group_name_key(h.name || ' ' || coalesce(h.neighborhood, h.city))),
                    0.9 * group_containment(k, group_name_key(h.name || ' ' || coalesce(h.neighborhood, '') || ' ' || h.city))) as sc
    from hospitals h where h.id <> best.id) s;
  if best.id is not null and best.sc >= 0.45 and best.sc - coalesce(second, 0) >= 0.1 then
    return jsonb_build_object('hospital_id', best.id, 'method', 'trigram', 'score', round(best.sc::numeric, 3));
  end if;
  return jsonb_build_object('method', 'none', 'score', round(coalesce(best.sc, 0)::numeric, 3));
end $$;

create or replace function group_resolve_specialty(p_name text) returns uuid
language plpgsql stable as $$
declare k text := trim(regexp_replace(fold(p_name), '[^a-z0-9]+', ' ', 'g')); sid uuid;
begin
  if k = '' then return null; end if;
  select id into sid from specialties where trim(regexp_replace(fold(name), '[^a-z0-9]+', ' ', 'g')) = k or replace(slug, '-', ' ') = k;
  if sid is not null then return sid; end if;
  select s.id into sid from specialty_aliases a join specialties s on s.slug = a.specialty_slug where a.alias = k;
  if sid is not null then return sid; end if;
  select id into sid from specialties where group_similarity(k, fold(name)) >= 0.45 order by group_similarity(k, fold(name)) desc limit 1;
  return sid;
end $$;

-- Thresholds (documented in docs/decisions/0130-groups.md).
create or replace function group_score(g group_shifts) returns numeric
language sql immutable as $$
  select (case when g.hospital_id is not null then 0.25 when g.hospital_name is not null then 0.10 else 0 end)
       + (case when g.specialty_id is not null then 0.20 when g.specialty_name is not null then 0.05 else 0 end)
       + (case when g.starts_at is not null then 0.25 else 0 end)
       + (case when g.ends_at is not null then 0.10 else 0 end)
       + (case when g.value_cents is not null then 0.15 else 0 end)
       + (case when g.contact is not null then 0.05 else 0 end)
$$;

-- Status and reason for a shift nobody has decided on by hand. Import needs a
-- high score AND every hard rule; a value outside 100-10,000 BRL, a date more
-- than 90 days ahead or an unknown hospital always waits for a person.
create or replace function group_shift_verdict(g group_shifts, p_now timestamptz) returns text[]
language plpgsql stable as $$
declare sc numeric := group_score(g); hours numeric;
begin
  if g.starts_at is null then return array['discarded', 'sem_data_ou_horario']; end if;
  if g.starts_at <= p_now then return array['discarded', 'data_passada']; end if;
  if sc < 0.5 then return array['discarded', 'incompleta']; end if;
  hours := extract(epoch from (g.ends_at - g.starts_at)) / 3600;
  if g.hospital_id is null then return array['review', 'hospital_desconhecido']; end if;
  if g.specialty_id is null then return array['review', 'especialidade_desconhecida']; end if;
  if g.value_cents is null then return array['review', 'sem_valor']; end if;
  if g.value_cents < 10000 or g.value_cents > 1000000 then return array['review', 'valor_fora_da_faixa']; end if;
  if g.starts_at > p_now + interval '90 days' then return array['review', 'data_distante']; end if;
  if g.ends_at is null or hours not in (6, 12, 24) then return array['review', 'duracao_atipica']; end if;
  if sc < 0.9 then return array['review', 'score_baixo']; end if;
  return array['imported', null];
end $$;

-- Turns a group shift into an open shift (once: shift_id and external_ref are unique).
create or replace function group_shift_import(p_id uuid, p_actor text, p_now timestamptz) returns uuid
language plpgsql as $$
declare g group_shifts; sid uuid;
begin
  select * into g from group_shifts where id = p_id for update;
  if g.shift_id is not null then return g.shift_id; end if;
  insert into shifts (external_ref, hospital_id, specialty_id, starts_at, ends_at, period, duration_hours, value_cents, notes)
  values ('group:' || g.id, g.hospital_id, g.specialty_id, g.starts_at, g.ends_at,
          case when extract(hour from g.starts_at at time zone 'America/Sao_Paulo') between 6 and 17 then 'diurno' else 'noturno' end,
          round(extract(epoch from (g.ends_at - g.starts_at)) / 3600)::int, g.value_cents,
          'Vaga de grupo de WhatsApp' || coalesce('; contato ' || g.contact, ''))
  returning id into sid;
  update group_shifts set status = 'imported', shift_id = sid, reason = null, decided_by = p_actor, decided_at = p_now where id = p_id;
  return sid;
end $$;

-- Applies the automatic verdict to a row still undecided by a person; one event per transition.
create or replace function group_shift_settle(p_id uuid, p_message_id uuid, p_now timestamptz) returns jsonb
language plpgsql as $$
declare g group_shifts; v text[]; sid uuid;
begin
  select * into g from group_shifts where id = p_id for update;
  if g.status in ('imported', 'rejected') then
    return jsonb_build_object('id', g.id, 'status', g.status, 'reason', g.reason);
  end if;
  v := group_shift_verdict(g, p_now);
  update group_shifts set score = group_score(g), status = v[1], reason = v[2] where id = p_id;
  if v[1] = 'imported' then sid := group_shift_import(p_id, 'auto', p_now); end if;
  -- The dedupe key makes "same verdict again" (a repost that changes nothing) a no-op.
  perform business_event_emit('group_shift_' || v[1], null, null, null,
      jsonb_build_object('group_shift_id', p_id, 'reason', v[2], 'score', group_score(g), 'message_id', p_message_id, 'shift_id', sid),
      'group_shift:' || p_id || ':' || v[1] || ':' || coalesce(v[2], ''));
  return jsonb_build_object('id', p_id, 'status', v[1], 'reason', v[2], 'shift_id', sid);
end $$;

-- One extracted shift from one message: normalize, dedupe on the natural key
-- (advisory lock + on conflict, so two workers with two reposts meet on one
-- row), keep every source, then settle.
create or replace function group_shift_upsert(p_message_id uuid, p_shift jsonb, p_now timestamptz) returns jsonb
language plpgsql as $$
declare
  hres jsonb := group_resolve_hospital(p_shift->>'hospital');
  hid uuid := (hres->>'hospital_id')::uuid;
  spid uuid := group_resolve_specialty(p_shift->>'specialty');
  pid uuid; nk text; gid uuid; merged boolean := false; hkey text := group_name_key(p_shift->>'hospital');
  st timestamptz := (p_shift->>'startsAt')::timestamptz;
begin
  if hid is null and hkey <> '' then
    insert into hospital_proposals (name, name_key) values (p_shift->>'hospital', hkey)
    on conflict (name_key) do update set occurrences = hospital_proposals.occurrences + 1, updated_at = now()
    returning id into pid;
  end if;
  if st is not null and (hid is not null or pid is not null) then
    nk := coalesce(hid::text, 'p:' || pid) || '|' || coalesce(spid::text, 's:' || fold(coalesce(p_shift->>'specialty', ''))) || '|'
          || to_char(st at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI');
    perform pg_advisory_xact_lock(hashtext('group_shift:' || nk));
  end if;
  insert into group_shifts (natural_key, hospital_id, hospital_name, proposal_id, specialty_id, specialty_name, starts_at, ends_at,
                            period, value_cents, contact, status)
  values (nk, hid, p_shift->>'hospital', pid, spid, p_shift->>'specialty', st, (p_shift->>'endsAt')::timestamptz,
          p_shift->>'period', (p_shift->>'valueCents')::int, p_shift->>'contact', 'review')
  on conflict (natural_key) do update set
    -- A repost may say what the first post left out; it never overwrites what is known.
    ends_at = coalesce(group_shifts.ends_at, excluded.ends_at),
    value_cents = coalesce(group_shifts.value_cents, excluded.value_cents),
    contact = coalesce(group_shifts.contact, excluded.contact),
    period = coalesce(group_shifts.period, excluded.period)
  returning id, (xmax <> 0) into gid, merged;
  insert into group_shift_sources (group_shift_id, group_message_id, extracted)
  values (gid, p_message_id, p_shift || jsonb_build_object('hospital_match', hres)) on conflict do nothing;
  if merged then
    perform business_event_emit('group_shift_merged', null, null, null,
      jsonb_build_object('group_shift_id', gid, 'message_id', p_message_id), 'group_merge:' || gid || ':' || p_message_id);
  end if;
  return group_shift_settle(gid, p_message_id, p_now) || jsonb_build_object('merged', merged);
end $$;

-- The end of one message's processing, in one transaction. Only a pending
-- message is processed: a second worker with the same message is a no-op.
create or replace function group_message_finish(p_message_id uuid, p_outcome text, p_reason text, p_shifts jsonb, p_now timestamptz)
returns jsonb language plpgsql as $$
declare m group_messages; results jsonb := '[]'::jsonb; s jsonb;
begin
  select * into m from group_messages where id = p_message_id for update;
  if m.id is null then return jsonb_build_object('status', 'not_found'); end if;
  if m.status <> 'pending' then return jsonb_build_object('status', 'already_' || m.status); end if;
  if p_outcome = 'discarded' then
    update group_messages set status = 'discarded', discard_reason = p_reason, processed_at = p_now, shifts_found = 0 where id = m.id;
    perform business_event_emit('group_message_discarded', null, null, null,
      jsonb_build_object('message_id', m.id, 'reason', p_reason), 'group_message:' || m.id);
    return jsonb_build_object('status', 'discarded', 'reason', p_reason);
  end if;
  -- Same order for every message carrying these shifts (start, then names), so two
  -- workers take the per-key locks in one order; a residual deadlock rolls back and the job retries.
  for s in select value from jsonb_array_elements(coalesce(p_shifts, '[]')) with ordinality e(value, n) where n <= 20
           order by value->>'startsAt' nulls last, group_name_key(value->>'hospital'), fold(coalesce(value->>'specialty', '')), n loop
    results := results || jsonb_build_array(group_shift_upsert(m.id, s, p_now));
  end loop;
  update group_messages set status = 'parsed', processed_at = p_now, shifts_found = jsonb_array_length(results) where id = m.id;
  perform business_event_emit('group_message_parsed', null, null, null,
    jsonb_build_object('message_id', m.id, 'shifts', jsonb_array_length(results)), 'group_message:' || m.id);
  return jsonb_build_object('status', 'parsed', 'shifts', results);
end $$;

create or replace function group_message_get(p_id uuid) returns jsonb
language sql stable as $$
  select jsonb_build_object('id', id, 'groupJid', group_jid, 'kind', kind, 'body', body, 'sentAt', sent_at, 'status', status)
  from group_messages where id = p_id
$$;

-- For the sweeper: pending messages whose job may have been lost.
create or replace function group_messages_pending(p_older_than timestamptz, p_limit int) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(id), '[]'::jsonb) from (
    select id from group_messages where status = 'pending' and created_at < p_older_than order by created_at limit p_limit) q
$$;

-- Review (Slack tools and `julia groups`) ---------------------------------

create or replace function group_shift_json(g group_shifts) returns jsonb
language sql stable as $$
  select jsonb_build_object('id', g.id, 'status', g.status, 'reason', g.reason, 'score', g.score,
    'hospital', coalesce((select name from hospitals where id = g.hospital_id), g.hospital_name),
    'hospital_known', g.hospital_id is not null, 'specialty', coalesce((select name from specialties where id = g.specialty_id), g.specialty_name),
    'starts_at', g.starts_at, 'ends_at', g.ends_at, 'value_cents', g.value_cents, 'contact', g.contact, 'shift_id', g.shift_id,
    'sources', (select count(*) from group_shift_sources where group_shift_id = g.id),
    'decided_by', g.decided_by, 'decided_at', g.decided_at, 'created_at', g.created_at)
$$;

create or replace function group_review_list(p_limit int) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(group_shift_json(g) order by g.starts_at), '[]'::jsonb) from (
    select * from group_shifts where status = 'review' order by starts_at limit least(greatest(coalesce(p_limit, 20), 1), 100)) g
$$;

create or replace function group_shift_details(p_id uuid) returns jsonb
language sql stable as $$
  select group_shift_json(g) || jsonb_build_object('sources', coalesce((
    select jsonb_agg(jsonb_build_object('message_id', m.id, 'group', m.group_jid, 'sent_at', m.sent_at, 'body', m.body, 'extracted', s.extracted)
                     order by m.sent_at)
    from group_shift_sources s join group_messages m on m.id = s.group_message_id where s.group_shift_id = g.id), '[]'::jsonb),
    'events', coalesce((select jsonb_agg(jsonb_build_object('type', event_type, 'props', props, 'at', created_at) order by id)
      from business_events where event_type like 'group_shift_%' and props->>'group_shift_id' = g.id::text), '[]'::jsonb))
  from group_shifts g where g.id = p_id
$$;

-- A person imports a shift waiting for review. An unknown hospital must be
-- mapped to an existing one here (the posted name then becomes an alias).
create or replace function group_shift_approve(p_id uuid, p_actor text, p_hospital text, p_now timestamptz) returns jsonb
language plpgsql as $$
declare g group_shifts; sid uuid; hours numeric; p_hospital_id uuid;
begin
  if p_hospital is not null then
    select id into p_hospital_id from hospitals where slug = p_hospital or id::text = p_hospital;
    if p_hospital_id is null then return jsonb_build_object('ok', false, 'error', 'hospital_inexistente'); end if;
  end if;
  select * into g from group_shifts where id = p_id for update;
  if g.id is null then return jsonb_build_object('ok', false, 'error', 'nao_encontrada'); end if;
  if g.status = 'imported' then return jsonb_build_object('ok', true, 'shift_id', g.shift_id, 'already', true); end if;
  if g.status <> 'review' then return jsonb_build_object('ok', false, 'error', 'status_' || g.status); end if;
  if g.hospital_id is null and p_hospital_id is null then return jsonb_build_object('ok', false, 'error', 'hospital_desconhecido'); end if;
  if p_hospital_id is not null and g.hospital_id is null then
    insert into hospital_aliases (alias, hospital_id, created_by) values (group_name_key(g.hospital_name), p_hospital_id, p_actor)
    on conflict (alias) do nothing;
    update hospital_proposals set status = 'mapped', hospital_id = p_hospital_id where id = g.proposal_id;
    update group_shifts set hospital_id = p_hospital_id where id = p_id returning * into g;
  end if;
  hours := extract(epoch from (g.ends_at - g.starts_at)) / 3600;
  if g.specialty_id is null or g.value_cents is null or g.ends_at is null then return jsonb_build_object('ok', false, 'error', 'incompleta'); end if;
  if hours not in (6, 12, 24) then return jsonb_build_object('ok', false, 'error', 'duracao_nao_suportada'); end if;
  if g.starts_at <= p_now then return jsonb_build_object('ok', false, 'error', 'data_passada'); end if;
  sid := group_shift_import(p_id, p_actor, p_now);
  perform business_event_emit('group_shift_approved', null, null, null,
    jsonb_build_object('group_shift_id', p_id, 'shift_id', sid, 'actor', p_actor, 'previous_reason', g.reason), 'group_shift:' || p_id || ':approved');
  return jsonb_build_object('ok', true, 'shift_id', sid);
end $$;

create or replace function group_shift_reject(p_id uuid, p_actor text, p_reason text, p_now timestamptz) returns jsonb
language plpgsql as $$
declare g group_shifts;
begin
  select * into g from group_shifts where id = p_id for update;
  if g.id is null then return jsonb_build_object('ok', false, 'error', 'nao_encontrada'); end if;
  if g.status = 'rejected' then return jsonb_build_object('ok', true, 'already', true); end if;
  if g.status <> 'review' then return jsonb_build_object('ok', false, 'error', 'status_' || g.status); end if;
  update group_shifts set status = 'rejected', reason = coalesce(p_reason, 'rejeitada'), decided_by = p_actor, decided_at = p_now where id = p_id;
  update hospital_proposals set status = 'rejected' where id = g.proposal_id and status = 'pending'
    and not exists (select 1 from group_shifts where proposal_id = g.proposal_id and id <> p_id and status in ('review', 'imported'));
  perform business_event_emit('group_shift_rejected', null, null, null,
    jsonb_build_object('group_shift_id', p_id, 'actor', p_actor, 'reason', p_reason), 'group_shift:' || p_id || ':rejected');
  return jsonb_build_object('ok', true);
end $$;

create or replace function group_stats(p_since timestamptz) returns jsonb
language sql stable as $$
  select jsonb_build_object(
    'messages', (select coalesce(jsonb_object_agg(status, n), '{}'::jsonb) from
                   (select status, count(*) n from group_messages where created_at >= p_since group by status) q),
    'discard_reasons', (select coalesce(jsonb_object_agg(discard_reason, n), '{}'::jsonb) from
                   (select discard_reason, count(*) n from group_messages where created_at >= p_since and status = 'discarded' group by discard_reason) q),
    'shifts', (select coalesce(jsonb_object_agg(status, n), '{}'::jsonb) from
                   (select status, count(*) n from group_shifts where created_at >= p_since group by status) q),
    'reasons', (select coalesce(jsonb_object_agg(reason, n), '{}'::jsonb) from
                   (select reason, count(*) n from group_shifts where created_at >= p_since and reason is not null group by reason) q),
    'sources', (select count(*) from group_shift_sources s join group_shifts g on g.id = s.group_shift_id where g.created_at >= p_since),
    'by_group', (select coalesce(jsonb_object_agg(group_jid, n), '{}'::jsonb) from
                   (select m.group_jid, count(distinct s.group_shift_id) n from group_shift_sources s
                    join group_messages m on m.id = s.group_message_id where m.created_at >= p_since group by m.group_jid) q),
    'hospital_proposals', (select count(*) from hospital_proposals where status = 'pending'))
$$;

create or replace function group_pipeline_metrics(p_since timestamptz) returns jsonb
language sql stable as $$
  with m as (select * from group_messages where created_at >= p_since and status <> 'pending'),
       g as (select * from group_shifts where created_at >= p_since),
       s as (select count(*) n from group_shift_sources x join g on g.id = x.group_shift_id)
  select jsonb_build_object(
    'messages_processed', (select count(*) from m),
    'chatter_rate', round((select count(*) filter (where status = 'discarded') from m)::numeric / nullif((select count(*) from m), 0), 3),
    'shifts_per_offer', round((select sum(shifts_found) from m where status = 'parsed')::numeric / nullif((select count(*) from m where status = 'parsed'), 0), 2),
    'dedupe_ratio', round((select n from s)::numeric / nullif((select count(*) from g), 0), 2),
    'auto_import_rate', round((select count(*) filter (where status = 'imported' and decided_by = 'auto') from g)::numeric / nullif((select count(*) from g), 0), 3),
    'review_rate', round((select count(*) filter (where status = 'review') from g)::numeric / nullif((select count(*) from g), 0), 3),
    'avg_seconds_to_process', round((select avg(extract(epoch from processed_at - created_at)) from m)::numeric, 1))
$$;

create or replace function group_queue_status(p_now timestamptz) returns jsonb
language sql stable as $$
  select jsonb_build_object(
    'pending_messages', (select count(*) from group_messages where status = 'pending'),
    'oldest_pending_seconds', (select round(extract(epoch from p_now - min(created_at))) from group_messages where status = 'pending'),
    'awaiting_review', (select count(*) from group_shifts where status = 'review'),
    'oldest_review_seconds', (select round(extract(epoch from p_now - min(created_at))) from group_shifts where status = 'review'),
    'hospital_proposals', (select count(*) from hospital_proposals where status = 'pending'))
$$;

select revoke_api_roles();
