-- `julia export doctors|shifts|campaign ID` (docs/decisions/0280-doctor-rights.md):
-- one page of rows at a time, in key order after a cursor, so a large table is
-- streamed to the CSV file and never held in memory. Times are UTC here; the
-- CLI shows them in São Paulo. Erased doctors (tombstones) are not listed.

create or replace function export_doctors_page(p_after uuid default null, p_limit int default 1000)
returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(r order by r.id), '[]'::jsonb) from (
    select d.id, d.name, d.phone, d.whatsapp_lid, d.crm, sp.name as specialty, d.city, d.region,
           s.permission_state, s.opted_out_at, s.last_inbound_at, s.last_outbound_at, d.created_at
    from doctors d
    left join doctor_state s on s.doctor_id = d.id
    left join specialties sp on sp.id = d.specialty_id
    where d.erased_at is null and (p_after is null or d.id > p_after)
    order by d.id limit greatest(1, least(p_limit, 5000))) r
$$;

create or replace function export_shifts_page(p_after uuid default null, p_limit int default 1000)
returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(r order by r.id), '[]'::jsonb) from (
    select sh.id, h.name as hospital, sp.name as specialty, sh.starts_at, sh.ends_at, sh.period, sh.duration_hours,
           sh.value_cents, sh.status, case when d.erased_at is null then d.name end as reserved_by_name,
           sh.reserved_at, sh.notes, sh.created_at
    from shifts sh
    join hospitals h on h.id = sh.hospital_id
    join specialties sp on sp.id = sh.specialty_id
    left join doctors d on d.id = sh.reserved_by
    where p_after is null or sh.id > p_after
    order by sh.id limit greatest(1, least(p_limit, 5000))) r
$$;

create or replace function export_campaign_page(p_campaign_id uuid, p_after bigint default null, p_limit int default 1000)
returns jsonb language plpgsql stable as $$
begin
  if not exists (select 1 from campaigns where id = p_campaign_id) then
    raise exception 'export: no campaign %', p_campaign_id using errcode = 'P0002';
  end if;
  return (select coalesce(jsonb_agg(r order by r.id), '[]'::jsonb) from (
    select cs.id, cs.doctor_id, case when d.erased_at is null then d.name end as name,
           case when d.erased_at is null then d.phone end as phone,
           cs.status, cs.rule, cs.instance, cs.dispatched_at, cs.settled_at
    from campaign_sends cs
    left join doctors d on d.id = cs.doctor_id
    where cs.campaign_id = p_campaign_id and (p_after is null or cs.id > p_after)
    order by cs.id limit greatest(1, least(p_limit, 5000))) r);
end $$;

select revoke_api_roles();
