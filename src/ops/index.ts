export { runInvariants, formatInvariantLines, type InvariantCheck, type InvariantReport } from './invariants.js';
export { evaluateAlerts, ALERT_LIMITS, type Alert, type AlertInput } from './alerts.js';
export { formatReport, reportPeriod, REPORT_HOURS, type PeriodReport } from './report.js';
export { followupText, shiftConfirmationText, type FollowupStage, type ShiftSummary } from './messages.js';
