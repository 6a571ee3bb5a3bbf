export { fromMeVerdict, stampInstanceNumber, INSTANCE_NUMBER_FIELD, type FromMeVerdict } from './from-me-verdict.js';
