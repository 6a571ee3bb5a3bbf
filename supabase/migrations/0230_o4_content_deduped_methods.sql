-- O4 follows the content dedupe of migration 0229 (docs/decisions/0235-kill-switches-and-dedupe.md):
-- only a send of a content-deduped method repeating an earlier text within the hour is a
-- violation. julia_invariants is 0190's otherwise (same arguments, replaced in place).

create or replace function julia_invariants(
  p_since timestamptz default now() - interval '24 hours',
  p_now timestamptz default now(),
  p_business_start int default 8,
  p_business_end int default 20,
  p_business_days int[] default array[1, 2, 3, 4, 5])
returns jsonb language plpgsql stable as $$
declare checks jsonb := '[]'::jsonb; ids text[];
begin
  -- I1: every persisted inbound has exactly one doctor_inbound event.
  select array_agg(i.id::text) into ids from interactions i
  where i.direction = 'inbound' and i.created_at >= p_since
    and (select count(*) from business_events be where be.interaction_id = i.id and be.event_type = 'doctor_inbound') <> 1;
  checks := checks || invariant_result('I1', 'inbound without exactly one doctor_inbound event', ids);

  -- I2: every outbound interaction has exactly one sent outcome, and every decided
  -- outbound call exactly one outcome event of any kind.
  select array_agg(x.id) into ids from (
    select i.id::text as id from interactions i
    where i.direction = 'outbound' and i.created_at >= p_since
      and (select count(*) from business_events be where be.interaction_id = i.id
           and be.event_type in ('doctor_outbound', 'outbound_bypass')) <> 1
    union all
    select m.id::text from outbound_messages m
    where m.created_at >= p_since and m.status in ('sent', 'blocked', 'deduped', 'failed')
      and (select count(*) from business_events be where be.props->>'outbound_message_id' = m.id::text
           and be.event_type in ('doctor_outbound', 'outbound_blocked', 'outbound_bypass', 'outbound_deduped')) <> 1
    union all
    -- A reservation left undecided for an hour is an outbound without outcome.
    select m.id::text from outbound_messages m
    where m.status = 'reserved' and m.created_at < p_now - interval '1 hour' and m.created_at >= p_since - interval '1 day'
  ) x;
  checks := checks || invariant_result('I2', 'outbound call without exactly one outcome event', ids);

  -- I3: a send treated as a reply carries inbound proof within 30 minutes.
  select array_agg(m.id::text) into ids from outbound_messages m
  left join interactions i on i.id = m.inbound_interaction_id
  where m.status = 'sent' and not m.proactive and m.sent_at >= p_since
    and (i.id is null or i.direction <> 'inbound' or i.doctor_id <> m.doctor_id
         or m.created_at - i.occurred_at > interval '30 minutes');
  checks := checks || invariant_result('I3', 'reply sent without valid inbound proof', ids);

  -- I4: opted-out doctors only receive a valid reply or a bypass with a reason.
  select array_agg(m.id::text) into ids from outbound_messages m
  where m.status = 'sent' and m.sent_at >= p_since and m.permission_state = 'opted_out'
    and m.proactive and coalesce(btrim(m.bypass_reason), '') = '';
  checks := checks || invariant_result('I4', 'proactive send to an opted-out doctor without bypass reason', ids);

  -- I5: no event carries message text or a phone number.
  select array_agg(be.id::text) into ids from business_events be
  where be.created_at >= p_since
    and (be.props ?| array['text', 'body', 'message', 'content', 'phone', 'number', 'remoteJid']
         -- A 10-15 digit run not embedded in a hex id or hash: a phone number.
         or be.props::text ~ '(^|[^0-9a-fA-F-])[0-9]{10,15}([^0-9a-fA-F-]|$)');
  checks := checks || invariant_result('I5', 'event props carrying text or phone numbers', ids);

  -- I6: the opt-out early exit records its event: every opted-out doctor has one.
  select array_agg(s.doctor_id::text) into ids from doctor_state s
  where s.permission_state = 'opted_out'
    and not exists (select 1 from business_events be where be.doctor_id = s.doctor_id
                    and be.event_type = 'permission_changed' and be.props->>'to' = 'opted_out');
  checks := checks || invariant_result('I6', 'opted-out doctor without a permission_changed event', ids);

  -- O1: every outbound interaction was recorded by the wrapper.
  select array_agg(i.id::text) into ids from interactions i
  where i.direction = 'outbound' and i.created_at >= p_since
    and not exists (select 1 from outbound_messages m where m.interaction_id = i.id);
  checks := checks || invariant_result('O1', 'outbound interaction not sent through the wrapper', ids);

  -- O2: per sending number, at most 20 proactive sends in any rolling hour and 100 in any rolling day.
  select array_agg(m.id::text) into ids from outbound_messages m
  where m.status = 'sent' and m.proactive and m.sent_at >= p_since
    and ((select count(*) from outbound_messages o where o.status = 'sent' and o.proactive and o.instance = m.instance
          and o.sent_at > m.sent_at - interval '1 hour' and o.sent_at <= m.sent_at) > 20
      or (select count(*) from outbound_messages o where o.status = 'sent' and o.proactive and o.instance = m.instance
          and o.sent_at > m.sent_at - interval '24 hours' and o.sent_at <= m.sent_at) > 100);
  checks := checks || invariant_result('O2', 'proactive rate limit exceeded on an instance', ids);

  -- O3: proactive sends happen inside the configured business hours in São Paulo
  -- (BUSINESS_HOURS, BUSINESS_DAYS; spec O3's Monday-Friday 08:00-20:00 by default);
  -- a reminder the doctor asked for is delivered at the requested time.
  select array_agg(m.id::text) into ids from outbound_messages m
  where m.status = 'sent' and m.proactive and m.method <> 'REMINDER' and m.sent_at >= p_since
    and not (extract(isodow from m.sent_at at time zone 'America/Sao_Paulo')::int = any (p_business_days)
             and extract(hour from m.sent_at at time zone 'America/Sao_Paulo') >= p_business_start
             and extract(hour from m.sent_at at time zone 'America/Sao_Paulo') < p_business_end);
  checks := checks || invariant_result('O3', 'proactive send outside business hours', ids);

  -- O4: the same text to the same phone at most once per sliding hour, for the sends
  -- content dedupe applies to (outbound_content_deduped, migration 0229): a reply or a
  -- supervisor's message that repeats an earlier text is not a duplicate.
  select array_agg(m.id::text) into ids from outbound_messages m
  where m.status = 'sent' and m.created_at >= p_since and outbound_content_deduped(m.method)
    and exists (select 1 from outbound_messages o where o.id <> m.id and o.status = 'sent' and o.phone = m.phone
                and o.content_hash = m.content_hash and o.created_at <= m.created_at
                and o.created_at > m.created_at - interval '1 hour' and (o.created_at, o.id) < (m.created_at, m.id));
  checks := checks || invariant_result('O4', 'duplicate text to the same phone within one hour', ids);

  return jsonb_build_object('since', p_since, 'checks', checks,
    'violations', (select coalesce(sum((c->>'violations')::int), 0) from jsonb_array_elements(checks) c));
end $$;

select revoke_api_roles();
