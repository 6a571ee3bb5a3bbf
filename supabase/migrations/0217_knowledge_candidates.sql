-- Issue 13 (burst load): a knowledge search ships its candidates' text only for the
-- chunks that make the answer.
--
-- HybridRetriever asks each path (vector, full text) for 20 candidates, fuses their
-- ranks and keeps the top k (1 to 6). knowledge_vector_search and knowledge_text_search
-- return every candidate with its whole content: 40 chunk texts built into jsonb,
-- serialized, parsed by the driver and (embedded engine) copied across the database
-- thread, to keep at most 6. On the embedded engine the database thread is the
-- bottleneck of a burst, and building those texts was about a third of a text search.
-- So the paths return ranks only (id, source, heading, score) and the retriever reads
-- the content of the chunks it keeps in one more call. Ranking, thresholds, the prefix
-- branch and the seqscan setting are 0040's, unchanged; the old functions stay for
-- bench/retrieval.ts's comparison and for any caller of the previous release.

create or replace function knowledge_vector_candidates(
  p_embedding text, p_model text, p_k int default 20, p_threshold float8 default 0.65, p_source_prefix text default null)
returns jsonb language plpgsql stable
-- As in knowledge_vector_search (0040): keep the planner on the HNSW index.
set enable_seqscan = off as $$
declare
  v vector(1024) := p_embedding::vector;
  r jsonb;
begin
  if p_source_prefix is null then
    select coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'source', s.source, 'heading', s.heading, 'score', s.score)
                              order by s.score desc), '[]'::jsonb) into r from (
      select id, source, heading, 1 - (embedding <=> v) as score
      from knowledge_chunks where model = p_model
      order by embedding <=> v limit p_k
    ) s where s.score >= p_threshold;
  else
    with c as materialized (
      select id, source, heading, embedding from knowledge_chunks
      where model = p_model and replace(source, '-', '_') like replace(p_source_prefix, '-', '_') || '%'
    )
    select coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'source', s.source, 'heading', s.heading, 'score', s.score)
                              order by s.score desc), '[]'::jsonb) into r from (
      select id, source, heading, 1 - (embedding <=> v) as score
      from c order by embedding <=> v limit p_k
    ) s where s.score >= p_threshold;
  end if;
  return r;
end $$;

create or replace function knowledge_text_candidates(
  p_query text, p_model text, p_k int default 20, p_source_prefix text default null)
returns jsonb language plpgsql stable as $$
declare
  q tsquery;
  r jsonb;
begin
  -- Keep lexemes in at most 5% of chunks; if that leaves nothing, the two rarest (0040).
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
  select coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'source', s.source, 'heading', s.heading, 'score', s.score)
                            order by s.score desc), '[]'::jsonb) into r from (
    select id, source, heading, ts_rank_cd(tsv, q) as score
    from knowledge_chunks
    where tsv @@ q and model = p_model
      and (p_source_prefix is null or replace(source, '-', '_') like replace(p_source_prefix, '-', '_') || '%')
    order by ts_rank_cd(tsv, q) desc, id limit p_k
  ) s;
  return r;
end $$;

-- The text of the chunks a retrieval kept, by id; a chunk re-indexed away in between
-- is simply absent (the retriever drops it).
create or replace function knowledge_chunk_contents(p_ids uuid[])
returns jsonb language plpgsql stable as $$
begin
  return coalesce((select jsonb_object_agg(id, content) from knowledge_chunks where id = any(p_ids)), '{}'::jsonb);
end $$;

select revoke_api_roles();
