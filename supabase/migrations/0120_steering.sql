-- Issue 11: managers in Slack (confirmed writes, audit, directives) and supervisors in Chatwoot (hand-back).

-- ------------------------------------------------------------ hand-back
-- One row per return of control from a person to Júlia; the summary feeds her next turn.
create table handbacks (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references conversations(id),
  actor text not null,
  via text not null,
  summary text not null,
  created_at timestamptz not null default now()
);
create index handbacks_conversation_idx on handbacks (conversation_id, created_at desc);

-- Returns control to Júlia for a Chatwoot conversation. Twice (resolve + label removal,
-- or a redelivery) is a no-op: only a human-controlled conversation is handed back.
create or replace function handback_from_chatwoot(p_chatwoot_conversation_id bigint, p_actor text, p_via text, p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare c conversations; since timestamptz; n_doc int; n_team int; last_team text; last_doc text; s text;
begin
  select * into c from conversations where chatwoot_conversation_id = p_chatwoot_conversation_id
    order by (status = 'active') desc, created_at desc limit 1 for update;
  if not found then return jsonb_build_object('status', 'unknown_conversation'); end if;
  if c.controlled_by <> 'human' then return jsonb_build_object('status', 'not_in_handoff', 'conversationId', c.id); end if;
  select max(created_at) into since from business_events where conversation_id = c.id and event_type = 'handoff';
  since := coalesce(since, p_now - interval '24 hours');
  select count(*) filter (where direction = 'inbound'), count(*) filter (where direction = 'outbound'),
         (array_agg(left(body, 200) order by occurred_at desc) filter (where direction = 'outbound' and body is not null))[1],
         (array_agg(left(body, 200) order by occurred_at desc) filter (where direction = 'inbound' and body is not null))[1]
    into n_doc, n_team, last_team, last_doc
    from interactions where conversation_id = c.id and occurred_at >= since;
  s := format('Uma pessoa da equipe conduziu esta conversa desde %s (horário de Brasília): %s mensagem(ns) do médico, %s da equipe.',
              to_char(since at time zone 'America/Sao_Paulo', 'DD/MM HH24:MI'), n_doc, n_team);
  if last_team is not null then s := s || format(' Última mensagem da equipe: "%s".', last_team); end if;
  if last_doc is not null then s := s || format(' Última do médico: "%s".', last_doc); end if;
  perform conversation_set_control(c.id, 'julia', 'handback_' || p_via, p_actor);
  insert into handbacks (conversation_id, actor, via, summary, created_at) values (c.id, p_actor, p_via, s, p_now);
  return jsonb_build_object('status', 'handed_back', 'conversationId', c.id, 'doctorId', c.doctor_id, 'summary', s);
end $$;

-- ------------------------------------------------------------ manager directives
create table manager_directives (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('prioridade', 'hospital', 'evitar', 'outro')),
  text text not null check (length(text) between 1 and 500),
  source text,
  created_by text not null,
  valid_from timestamptz not null default now(),
  valid_until timestamptz not null,
  revoked_at timestamptz,
  revoked_by text,
  created_at timestamptz not null default now(),
  check (valid_until > valid_from)
);
create index manager_directives_active_idx on manager_directives (valid_until) where revoked_at is null;

create or replace function directive_add(p_items jsonb, p_valid_until timestamptz, p_source text, p_created_by text, p_now timestamptz default now())
returns jsonb language sql as $$
  with ins as (
    insert into manager_directives (kind, text, source, created_by, valid_from, valid_until)
    select coalesce(i->>'kind', 'outro'), i->>'text', p_source, p_created_by, p_now, p_valid_until
      from jsonb_array_elements(p_items) i
    returning id, kind, text, valid_until)
  select coalesce(jsonb_agg(jsonb_build_object('id', id, 'kind', kind, 'text', text, 'validUntil', valid_until)), '[]'::jsonb) from ins
$$;

