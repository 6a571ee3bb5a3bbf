-- Found by the PostgreSQL pass of the suite (tests/vitest.postgres.config.ts):
-- with true concurrency, doctor_identify (0070) deadlocked. It took the locks of
-- the identifiers it was given, then, on finding a row that carried another
-- identifier, took that one too while still holding the first: key order held
-- within one call but not across the two steps, so delivery A (phone, then the
-- row's lid) and delivery B (lid, then the row's phone) waited on each other.
-- Replaces doctor_identify: each look-up runs in a block (a subtransaction);
-- when the set of identifiers grows, the block is rolled back, which releases
-- the advisory locks it took, and the larger set is locked again from nothing,
-- in key order. Locks are kept only for a set that did not grow.
create or replace function doctor_identify(p_phone text, p_lid text, p_name text default null)
returns doctors language plpgsql as $$
declare
  v_phone text := phone_canonical(nullif(btrim(p_phone), ''));
  v_lid text := nullif(btrim(p_lid), '');
  keys text[] := array_remove(array['phone:' || v_phone, 'lid:' || v_lid], null);
  more text[]; ids uuid[]; survivor uuid; d doctors; attempt int;
begin
  if v_phone is null and v_lid is null then
    raise exception 'doctor_identify: a phone or a lid is required' using errcode = '22023';
  end if;
  for attempt in 1..8 loop
    begin
      perform doctor_identity_lock(keys);
      select array_agg(id order by created_at, id) into ids from doctors
      where (v_phone is not null and phone = any(phone_forms(v_phone))) or (v_lid is not null and whatsapp_lid = v_lid);
      -- A row found may carry another identifier (its own lid or number) that a
      -- concurrent delivery could be holding.
      select array_agg(distinct k) into more from (
        select 'phone:' || phone_canonical(phone) k from doctors where id = any(ids) and phone is not null
        union all select 'lid:' || whatsapp_lid from doctors where id = any(ids) and whatsapp_lid is not null) x
      where not (k = any(keys));
      if more is not null and attempt < 8 then
        -- Roll this block back (dropping the locks it took) and lock the whole set in order.
        raise exception 'doctor_identify: identity set grew' using errcode = 'JI001';
      end if;
    exception when sqlstate 'JI001' then
      keys := keys || more;
      continue;
    end;
    if ids is null then
      begin
        insert into doctors (phone, whatsapp_lid, name) values (v_phone, v_lid, p_name) returning * into d;
      exception when unique_violation then
        -- A writer that does not take these locks got there first: look again.
        continue;
      end;
    else
      perform 1 from doctors where id = any(ids) order by id for update;
      survivor := ids[1];
      perform doctor_merge(survivor, ids[2:]);
      update doctors set phone = coalesce(v_phone, phone), whatsapp_lid = coalesce(v_lid, whatsapp_lid), name = coalesce(name, p_name)
      where id = survivor
        and (phone is distinct from coalesce(v_phone, phone) or whatsapp_lid is distinct from coalesce(v_lid, whatsapp_lid)
             or (name is null and p_name is not null));
      select * into d from doctors where id = survivor;
    end if;
    insert into doctor_state (doctor_id) values (d.id) on conflict (doctor_id) do nothing;
    return d;
  end loop;
  raise exception 'doctor_identify: identity kept changing, retry' using errcode = '40001';
end $$;

select revoke_api_roles();
