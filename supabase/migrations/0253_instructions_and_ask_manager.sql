-- Supervisor instructions and ask-the-manager (docs/decisions/0265-instructions-and-ask-the-manager.md).
--
-- 1. conversation_instructions: a Chatwoot private note addressed to Júlia becomes an
--    instruction for that conversation, shown in her next turns until it expires or
--    is revoked. Keyed by the Chatwoot message id: a redelivered note is stored once.
-- 2. manager_questions: consultar_gestor's question to the managers (Slack), its one
--    answer (button or thread reply) or its timeout, and whether the message that
--    carries the outcome to the doctor has been handed to the outbound queue.

create table conversation_instructions (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references conversations(id) on delete cascade,
  chatwoot_message_id bigint not null unique,
  author text not null,
  body text not null check (length(body) between 1 and 2000),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_by text,
  created_at timestamptz not null default now()
);
create index conversation_instructions_active_idx on conversation_instructions (conversation_id, created_at) where revoked_at is null;

-- Stores a note's instruction, or revokes every active one of the conversation.
-- Returns status: stored | revoked | duplicate | unknown_conversation.
create or replace function instruction_from_note(
  p_chatwoot_conversation_id bigint, p_chatwoot_message_id bigint, p_author text,
  p_body text, p_revoke boolean, p_expires_at timestamptz, p_now timestamptz
) returns jsonb
language plpgsql as $$
declare
  v_conv conversations%rowtype;
  v_id uuid;
  v_count int;
begin
  select * into v_conv from conversations where chatwoot_conversation_id = p_chatwoot_conversation_id
    order by (status = 'active') desc, created_at desc limit 1;
  if not found then return jsonb_build_object('status', 'unknown_conversation'); end if;
  -- The note itself is the key, for a revocation too: a redelivery does nothing twice.
  insert into conversation_instructions (conversation_id, chatwoot_message_id, author, body, expires_at, revoked_at, revoked_by, created_at)
  values (v_conv.id, p_chatwoot_message_id, p_author, p_body, p_expires_at,
          case when p_revoke then p_now end, case when p_revoke then p_author end, p_now)
  on conflict (chatwoot_message_id) do nothing
  returning id into v_id;
  if v_id is null then
    return jsonb_build_object('status', 'duplicate', 'conversationId', v_conv.id);
  end if;
  if p_revoke then
    update conversation_instructions set revoked_at = p_now, revoked_by = p_author
     where conversation_id = v_conv.id and revoked_at is null and expires_at > p_now;
    get diagnostics v_count = row_count;
    insert into business_events (event_type, doctor_id, conversation_id, props, dedupe_key, created_at)
    values ('supervisor_instructions_revoked', v_conv.doctor_id, v_conv.id,
            jsonb_build_object('author', p_author, 'revoked', v_count), 'instr-' || p_chatwoot_message_id, p_now);
    return jsonb_build_object('status', 'revoked', 'conversationId', v_conv.id, 'revoked', v_count);
  end if;
  insert into business_events (event_type, doctor_id, conversation_id, props, dedupe_key, created_at)
  values ('supervisor_instruction', v_conv.doctor_id, v_conv.id,
          jsonb_build_object('instructionId', v_id, 'author', p_author, 'expiresAt', p_expires_at), 'instr-' || p_chatwoot_message_id, p_now);
  return jsonb_build_object('status', 'stored', 'conversationId', v_conv.id, 'instructionId', v_id, 'expiresAt', p_expires_at);
end;
$$;

create or replace function conversation_instructions_active(p_conversation_id uuid, p_now timestamptz) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(jsonb_build_object('body', body, 'expiresAt', expires_at) order by created_at), '[]'::jsonb)
  from conversation_instructions
  where conversation_id = p_conversation_id and revoked_at is null and expires_at > p_now
$$;

create table manager_questions (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references conversations(id) on delete cascade,
  doctor_id uuid not null references doctors(id) on delete cascade,
  question text not null,
  shift_ref text,
  status text not null default 'pending' check (status in ('pending', 'approved', 'refused', 'answered', 'timed_out')),
  slack_channel text,
  slack_ts text,
  answer text,
  answered_by text,
  answered_via text check (answered_via in ('button', 'thread', 'timeout')),
  answered_at timestamptz,
  deadline_at timestamptz not null,
  -- Set once the doctor's message is in the outbound queue (its key makes the send once).
  delivery_enqueued_at timestamptz,
  created_at timestamptz not null default now()
);
-- One open question per conversation: a second consultar_gestor waits for the first.
create unique index manager_questions_one_pending_idx on manager_questions (conversation_id) where status = 'pending';
create index manager_questions_thread_idx on manager_questions (slack_channel, slack_ts);
create index manager_questions_undelivered_idx on manager_questions (answered_at) where delivery_enqueued_at is null;

create or replace function manager_question_create(
  p_conversation_id uuid, p_doctor_id uuid, p_question text, p_shift_ref text, p_deadline_at timestamptz, p_now timestamptz
) returns jsonb
language plpgsql as $$
declare
  v_q manager_questions%rowtype;
  v_doc doctors%rowtype;
