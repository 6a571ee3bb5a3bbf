export { reviewConversations, tierOf, inSample, yesterday, type ReviewDeps, type ReviewReport, type ReviewTier, type Verdict } from './review-conversations.js';
