export * from './errors.js';
export * from './ids.js';
export * from './phone.js';
export * from './time.js';
export * from './business-hours.js';
export * from './logger.js';
export * from './job-queue.js';
