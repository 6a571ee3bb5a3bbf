export { createDoctorPolicy, PERMISSION_STATES, type DoctorPolicy, type DoctorState, type PermissionChange, type PermissionState } from './doctor-state.js';
export {
  CONTACT_CAP_7D,
  COOLING_OFF_MS,
  PROACTIVE_GAP_MS,
  REPLY_GAP_MS,
  REPLY_PROOF_WINDOW_MS,
  nextAllowedAfter,
} from './contact-policy.js';
export { deriveTurnPolicy, type PolicyFacts, type TurnPolicy, type PolicyHistory } from './turn-policy.js';
export { recordOptOut, type OptOutSource } from './record-opt-out.js';
