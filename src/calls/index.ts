export { callReceivedSchema, enqueueCallEvent, parseCallEvent, type CallReceived } from './call-event.js';
export { callText, CALL_TEXTS } from './call-text.js';
