-- Issue 28: each hand-off as a row (reason category, first human reply, who, how it ended),
-- human control that expires, and what the Chatwoot mirror last applied (status, label, contact).

-- ------------------------------------------------------------ hand-offs
-- Opened and closed by the control trigger below, whoever changes control (Júlia, a
-- supervisor, the phone, the model outage); reason and ending come from the business events.
create table handoffs (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references conversations(id),
  doctor_id uuid references doctors(id),
  reason text not null default 'takeover',
  category text not null default 'pessoa_assumiu',
  opened_by text,
  started_at timestamptz not null default now(),
  first_human_reply_at timestamptz,
  handled_by text,
  last_human_at timestamptz,
  ended_at timestamptz,
  ended_via text,
  ended_by text,
  -- An expiry's notices (Chatwoot note, Slack) were posted: at least once, never lost.
  expiry_notified_at timestamptz
);
create unique index handoffs_open_idx on handoffs (conversation_id) where ended_at is null;
create index handoffs_started_idx on handoffs (started_at);
create index handoffs_conversation_idx on handoffs (conversation_id, started_at desc);

-- The reason a hand-off was made (detect-handoff, the agent, ValidateOutput, a person), in the few categories a manager reads.
create or replace function handoff_category(p_reason text) returns text
language sql immutable as $$
  select case
    when p_reason = 'human_request' then 'pediu_pessoa'
    when p_reason = 'legal_threat' then 'juridico'
    when p_reason = 'strong_anger' then 'irritacao'
    when p_reason = 'complaint' then 'reclamacao'
    when p_reason = 'payment_dispute' then 'pagamento'
    when p_reason in ('model_unavailable', 'llm_unavailable', 'model_refusal', 'empty_reply') then 'falha_modelo'
    when p_reason like 'validation_failed%' then 'resposta_invalida'
    when p_reason in ('supervisor_reply', 'phone_takeover', 'takeover') or p_reason like 'slack%' or p_reason like 'chatwoot%' then 'pessoa_assumiu'
    else 'outro' end
$$;

create or replace function handoffs_on_control() returns trigger
language plpgsql as $$
declare by_phone boolean;
begin
  if new.controlled_by = 'human' then
    -- A message typed on the phone took it over in this same transaction: that is the first human reply.
    by_phone := exists (select 1 from interactions i where i.conversation_id = new.id and i.direction = 'outbound'
                          and i.meta->>'by' = 'human_phone' and i.created_at = now());
    insert into handoffs (conversation_id, doctor_id, started_at, first_human_reply_at, handled_by, last_human_at, reason, category)
    values (new.id, new.doctor_id, now(), case when by_phone then now() end, case when by_phone then 'whatsapp_phone' end,
            case when by_phone then now() end, case when by_phone then 'phone_takeover' else 'takeover' end, 'pessoa_assumiu')
    on conflict (conversation_id) where ended_at is null do nothing;
  else
    update handoffs set ended_at = now(), ended_via = coalesce(ended_via, 'handback')
     where conversation_id = new.id and ended_at is null;
  end if;
  return new;
end $$;

create trigger conversations_handoffs after update of controlled_by on conversations
for each row when (old.controlled_by is distinct from new.controlled_by) execute function handoffs_on_control();

-- conversation_set_control writes its event right after the update: the reason of the
-- hand-off, or how it ended (handback_resolved, handback_expired, model_recovered...).
create or replace function handoffs_on_event() returns trigger
language plpgsql as $$
declare h uuid;
begin
  if new.event_type = 'handoff' then
    update handoffs set reason = coalesce(new.props->>'reason', reason), category = handoff_category(new.props->>'reason'),
                        opened_by = new.props->>'actor'
     where conversation_id = new.conversation_id and ended_at is null;
  elsif new.event_type = 'handback' then
    select id into h from handoffs where conversation_id = new.conversation_id and ended_at is not null
     order by ended_at desc, started_at desc limit 1;
    update handoffs set ended_via = coalesce(new.props->>'reason', 'handback'), ended_by = new.props->>'actor' where id = h;
  end if;
  return new;
end $$;

create trigger business_events_handoffs after insert on business_events
for each row when (new.event_type in ('handoff', 'handback')) execute function handoffs_on_event();

-- A message typed on the doctor's WhatsApp by a person counts as a person's reply.
create or replace function handoffs_on_phone_message() returns trigger
language plpgsql as $$
begin
  update handoffs set first_human_reply_at = coalesce(first_human_reply_at, new.occurred_at),
                      handled_by = coalesce(handled_by, 'whatsapp_phone'),
                      last_human_at = greatest(coalesce(last_human_at, new.occurred_at), new.occurred_at)
   where conversation_id = new.conversation_id and ended_at is null;
  return new;
