-- What a manager confirms when he starts or pauses a campaign from Slack
-- (docs/decisions/0220-slack-access.md): its name, type, message, filters, how
-- many doctors the audience reaches now and what it has done so far. Read-only.
create or replace function slack_campaign_preview(p_id text, p_now timestamptz default now())
returns jsonb
language plpgsql stable as $$
declare
  c campaigns;
  v_audience integer;
begin
  if p_id !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then return null; end if;
  select * into c from campaigns where id = p_id::uuid;
  if c.id is null then return null; end if;
  select count(*) into v_audience from campaign_audience(c.audience, p_now, null, 1000000);
  return jsonb_build_object(
    'id', c.id, 'name', c.name, 'type', c.type, 'status', c.status, 'template', c.template, 'audience', c.audience,
    'audience_now', v_audience,
    'progress', campaign_progress(c.id));
end;
$$;

select revoke_api_roles();
