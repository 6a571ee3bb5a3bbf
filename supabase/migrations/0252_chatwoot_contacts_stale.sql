-- Issue 28: a doctor's profile changes without a message too (a shift reserved from Slack, an
-- opt-out, a confirmation): the contacts whose profile differs from what was last written.
-- The hash is md5 of the profile's jsonb text (keys in jsonb's fixed order), the same one
-- chatwoot_control_state gives the mirror.
create or replace function chatwoot_contacts_stale(p_limit int default 100) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(jsonb_build_object('doctorId', s.doctor_id, 'contactId', s.contact_id, 'profile', s.profile, 'hash', s.hash)), '[]'::jsonb)
  from (select k.doctor_id, k.contact_id, p.profile, md5(p.profile::text) as hash
          from chatwoot_contacts k
          cross join lateral (select chatwoot_contact_profile(k.doctor_id) as profile) p
         where p.profile is not null and k.profile_hash is distinct from md5(p.profile::text)
         order by k.updated_at
         limit p_limit) s
$$;

select revoke_api_roles();
