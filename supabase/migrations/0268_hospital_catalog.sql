-- The company's hospital catalog as the doctor agent's region map reads it
-- (issue 27). Ordering is done again by the reader with a fixed comparison, so
-- the rendered text does not depend on the database's collation.
create or replace function agent_hospital_catalog() returns jsonb
language sql stable as $$
  select jsonb_build_object('hospitals', coalesce(jsonb_agg(jsonb_build_object(
           'slug', h.slug, 'name', h.name, 'address', h.address, 'neighborhood', h.neighborhood,
           'city', h.city, 'state', h.state, 'region', h.region, 'notes', h.notes) order by h.slug), '[]'::jsonb))
  from hospitals h
$$;

select revoke_api_roles();
