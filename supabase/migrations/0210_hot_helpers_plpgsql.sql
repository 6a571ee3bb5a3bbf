-- Issue 13 (load): the small SQL helpers every inbound message and every send calls,
-- with the same results, no longer planned again on every call
-- (docs/decisions/0210-hot-helpers.md).
--
-- Migration 0160 pinned search_path on every function (SET search_path = ...). That is
-- right, and it has a cost nobody measured then: PostgreSQL never inlines a
-- `language sql` function that carries a SET clause, so each call of these one-line
-- helpers runs the SQL-function executor, which parses and plans the body again every
-- time (PostgreSQL 15 keeps no plan for SQL functions across calls). Measured with
-- track_functions on a 1,000-doctor burst on PostgreSQL: doctor_to_json 0.34 ms a call,
-- doctor_contacts_7d 0.24 ms, inbound_conversation 0.28 ms, fold/phone_canonical/jsonb_arg
-- 0.04-0.07 ms, ~1.5 ms of database time per doctor in all; on PGlite (WebAssembly)
-- planning costs more still. plpgsql keeps its plans for the session and evaluates a
-- plain expression on its fast path, so the same bodies cost a fraction.
--
-- Bodies, signatures, defaults and volatility are unchanged; revoke_api_roles() at the
-- end pins search_path on the new definitions again. `fold` backs the index
-- hospitals_name_fold_idx: its results are unchanged, so the index stays valid.

create or replace function fold(t text) returns text
language plpgsql immutable parallel safe as $$
begin
  return lower(translate(coalesce(t, ''),
    'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ',
    'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'));
end $$;

create or replace function phone_canonical(p text) returns text
language plpgsql immutable parallel safe as $$
begin
  return case when p ~ '^55[1-9][1-9][6-9][0-9]{7}$' then substr(p, 1, 4) || '9' || substr(p, 5) else p end;
end $$;

create or replace function phone_forms(p text) returns text[]
language plpgsql immutable parallel safe as $$
declare c text := phone_canonical(p);
begin
  return case when c ~ '^55[1-9][1-9]9[6-9][0-9]{7}$'
              then array[c, substr(c, 1, 4) || substr(c, 6)]
              else array[c] end;
end $$;

create or replace function jsonb_arg(p jsonb) returns jsonb
language plpgsql immutable as $$
begin
  return case when jsonb_typeof(p) = 'string' then (p #>> '{}')::jsonb else coalesce(p, '{}'::jsonb) end;
end $$;

create or replace function delivery_rank(p_status text) returns int
language plpgsql immutable as $$
begin
  return case p_status when 'pending' then 1 when 'error' then 2 when 'server_ack' then 3
    when 'delivered' then 4 when 'read' then 5 when 'played' then 6 else 0 end;
end $$;

create or replace function doctor_to_json(d doctors) returns jsonb
language plpgsql stable as $$
begin
  return to_jsonb(d) || jsonb_build_object(
    'permission_state', (select s.permission_state from doctor_state s where s.doctor_id = d.id),
    'specialty', (select sp.name from specialties sp where sp.id = d.specialty_id));
end $$;

create or replace function doctor_contacts_7d(p_doctor_id uuid, p_now timestamptz)
returns integer language plpgsql stable as $$
begin
  return (select count(*)::int from outbound_messages
          where doctor_id = p_doctor_id and status = 'sent' and proactive
            and sent_at > p_now - interval '7 days' and sent_at <= p_now);
end $$;

create or replace function outbound_event_props(m outbound_messages, p_extra jsonb default '{}'::jsonb)
returns jsonb language plpgsql immutable as $$
begin
  return jsonb_strip_nulls(jsonb_build_object(
    'outbound_message_id', m.id,
    'method', m.method,
    'proactive', m.proactive,
    'instance', m.instance,
    'rule', m.rule,
    'actor', m.actor,
    'content_hash', left(m.content_hash, 16))) || jsonb_arg(p_extra);
end $$;

create or replace function inbound_conversation(p_doctor_id uuid) returns conversations
language plpgsql as $$
begin
  -- The agent's opener already converges concurrent callers on one active conversation.
  return jsonb_populate_record(null::conversations, agent_conversation_open(p_doctor_id));
end $$;

create or replace function inbound_doctor(p_phone text, p_lid text, p_name text)
returns doctors language plpgsql as $$
begin
  return doctor_identify(p_phone, p_lid, p_name);
end $$;

select revoke_api_roles();
