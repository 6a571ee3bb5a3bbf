-- The agent core (ARCHITECTURE.md section 5): tool data access, conversation
-- state of offered shifts, reminders and the per-turn record.
-- Every function that acts for a doctor takes the doctor AND the conversation
-- from the turn and refuses when they do not belong together: no tool argument
-- can reach another doctor's data.

-- ---------------------------------------------------------------- tables

-- Reminders the doctor asked for (spec agendar_lembrete). One per conversation
-- and instant (spec 10.1: dedupe key conversa_id + data_hora).
create table reminders (
  id uuid primary key default gen_random_uuid(),
  doctor_id uuid not null references doctors(id) on delete cascade,
  conversation_id uuid not null references conversations(id) on delete cascade,
  remind_at timestamptz not null,
  context text not null,
  message text not null,
  status text not null default 'scheduled' check (status in ('scheduled', 'sent', 'cancelled', 'failed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (conversation_id, remind_at)
);
create index reminders_due_idx on reminders (remind_at) where status = 'scheduled';
create trigger reminders_touch before update on reminders for each row execute function touch_updated_at();

-- One row per agent turn: which model answered, why, what it cost and which
-- tools ran. `calls` keeps the usage of every API call (cache hits included).
create table agent_turns (
  id uuid primary key default gen_random_uuid(),
  doctor_id uuid not null references doctors(id) on delete cascade,
  conversation_id uuid references conversations(id) on delete cascade,
  model text not null,
  model_reason text not null,
  outcome text not null check (outcome in ('reply', 'handoff')),
  handoff_reason text,
  rounds integer not null default 0,
  input_tokens integer not null default 0,
  output_tokens integer not null default 0,
  cache_creation_input_tokens integer not null default 0,
  cache_read_input_tokens integer not null default 0,
  calls jsonb not null default '[]'::jsonb,
  tool_calls jsonb not null default '[]'::jsonb,
  latency_ms integer not null default 0,
  error text,
  created_at timestamptz not null default now()
);
create index agent_turns_conversation_idx on agent_turns (conversation_id, created_at);

-- ---------------------------------------------------------------- helpers

create or replace function agent_owns_conversation(p_doctor_id uuid, p_conversation_id uuid) returns boolean
language sql stable as $$
  select exists (select 1 from conversations c where c.id = p_conversation_id and c.doctor_id = p_doctor_id)
$$;

create or replace function agent_sp_date(t timestamptz) returns text
language sql stable as $$
  select to_char(t at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')
$$;

-- The doctor-facing view of a shift. No UUID leaves towards the model: the
-- caller adds the conversation ref.
create or replace function agent_shift_json(p_shift_id uuid) returns jsonb
language sql stable as $$
  select jsonb_build_object(
    'shiftId', s.id,
    'date', agent_sp_date(s.starts_at),
    'startsAt', s.starts_at,
    'endsAt', s.ends_at,
    'weekday', extract(dow from s.starts_at at time zone 'America/Sao_Paulo')::int,
    'period', s.period,
    'durationHours', s.duration_hours,
    'valueCents', s.value_cents,
    'status', s.status,
    'hospital', h.name,
    'address', h.address,
    'neighborhood', h.neighborhood,
    'city', h.city,
    'region', h.region,
    'specialty', sp.name)
  from shifts s
  join hospitals h on h.id = s.hospital_id
  join specialties sp on sp.id = s.specialty_id
  where s.id = p_shift_id
$$;

-- Active conversation of a doctor, created when missing (terminal chat, tests).
-- The pipeline may own its own opener; this one is safe under concurrency
-- because of conversations_one_active_idx.
create or replace function agent_conversation_open(p_doctor_id uuid) returns jsonb
language plpgsql as $$
declare c conversations;
begin
  insert into conversations (doctor_id) values (p_doctor_id)
  on conflict (doctor_id) where status = 'active' do nothing;
  select * into c from conversations where doctor_id = p_doctor_id and status = 'active';
  return to_jsonb(c);
end $$;

-- Gives every shift shown in a conversation a short, stable ref (v1, v2, ...)
-- kept in conversations.state.offered. Refs only grow, so "v3" never changes
-- meaning inside a conversation; the list keeps the 30 most recent entries.
create or replace function agent_remember_offered(p_conversation_id uuid, p_shift_ids uuid[], p_now timestamptz)
returns jsonb language plpgsql as $$
declare
  st jsonb;
  offered jsonb;
  seq integer;
  sid uuid;
  found_ref text;
  refs jsonb := '{}'::jsonb;
begin
  select state into st from conversations where id = p_conversation_id for update;
  offered := coalesce(st -> 'offered', '[]'::jsonb);
  seq := coalesce((st ->> 'offered_seq')::int, 0);
  foreach sid in array coalesce(p_shift_ids, '{}') loop
    found_ref := (select e ->> 'ref' from jsonb_array_elements(offered) e where e ->> 'shiftId' = sid::text limit 1);
    if found_ref is null then
      seq := seq + 1;
      found_ref := 'v' || seq;
      offered := offered || jsonb_build_array(
        (select jsonb_build_object('ref', found_ref, 'offeredAt', p_now) || (agent_shift_json(sid) - 'status')));
    end if;
    refs := refs || jsonb_build_object(sid::text, found_ref);
  end loop;
  if jsonb_array_length(offered) > 30 then
    offered := (select jsonb_agg(e order by ord) from jsonb_array_elements(offered) with ordinality t(e, ord)
                where ord > jsonb_array_length(offered) - 30);
  end if;
  update conversations
     set state = coalesce(state, '{}'::jsonb) || jsonb_build_object('offered', offered, 'offered_seq', seq)
   where id = p_conversation_id;
  return refs;
end $$;

-- The doctor's reservations that overlap [starts, ends).
create or replace function agent_clashes(p_doctor_id uuid, p_starts timestamptz, p_ends timestamptz) returns boolean
language sql stable as $$
  select exists (
    select 1 from shifts r
    where r.reserved_by = p_doctor_id
      and r.status in ('reserved', 'pending_confirmation')
      and r.starts_at < p_ends and r.ends_at > p_starts)
$$;

-- ---------------------------------------------------------------- context

-- Everything the prompt needs about this doctor and conversation.
create or replace function agent_context(p_doctor_id uuid, p_conversation_id uuid, p_now timestamptz)
returns jsonb language plpgsql stable as $$
declare c conversations;
begin
  select * into c from conversations where id = p_conversation_id and doctor_id = p_doctor_id;
  if not found then
    return jsonb_build_object('ok', false, 'error', 'forbidden');
  end if;
  return jsonb_build_object(
    'ok', true,
    'doctor', (select doctor_to_json(d) - 'phone' - 'whatsapp_lid' from doctors d where d.id = p_doctor_id),
    'state', (select to_jsonb(s) from doctor_state s where s.doctor_id = p_doctor_id),
    'controlledBy', c.controlled_by,
    'offered', coalesce((
      select jsonb_agg(e || jsonb_build_object(
               'status', sh.status,
               'reservedBySelf', sh.reserved_by = p_doctor_id) order by ord)
      from jsonb_array_elements(coalesce(c.state -> 'offered', '[]'::jsonb)) with ordinality t(e, ord)
      join shifts sh on sh.id = (e ->> 'shiftId')::uuid), '[]'::jsonb),
    'reservations', coalesce((
      select jsonb_agg(agent_shift_json(s.id) order by s.starts_at)
      from shifts s
      where s.reserved_by = p_doctor_id and s.status in ('reserved', 'pending_confirmation') and s.ends_at > p_now), '[]'::jsonb));
end $$;

-- ---------------------------------------------------------------- buscar_vagas

-- p_filters: { specialty?, region?, period?, durationHours?, minValueCents?, weekdays?: int[], limit }
create or replace function agent_search_shifts(p_doctor_id uuid, p_conversation_id uuid, p_filters jsonb, p_now timestamptz)
returns jsonb language plpgsql as $$
declare
  d doctors;
  spec text := nullif(trim(p_filters ->> 'specialty'), '');
  reg text := nullif(trim(p_filters ->> 'region'), '');
  lim integer := least(greatest(coalesce((p_filters ->> 'limit')::int, 5), 1), 10);
  ids uuid[];
  refs jsonb;
begin
  if not agent_owns_conversation(p_doctor_id, p_conversation_id) then
    return jsonb_build_object('ok', false, 'error', 'forbidden');
  end if;
  select * into d from doctors where id = p_doctor_id;
  select array_agg(id order by starts_at) into ids from (
    select s.id, s.starts_at
    from shifts s
    join hospitals h on h.id = s.hospital_id
    join specialties sp on sp.id = s.specialty_id
    where s.status = 'open'
      and s.starts_at > p_now
      and (case when spec is null then d.specialty_id is null or s.specialty_id = d.specialty_id
                else fold(sp.name) like '%' || fold(spec) || '%' or fold(sp.slug) like '%' || fold(spec) || '%' end)
      and (reg is null or fold(coalesce(h.region, '')) like '%' || fold(reg) || '%'
                       or fold(h.city) like '%' || fold(reg) || '%'
                       or fold(coalesce(h.neighborhood, '')) like '%' || fold(reg) || '%')
      and (p_filters ->> 'period' is null or s.period = p_filters ->> 'period')
      and (p_filters ->> 'durationHours' is null or s.duration_hours = (p_filters ->> 'durationHours')::int)
      and (p_filters ->> 'minValueCents' is null or s.value_cents >= (p_filters ->> 'minValueCents')::int)
      and (jsonb_typeof(p_filters -> 'weekdays') is distinct from 'array'
           or jsonb_array_length(p_filters -> 'weekdays') = 0
           or extract(dow from s.starts_at at time zone 'America/Sao_Paulo')::int
              in (select value::int from jsonb_array_elements_text(p_filters -> 'weekdays')))
      and not agent_clashes(p_doctor_id, s.starts_at, s.ends_at)
    order by s.starts_at
    limit lim) q;
  refs := agent_remember_offered(p_conversation_id, coalesce(ids, '{}'), p_now);
  return jsonb_build_object('ok', true, 'shifts', coalesce((
    select jsonb_agg(jsonb_build_object('ref', refs ->> sid::text) || agent_shift_json(sid) order by ord)
    from unnest(coalesce(ids, '{}')) with ordinality u(sid, ord)), '[]'::jsonb));
end $$;

-- ---------------------------------------------------------------- reservar_plantao

-- Which shift does "the one on <date>" (or ref vN) mean in this conversation?
-- Offered shifts first; then open shifts of the doctor's specialty that day,
-- which get refs so the model can disambiguate.
create or replace function agent_resolve_shift(p_doctor_id uuid, p_conversation_id uuid, p_date text, p_ref text, p_now timestamptz)
returns jsonb language plpgsql as $$
declare
  c conversations;
  d doctors;
  entry jsonb;
  offered jsonb;
  ids uuid[];
  refs jsonb;
begin
  select * into c from conversations where id = p_conversation_id and doctor_id = p_doctor_id;
  if not found then
    return jsonb_build_object('ok', false, 'error', 'forbidden');
  end if;
  if p_ref is not null then
    entry := (select e from jsonb_array_elements(coalesce(c.state -> 'offered', '[]'::jsonb)) e where e ->> 'ref' = p_ref limit 1);
    if entry is null then
      return jsonb_build_object('ok', false, 'error', 'unknown_ref');
    end if;
    return jsonb_build_object('ok', true, 'byRef', jsonb_build_object('ref', p_ref) || agent_shift_json((entry ->> 'shiftId')::uuid));
  end if;
  offered := coalesce((
    select jsonb_agg(jsonb_build_object('ref', e ->> 'ref') || agent_shift_json((e ->> 'shiftId')::uuid) order by ord)
    from jsonb_array_elements(coalesce(c.state -> 'offered', '[]'::jsonb)) with ordinality t(e, ord)
    join shifts s on s.id = (e ->> 'shiftId')::uuid
    where agent_sp_date(s.starts_at) = p_date and s.starts_at > p_now), '[]'::jsonb);
  if jsonb_array_length(offered) > 0 then
    return jsonb_build_object('ok', true, 'offered', offered, 'fallback', '[]'::jsonb);
  end if;
  select * into d from doctors where id = p_doctor_id;
  select array_agg(s.id order by s.starts_at) into ids
  from shifts s
  where s.status = 'open' and s.starts_at > p_now
    and agent_sp_date(s.starts_at) = p_date
    and (d.specialty_id is null or s.specialty_id = d.specialty_id)
    and not agent_clashes(p_doctor_id, s.starts_at, s.ends_at);
  refs := agent_remember_offered(p_conversation_id, coalesce(ids, '{}'), p_now);
  return jsonb_build_object('ok', true, 'offered', '[]'::jsonb, 'fallback', coalesce((
    select jsonb_agg(jsonb_build_object('ref', refs ->> sid::text) || agent_shift_json(sid) order by ord)
    from unnest(coalesce(ids, '{}')) with ordinality u(sid, ord)), '[]'::jsonb));
end $$;

-- The reservation itself (spec 10.2): optimistic lock on status = 'open', so
-- exactly one doctor wins; the offer_accepted event is written in the same
-- transaction, deduplicated on the shift id.
create or replace function agent_reserve_shift(p_doctor_id uuid, p_conversation_id uuid, p_shift_id uuid, p_now timestamptz)
returns jsonb language plpgsql as $$
declare
  s shifts;
begin
  if not agent_owns_conversation(p_doctor_id, p_conversation_id) then
    return jsonb_build_object('ok', false, 'reason', 'forbidden');
  end if;
  -- One reservation at a time per doctor, so two overlapping shifts cannot both pass the clash check.
  perform pg_advisory_xact_lock(hashtext('agent_reserve:' || p_doctor_id::text));
  select * into s from shifts where id = p_shift_id;
  if not found then
    return jsonb_build_object('ok', false, 'reason', 'not_found');
  end if;
  if s.reserved_by = p_doctor_id and s.status in ('reserved', 'pending_confirmation') then
    return jsonb_build_object('ok', true, 'already', true, 'shift', agent_shift_json(s.id));
  end if;
  if s.starts_at <= p_now then
    return jsonb_build_object('ok', false, 'reason', 'past');
  end if;
  if agent_clashes(p_doctor_id, s.starts_at, s.ends_at) then
    return jsonb_build_object('ok', false, 'reason', 'clash');
  end if;
  update shifts
     set status = 'reserved', reserved_by = p_doctor_id, reserved_at = p_now
   where id = p_shift_id and status = 'open'
  returning * into s;
  if not found then
    return jsonb_build_object('ok', false, 'reason', 'taken');
  end if;
  insert into business_events (event_type, doctor_id, conversation_id, shift_id, props, dedupe_key)
  values ('offer_accepted', p_doctor_id, p_conversation_id, s.id,
          jsonb_build_object('source', 'reservar_plantao', 'value_cents', s.value_cents),
          'offer_accepted:' || s.id)
  on conflict (dedupe_key) do nothing;
  return jsonb_build_object('ok', true, 'already', false, 'shift', agent_shift_json(s.id));
end $$;

-- ---------------------------------------------------------------- buscar_info_hospital

create or replace function agent_hospital_info(p_name text) returns jsonb
language plpgsql stable as $$
declare
  q text := fold(trim(regexp_replace(coalesce(p_name, ''), '^\s*(hospital|hosp\.?|maternidade)\s+', '', 'i')));
begin
  if length(q) < 3 then
    return jsonb_build_object('ok', true, 'hospitals', '[]'::jsonb);
  end if;
  return jsonb_build_object('ok', true, 'hospitals', coalesce((
    select jsonb_agg(jsonb_build_object(
             'name', h.name, 'address', h.address, 'neighborhood', h.neighborhood,
             'city', h.city, 'state', h.state, 'region', h.region, 'notes', h.notes) order by h.name)
    from (select * from hospitals h
          where fold(h.name) like '%' || q || '%' or fold(h.slug) like '%' || replace(q, ' ', '-') || '%'
          order by h.name limit 3) h), '[]'::jsonb));
end $$;

-- ---------------------------------------------------------------- agendar_lembrete

create or replace function agent_schedule_reminder(p_doctor_id uuid, p_conversation_id uuid, p_remind_at timestamptz,
                                                   p_context text, p_message text)
returns jsonb language plpgsql as $$
declare r reminders;
begin
  if not agent_owns_conversation(p_doctor_id, p_conversation_id) then
    return jsonb_build_object('ok', false, 'error', 'forbidden');
  end if;
  insert into reminders (doctor_id, conversation_id, remind_at, context, message)
  values (p_doctor_id, p_conversation_id, p_remind_at, p_context, p_message)
  on conflict (conversation_id, remind_at) do nothing
  returning * into r;
  if found then
    return jsonb_build_object('ok', true, 'status', 'created', 'reminder', to_jsonb(r));
  end if;
  select * into r from reminders where conversation_id = p_conversation_id and remind_at = p_remind_at;
  return jsonb_build_object('ok', true, 'status', 'duplicate', 'reminder', to_jsonb(r));
end $$;

-- ---------------------------------------------------------------- agent_turns

create or replace function agent_record_turn(p_turn jsonb) returns jsonb
language plpgsql as $$
declare t agent_turns;
begin
  insert into agent_turns (doctor_id, conversation_id, model, model_reason, outcome, handoff_reason, rounds,
                           input_tokens, output_tokens, cache_creation_input_tokens, cache_read_input_tokens,
                           calls, tool_calls, latency_ms, error)
  values ((p_turn ->> 'doctorId')::uuid, (p_turn ->> 'conversationId')::uuid, p_turn ->> 'model', p_turn ->> 'modelReason',
          p_turn ->> 'outcome', p_turn ->> 'handoffReason', coalesce((p_turn ->> 'rounds')::int, 0),
          coalesce((p_turn ->> 'inputTokens')::int, 0), coalesce((p_turn ->> 'outputTokens')::int, 0),
          coalesce((p_turn ->> 'cacheCreationInputTokens')::int, 0), coalesce((p_turn ->> 'cacheReadInputTokens')::int, 0),
          coalesce(p_turn -> 'calls', '[]'::jsonb), coalesce(p_turn -> 'toolCalls', '[]'::jsonb),
          coalesce((p_turn ->> 'latencyMs')::int, 0), p_turn ->> 'error')
  returning * into t;
  return to_jsonb(t);
end $$;

create or replace function agent_turns_list(p_conversation_id uuid) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(to_jsonb(t) order by t.created_at, t.id), '[]'::jsonb)
  from agent_turns t where t.conversation_id = p_conversation_id
$$;

create or replace function agent_reminders_list(p_conversation_id uuid) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(to_jsonb(r) order by r.remind_at), '[]'::jsonb)
  from reminders r where r.conversation_id = p_conversation_id
$$;

select revoke_api_roles();
