-- A wave that finds nobody to offer to leaves its plan due. A company that imports its shifts before its doctors
-- (or whose doctors are all busy or cooling off) would otherwise wait a whole spacing, up to six hours for a shift
-- three days out, before the first offer; the per-minute run tries the empty plan again instead.
create or replace function fill_plan_wave(p_shift_id uuid, p_now timestamptz, p_size int, p_spacing_s int, p_ttl_s int,
  p_registration_required boolean default true)
returns jsonb language plpgsql as $$
declare p fill_plans; s shifts; v_offers jsonb;
begin
  select * into p from fill_plans where shift_id = p_shift_id for update skip locked;
  if not found then return jsonb_build_object('ok', false, 'reason', 'busy'); end if;
  if p.status <> 'active' or p.next_wave_at is null or p.next_wave_at > p_now then
    return jsonb_build_object('ok', false, 'reason', 'not_due');
  end if;
  select * into s from shifts where id = p_shift_id;
  if s.status <> 'open' or s.starts_at <= p_now then return jsonb_build_object('ok', false, 'reason', 'not_open'); end if;
  perform pg_advisory_xact_lock(hashtext('fill:waves'));
  perform fill_candidates_ensure(p_now, p_registration_required);
  with ins as (
    insert into fill_offers (shift_id, doctor_id, wave, score, score_parts, outbound_key, expires_at, created_at)
    select p_shift_id, r.doctor_id, p.wave + 1, r.score, r.parts, fill_offer_key(p_shift_id, r.doctor_id),
      least(s.starts_at, p_now + make_interval(secs => p_ttl_s)), p_now
    from fill_rank(p_shift_id, p_now, p_size) r
    on conflict do nothing
    returning *
  )
  select coalesce(jsonb_agg(fill_offer_json(ins.shift_id, ins.doctor_id, ins.outbound_key, ins.score, ins.wave) order by ins.score desc), '[]'::jsonb) into v_offers from ins;
  update fill_candidates set busy = true
  where doctor_id = any(array(select (e->>'doctor_id')::uuid from jsonb_array_elements(v_offers) e));
  update fill_plans set wave = wave + case when jsonb_array_length(v_offers) > 0 then 1 else 0 end,
    next_wave_at = case when jsonb_array_length(v_offers) > 0 then p_now + make_interval(secs => p_spacing_s) else p.next_wave_at end
  where shift_id = p_shift_id;
  return jsonb_build_object('ok', true, 'wave', p.wave + case when jsonb_array_length(v_offers) > 0 then 1 else 0 end, 'offers', v_offers);
end $$;

select revoke_api_roles();
