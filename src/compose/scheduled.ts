import type { AppDeps } from '../app-deps.js';
import type { Capability } from '../capability.js';
import { QUEUE_BOARD_PATH, queueBoardRoute } from '../http/index.js';
import type { JobHandlers } from '../../workers/index.js';
import { alertsHandler } from '../../workers/alerts.js';
import { doctorStateMaintenanceHandler } from '../../workers/doctor-state-maintenance.js';
import { expiredPausesHandler } from '../../workers/expired-pauses.js';
import { fillAlertsHandler } from '../../workers/fill-alerts.js';
import { followupsHandler } from '../../workers/followups.js';
import type { BullQueues } from '../../workers/queue.js';
import { attachQueueBoard } from '../../workers/queue-board.js';
import { queueDepths } from '../../workers/queue-stats.js';
import { reportsHandler } from '../../workers/reports.js';
import { scheduledMessagesHandler } from '../../workers/scheduled-messages.js';
import { shiftConfirmationsHandler } from '../../workers/shift-confirmations.js';

/** An alert condition that lasts is posted once per hour, whichever worker sees it. */
const ALERT_QUIET_MS = 3_600_000;

/**
 * Júlia on her own initiative (spec 5.5, 6): the recurring jobs (reminder
 * scan, follow-ups, shift confirmations, pauses, doctor-state maintenance,
 * alerts, reports) and the queue UI for operators.
 */
export function composeScheduled(deps: AppDeps, queues: BullQueues): Capability {
  const { config, db, outbound, notices, clock, logger, redis, redisPrefix, whatsapp } = deps;
  const handlers: JobHandlers = {
    'scheduled-messages': scheduledMessagesHandler({ db, outbound, notices, clock, logger }),
    followups: followupsHandler({ db, outbound, clock, logger }),
    'shift-confirmations': shiftConfirmationsHandler({ db, outbound, notices, clock, logger }),
    'expired-pauses': expiredPausesHandler({ db, clock }),
    'doctor-state-maintenance': doctorStateMaintenanceHandler({ db, clock }),
    alerts: alertsHandler({
      db,
      notices,
      clock,
      logger,
      queueDepths: () => queueDepths(queues),
      openCircuits: () =>
        config.evolutionInstances.flatMap((instance) => {
          const until = whatsapp.unavailableUntil(instance);
          return until ? [{ instance, until }] : [];
        }),
      firstSighting: async (key) => (await redis.set(`${redisPrefix}:alert:${key}`, '1', 'PX', ALERT_QUIET_MS, 'NX')) === 'OK',
      businessHours: config.businessHours,
    }),
    reports: reportsHandler({ db, notices, clock }),
    'fill-alerts': fillAlertsHandler({ db, notices, clock, logger, beforeHours: config.FILL_ALERT_BEFORE_HOURS }),
  };
  return {
    name: 'scheduled',
    // Off unless an operator token is configured; read-only unless ADMIN_QUEUE_WRITE=on.
    mounts: config.ADMIN_TOKEN
      ? [{
          path: QUEUE_BOARD_PATH,
          app: queueBoardRoute({ token: config.ADMIN_TOKEN, write: config.ADMIN_QUEUE_WRITE, attach: (server, o) => attachQueueBoard(queues, server, o) }),
        }]
      : [],
    handlers,
  };
}
