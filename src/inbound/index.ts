export { inboundMessageSchema, INBOUND_KINDS, type InboundMessage, type InboundKind } from './inbound-message.js';
export { normalizeEvolution, evolutionEnvelopeSchema, HANDLED_EVENTS, type NormalizeResult } from './normalize-evolution.js';