end $$;

create trigger interactions_handoffs after insert on interactions
for each row when (new.direction = 'outbound' and new.meta->>'by' = 'human_phone') execute function handoffs_on_phone_message();

-- A supervisor wrote to the doctor from Chatwoot: the conversation is theirs, and the
-- hand-off records its first human reply. Under the conversation's row lock, so it
-- serializes with an expiry or a hand-back deciding at the same moment.
create or replace function handoff_supervisor_message(p_conversation_id uuid, p_actor text, p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare res jsonb;
begin
  perform 1 from conversations where id = p_conversation_id for update;
  res := conversation_set_control(p_conversation_id, 'human', 'supervisor_reply', p_actor);
  update handoffs set first_human_reply_at = coalesce(first_human_reply_at, p_now),
                      handled_by = coalesce(handled_by, p_actor),
                      last_human_at = greatest(coalesce(last_human_at, p_now), p_now)
   where conversation_id = p_conversation_id and ended_at is null;
  return res;
end $$;

-- ------------------------------------------------------------ hand-back (shared)
-- The conversation row must be locked by the caller. Summary of what the person did
-- (read by Júlia's next turn), control back to Júlia, one handbacks row.
create or replace function handback_locked(c conversations, p_actor text, p_via text, p_now timestamptz)
returns jsonb language plpgsql as $$
declare since timestamptz; n_doc int; n_team int; last_team text; last_doc text; s text;
begin
  select max(created_at) into since from business_events where conversation_id = c.id and event_type = 'handoff';
  since := coalesce(since, p_now - interval '24 hours');
  select count(*) filter (where direction = 'inbound'), count(*) filter (where direction = 'outbound'),
         (array_agg(left(body, 200) order by occurred_at desc) filter (where direction = 'outbound' and body is not null))[1],
         (array_agg(left(body, 200) order by occurred_at desc) filter (where direction = 'inbound' and body is not null))[1]
    into n_doc, n_team, last_team, last_doc
    from interactions where conversation_id = c.id and occurred_at >= since;
  if p_via = 'expired' then
    s := format('A conversa ficou com a equipe desde %s (horário de Brasília) sem nenhuma mensagem de uma pessoa no prazo, e voltou para você: %s mensagem(ns) do médico nesse período.',
                to_char(since at time zone 'America/Sao_Paulo', 'DD/MM HH24:MI'), n_doc);
  else
    s := format('Uma pessoa da equipe conduziu esta conversa desde %s (horário de Brasília): %s mensagem(ns) do médico, %s da equipe.',
                to_char(since at time zone 'America/Sao_Paulo', 'DD/MM HH24:MI'), n_doc, n_team);
    if last_team is not null then s := s || format(' Última mensagem da equipe: "%s".', last_team); end if;
  end if;
  if last_doc is not null then s := s || format(' Última do médico: "%s".', last_doc); end if;
  perform conversation_set_control(c.id, 'julia', 'handback_' || p_via, p_actor);
  insert into handbacks (conversation_id, actor, via, summary, created_at) values (c.id, p_actor, p_via, s, p_now);
  return jsonb_build_object('status', 'handed_back', 'conversationId', c.id, 'doctorId', c.doctor_id, 'summary', s);
end $$;

create or replace function handback_from_chatwoot(p_chatwoot_conversation_id bigint, p_actor text, p_via text, p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare c conversations;
begin
  select * into c from conversations where chatwoot_conversation_id = p_chatwoot_conversation_id
    order by (status = 'active') desc, created_at desc limit 1 for update;
  if not found then return jsonb_build_object('status', 'unknown_conversation'); end if;
  if c.controlled_by <> 'human' then return jsonb_build_object('status', 'not_in_handoff', 'conversationId', c.id); end if;
  if p_via = 'resolved' then
    update chatwoot_conversation_state set status = 'resolved', updated_at = now() where conversation_id = c.id;
  end if;
  return handback_locked(c, p_actor, p_via, p_now);
end $$;

-- ------------------------------------------------------------ human control with a deadline
-- Hand-offs whose last sign of a person (the hand-off itself, or a person's message) is
-- older than p_hours go back to Júlia. Each is decided under its conversation's row lock
-- (skipped if a hand-back or a supervisor holds it now; the next run looks again), and
-- re-checked there: a person who wrote a moment ago keeps the conversation.
create or replace function human_control_expire(p_hours numeric, p_now timestamptz default now(), p_limit int default 50)
returns jsonb language plpgsql as $$
declare r record; c conversations; h handoffs; res jsonb; out jsonb := '[]'::jsonb;
  cutoff timestamptz := p_now - make_interval(secs => p_hours * 3600);
begin
  for r in select h0.conversation_id from handoffs h0 join conversations c0 on c0.id = h0.conversation_id
            where h0.ended_at is null and c0.controlled_by = 'human'
              and coalesce(h0.last_human_at, h0.started_at) <= cutoff and h0.started_at <= cutoff
            order by h0.started_at limit p_limit
  loop
    select * into c from conversations where id = r.conversation_id for update skip locked;
    if not found or c.controlled_by <> 'human' then continue; end if;
    select * into h from handoffs where conversation_id = c.id and ended_at is null;
    if h.id is null or greatest(h.started_at, coalesce(h.last_human_at, h.started_at)) > cutoff then continue; end if;
    res := handback_locked(c, 'system', 'expired', p_now);
    out := out || jsonb_build_object('conversationId', c.id, 'doctorId', c.doctor_id, 'handoffId', h.id,
                                     'since', h.started_at, 'chatwootConversationId', c.chatwoot_conversation_id);
  end loop;
  return out;
end $$;

-- Expired hand-offs whose notices are not out yet (a crash after the decision posts them on the next run).
create or replace function handoff_expiry_notices(p_limit int default 50) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(jsonb_build_object('handoffId', h.id, 'conversationId', h.conversation_id, 'since', h.started_at,
           'endedAt', h.ended_at, 'doctorName', d.name, 'reason', h.reason) order by h.ended_at), '[]'::jsonb)
  from (select * from handoffs where ended_via = 'handback_expired' and expiry_notified_at is null order by ended_at limit p_limit) h
  left join doctors d on d.id = h.doctor_id
$$;

create or replace function handoff_expiry_notified(p_handoff_id uuid) returns jsonb
language sql as $$
  update handoffs set expiry_notified_at = coalesce(expiry_notified_at, now()) where id = p_handoff_id
  returning jsonb_build_object('ok', true)
$$;

-- ------------------------------------------------------------ outcomes
-- Hand-offs waiting for a person now, and the time to the first human reply of the
-- hand-offs started in [p_from, p_to) (all time when null), in seconds. Take-overs by a
-- person (category pessoa_assumiu) are not waits and stay out of the reply times.
create or replace function handoff_outcomes(p_from timestamptz default null, p_to timestamptz default null,
  p_buckets_s float8[] default array[60, 300, 900, 1800, 3600, 7200, 14400, 43200, 86400], p_now timestamptz default now())
returns jsonb language sql stable as $$
  with waiting as (
    select count(*) as n, coalesce(extract(epoch from p_now - min(h.started_at)), 0) as oldest
      from handoffs h join conversations c on c.id = h.conversation_id
     where h.ended_at is null and h.first_human_reply_at is null and c.controlled_by = 'human'),
  replied as (
    select extract(epoch from h.first_human_reply_at - h.started_at)::float8 as s
      from handoffs h
     where h.first_human_reply_at is not null and h.category <> 'pessoa_assumiu'
       and (p_from is null or h.started_at >= p_from) and (p_to is null or h.started_at < p_to)),
  -- A person who took a conversation over did not make anyone wait: only hand-offs to a person count.
  period as (
    select count(*) as n from handoffs h where h.category <> 'pessoa_assumiu'
       and (p_from is null or h.started_at >= p_from) and (p_to is null or h.started_at < p_to))
  select jsonb_build_object(
    'waiting', (select n from waiting),
    'oldestWaitingSeconds', (select oldest from waiting),
    'started', (select n from period),
    'replied', (select count(*) from replied),
    'sumSeconds', (select coalesce(sum(s), 0) from replied),
    'medianSeconds', (select percentile_cont(0.5) within group (order by s) from replied),
    'p90Seconds', (select percentile_cont(0.9) within group (order by s) from replied),
    'buckets', (select coalesce(jsonb_agg(jsonb_build_object('le', b, 'count', (select count(*) from replied where s <= b)) order by b), '[]'::jsonb)
                  from unnest(p_buckets_s) b),
    'endings', (select coalesce(jsonb_object_agg(v, n), '{}'::jsonb) from (
                  select coalesce(ended_via, 'aberto') as v, count(*) as n from handoffs h
                   where (p_from is null or h.started_at >= p_from) and (p_to is null or h.started_at < p_to) group by 1) e))
$$;

-- ------------------------------------------------------------ Chatwoot mirror state
-- What the mirror last applied in Chatwoot for a conversation: its status, and the
-- hand-off it opened (so a change is applied once, and again only when control changes).
create table chatwoot_conversation_state (
  conversation_id uuid primary key references conversations(id),
  applied_control text check (applied_control in ('julia', 'human')),
  applied_handoff uuid,
  status text,
  updated_at timestamptz not null default now()
);

-- The Chatwoot contact of a doctor, and the hash of the profile last written to it.
create table chatwoot_contacts (
  doctor_id uuid primary key references doctors(id),
  contact_id bigint not null,
  profile_hash text,
  updated_at timestamptz not null default now()
);

-- The doctor's profile as Chatwoot contact attributes. The CRM is partly masked: the
-- supervisor recognizes it, a screenshot of the panel does not give it away.
create or replace function chatwoot_contact_profile(p_doctor_id uuid) returns jsonb
language sql stable as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'julia_especialidade', (select s.name from specialties s where s.id = d.specialty_id),
    'julia_regiao', nullif(concat_ws(' / ', d.city, d.region), ''),
    'julia_crm', case when d.crm is null or length(regexp_replace(d.crm, '\D', '', 'g')) < 4 then null
                      else repeat('•', length(regexp_replace(d.crm, '\D', '', 'g')) - 3) || right(regexp_replace(d.crm, '\D', '', 'g'), 3)
                           || coalesce(' ' || nullif(upper(substring(d.crm from '[A-Za-z]{2}')), ''), '') end,
    'julia_cadastro', coalesce(d.profile->>'registration_status', d.profile->>'cadastro'),
    'julia_ultimo_plantao', (select to_char(max(sh.starts_at) at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')
                               from shifts sh where sh.reserved_by = d.id and sh.status in ('reserved', 'pending_confirmation', 'completed')),
    'julia_opt_out', coalesce((select st.permission_state = 'opted_out' from doctor_state st where st.doctor_id = d.id), false)))
  from doctors d where d.id = p_doctor_id
$$;

create or replace function chatwoot_control_state(p_conversation_id uuid) returns jsonb
language sql stable as $$
  select jsonb_build_object(
    'controlledBy', c.controlled_by,
    'handoffId', (select h.id from handoffs h where h.conversation_id = c.id and h.ended_at is null),
    'lastEnding', (select h.ended_via from handoffs h where h.conversation_id = c.id and h.ended_at is not null order by h.ended_at desc limit 1),
    'appliedControl', s.applied_control, 'appliedHandoff', s.applied_handoff, 'status', s.status,
    'doctorId', c.doctor_id,
    'contactId', (select k.contact_id from chatwoot_contacts k where k.doctor_id = c.doctor_id),
    'profileHash', (select k.profile_hash from chatwoot_contacts k where k.doctor_id = c.doctor_id),
    'profile', chatwoot_contact_profile(c.doctor_id),
    'profileHashNow', md5(chatwoot_contact_profile(c.doctor_id)::text))
  from conversations c left join chatwoot_conversation_state s on s.conversation_id = c.id
  where c.id = p_conversation_id
$$;

create or replace function chatwoot_control_applied(p_conversation_id uuid, p_control text, p_handoff uuid, p_status text)
returns jsonb language sql as $$
  insert into chatwoot_conversation_state (conversation_id, applied_control, applied_handoff, status)
  values (p_conversation_id, p_control, p_handoff, p_status)
  on conflict (conversation_id) do update set applied_control = coalesce(excluded.applied_control, chatwoot_conversation_state.applied_control),
    applied_handoff = case when excluded.applied_control is null then chatwoot_conversation_state.applied_handoff else excluded.applied_handoff end,
    status = coalesce(excluded.status, chatwoot_conversation_state.status), updated_at = now()
  returning jsonb_build_object('ok', true)
$$;

create or replace function chatwoot_contact_link(p_doctor_id uuid, p_contact_id bigint, p_profile_hash text default null)
returns jsonb language sql as $$
  insert into chatwoot_contacts (doctor_id, contact_id, profile_hash) values (p_doctor_id, p_contact_id, p_profile_hash)
  on conflict (doctor_id) do update set contact_id = excluded.contact_id,
    profile_hash = coalesce(excluded.profile_hash, chatwoot_contacts.profile_hash), updated_at = now()
  returning jsonb_build_object('ok', true)
$$;

select revoke_api_roles();
