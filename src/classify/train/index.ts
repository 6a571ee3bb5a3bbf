export * from './learned-cv.js';
export * from './learned-policy.js';
export * from './labelled-groups.js';