create or replace function directive_list(p_now timestamptz default now())
returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', id, 'kind', kind, 'text', text, 'validUntil', valid_until, 'createdBy', created_by, 'source', source)
         order by created_at), '[]'::jsonb)
  from manager_directives where revoked_at is null and valid_from <= p_now and valid_until > p_now
$$;

create or replace function directive_revoke(p_id uuid, p_by text, p_now timestamptz default now())
returns jsonb language sql as $$
  with r as (update manager_directives set revoked_at = p_now, revoked_by = p_by where id = p_id and revoked_at is null returning id)
  select jsonb_build_object('revoked', exists (select 1 from r))
$$;

-- What a doctor's turn needs from the people steering Júlia: the active directives and,
-- until Júlia has spoken again, the summary of a person's hand-back.
create or replace function agent_steering(p_conversation_id uuid, p_now timestamptz default now())
returns jsonb language sql stable as $$
  select jsonb_build_object(
    'directives', (select coalesce(jsonb_agg(d.kind || ': ' || d.text order by d.created_at), '[]'::jsonb)
                   from manager_directives d where d.revoked_at is null and d.valid_from <= p_now and d.valid_until > p_now),
    'handback', (select h.summary from handbacks h
                 where h.conversation_id = p_conversation_id and h.created_at > p_now - interval '7 days'
                   and not exists (select 1 from interactions i where i.conversation_id = h.conversation_id
                                   and i.direction = 'outbound' and i.occurred_at > h.created_at)
                 order by h.created_at desc limit 1))
$$;

-- ------------------------------------------------------------ Slack confirmed writes
-- A write a manager asked for, waiting for their button. Claimed atomically: one execution.
create table slack_pending_actions (
  id uuid primary key default gen_random_uuid(),
  tool text not null,
  input jsonb not null,
  slack_user text not null,
  channel text not null,
  thread_ts text,
  preview text not null,
  status text not null default 'pending' check (status in ('pending', 'executing', 'done', 'failed', 'cancelled')),
  result jsonb,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  decided_at timestamptz
);

create table admin_audit_log (
  id bigint generated always as identity primary key,
  slack_user text not null,
  tool text not null,
  input jsonb not null,
  result jsonb,
  action_id uuid references slack_pending_actions(id),
  created_at timestamptz not null default now()
);
create trigger admin_audit_log_append_only before update or delete on admin_audit_log
  for each row execute function forbid_mutation();

create or replace function slack_action_create(p_tool text, p_input jsonb, p_user text, p_channel text, p_thread_ts text, p_preview text,
  p_ttl_seconds int, p_now timestamptz default now())
returns jsonb language sql as $$
  insert into slack_pending_actions (tool, input, slack_user, channel, thread_ts, preview, created_at, expires_at)
  values (p_tool, p_input, p_user, p_channel, p_thread_ts, p_preview, p_now, p_now + make_interval(secs => p_ttl_seconds))
  returning jsonb_build_object('id', id, 'expiresAt', expires_at)
$$;

