export { runCatchup, CATCHUP_DEFAULTS, type CatchupDeps, type CatchupOptions, type CatchupRequest, type CatchupSummary } from './run-catchup.js';
export { readWindow, type ChatCursor, type WindowLimits, type WindowRead } from './read-window.js';
export {
  enqueueProviderEvent, parseStatusUpdates, statusUpdateSchema, DELIVERY_STATUSES,
  type DeliveryStatus, type ProviderEnvelope, type StatusUpdate,
} from './provider-events.js';
