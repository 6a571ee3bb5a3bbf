-- Dynamic knowledge (spec section 4, 10.3, 13.2-13.3): playbook chunks for hybrid
-- retrieval, the index state that versions the retrieval cache, and doctor memories.
-- Vectors travel as text literals ('[0.1,...]') and are cast here, because the
-- three database adapters disagree on how arrays are bound.

-- One row: the model the index was built with and a counter bumped on every
-- change. Retrieval caches are keyed by the counter, so a re-index invalidates
-- every instance's cache at once.
create table knowledge_index_state (
  id boolean primary key default true check (id),
  model text,
  version bigint not null default 0,
  -- Chunk count, kept here so full-text queries need not count the table.
  chunks int not null default 0,
  updated_at timestamptz not null default now()
);
insert into knowledge_index_state (id) values (true);

create table knowledge_chunks (
  id uuid primary key default gen_random_uuid(),
  source text not null,
  heading text not null,
  chunk_index int not null,
  content text not null,
  -- sha256 of source, heading and content: the identity that makes re-indexing incremental.
  content_hash text not null unique,
  model text not null,
  embedding vector(1024) not null,
  -- Folded before stemming, and queries are folded too, so "plantao" finds "plantão".
  tsv tsvector generated always as (
    setweight(to_tsvector('portuguese', fold(heading)), 'A') ||
    setweight(to_tsvector('portuguese', fold(content)), 'B')
  ) stored,
  updated_at timestamptz not null default now()
);
create index knowledge_chunks_embedding_idx on knowledge_chunks using hnsw (embedding vector_cosine_ops);
create index knowledge_chunks_tsv_idx on knowledge_chunks using gin (tsv);
create index knowledge_chunks_source_idx on knowledge_chunks (source, chunk_index);

-- Document frequency of each lexeme, refreshed on index changes. Full-text queries
-- skip lexemes found in a large share of chunks: they rank nothing and, OR-ed,
-- would make every query score most of the table.
create table knowledge_lexemes (
  lexeme text primary key,
  ndoc int not null
);

create table doctor_memories (
  id uuid primary key default gen_random_uuid(),
  doctor_id uuid not null references doctors(id) on delete cascade,
  tipo text not null check (tipo in ('preferencia', 'restricao', 'info_pessoal', 'historico', 'comportamento')),
  informacao text not null check (length(informacao) between 1 and 2000),
  confianca text not null default 'media' check (confianca in ('alta', 'media', 'baixa')),
  contexto text,
  model text not null,
  embedding vector(1024) not null,
  created_at timestamptz not null default now()
);
-- No HNSW here on purpose: one doctor has few memories, and an exact scan behind
-- this btree never misses a neighbour the way a filtered approximate scan can.
create index doctor_memories_doctor_idx on doctor_memories (doctor_id, model, created_at);

-- ---------------------------------------------------------------- index state

create or replace function knowledge_index_state_get() returns jsonb
language sql stable as $$
  select jsonb_build_object('model', s.model, 'version', s.version, 'updated_at', s.updated_at, 'chunks', s.chunks)
  from knowledge_index_state s
$$;

-- Hashes already embedded with p_model: the indexer embeds only the rest.
create or replace function knowledge_chunk_hashes(p_model text) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(content_hash), '[]'::jsonb) from knowledge_chunks where model = p_model
$$;

-- p_chunks: [{source, heading, chunk_index, content, content_hash, embedding?}].
-- A chunk without embedding is already stored with this model: only its position
-- is refreshed. Then every chunk not in the batch, or of another model, is
-- removed, so the table always holds exactly one model.
create or replace function knowledge_sync(p_model text, p_chunks jsonb, p_prune boolean default true)
returns jsonb language plpgsql as $$
declare
  v_upserted int;
  v_moved int;
  v_removed int := 0;
  v_version bigint;
