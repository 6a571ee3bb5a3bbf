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