begin
  perform 1 from conversations where id = p_conversation_id and doctor_id = p_doctor_id;
  if not found then return jsonb_build_object('status', 'forbidden'); end if;
  select * into v_q from manager_questions where conversation_id = p_conversation_id and status = 'pending';
  if found then
    return jsonb_build_object('status', 'already_pending', 'id', v_q.id, 'question', v_q.question);
  end if;
  begin
    insert into manager_questions (conversation_id, doctor_id, question, shift_ref, deadline_at, created_at)
    values (p_conversation_id, p_doctor_id, p_question, p_shift_ref, p_deadline_at, p_now)
    returning * into v_q;
  exception when unique_violation then
    select * into v_q from manager_questions where conversation_id = p_conversation_id and status = 'pending';
    return jsonb_build_object('status', 'already_pending', 'id', v_q.id, 'question', v_q.question);
  end;
  select * into v_doc from doctors where id = p_doctor_id;
  insert into business_events (event_type, doctor_id, conversation_id, props, dedupe_key, created_at)
  values ('manager_question_asked', p_doctor_id, p_conversation_id,
          jsonb_build_object('questionId', v_q.id, 'shiftRef', p_shift_ref, 'deadlineAt', p_deadline_at), 'askq-' || v_q.id, p_now);
  return jsonb_build_object('status', 'created', 'id', v_q.id, 'question', v_q.question);
end;
$$;

-- What the Slack message shows: the question, the doctor and the shift the conversation offered.
create or replace function manager_question_view(p_id uuid) returns jsonb
language sql stable as $$
  select jsonb_build_object(
    'id', q.id, 'status', q.status, 'question', q.question, 'shiftRef', q.shift_ref,
    'slackChannel', q.slack_channel, 'slackTs', q.slack_ts, 'conversationId', q.conversation_id,
    'doctorId', q.doctor_id, 'doctorName', d.name, 'doctorPhone', d.phone,
    'answer', q.answer, 'answeredBy', q.answered_by, 'answeredVia', q.answered_via,
    'deliveryEnqueuedAt', q.delivery_enqueued_at,
    'lastInbound', (select jsonb_build_object('id', i.id, 'sentAt', i.occurred_at, 'instance', c.instance) from interactions i
                    where i.conversation_id = c.id and i.direction = 'inbound' and i.kind not in ('reaction', 'delete')
                    order by i.created_at desc, i.id desc limit 1),
    'shift', (
      select jsonb_build_object('startsAt', s.starts_at, 'period', s.period, 'hours', s.duration_hours, 'hospital', h.name, 'valueCents', s.value_cents)
      from shifts s join hospitals h on h.id = s.hospital_id
      where q.shift_ref is not null and s.id::text = (
        select e ->> 'shiftId' from jsonb_array_elements(coalesce(c.state -> 'offered', '[]'::jsonb)) e where e ->> 'ref' = q.shift_ref limit 1)
    ))
  from manager_questions q join doctors d on d.id = q.doctor_id join conversations c on c.id = q.conversation_id
  where q.id = p_id
$$;

create or replace function manager_question_posted(p_id uuid, p_channel text, p_ts text) returns jsonb
language sql as $$
  update manager_questions set slack_channel = p_channel, slack_ts = p_ts
   where id = p_id and slack_ts is null
  returning jsonb_build_object('status', 'stored')
$$;

-- The one answer: the first of a button, a thread reply or the timeout wins; the rest
-- find it decided. p_id or the Slack thread (channel, ts) names the question.
create or replace function manager_question_answer(
  p_id uuid, p_channel text, p_thread_ts text, p_decision text, p_answer text, p_actor text, p_via text, p_now timestamptz
) returns jsonb
language plpgsql as $$
declare
  v_q manager_questions%rowtype;
begin
  if p_id is null then
    select * into v_q from manager_questions where slack_channel = p_channel and slack_ts = p_thread_ts for update;
  else
    select * into v_q from manager_questions where id = p_id for update;
  end if;
  if not found then return jsonb_build_object('status', 'unknown'); end if;
  if v_q.status <> 'pending' then
    return jsonb_build_object('status', 'already_decided', 'id', v_q.id, 'decision', v_q.status, 'answeredBy', v_q.answered_by);
  end if;
  if p_via = 'timeout' and v_q.deadline_at > p_now then
    return jsonb_build_object('status', 'not_due', 'id', v_q.id);
  end if;
  update manager_questions set status = p_decision, answer = p_answer, answered_by = p_actor, answered_via = p_via, answered_at = p_now
   where id = v_q.id;
  insert into business_events (event_type, doctor_id, conversation_id, props, dedupe_key, created_at)
  values (case when p_via = 'timeout' then 'manager_question_timed_out' else 'manager_question_answered' end,
          v_q.doctor_id, v_q.conversation_id,
          jsonb_build_object('questionId', v_q.id, 'decision', p_decision, 'via', p_via, 'actor', p_actor), 'askq-answer-' || v_q.id, p_now);
  return jsonb_build_object('status', 'decided', 'id', v_q.id, 'decision', p_decision);
end;
$$;

create or replace function manager_question_delivery_enqueued(p_id uuid, p_now timestamptz) returns jsonb
language sql as $$
  update manager_questions set delivery_enqueued_at = p_now where id = p_id and delivery_enqueued_at is null
  returning jsonb_build_object('status', 'marked')
$$;

-- The sweep's work: questions past their deadline, and decided ones whose message
-- never reached the outbound queue (the process died between the answer and the send).
create or replace function manager_questions_due(p_now timestamptz) returns jsonb
language sql stable as $$
  select jsonb_build_object(
    'timedOut', coalesce((select jsonb_agg(id) from manager_questions where status = 'pending' and deadline_at <= p_now), '[]'::jsonb),
    'undelivered', coalesce((select jsonb_agg(id) from manager_questions where status <> 'pending' and delivery_enqueued_at is null
                              and answered_at > p_now - interval '2 days'), '[]'::jsonb))
$$;

select revoke_api_roles();

create or replace function manager_question_of_thread(p_channel text, p_thread_ts text) returns jsonb
language sql stable as $$
  select jsonb_build_object('id', id) from manager_questions where slack_channel = p_channel and slack_ts = p_thread_ts limit 1
$$;

select revoke_api_roles();
