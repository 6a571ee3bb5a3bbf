-- Issue 9, finding 9: webhook payloads that can never be queued (they fail
-- validation or normalization, or the job schema rejects them) are answered
-- 4xx so the sender stops retrying, and kept here for a person to inspect.
-- The body arrives already masked (phones, JIDs, e-mails, message text) and is
-- capped again here, so a table meant for debugging never becomes a copy of
-- doctors' messages. A redelivered poison payload is one row with a counter.
create table if not exists dead_letters (
  id uuid primary key default gen_random_uuid(),
  source text not null check (source ~ '^[a-z][a-z0-9_-]{0,31}$'),
  reason text not null,
  body text not null,
  body_bytes integer not null check (body_bytes >= 0),
  -- sha-256 of the raw body: the same payload delivered again is the same row.
  fingerprint text not null unique,
  attempts integer not null default 1,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
create index if not exists dead_letters_last_seen_idx on dead_letters (last_seen_at desc);

create or replace function dead_letter_record(p_source text, p_reason text, p_body text, p_body_bytes integer, p_fingerprint text)
returns jsonb language sql as $$
  insert into dead_letters (source, reason, body, body_bytes, fingerprint)
  values (p_source, left(p_reason, 500), left(p_body, 8192), greatest(p_body_bytes, 0), p_fingerprint)
  on conflict (fingerprint) do update
    set attempts = dead_letters.attempts + 1, last_seen_at = now(), reason = excluded.reason
  returning jsonb_build_object('id', id, 'attempts', attempts)
$$;

create or replace function dead_letter_list(p_limit integer default 50, p_source text default null)
returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', d.id, 'source', d.source, 'reason', d.reason, 'bodyBytes', d.body_bytes, 'body', d.body,
           'attempts', d.attempts, 'firstSeenAt', d.first_seen_at, 'lastSeenAt', d.last_seen_at)
         order by d.last_seen_at desc), '[]'::jsonb)
  from (select * from dead_letters
        where p_source is null or source = p_source
        order by last_seen_at desc limit greatest(1, least(coalesce(p_limit, 50), 1000))) d
$$;

-- Only the service role may call the functions above (see 0001).
select revoke_api_roles();