-- The one gate to execution: a single UPDATE ... WHERE status = 'pending' so a double click,
-- a retried interaction or two processes at once see exactly one 'claimed'.
create or replace function slack_action_claim(p_id uuid, p_user text, p_decision text, p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare a slack_pending_actions;
begin
  update slack_pending_actions set status = case when p_decision = 'confirm' then 'executing' else 'cancelled' end, decided_at = p_now
   where id = p_id and status = 'pending' and slack_user = p_user and expires_at > p_now
   returning * into a;
  if found then
    return jsonb_build_object('status', 'claimed', 'tool', a.tool, 'input', a.input, 'channel', a.channel, 'threadTs', a.thread_ts, 'decision', p_decision);
  end if;
  select * into a from slack_pending_actions where id = p_id;
  if not found then return jsonb_build_object('status', 'unknown'); end if;
  if a.slack_user <> p_user then return jsonb_build_object('status', 'other_user'); end if;
  if a.status <> 'pending' then return jsonb_build_object('status', 'already_' || a.status); end if;
  return jsonb_build_object('status', 'expired');
end $$;

create or replace function slack_action_finish(p_id uuid, p_ok boolean, p_result jsonb)
returns jsonb language plpgsql as $$
declare a slack_pending_actions;
begin
  update slack_pending_actions set status = case when p_ok then 'done' else 'failed' end, result = p_result
   where id = p_id and status = 'executing' returning * into a;
  if not found then return jsonb_build_object('recorded', false); end if;
  insert into admin_audit_log (slack_user, tool, input, result, action_id) values (a.slack_user, a.tool, a.input, p_result, a.id);
  return jsonb_build_object('recorded', true);
end $$;

create or replace function admin_audit_list(p_limit int default 50)
returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(to_jsonb(x) order by x.id desc), '[]'::jsonb)
  from (select id, slack_user, tool, input, result, created_at from admin_audit_log order by id desc limit p_limit) x
$$;

-- ------------------------------------------------------------ admin reads
create or replace function admin_metrics(p_from timestamptz, p_to timestamptz)
returns jsonb language sql stable as $$
  select jsonb_build_object(
    'from', p_from, 'to', p_to,
    'mensagensRecebidas', (select count(*) from interactions where direction = 'inbound' and occurred_at >= p_from and occurred_at < p_to),
    'mensagensEnviadas', (select count(*) from interactions where direction = 'outbound' and occurred_at >= p_from and occurred_at < p_to),
    'medicosAtivos', (select count(distinct doctor_id) from interactions where direction = 'inbound' and occurred_at >= p_from and occurred_at < p_to),
    'reservas', (select count(*) from shifts where reserved_at >= p_from and reserved_at < p_to),
    'handoffs', (select count(*) from business_events where event_type = 'handoff' and created_at >= p_from and created_at < p_to),
    'optOuts', (select count(*) from business_events where event_type = 'permission_changed' and props->>'to' = 'opted_out' and created_at >= p_from and created_at < p_to))
$$;

create or replace function admin_doctor_json(d doctors) returns jsonb language sql stable as $$
  select jsonb_build_object('id', d.id, 'nome', d.name, 'telefone', d.phone, 'crm', d.crm, 'cidade', d.city,
    'especialidade', (select name from specialties where id = d.specialty_id),
    'situacao', coalesce((select permission_state from doctor_state where doctor_id = d.id), 'opted_in'),
    'ultimaMensagem', (select last_inbound_at from doctor_state where doctor_id = d.id))
$$;

create or replace function admin_doctor_search(p_query text, p_limit int default 5)
returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(admin_doctor_json(d)), '[]'::jsonb) from (
    select * from doctors
     where fold(coalesce(name, '')) like '%' || fold(p_query) || '%' or phone like '%' || regexp_replace(p_query, '\D', '', 'g') || '%' and regexp_replace(p_query, '\D', '', 'g') <> ''
        or crm = p_query
     order by name nulls last limit p_limit) d
$$;

create or replace function admin_doctor_list(p_situacao text default null, p_limit int default 20)
returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(admin_doctor_json(d)), '[]'::jsonb) from (
    select d.* from doctors d left join doctor_state s on s.doctor_id = d.id
     where p_situacao is null or coalesce(s.permission_state, 'opted_in') = p_situacao
     order by s.last_inbound_at desc nulls last, d.name limit p_limit) d
$$;

create or replace function admin_history(p_doctor_id uuid, p_limit int default 20)
returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(jsonb_build_object('direcao', direction, 'texto', left(body, 300), 'em', occurred_at) order by occurred_at), '[]'::jsonb)
  from (select * from interactions where doctor_id = p_doctor_id and body is not null order by occurred_at desc limit p_limit) i
$$;

