export {
  createFillStore,
  type FillStore,
  type FillAsked,
  type FillDueAlert,
  type FillExplanation,
  type FillMetrics,
  type FillOfferStatus,
  type FillPlanStatus,
  type FillShiftStatus,
  type ScoreParts,
} from './fill-store.js';
export { createFillPlanner, type FillPlanner, type FillPlannerDeps, type FillTickResult } from './fill-planner.js';
export { createPlannerStore, type PlannerStore, type PlannedOffer, type WaveResult } from './planner-store.js';
export { WAVE_RULES, waveFor, waveParams, type WaveRule } from './waves.js';
export { FILL_OFFER_TEMPLATE, fillOfferText } from './offer-text.js';
export { isFillRefusal } from './refusal.js';
