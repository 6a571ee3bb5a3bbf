export { normalize, canonical, fold, foldAccents, squeezeRepeats, clauses, ABBREVIATIONS } from './normalize.js';
export { detectOptOut, type OptOutResult } from './detect-opt-out.js';
export { detectBotSuspicion, type BotSuspicionResult } from './detect-bot-suspicion.js';
export { detectHandoff, type HandoffResult, type HandoffReason } from './detect-handoff.js';
export { detectFirmNo, type FirmNoResult } from './detect-firm-no.js';
