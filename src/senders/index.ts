export { fromMeVerdict, stampInstanceNumber, INSTANCE_NUMBER_FIELD, type FromMeVerdict } from './from-me-verdict.js';
export { isCallRefusalText } from './call-refusal-text.js';
