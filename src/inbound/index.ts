export { inboundMessageSchema, INBOUND_KINDS, type InboundMessage, type InboundKind } from './inbound-message.js';
export { normalizeEvolution, normalizeEvolutionAll, evolutionEnvelopeSchema, eventName, HANDLED_EVENTS, RECORD_ONLY_KINDS, type NormalizeResult } from './normalize-evolution.js';
export { forgedJobReporter, type ForgedJob } from './forged-job-report.js';
export { createDeadLetters, type DeadLetters, type DeadLetterInput, type DeadLetterRow } from './dead-letters.js';
export { evolutionTranscript, type TranscriptSource, type TranscriptState } from './read-audio.js';
export { awaitsTranscript, forStorage, webhookAudioOf } from './voice-note.js';
