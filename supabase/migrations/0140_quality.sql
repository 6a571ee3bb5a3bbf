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

-- ---------------------------------------------------------------- policy step

-- Manager directives (briefings with a validity window). Another branch owns
-- the full feature; this guard only makes sure the policy step has something
-- to read when that branch is not merged yet.

-- Directives in force at p_now (manager_directives, 0120), newest first.
create or replace function directives_active(p_now timestamptz) returns jsonb
language plpgsql stable as $$
begin
  return coalesce((
    select jsonb_agg(d.text order by d.valid_from desc)
    from (select text, valid_from from manager_directives
          where revoked_at is null and valid_from <= p_now and valid_until > p_now
          order by valid_from desc limit 10) d), '[]'::jsonb);
end;
$$;

-- What the policy step needs about one doctor, and whether it is switched on.
create or replace function policy_context(p_doctor_id uuid, p_now timestamptz) returns jsonb
language plpgsql stable as $$
declare
  v_directives jsonb := '[]'::jsonb;
begin
  begin
    v_directives := directives_active(p_now);
  exception when others then
    v_directives := '[]'::jsonb;
  end;
  return jsonb_build_object(
    'enabled', coalesce((select (value->>'enabled')::boolean from feature_flags where key = 'policy_engine'), true),
    'permissionState', (select permission_state from doctor_state where doctor_id = p_doctor_id),
    'coolingOffUntil', (select cooling_off_until from doctor_state where doctor_id = p_doctor_id),
    'contactCount7d', coalesce((select contact_count_7d from doctor_state where doctor_id = p_doctor_id), 0),
    'preferences', coalesce((select preferences from doctors where id = p_doctor_id), '{}'::jsonb),
    'reservations30d', (select count(*) from shifts where reserved_by = p_doctor_id and reserved_at > p_now - interval '30 days'),
    'directives', v_directives
  );
end;
$$;

-- The policy applied to one agent turn. One row per turn: a retried record is a no-op.
create table if not exists turn_policies (
  turn_id uuid primary key references agent_turns(id) on delete cascade,
  policy jsonb not null,
  created_at timestamptz not null default now()
);

create or replace function policy_record(p_turn_id uuid, p_policy jsonb) returns jsonb
language sql as $$
  insert into turn_policies (turn_id, policy) values (p_turn_id, p_policy)
  on conflict (turn_id) do nothing;
  select jsonb_build_object('ok', true);
$$;

-- ---------------------------------------------------------------- daily review

create table if not exists conversation_reviews (
  id uuid primary key default gen_random_uuid(),
  review_day date not null,
  conversation_id uuid not null references conversations(id) on delete cascade,
  tier text not null check (tier in ('critical', 'attention', 'sample', 'ok')),
  scores jsonb not null,
  summary text,
  created_at timestamptz not null default now(),
  unique (review_day, conversation_id)
);

-- Conversations with any message in [p_from, p_to), with their transcript
-- (oldest first, capped) and Chatwoot id for the digest's links.
create or replace function review_candidates(p_from timestamptz, p_to timestamptz, p_limit integer default 500) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(x order by x->>'conversationId'), '[]'::jsonb) from (
    select jsonb_build_object(
      'conversationId', c.id,
      'doctorId', c.doctor_id,
      'chatwootConversationId', c.chatwoot_conversation_id,
      'messages', (
        select coalesce(jsonb_agg(jsonb_build_object('direction', i.direction, 'text', i.body, 'at', i.occurred_at) order by i.occurred_at), '[]'::jsonb)
        from (select * from interactions i2 where i2.conversation_id = c.id and i2.occurred_at < p_to
              order by i2.occurred_at desc limit 60) i)
    ) as x
    from conversations c
    where exists (select 1 from interactions i where i.conversation_id = c.id and i.occurred_at >= p_from and i.occurred_at < p_to)
    limit p_limit
  ) s
$$;

-- Saves one review; reviewing the same day twice keeps the first verdict.
create or replace function review_save(p_day date, p_conversation_id uuid, p_tier text, p_scores jsonb, p_summary text) returns jsonb
language plpgsql as $$
declare
  v_row conversation_reviews;
begin
  insert into conversation_reviews (review_day, conversation_id, tier, scores, summary)
  values (p_day, p_conversation_id, p_tier, p_scores, p_summary)
  on conflict (review_day, conversation_id) do nothing
  returning * into v_row;
  return jsonb_build_object('saved', v_row.id is not null);
end;
$$;

-- Only the service role may call the functions above (see 0001).
select revoke_api_roles();