begin
  perform pg_advisory_xact_lock(7217040);
  insert into knowledge_chunks (source, heading, chunk_index, content, content_hash, model, embedding)
  select c->>'source', c->>'heading', (c->>'chunk_index')::int, c->>'content', c->>'content_hash', p_model,
         (c->>'embedding')::vector
  from jsonb_array_elements(p_chunks) c
  where c ? 'embedding'
  on conflict (content_hash) do update
    set model = excluded.model, embedding = excluded.embedding, chunk_index = excluded.chunk_index,
        source = excluded.source, heading = excluded.heading, content = excluded.content, updated_at = now();
  get diagnostics v_upserted = row_count;

  update knowledge_chunks k set chunk_index = (c->>'chunk_index')::int, updated_at = now()
  from jsonb_array_elements(p_chunks) c
  where not c ? 'embedding' and k.content_hash = c->>'content_hash' and k.model = p_model
    and k.chunk_index <> (c->>'chunk_index')::int;
  get diagnostics v_moved = row_count;

  if p_prune then
    delete from knowledge_chunks k
    where k.model <> p_model
       or not exists (select 1 from jsonb_array_elements(p_chunks) c where c->>'content_hash' = k.content_hash);
    get diagnostics v_removed = row_count;
  end if;

  -- Fresh statistics let the planner pick the HNSW index over a sequential scan;
  -- embedded PGlite has no autovacuum to gather them.
  if v_upserted + v_removed > 50 then
    analyze knowledge_chunks;
  end if;
  if v_upserted + v_removed > 0 then
    delete from knowledge_lexemes;
    insert into knowledge_lexemes (lexeme, ndoc) select word, ndoc from ts_stat('select tsv from knowledge_chunks');
  end if;

  update knowledge_index_state
    set version = version + case when v_upserted + v_moved + v_removed > 0 or model is distinct from p_model then 1 else 0 end,
        model = p_model, chunks = (select count(*) from knowledge_chunks), updated_at = now()
  returning version into v_version;
  return jsonb_build_object('upserted', v_upserted, 'moved', v_moved, 'removed', v_removed, 'version', v_version);
end $$;

-- ---------------------------------------------------------------- search

-- Cosine similarity = 1 - distance. Without a source filter the HNSW index answers;
-- with one (a single playbook file) an exact scan over that file's few chunks is
-- both faster and complete, whereas a filtered approximate scan can come back empty.
create or replace function knowledge_vector_search(
  p_embedding text, p_model text, p_k int default 8, p_threshold float8 default 0.65, p_source_prefix text default null)
returns jsonb language plpgsql stable
-- With a literal query vector the planner costs a full scan below the HNSW scan
-- and picks it: 10x slower at ten thousand chunks. The prefix branch stays exact
-- because its materialized CTE cannot be answered by the index.
set enable_seqscan = off as $$
declare
  v vector(1024) := p_embedding::vector;
  r jsonb;
begin
  if p_source_prefix is null then
    select coalesce(jsonb_agg(to_jsonb(s) order by s.score desc), '[]'::jsonb) into r from (
      select id, source, heading, content, 1 - (embedding <=> v) as score
      from knowledge_chunks where model = p_model
      order by embedding <=> v limit p_k
    ) s where s.score >= p_threshold;
  else
    with c as materialized (
      select id, source, heading, content, embedding from knowledge_chunks
      where model = p_model and replace(source, '-', '_') like replace(p_source_prefix, '-', '_') || '%'
    )
    select coalesce(jsonb_agg(to_jsonb(s) order by s.score desc), '[]'::jsonb) into r from (
      select id, source, heading, content, 1 - (embedding <=> v) as score
      from c order by embedding <=> v limit p_k
    ) s where s.score >= p_threshold;
  end if;
  return r;
end $$;

-- Doctors write full sentences; websearch/plainto would AND every word and find
-- nothing. The query's stemmed lexemes are OR-ed instead and ts_rank_cd orders them.
create or replace function knowledge_text_search(
  p_query text, p_model text, p_k int default 8, p_source_prefix text default null)
returns jsonb language plpgsql stable as $$
declare
  q tsquery;
  r jsonb;
begin
  -- Keep lexemes in at most 5% of chunks; if that leaves nothing, the two rarest.
  with terms as (
    select t.lexeme, coalesce(l.ndoc, 0) as ndoc
    from unnest(to_tsvector('portuguese', fold(p_query))) t
    left join knowledge_lexemes l on l.lexeme = t.lexeme
  ), total as (select greatest(chunks, 1) as n from knowledge_index_state),
  kept as (
    select lexeme from terms, total where ndoc <= greatest(total.n * 0.05, 20)
    union
    select lexeme from (select lexeme from terms order by ndoc limit 2) rare
  )
  select string_agg(quote_literal(lexeme), ' | ')::tsquery into q from kept;
  if q is null then
    return '[]'::jsonb;
  end if;
  select coalesce(jsonb_agg(to_jsonb(s) order by s.score desc), '[]'::jsonb) into r from (
    select id, source, heading, content, ts_rank_cd(tsv, q) as score
    from knowledge_chunks
    where tsv @@ q and model = p_model
      and (p_source_prefix is null or replace(source, '-', '_') like replace(p_source_prefix, '-', '_') || '%')
    order by ts_rank_cd(tsv, q) desc, id limit p_k
  ) s;
  return r;
