-- Issue 25, finding 7: a confirmed Slack write survives a failure between the write and its
-- audit row (docs/decisions/0225-slack-actions.md). A claim takes a lease; an action still
-- 'executing' after its lease is re-driven (its tool is idempotent under the same action id)
-- or closed as interrupted, and either way gets exactly one audit row. Previews remember
-- their Slack message and the turn that posted them, so a failed turn's previews can be
-- withdrawn; a write with a named effect (a message to a doctor) runs once per effect and hour.

alter table slack_pending_actions add column if not exists message_ts text;
alter table slack_pending_actions add column if not exists turn_key text;
alter table slack_pending_actions add column if not exists effect_key text;
alter table slack_pending_actions add column if not exists attempts integer not null default 0;
alter table slack_pending_actions add column if not exists lease_until timestamptz;
create index if not exists slack_pending_actions_executing_idx on slack_pending_actions (lease_until) where status = 'executing';
create index if not exists slack_pending_actions_turn_idx on slack_pending_actions (turn_key) where status = 'pending';
create index if not exists slack_pending_actions_effect_idx on slack_pending_actions (effect_key, decided_at) where effect_key is not null;

drop function if exists slack_action_create(text, jsonb, text, text, text, text, int, timestamptz);
create or replace function slack_action_create(p_tool text, p_input jsonb, p_user text, p_channel text, p_thread_ts text, p_preview text,
  p_ttl_seconds int, p_now timestamptz default now(), p_turn_key text default null, p_effect_key text default null)
returns jsonb language sql as $$
  insert into slack_pending_actions (tool, input, slack_user, channel, thread_ts, preview, created_at, expires_at, turn_key, effect_key)
  values (p_tool, p_input, p_user, p_channel, p_thread_ts, p_preview, p_now, p_now + make_interval(secs => p_ttl_seconds), p_turn_key, p_effect_key)
  returning jsonb_build_object('id', id, 'expiresAt', expires_at)
$$;

-- The Slack message of a preview, once posted: what a cancellation or a recovery updates.
create or replace function slack_action_set_message(p_id uuid, p_message_ts text)
returns jsonb language sql as $$
  update slack_pending_actions set message_ts = p_message_ts where id = p_id returning jsonb_build_object('id', id)
$$;

-- The one gate to execution, as before (one UPDATE ... WHERE status = 'pending'), plus:
-- a confirm takes a lease (the recovery sweep leaves the action alone until it ends), and an
-- action with an effect key already confirmed within p_effect_window (another preview of the
-- same message to the same doctor) is closed as a duplicate instead of running. The advisory
-- lock on the effect key serializes two such claims, so exactly one of them runs.
drop function if exists slack_action_claim(uuid, text, text, timestamptz);
create or replace function slack_action_claim(p_id uuid, p_user text, p_decision text, p_now timestamptz default now(),
  p_lease_seconds int default 120, p_effect_window_seconds int default 3600)
returns jsonb language plpgsql as $$
declare a slack_pending_actions; effect text; twin slack_pending_actions;
begin
  select effect_key into effect from slack_pending_actions where id = p_id;
  if p_decision = 'confirm' and effect is not null then
    perform pg_advisory_xact_lock(hashtextextended('slack-effect:' || effect, 0));
    select * into twin from slack_pending_actions
     where effect_key = effect and id <> p_id and status in ('executing', 'done')
       and decided_at > p_now - make_interval(secs => p_effect_window_seconds)
     order by decided_at limit 1;
    if found then
      update slack_pending_actions set status = 'cancelled', decided_at = p_now,
             result = jsonb_build_object('duplicateOf', twin.id, 'confirmedAt', twin.decided_at)
       where id = p_id and status = 'pending' and slack_user = p_user and expires_at > p_now
       returning * into a;
      if found then
        return jsonb_build_object('status', 'duplicate', 'duplicateOf', twin.id, 'confirmedAt', twin.decided_at, 'channel', a.channel, 'messageTs', a.message_ts);
      end if;
    end if;
  end if;
  update slack_pending_actions
     set status = case when p_decision = 'confirm' then 'executing' else 'cancelled' end, decided_at = p_now,
         attempts = case when p_decision = 'confirm' then 1 else attempts end,
         lease_until = case when p_decision = 'confirm' then p_now + make_interval(secs => p_lease_seconds) end
   where id = p_id and status = 'pending' and slack_user = p_user and expires_at > p_now
   returning * into a;
  if found then
    return jsonb_build_object('status', 'claimed', 'tool', a.tool, 'input', a.input, 'channel', a.channel, 'threadTs', a.thread_ts, 'decision', p_decision, 'messageTs', a.message_ts);
  end if;
  select * into a from slack_pending_actions where id = p_id;
  if not found then return jsonb_build_object('status', 'unknown'); end if;
  if a.slack_user <> p_user then return jsonb_build_object('status', 'other_user'); end if;
  if a.status <> 'pending' then return jsonb_build_object('status', 'already_' || a.status); end if;
  return jsonb_build_object('status', 'expired');
end $$;

