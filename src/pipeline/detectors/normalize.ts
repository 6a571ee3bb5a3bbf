// The detectors' normalisation lives in shared/ since h14-detectors4: the learned detector layer
// (src/learned-detectors), read by both the pipeline and retrieval, must see the very same text.
export * from '../../shared/detector-normalize.js';
