export { OUTBOUND_METHODS, type OutboundMethod, type OutboundContext, type OutboundEnqueuer, type EnqueueOutboundOptions } from './contract.js';
export { createSendOutbound, type OutboundDeps, type OutboundResult, type SendOptions, type SendOutbound } from './send-outbound.js';
export { createOutboundEnqueuer, outboundJobId } from './outbound-enqueuer.js';
export { replyBubbleKey, replyContext, type ReplyTo } from './reply-context.js';
export { campaignDriven, evaluateGuardrails, hasValidInboundProof, DISABLEABLE_RULES, type GuardrailDecision, type GuardrailInput, type RuleId } from './guardrails.js';
export { createRateLimiter, HOURLY_LIMIT, DAILY_LIMIT, type RateLimiter, type TakeResult } from './rate-limiter.js';
export type { DeferReason } from './decide-route.js';
export { typingDelayMs } from './typing.js';
export { SAFE_MODE_LATENESS_MS, SAFE_MODE_POLL_MS, pauseVerdict, type PauseVerdict } from './safe-mode-lateness.js';
