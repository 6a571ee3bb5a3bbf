export { createGroupProcessor, toSqlShift, type GroupProcessor, type GroupProcessorDeps, type ProcessOutcome } from './process-group-message.js';
export { createGroupAccess, normalizeGroupJid, type GroupAccess, type GroupAccessList, type GroupAccessResult, type AllowedGroup } from './group-access.js';
export { createGroupReview, GROUP_REVIEW_TOOLS, type GroupReview, type GroupShiftView, type ReviewResult } from './group-review.js';
export { extractShifts, type Extraction } from './extract-shifts.js';
export { readShifts, parseMoney, MAX_SHIFTS_PER_MESSAGE, type ExtractedShift } from './extraction-schema.js';
export { parseTolerantJson } from './tolerant-json.js';
export { looksLikeOffer } from './heuristic.js';
export { resolveDate, resolveShiftTimes, parseClock, type LocalDate } from './resolve-date.js';
export { loadGroupPrompt } from './group-prompt.js';
