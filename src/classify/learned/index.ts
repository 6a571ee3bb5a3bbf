export { extractFeatures, hashFeature, HASH_BITS, type Features } from './features.js';
export { classProbabilities, loadHead, probability, scores, sigmoid, softmax, type LinearHead, type SerializedHead } from './linear-model.js';
export { combineBinary, OBJECTION_CLASSES, pickObjection, type BinaryPolicy, type ObjectionInputs, type ObjectionPolicy } from './combine.js';
export { LEARNED_ARTIFACT, learnedObjection, learnedPolicy, learnedProbability, learnedVerdict, type LearnedArtifact, type LearnedBinary, type LearnedObjection } from './learned-layer.js';
export { statedPieces } from './stated-pieces.js';
