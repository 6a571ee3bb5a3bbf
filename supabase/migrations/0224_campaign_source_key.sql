-- Issue 25, finding 7: a campaign created by a confirmed Slack action carries that action's id,
-- so the recovery sweep re-running an interrupted `campanha_criar` finds the campaign it already
-- made instead of creating a second one (docs/decisions/0225-slack-actions.md).
alter table campaigns add column if not exists source_key text;
create unique index if not exists campaigns_source_key_idx on campaigns (source_key) where source_key is not null;

create or replace function campaign_create(p_campaign jsonb) returns jsonb
language plpgsql as $$
declare
  v jsonb := jsonb_arg(p_campaign);
  c campaigns;
begin
  insert into campaigns (name, type, template, opener, personalize, audience, shift_id, created_by, source_key)
  values (v->>'name', v->>'type', v->>'template', nullif(v->>'opener', ''), coalesce((v->>'personalize')::boolean, false),
          coalesce(v->'audience', '{}'::jsonb), nullif(v->>'shift_id', '')::uuid, coalesce(v->>'created_by', 'system'), nullif(v->>'source_key', ''))
  on conflict (source_key) where source_key is not null do nothing
  returning * into c;
  if not found then
    select * into c from campaigns where source_key = v->>'source_key';
  end if;
  return campaign_json(c);
end $$;

select revoke_api_roles();
