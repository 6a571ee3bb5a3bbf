-- A reminder's row follows the outcome of its REMINDER send. Idempotent: a
-- retried job settles the same row to the same status.
create or replace function reminder_settle(p_reminder_id uuid, p_outcome text) returns jsonb
language sql as $$
  update reminders
     set status = case when p_outcome in ('sent', 'deduped') then 'sent' else 'cancelled' end
   where id = p_reminder_id and status = 'scheduled'
  returning jsonb_build_object('id', id, 'status', status)
$$;

-- Only the service role may call the functions above (see 0001).
select revoke_api_roles();
