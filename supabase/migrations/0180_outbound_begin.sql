-- Issue 13 (load targets; docs/decisions/0180-outbound-throughput.md): a reply
-- in one round trip fewer.
--
-- outbound_begin is outbound_prepare (the snapshot the wrapper decides from)
-- and, for a reply the wrapper expects to go out, outbound_reserve_checked
-- (dedupe, reservation and the decisive rules re-checked under the per-phone
-- lock) in the same call. Nothing is decided here that the two functions do not
-- already decide: the reservation is only attempted when the snapshot shows
-- what the wrapper's guardrails need for a reply to be allowed (no earlier row
-- under this key, the inbound it answers belongs to this doctor and is within
-- the proof window). The wrapper then evaluates its guardrails on the snapshot
-- as before; if they disagree with what was reserved (or routing differs), it
-- releases the reservation and takes the usual path.
--
-- p_reserve (null: plain outbound_prepare):
--   method, content_hash, actor   the send
--   checks                        outbound_reserve_checked's p_checks (what the wrapper will re-check)
--   instance                      the instance the context names, if any
--   instances                     the configured instances (text array)
--   proof_window_ms               how old the answered inbound may be (REPLY_PROOF_WINDOW_MS)
-- Answers outbound_prepare's object, plus `reservation` (outbound_reserve_checked's
-- answer) and `reserved_instance` when a reservation was attempted.
create or replace function outbound_begin(
  p_doctor_id uuid, p_idempotency_key text, p_inbound_interaction_id uuid default null, p_now timestamptz default now(),
  p_conversation_id uuid default null, p_reserve jsonb default null)
returns jsonb language plpgsql as $$
declare
  v jsonb; v_prep jsonb; v_instances text[]; v_instance text; v_occurred timestamptz;
begin
  v_prep := outbound_prepare(p_doctor_id, p_idempotency_key, p_inbound_interaction_id, p_now, p_conversation_id);
  if p_reserve is null or jsonb_typeof(p_reserve) = 'null' then return v_prep; end if;
  v := jsonb_arg(p_reserve);
  if v_prep->'doctor' = 'null'::jsonb or v_prep->'existing' <> 'null'::jsonb or v_prep->'inbound' = 'null'::jsonb then
    return v_prep;
  end if;
  v_occurred := (v_prep->'inbound'->>'occurred_at')::timestamptz;
  -- R-1's window, with the wrapper's minute of tolerance for clocks that disagree.
  if v_occurred < p_now - make_interval(secs => (v->>'proof_window_ms')::numeric / 1000)
     or v_occurred > p_now + interval '1 minute' then
    return v_prep;
  end if;
  -- The number a reply leaves from (pickInstance): the one the context names, else the
  -- one the doctor wrote to, else the last one used with the doctor, else the first.
  select coalesce(array_agg(x), '{}') into v_instances from jsonb_array_elements_text(coalesce(v->'instances', '[]')) x;
  if cardinality(v_instances) = 0 then return v_prep; end if;
  v_instance := case
    when v->>'instance' = any (v_instances) then v->>'instance'
    when v_prep->'inbound'->>'instance' = any (v_instances) then v_prep->'inbound'->>'instance'
    when v_prep->>'last_instance' = any (v_instances) then v_prep->>'last_instance'
    else v_instances[1] end;
  return v_prep || jsonb_build_object(
    'reserved_instance', v_instance,
    'reservation', outbound_reserve_checked(
      p_idempotency_key, p_doctor_id, p_conversation_id, v_prep->'doctor'->>'phone', v_instance,
      v->>'method', v->>'content_hash', false, v_prep->'state'->>'permission_state',
      p_inbound_interaction_id, null, v->>'actor', null, coalesce(v->'checks', '{}'::jsonb), p_now));
end $$;

select revoke_api_roles();
