-- Operations (issue 15): what /metrics and `julia status` read. Business counters
-- are computed from the tables at scrape time, so they survive restarts and agree
-- across web and worker processes; only per-process facts (webhook acks,
-- retrieval latency) are counted in memory.

-- Whether pgvector is installed. Without it the runner adapted the migrations
-- (src/db/vector-support.ts) and retrieval runs full text only.
create or replace function knowledge_capabilities() returns jsonb
language sql stable as $$
  select jsonb_build_object('vector', exists (select 1 from pg_extension where extname = 'vector'))
$$;

-- Totals since the beginning of the database. p_buckets_ms are the histogram's
-- upper bounds for turn latency (the sum of a turn's stage timings); counts are
-- cumulative per bucket, as Prometheus expects.
create or replace function metrics_snapshot(p_buckets_ms float8[] default array[500, 1000, 2500, 5000, 10000, 20000, 40000, 60000])
returns jsonb language sql stable as $$
  with turns as (
    select t.outcome, coalesce((select sum(v::text::float8) from jsonb_each(t.stages) s(k, v) where jsonb_typeof(v) = 'number'), 0) as total_ms
    from turn_metrics t
  ), calls as (
    select c->>'model' as model,
           coalesce((c->>'input_tokens')::bigint, 0) as input,
           coalesce((c->>'output_tokens')::bigint, 0) as output,
           coalesce((c->>'cache_read_input_tokens')::bigint, 0) as cache_read,
           coalesce((c->>'cache_creation_input_tokens')::bigint, 0) as cache_write,
           coalesce((c->>'latencyMs')::float8, 0) as latency_ms
    from agent_turns a, jsonb_array_elements(a.calls) c
  )
  select jsonb_build_object(
    'turns', (select coalesce(jsonb_agg(jsonb_build_object('outcome', outcome, 'count', n, 'sum_ms', s)), '[]'::jsonb)
              from (select outcome, count(*) n, sum(total_ms) s from turns group by outcome) x),
    'turn_buckets', (select coalesce(jsonb_agg(jsonb_build_object('le', b, 'count', (select count(*) from turns where total_ms <= b)) order by b), '[]'::jsonb)
                     from unnest(p_buckets_ms) b),
    'stages', (select coalesce(jsonb_agg(jsonb_build_object('stage', k, 'count', n, 'sum_ms', s)), '[]'::jsonb)
               from (select s.k, count(*) n, sum(s.v::text::float8) s
                     from turn_metrics t, jsonb_each(t.stages) s(k, v) where jsonb_typeof(s.v) = 'number' group by s.k) x),
    'sends', (select coalesce(jsonb_agg(jsonb_build_object('method', method, 'status', status, 'count', n)), '[]'::jsonb)
              from (select method, status, count(*) n from outbound_messages group by method, status) x),
    'blocks', (select coalesce(jsonb_agg(jsonb_build_object('rule', rule, 'count', n)), '[]'::jsonb)
               from (select coalesce(rule, 'unknown') rule, count(*) n from outbound_messages where status = 'blocked' group by 1) x),
    'models', (select coalesce(jsonb_agg(jsonb_build_object('model', model, 'calls', n, 'input', i, 'output', o,
                 'cache_read', cr, 'cache_write', cw, 'latency_ms', l)), '[]'::jsonb)
               from (select model, count(*) n, sum(input) i, sum(output) o, sum(cache_read) cr, sum(cache_write) cw, sum(latency_ms) l
                     from calls group by model) x),
    'inbound', (select count(*) from interactions where direction = 'inbound'),
    'handoffs', (select count(*) from agent_turns where outcome = 'handoff'),
    'turn_errors', (select count(*) from agent_turns where error is not null)
  )
$$;

-- The terminal picture (`julia status`): today's counts in São Paulo, the last
-- errors, and the flags as stored.
create or replace function operations_status(p_now timestamptz default now(), p_errors int default 5)
returns jsonb language sql stable as $$
  with day as (select date_trunc('day', p_now at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo' as since)
  select jsonb_build_object(
    'since', (select since from day),
    'today', jsonb_build_object(
      'inbound', (select count(*) from interactions, day where direction = 'inbound' and occurred_at >= since),
      'sent', (select count(*) from outbound_messages, day where status = 'sent' and sent_at >= since),
      'blocked', (select count(*) from outbound_messages, day where status = 'blocked' and created_at >= since),
      'failed', (select count(*) from outbound_messages, day where status = 'failed' and updated_at >= since),
      'turns', (select count(*) from agent_turns, day where created_at >= since),
      'handoffs', (select count(*) from agent_turns, day where outcome = 'handoff' and created_at >= since),
      'input_tokens', (select coalesce(sum(input_tokens), 0) from agent_turns, day where created_at >= since),
      'output_tokens', (select coalesce(sum(output_tokens), 0) from agent_turns, day where created_at >= since)),
    'last_errors', (select coalesce(jsonb_agg(e order by e->>'at' desc), '[]'::jsonb) from (
        (select jsonb_build_object('at', created_at, 'what', 'turn', 'error', error) e
         from agent_turns where error is not null order by created_at desc limit p_errors)
        union all
        (select jsonb_build_object('at', updated_at, 'what', 'send ' || method, 'error', coalesce(rule, status)) e
         from outbound_messages where status = 'failed' order by updated_at desc limit p_errors)
      ) x),
    'flags', (select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) from feature_flags)
  )
$$;

select revoke_api_roles();