create or replace function admin_open_shifts(p_from timestamptz, p_to timestamptz, p_hospital text default null, p_limit int default 20)
returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(agent_shift_json(s.id) order by s.starts_at), '[]'::jsonb) from (
    select s.* from shifts s join hospitals h on h.id = s.hospital_id
     where s.status = 'open' and s.starts_at >= p_from and s.starts_at < p_to
       and (p_hospital is null or fold(h.name) like '%' || fold(p_hospital) || '%')
     order by s.starts_at limit p_limit) s
$$;

-- A manager reserves a shift for a doctor: same guard as the agent (only an open shift).
create or replace function admin_reserve_shift(p_shift_id uuid, p_doctor_id uuid, p_actor text, p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare s shifts;
begin
  update shifts set status = 'reserved', reserved_by = p_doctor_id, reserved_at = p_now
   where id = p_shift_id and status = 'open' returning * into s;
  if not found then return jsonb_build_object('ok', false, 'reason', 'not_open'); end if;
  insert into business_events (event_type, doctor_id, shift_id, props, created_at)
  values ('shift_reserved', p_doctor_id, s.id, jsonb_build_object('actor', p_actor, 'via', 'slack'), p_now);
  return jsonb_build_object('ok', true, 'shift', agent_shift_json(s.id));
end $$;

create or replace function admin_open_handoffs()
returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(jsonb_build_object('conversationId', c.id, 'medico', d.name, 'chatwootConversationId', c.chatwoot_conversation_id,
           'desde', (select max(created_at) from business_events e where e.conversation_id = c.id and e.event_type = 'handoff'))), '[]'::jsonb)
  from conversations c join doctors d on d.id = c.doctor_id where c.status = 'active' and c.controlled_by = 'human'
$$;

select revoke_api_roles();

create or replace function slack_action_get(p_id uuid)
returns jsonb language sql stable as $$
  select jsonb_build_object('id', id, 'tool', tool, 'status', status, 'preview', preview, 'user', slack_user) from slack_pending_actions where id = p_id
$$;

select revoke_api_roles();

create or replace function chatwoot_conversation_of(p_conversation_id uuid)
returns jsonb language sql stable as $$
  select jsonb_build_object('chatwootConversationId', (select chatwoot_conversation_id from conversations where id = p_conversation_id))
$$;

select revoke_api_roles();

-- ------------------------------------------------------------ hand-off reminders
-- One reminder per hand-off (the handoff business event), claimed by the insert.
create table handoff_reminders (
  handoff_event_id bigint primary key references business_events(id),
  conversation_id uuid not null references conversations(id),
  reminded_at timestamptz not null default now()
);

create or replace function handoff_reminders_claim(p_older_than_minutes int, p_now timestamptz default now(), p_limit int default 50)
returns jsonb language sql as $$
  with due as (
    select distinct on (c.id) c.id as conversation_id, c.chatwoot_conversation_id, d.name, e.id as event_id, e.created_at as since, e.props->>'reason' as reason
      from conversations c
      join doctors d on d.id = c.doctor_id
      join business_events e on e.conversation_id = c.id and e.event_type = 'handoff'
     where c.status = 'active' and c.controlled_by = 'human'
     order by c.id, e.created_at desc),
  claimed as (
    insert into handoff_reminders (handoff_event_id, conversation_id, reminded_at)
    select event_id, conversation_id, p_now from due
     where since <= p_now - make_interval(mins => p_older_than_minutes)
     order by since limit p_limit
    on conflict (handoff_event_id) do nothing
    returning handoff_event_id)
  select coalesce(jsonb_agg(jsonb_build_object('conversationId', due.conversation_id, 'chatwootConversationId', due.chatwoot_conversation_id,
           'doctorName', due.name, 'since', due.since, 'reason', due.reason)), '[]'::jsonb)
    from due join claimed on claimed.handoff_event_id = due.event_id
$$;

select revoke_api_roles();
