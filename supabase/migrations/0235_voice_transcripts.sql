-- Voice notes (docs/decisions/0245-voice-notes.md): a voice note's words are stored on
-- its interaction. Evolution's own transcript arrives with the message (body, and
-- meta.extra.transcript = {status: done, source: evolution}). Otherwise the message is
-- stored with meta.extra.transcript = {status: pending, source: provider}, and the
-- transcription job settles it here once: the words into body (done), or failed.

-- Interactions stay append-only, with one more transaction-local exception: settling a
-- pending voice note, which may fill an empty body and change meta, nothing else.
-- Replaces forbid_mutation from 0070 (its merge exception is kept as it was).
create or replace function forbid_mutation() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' and coalesce(current_setting('julia.doctor_merge', true), '') = 'on'
     and (to_jsonb(new) - 'doctor_id' - 'conversation_id') = (to_jsonb(old) - 'doctor_id' - 'conversation_id') then
    return new;
  end if;
  if tg_op = 'UPDATE' and tg_table_name = 'interactions' and coalesce(current_setting('julia.voice_transcript', true), '') = 'on'
     and to_jsonb(old)->>'kind' = 'audio' and coalesce(to_jsonb(old)->>'body', '') = ''
     and to_jsonb(old)->'meta'->'extra'->'transcript'->>'status' = 'pending'
     and (to_jsonb(new) - 'body' - 'meta') = (to_jsonb(old) - 'body' - 'meta') then
    return new;
  end if;
  raise exception '% is append-only: % is not allowed', tg_table_name, tg_op
    using errcode = 'P0001';
end $$;

-- What the transcription job needs to know about a voice note, by the id WhatsApp gave it.
create or replace function voice_note_load(p_instance text, p_provider_message_id text) returns jsonb
language sql stable as $$
  select jsonb_build_object(
    'interactionId', i.id, 'conversationId', i.conversation_id, 'doctorId', i.doctor_id,
    'chatJid', i.meta->>'chatJid', 'mimetype', i.media->>'mimetype',
    'status', coalesce(i.meta->'extra'->'transcript'->>'status', case when coalesce(i.body, '') <> '' then 'done' else 'none' end))
  from interactions i
  where i.instance = p_instance and i.provider_message_id = p_provider_message_id
    and i.direction = 'inbound' and i.kind = 'audio'
$$;

-- Settles a pending voice note once: 'done' with its words, or 'failed'. A second call
-- (a retried job, a job that ran twice) finds nothing pending and changes nothing.
-- The event carries no words (I5): only the outcome, the source and the length.
create or replace function voice_transcript_settle(p_interaction_id uuid, p_status text, p_text text default null, p_detail jsonb default '{}'::jsonb)
returns jsonb language plpgsql as $$
declare v interactions;
begin
  if p_status not in ('done', 'failed') then
    raise exception 'voice_transcript_settle: status must be done or failed, got %', p_status using errcode = '22023';
  end if;
  if p_status = 'done' and coalesce(btrim(p_text), '') = '' then
    raise exception 'voice_transcript_settle: a done transcript needs its text' using errcode = '22023';
  end if;
  perform set_config('julia.voice_transcript', 'on', true);
  update interactions i
     set body = case when p_status = 'done' then btrim(p_text) else i.body end,
         meta = jsonb_set(i.meta, '{extra,transcript}',
                          jsonb_build_object('status', p_status, 'source', 'provider', 'settledAt', now()) || coalesce(p_detail, '{}'::jsonb))
   where i.id = p_interaction_id and i.kind = 'audio' and coalesce(i.body, '') = ''
     and i.meta->'extra'->'transcript'->>'status' = 'pending'
  returning * into v;
  perform set_config('julia.voice_transcript', 'off', true);
  if v.id is null then
    return jsonb_build_object('settled', false);
  end if;
  insert into business_events (event_type, doctor_id, conversation_id, interaction_id, props, dedupe_key)
  values (case when p_status = 'done' then 'voice_transcribed' else 'voice_transcription_failed' end,
          v.doctor_id, v.conversation_id, v.id,
          jsonb_build_object('source', 'provider', 'chars', coalesce(length(btrim(p_text)), 0)) || (coalesce(p_detail, '{}'::jsonb) - 'error'),
          'voice-transcript:' || v.id)
  on conflict (dedupe_key) do nothing;
  return jsonb_build_object('settled', true, 'conversationId', v.conversation_id);
end $$;

-- Where the Chatwoot mirror can fetch a voice note's audio from (Evolution, by key), and
-- whether its words are still on the way (pending for less than p_wait: the mirror waits).
create or replace function voice_note_media(p_interaction_id uuid, p_wait interval default interval '10 minutes') returns jsonb
language sql stable as $$
  select jsonb_build_object('instance', i.instance, 'providerMessageId', i.provider_message_id,
                            'chatJid', i.meta->>'chatJid', 'mimetype', i.media->>'mimetype',
                            'transcriptSource', i.meta->'extra'->'transcript'->>'source',
                            'awaitingWords', i.meta->'extra'->'transcript'->>'status' = 'pending' and i.created_at > now() - p_wait)
  from interactions i
  where i.id = p_interaction_id and i.kind = 'audio' and i.direction = 'inbound'
$$;

-- Only the service role may call the functions above (see 0001).
select revoke_api_roles();
