export { askBinaryArbiter, parseYesNo, type BinaryArbiterOptions } from './binary-arbiter.js';
export { closeCalls, readRows, type CloseCalls, type Row, type TurnCloseCalls } from './close-calls.js';
export { BOT_SUSPICION, HANDOFF, OPT_OUT } from './binary-detectors.js';
export { firstHit, type BinaryDetector, type BinaryHit, type DecidedBy } from './first-hit.js';
export { binaryUncertainty, readBinary, UNCERTAINTY_BAND, type BinaryReading, type OfflinePath, type Uncertainty } from './uncertainty.js';
