-- The managers' 24 h alert names the doctors already asked with a masked phone
-- (masked in the application, src/shared/personal-data.ts): the same list as
-- fill_asked, with the phone the mask needs. Read by workers/fill-alerts.ts only.
create or replace function fill_alert_asked(p_shift_id uuid) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(jsonb_build_object('doctor_id', o.doctor_id, 'name', d.name, 'phone', d.phone, 'status', o.status)
           order by o.wave, o.score desc), '[]'::jsonb)
  from fill_offers o join doctors d on d.id = o.doctor_id
  where o.shift_id = p_shift_id
$$;

select revoke_api_roles();
