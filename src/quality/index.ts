export { reviewConversations, tierOf, inSample, yesterday, type ReviewDeps, type ReviewReport, type ReviewTier, type Verdict } from './review-conversations.js';
export { missedStop, type MissedStop, type StopCandidate, type StopReading } from './missed-stop.js';
