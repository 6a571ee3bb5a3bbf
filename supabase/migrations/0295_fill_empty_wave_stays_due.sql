-- A wave that finds nobody to offer to leaves its plan due. A company that imports its shifts before its doctors
-- (or whose doctors are all busy or cooling off) would otherwise wait a whole spacing, up to a day, before the
-- first offer. fill_plan_wave moves next_wave_at whatever it found; the planner hands an empty wave back here,
-- and the per-minute run tries the plan again. Only while the plan is still at that wave and active: a wave sent
-- meanwhile by another process keeps its spacing.
create or replace function fill_plan_keep_due(p_shift_id uuid, p_wave int, p_now timestamptz) returns void
language sql as $$
  update fill_plans set next_wave_at = p_now
  where shift_id = p_shift_id and wave = p_wave and status = 'active' and next_wave_at > p_now;
$$;

select revoke_api_roles();
