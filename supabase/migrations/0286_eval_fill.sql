-- `julia eval` and fill plans. A scenario may open with an offer a fill
-- plan made: the soonest open shift of the doctor's specialty gets a plan, its first
-- wave is ranked by the real fill_rank (every candidate, so the scenario's doctor is
-- among them), and his offer is recorded as the wrapper records a delivered one. The
-- send itself is tested in tests/integration/fill; the scenario measures the answer.
create or replace function eval_fill_offer(p_doctor_id uuid, p_now timestamptz) returns jsonb
language plpgsql as $$
declare v_shift uuid; v_key text; v_wave jsonb;
begin
  select s.id into v_shift from shifts s join doctors d on d.id = p_doctor_id
  where s.status = 'open' and s.specialty_id = d.specialty_id
    and s.starts_at > p_now + interval '1 day' and s.starts_at <= p_now + interval '20 days'
  order by s.starts_at, s.id limit 1;
  if v_shift is null then return jsonb_build_object('ok', false, 'reason', 'no_shift'); end if;
  insert into fill_plans (shift_id, status, next_wave_at, started_at) values (v_shift, 'active', p_now, p_now)
  on conflict (shift_id) do nothing;
  v_wave := fill_plan_wave(v_shift, p_now, 1000, 6 * 3600, 6 * 3600, true);
  v_key := fill_offer_key(v_shift, p_doctor_id);
  if not exists (select 1 from fill_offers where outbound_key = v_key) then
    return jsonb_build_object('ok', false, 'reason', 'not_ranked', 'wave', v_wave);
  end if;
  insert into outbound_messages (idempotency_key, doctor_id, phone, instance, method, content_hash, status, proactive, sent_at, created_at, updated_at)
  select v_key, d.id, d.phone, 'eval', 'FILL_OFFER', md5(v_key), 'sent', true, p_now, p_now, p_now from doctors d where d.id = p_doctor_id;
  return jsonb_build_object('ok', true, 'shiftId', v_shift);
end $$;

-- The fill figures of one (throwaway) scenario database, raw enough to pool across
-- scenarios exactly: the definitions of fill_metrics (cancelled shifts left out, time
-- to fill from the plan's start, offers counted once sent).
create or replace function eval_fill_figures() returns jsonb
language sql stable as $$
  with p as (
    select p.status, extract(epoch from p.filled_at - p.started_at)::float8 as fill_s,
      (select count(*) from fill_offers o where o.shift_id = p.shift_id and o.sent_at is not null) as sent
    from fill_plans p where p.status <> 'cancelled'
  )
  select jsonb_build_object(
    'shifts', (select count(*) from p),
    'filled', (select count(*) from p where status = 'filled'),
    'offersSent', (select coalesce(sum(sent), 0) from p where status = 'filled'),
    'fillSeconds', (select coalesce(jsonb_agg(fill_s order by fill_s), '[]'::jsonb) from p where status = 'filled'))
$$;

select revoke_api_roles();
