-- Model outages (issue 9, finding 2): a conversation whose turn could not reach
-- the model waits here, its inbound messages left pending, while the turn is
-- re-scheduled with backoff. Past the budget a person is called with a line to
-- the doctor (handed_off_at); that hand-off returns to Júlia by itself when the
-- model answers again, unless a person touched the conversation meanwhile.

create table model_outages (
  conversation_id uuid primary key references conversations(id) on delete cascade,
  doctor_id uuid not null references doctors(id) on delete cascade,
  since timestamptz not null,
  attempts int not null default 1,
  last_error text,
  handed_off_at timestamptz,
  updated_at timestamptz not null default now()
);
create index model_outages_handed_off_idx on model_outages (handed_off_at) where handed_off_at is not null;

-- One more failed attempt for this conversation; the first one starts the clock.
create or replace function model_outage_note(p_conversation_id uuid, p_now timestamptz, p_error text default null)
returns jsonb language plpgsql as $$
declare o model_outages;
begin
  insert into model_outages (conversation_id, doctor_id, since, last_error)
  select c.id, c.doctor_id, p_now, left(p_error, 120) from conversations c where c.id = p_conversation_id
  on conflict (conversation_id) do update
    set attempts = model_outages.attempts + 1, last_error = excluded.last_error, updated_at = now()
  returning * into o;
  return jsonb_build_object('since', o.since, 'attempts', o.attempts, 'handedOffAt', o.handed_off_at);
end $$;

create or replace function model_outage_get(p_conversation_id uuid) returns jsonb
language sql stable as $$
  select jsonb_build_object('since', o.since, 'attempts', o.attempts, 'handedOffAt', o.handed_off_at)
  from model_outages o where o.conversation_id = p_conversation_id
$$;

-- Past the budget: the conversation passes to a person, marked as caused by the
-- model only. The transaction-local flag tells the control trigger below that
-- this is not a person acting. Returns whether control changed (notify once).
create or replace function model_outage_handoff(p_conversation_id uuid, p_now timestamptz) returns jsonb
language plpgsql as $$
declare previous text; res jsonb;
begin
  select controlled_by into previous from conversations where id = p_conversation_id for update;
  if previous = 'human' and exists (select 1 from model_outages where conversation_id = p_conversation_id and handed_off_at is not null) then
    -- Ours already (a retried turn): nothing changes.
    return jsonb_build_object('handedOff', true, 'changed', false);
  end if;
  if previous = 'human' then
    -- Someone else has it already: not ours to give back.
    delete from model_outages where conversation_id = p_conversation_id;
    return jsonb_build_object('handedOff', false, 'changed', false);
  end if;
  perform set_config('julia.model_outage_handoff', 'on', true);
  res := conversation_set_control(p_conversation_id, 'human', 'model_unavailable', 'julia');
  perform set_config('julia.model_outage_handoff', 'off', true);
  update model_outages set handed_off_at = coalesce(handed_off_at, p_now), updated_at = now()
  where conversation_id = p_conversation_id;
  return jsonb_build_object('handedOff', true, 'changed', (res->>'changed')::boolean);
end $$;

-- The model answered this conversation: forget the outage, and give a
-- model-only hand-off back to Júlia. A row deleted by the trigger (a person
-- acted) is not released.
create or replace function model_outage_clear(p_conversation_id uuid) returns jsonb
language plpgsql as $$
declare o model_outages; released boolean := false;
begin
  select * into o from model_outages where conversation_id = p_conversation_id for update;
  if not found then
    return jsonb_build_object('released', false, 'existed', false);
  end if;
  if o.handed_off_at is not null and (select controlled_by from conversations where id = p_conversation_id) = 'human' then
    perform set_config('julia.model_outage_handoff', 'on', true);
    perform conversation_set_control(p_conversation_id, 'julia', 'model_recovered', 'julia');
    perform set_config('julia.model_outage_handoff', 'off', true);
    released := true;
  end if;
  delete from model_outages where conversation_id = p_conversation_id;
  return jsonb_build_object('released', released, 'existed', true);
end $$;

-- Conversations handed off only because of the model, still untouched by a person.
create or replace function model_outage_waiting(p_limit int default 200) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(jsonb_build_object('conversationId', o.conversation_id, 'handedOffAt', o.handed_off_at)
                            order by o.handed_off_at), '[]'::jsonb)
  from (select o.* from model_outages o join conversations c on c.id = o.conversation_id
        where o.handed_off_at is not null and c.controlled_by = 'human'
        order by o.handed_off_at limit p_limit) o
$$;

-- Anything that sets conversations.controlled_by other than the functions above
-- is a person (supervisor reply, Chatwoot or Slack takeover, a reply from the
-- WhatsApp phone, a hand-back) or a doctor asking for one: the conversation is
-- no longer waiting for the model. On a takeover its pending messages become the
-- person's, so a later hand-back does not answer them a second time.
create or replace function model_outage_on_control() returns trigger
language plpgsql as $$
begin
  if coalesce(current_setting('julia.model_outage_handoff', true), '') = 'on' then
    return new;
  end if;
  if new.controlled_by = 'human' and exists (select 1 from model_outages where conversation_id = new.id) then
    insert into inbound_handled (interaction_id, conversation_id)
    select i.id, i.conversation_id from interactions i
    where i.conversation_id = new.id and i.direction = 'inbound'
      and not exists (select 1 from inbound_handled h where h.interaction_id = i.id)
    on conflict (interaction_id) do nothing;
  end if;
  delete from model_outages where conversation_id = new.id;
  return new;
end $$;

create trigger conversations_model_outage after update of controlled_by on conversations
for each row execute function model_outage_on_control();

select revoke_api_roles();
