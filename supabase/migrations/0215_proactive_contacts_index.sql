-- Issue 13 (outbound throughput): the 7-day contact count reads an index that holds
-- only what it counts.
--
-- doctor_contacts_7d counts a doctor's proactive sends of the last 7 days, and
-- outbound_prepare calls it for every send, replies included. The partial indexes
-- of 0010 (doctor_id, sent_at) and (instance, sent_at) both cover "status = 'sent'"
-- and neither covers "proactive", so the planner picks between them on statistics.
-- A session that planned the query while the table had none (a new deployment, a
-- restored database, or any bench: autovacuum analyses after a minute at the
-- earliest) kept the instance index and scanned every sent row of the last 7 days
-- on each call: 0.44 ms a call at 3,300 rows in bench/outbound.ts on PostgreSQL,
-- growing with the table, on the hottest path of a send.
--
-- This index matches the predicate exactly (sent, proactive) and leads with the
-- doctor, so it wins on any statistics, and replies (most sends) never enter it.
-- The window start in outbound_record_sent reads it too. A plain CREATE INDEX: the
-- migration runs in a transaction, and outbound_messages is small next to what a
-- short write lock on it costs.

create index if not exists outbound_messages_doctor_proactive_sent_idx
  on outbound_messages (doctor_id, sent_at) where status = 'sent' and proactive;

select revoke_api_roles();
