export { inboundMessageSchema, INBOUND_KINDS, type InboundMessage, type InboundKind } from './inbound-message.js';
export { normalizeEvolution, evolutionEnvelopeSchema, HANDLED_EVENTS, type NormalizeResult } from './normalize-evolution.js';
export { forgedJobReporter, type ForgedJob } from './forged-job-report.js';
export { createDeadLetters, type DeadLetters, type DeadLetterInput, type DeadLetterRow } from './dead-letters.js';
