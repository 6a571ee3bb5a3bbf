-- Groups are opted in (issue 25, finding 5; docs/decisions/0230-queue-board-and-groups.md).
-- A WhatsApp group's posts are read only when a manager allowed the group, and a
-- shift found in a group is imported without review only when every group it
-- was posted in is trusted. Posts from other groups are stored for audit, as
-- 'ignored', and never reach the model.

create table group_access (
  group_jid text primary key check (group_jid ~ '^[0-9]{1,40}(-[0-9]{1,20})?@g\.us$'),
  trusted boolean not null default false,
  -- What managers call the group (WhatsApp does not send its name with a post).
  label text check (label is null or length(label) <= 120),
  allowed_by text not null,
  allowed_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

alter table group_messages drop constraint if exists group_messages_status_check;
alter table group_messages add constraint group_messages_status_check check (status in ('pending', 'parsed', 'discarded', 'ignored'));

-- Allow (or re-label, trust, distrust) one group. Idempotent: the same call twice changes nothing the second time.
create or replace function group_access_set(p_jid text, p_trusted boolean, p_label text, p_actor text, p_now timestamptz) returns jsonb
language plpgsql as $$
declare before group_access; after group_access;
begin
  if p_jid is null or p_jid !~ '^[0-9]{1,40}(-[0-9]{1,20})?@g\.us$' then
    return jsonb_build_object('ok', false, 'error', 'grupo_invalido');
  end if;
  perform pg_advisory_xact_lock(hashtext('group_access:' || p_jid));
  select * into before from group_access where group_jid = p_jid;
  insert into group_access (group_jid, trusted, label, allowed_by, allowed_at, updated_at)
  values (p_jid, coalesce(p_trusted, false), nullif(trim(p_label), ''), p_actor, p_now, p_now)
  on conflict (group_jid) do update set
    trusted = coalesce(p_trusted, group_access.trusted),
    label = coalesce(nullif(trim(p_label), ''), group_access.label),
    allowed_by = case when group_access.trusted is distinct from coalesce(p_trusted, group_access.trusted) then p_actor else group_access.allowed_by end,
    updated_at = p_now
  returning * into after;
  if before.group_jid is null or before.trusted is distinct from after.trusted then
    perform business_event_emit('group_access_changed', null, null, null,
      jsonb_build_object('group_jid', p_jid, 'allowed', true, 'trusted', after.trusted, 'actor', p_actor,
                         'previous', case when before.group_jid is null then 'none' when before.trusted then 'trusted' else 'allowed' end));
  end if;
  return jsonb_build_object('ok', true, 'group_jid', after.group_jid, 'trusted', after.trusted, 'label', after.label,
                            'changed', before.group_jid is null or before.trusted is distinct from after.trusted);
end $$;

-- Deny one group: its later posts are stored as 'ignored'. Shifts already imported stay (a person may cancel them).
create or replace function group_access_remove(p_jid text, p_actor text, p_now timestamptz) returns jsonb
language plpgsql as $$
declare before group_access;
begin
  delete from group_access where group_jid = p_jid returning * into before;
  if before.group_jid is not null then
    perform business_event_emit('group_access_changed', null, null, null,
      jsonb_build_object('group_jid', p_jid, 'allowed', false, 'trusted', false, 'actor', p_actor,
                         'previous', case when before.trusted then 'trusted' else 'allowed' end));
  end if;
  return jsonb_build_object('ok', true, 'group_jid', p_jid, 'removed', before.group_jid is not null);
end $$;

-- The allow-list, and the groups Júlia saw posts from without reading them (so a manager can find a JID).
create or replace function group_access_list(p_since timestamptz) returns jsonb
language sql stable as $$
  select jsonb_build_object(
    'allowed', coalesce((select jsonb_agg(jsonb_build_object('group_jid', a.group_jid, 'trusted', a.trusted, 'label', a.label,
                           'allowed_by', a.allowed_by, 'allowed_at', a.allowed_at,
                           'messages', (select count(*) from group_messages m where m.group_jid = a.group_jid and m.created_at >= p_since))
                         order by a.trusted desc, a.label nulls last, a.group_jid) from group_access a), '[]'::jsonb),
    'not_allowed', coalesce((select jsonb_agg(jsonb_build_object('group_jid', q.group_jid, 'messages', q.n, 'last_at', q.last_at) order by q.last_at desc)
                   from (select m.group_jid, count(*) n, max(m.created_at) last_at from group_messages m
                         where m.created_at >= p_since and not exists (select 1 from group_access a where a.group_jid = m.group_jid)
                         group by m.group_jid order by max(m.created_at) desc limit 50) q), '[]'::jsonb))
$$;

-- A post from a group nobody allowed is kept (audit) but never queued for reading.
create or replace function group_message_save(p_message jsonb) returns jsonb
language plpgsql as $$
declare gid uuid; allowed boolean;
begin
  allowed := exists (select 1 from group_access where group_jid = p_message->>'chatJid');
  insert into group_messages (instance, provider_message_id, group_jid, sender_phone, sender_lid, kind, body, sent_at,
                              status, discard_reason, processed_at)
  values (p_message->>'instance', p_message->>'providerMessageId', p_message->>'chatJid', p_message->>'phone',
          p_message->>'lid', p_message->>'kind', p_message->>'text', (p_message->>'sentAt')::timestamptz,
          case when allowed then 'pending' else 'ignored' end,
          case when allowed then null else 'grupo_nao_permitido' end,
          case when allowed then null else now() end)
  on conflict (instance, provider_message_id) do nothing
  returning id into gid;
  if gid is null then return jsonb_build_object('status', 'duplicate', 'id', null); end if;
  if not allowed then
    perform business_event_emit('group_message_ignored', null, null, null,
      jsonb_build_object('message_id', gid, 'group_jid', p_message->>'chatJid', 'reason', 'grupo_nao_permitido'), 'group_message:' || gid);
  end if;
  return jsonb_build_object('status', case when allowed then 'created' else 'ignored' end, 'id', gid);
end $$;

-- What the processor reads: the post and whether its group may be read now.
create or replace function group_message_get(p_id uuid) returns jsonb
language sql stable as $$
  select jsonb_build_object('id', m.id, 'groupJid', m.group_jid, 'kind', m.kind, 'body', m.body, 'sentAt', m.sent_at, 'status', m.status,
                            'allowed', a.group_jid is not null, 'trusted', coalesce(a.trusted, false))
  from group_messages m left join group_access a on a.group_jid = m.group_jid where m.id = p_id
$$;

-- A pending post whose group was denied before it was read: kept, never read.
create or replace function group_message_ignore(p_message_id uuid, p_reason text, p_now timestamptz) returns jsonb
language plpgsql as $$
declare m group_messages;
begin
  select * into m from group_messages where id = p_message_id for update;
  if m.id is null then return jsonb_build_object('status', 'not_found'); end if;
  if m.status <> 'pending' then return jsonb_build_object('status', 'already_' || m.status); end if;
  update group_messages set status = 'ignored', discard_reason = p_reason, processed_at = p_now, shifts_found = 0 where id = m.id;
  perform business_event_emit('group_message_ignored', null, null, null,
    jsonb_build_object('message_id', m.id, 'group_jid', m.group_jid, 'reason', p_reason), 'group_message:' || m.id);
  return jsonb_build_object('status', 'ignored', 'reason', p_reason);
end $$;

-- As in 0130, plus: an automatic import needs every group the shift was posted in
-- to be trusted; otherwise a complete shift waits for a person (grupo_nao_confiavel).
create or replace function group_shift_settle(p_id uuid, p_message_id uuid, p_now timestamptz) returns jsonb
language plpgsql as $$
declare g group_shifts; v text[]; sid uuid;
begin
  select * into g from group_shifts where id = p_id for update;
  if g.status in ('imported', 'rejected') then
    return jsonb_build_object('id', g.id, 'status', g.status, 'reason', g.reason);
  end if;
  v := group_shift_verdict(g, p_now);
  if v[1] = 'imported' and exists (
      select 1 from group_shift_sources s join group_messages m on m.id = s.group_message_id
      left join group_access a on a.group_jid = m.group_jid
      where s.group_shift_id = p_id and not coalesce(a.trusted, false)) then
    v := array['review', 'grupo_nao_confiavel'];
  end if;
  update group_shifts set score = group_score(g), status = v[1], reason = v[2] where id = p_id;
  if v[1] = 'imported' then sid := group_shift_import(p_id, 'auto', p_now); end if;
  perform business_event_emit('group_shift_' || v[1], null, null, null,
      jsonb_build_object('group_shift_id', p_id, 'reason', v[2], 'score', group_score(g), 'message_id', p_message_id, 'shift_id', sid),
      'group_shift:' || p_id || ':' || v[1] || ':' || coalesce(v[2], ''));
  return jsonb_build_object('id', p_id, 'status', v[1], 'reason', v[2], 'shift_id', sid);
end $$;

-- As in 0130, with ignored posts left out of the reading funnel (they were never read).
create or replace function group_pipeline_metrics(p_since timestamptz) returns jsonb
language sql stable as $$
  with m as (select * from group_messages where created_at >= p_since and status not in ('pending', 'ignored')),
       g as (select * from group_shifts where created_at >= p_since),
       s as (select count(*) n from group_shift_sources x join g on g.id = x.group_shift_id)
  select jsonb_build_object(
    'messages_processed', (select count(*) from m),
    'messages_ignored', (select count(*) from group_messages where created_at >= p_since and status = 'ignored'),
    'chatter_rate', round((select count(*) filter (where status = 'discarded') from m)::numeric / nullif((select count(*) from m), 0), 3),
    'shifts_per_offer', round((select sum(shifts_found) from m where status = 'parsed')::numeric / nullif((select count(*) from m where status = 'parsed'), 0), 2),
    'dedupe_ratio', round((select n from s)::numeric / nullif((select count(*) from g), 0), 2),
    'auto_import_rate', round((select count(*) filter (where status = 'imported' and decided_by = 'auto') from g)::numeric / nullif((select count(*) from g), 0), 3),
    'review_rate', round((select count(*) filter (where status = 'review') from g)::numeric / nullif((select count(*) from g), 0), 3),
    'avg_seconds_to_process', round((select avg(extract(epoch from processed_at - created_at)) from m)::numeric, 1))
$$;

select revoke_api_roles();