end $$;

-- ---------------------------------------------------------------- doctor memories

-- Saves unless the same doctor already has a memory with cosine similarity above
-- p_threshold (spec 10.3). The per-doctor advisory lock serialises two concurrent
-- saves of the same information, so the second sees the first and dedupes.
create or replace function doctor_memory_save(
  p_doctor_id uuid, p_tipo text, p_informacao text, p_model text, p_embedding text,
  p_confianca text default 'media', p_contexto text default null, p_threshold float8 default 0.95)
returns jsonb language plpgsql as $$
declare
  v vector(1024) := p_embedding::vector;
  v_dup record;
  v_id uuid;
begin
  perform pg_advisory_xact_lock(7217041, hashtext(p_doctor_id::text));
  select m.id, 1 - (m.embedding <=> v) as score into v_dup
  from doctor_memories m
  where m.doctor_id = p_doctor_id and m.model = p_model
  order by m.embedding <=> v limit 1;
  if v_dup.id is not null and v_dup.score > p_threshold then
    return jsonb_build_object('status', 'duplicate', 'id', v_dup.id, 'score', v_dup.score);
  end if;

  insert into doctor_memories (doctor_id, tipo, informacao, confianca, contexto, model, embedding)
  values (p_doctor_id, p_tipo, p_informacao, coalesce(p_confianca, 'media'), p_contexto, p_model, v)
  returning id into v_id;

  -- Preferences and restrictions are also kept on the doctor (spec: "atualiza
  -- preferências detectadas"), newest first and bounded, for the prompt's profile block.
  if p_tipo in ('preferencia', 'restricao') then
    update doctors d set preferences = jsonb_set(d.preferences, '{detectadas}',
      (select coalesce(jsonb_agg(e), '[]'::jsonb) from (
        select e from jsonb_array_elements(
          jsonb_build_array(jsonb_build_object('informacao', p_informacao, 'tipo', p_tipo,
            'confianca', coalesce(p_confianca, 'media'), 'memory_id', v_id, 'at', now()))
          || coalesce(d.preferences->'detectadas', '[]'::jsonb)) e
        limit 30) x))
    where d.id = p_doctor_id;
  end if;
  return jsonb_build_object('status', 'saved', 'id', v_id);
end $$;

-- Always scoped by doctor: there is no way to ask for another doctor's memories.
create or replace function doctor_memory_relevant(p_doctor_id uuid, p_embedding text, p_model text, p_k int default 5)
returns jsonb language plpgsql stable as $$
declare
  v vector(1024) := p_embedding::vector;
  r jsonb;
begin
  select coalesce(jsonb_agg(to_jsonb(s) order by s.score desc), '[]'::jsonb) into r from (
    select m.id, m.informacao, m.tipo, m.confianca, m.contexto, m.created_at, 1 - (m.embedding <=> v) as score
    from doctor_memories m
    where m.doctor_id = p_doctor_id and m.model = p_model
    order by m.embedding <=> v limit greatest(p_k, 0)
  ) s;
  return r;
end $$;

-- The profile detector's verdict, merged into doctors.profile. Only a confident
-- detection is written, and only when it changes something.
create or replace function doctor_profile_detected(p_doctor_id uuid, p_label text, p_confidence float8)
returns jsonb language plpgsql as $$
declare v_changed int;
begin
  update doctors set profile = profile || jsonb_build_object(
      'perfil', p_label, 'perfil_confianca', round(p_confidence::numeric, 2), 'perfil_detectado_em', now())
  where id = p_doctor_id and (profile->>'perfil' is distinct from p_label
    or (profile->>'perfil_confianca')::float8 is distinct from round(p_confidence::numeric, 2)::float8);
  get diagnostics v_changed = row_count;
  return jsonb_build_object('updated', v_changed > 0);
end $$;

-- Only the service role may call the functions above (see 0001).
select revoke_api_roles();