-- Finishing is unchanged in effect (the first finish of an executing action writes its one
-- audit row); the audit result also says whether a recovery ran it.
create or replace function slack_action_finish(p_id uuid, p_ok boolean, p_result jsonb)
returns jsonb language plpgsql as $$
declare a slack_pending_actions;
begin
  update slack_pending_actions set status = case when p_ok then 'done' else 'failed' end, result = p_result, lease_until = null
   where id = p_id and status = 'executing' returning * into a;
  if not found then return jsonb_build_object('recorded', false); end if;
  insert into admin_audit_log (slack_user, tool, input, result, action_id)
  values (a.slack_user, a.tool, a.input,
          case when a.attempts > 1 then coalesce(p_result, '{}'::jsonb) || jsonb_build_object('recoveredAttempt', a.attempts) else p_result end, a.id);
  return jsonb_build_object('recorded', true);
end $$;

-- The recovery sweep: actions still 'executing' after their lease (the process or the database
-- failed between the write and its finish). A tool named in p_redrivable is idempotent under
-- its action id: it is leased again and returned to be run again (at most p_max_attempts runs
-- in all). Any other is closed as failed with an 'interrupted' result and its audit row: its
-- effect is unknown and a person must look. FOR UPDATE SKIP LOCKED: two sweeps never take the same row.
create or replace function slack_action_recover(p_now timestamptz, p_redrivable text[], p_lease_seconds int default 120,
  p_max_attempts int default 3, p_limit int default 20)
returns jsonb language plpgsql as $$
declare a slack_pending_actions; redrive jsonb := '[]'::jsonb; interrupted jsonb := '[]'::jsonb;
begin
  for a in select * from slack_pending_actions
            where status = 'executing' and coalesce(lease_until, decided_at + make_interval(secs => p_lease_seconds)) < p_now
            order by decided_at limit p_limit for update skip locked loop
    if a.tool = any(p_redrivable) and a.attempts < p_max_attempts then
      update slack_pending_actions set attempts = a.attempts + 1, lease_until = p_now + make_interval(secs => p_lease_seconds)
       where id = a.id;
      redrive := redrive || jsonb_build_object('id', a.id, 'tool', a.tool, 'input', a.input, 'user', a.slack_user, 'channel', a.channel,
        'threadTs', a.thread_ts, 'messageTs', a.message_ts, 'preview', a.preview, 'attempt', a.attempts + 1);
    else
      update slack_pending_actions set status = 'failed', lease_until = null,
             result = jsonb_build_object('erro', 'execução interrompida por uma falha; o efeito não foi confirmado', 'interrupted', true, 'attempts', a.attempts)
       where id = a.id;
      insert into admin_audit_log (slack_user, tool, input, result, action_id)
      values (a.slack_user, a.tool, a.input, jsonb_build_object('erro', 'execução interrompida por uma falha; o efeito não foi confirmado', 'interrupted', true, 'attempts', a.attempts), a.id);
      interrupted := interrupted || jsonb_build_object('id', a.id, 'tool', a.tool, 'channel', a.channel, 'messageTs', a.message_ts, 'preview', a.preview, 'user', a.slack_user);
    end if;
  end loop;
  return jsonb_build_object('redrive', redrive, 'interrupted', interrupted);
end $$;

-- A turn of the managers' agent that failed (or is being run again): its previews still waiting
-- for a click are withdrawn, so only the retried request's previews can be confirmed.
create or replace function slack_action_cancel_turn(p_turn_key text, p_now timestamptz default now())
returns jsonb language sql as $$
  with c as (
    update slack_pending_actions set status = 'cancelled', decided_at = p_now, result = jsonb_build_object('withdrawn', 'turn_failed')
     where turn_key = p_turn_key and status = 'pending'
    returning id, channel, message_ts, preview)
  select coalesce(jsonb_agg(jsonb_build_object('id', id, 'channel', channel, 'messageTs', message_ts, 'preview', preview)), '[]'::jsonb) from c
$$;

-- A manager reserving a shift already reserved for that same doctor (a re-driven confirm) is done, not refused.
create or replace function admin_reserve_shift(p_shift_id uuid, p_doctor_id uuid, p_actor text, p_now timestamptz default now())
returns jsonb language plpgsql as $$
declare s shifts;
begin
  update shifts set status = 'reserved', reserved_by = p_doctor_id, reserved_at = p_now
   where id = p_shift_id and status = 'open' returning * into s;
  if not found then
    if exists (select 1 from shifts where id = p_shift_id and status = 'reserved' and reserved_by = p_doctor_id) then
      return jsonb_build_object('ok', true, 'already', true, 'shift', agent_shift_json(p_shift_id));
    end if;
    return jsonb_build_object('ok', false, 'reason', 'not_open');
  end if;
  insert into business_events (event_type, doctor_id, shift_id, props, created_at)
  values ('shift_reserved', p_doctor_id, s.id, jsonb_build_object('actor', p_actor, 'via', 'slack'), p_now);
  return jsonb_build_object('ok', true, 'shift', agent_shift_json(s.id));
end $$;

select revoke_api_roles();
