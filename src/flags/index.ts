export { createFlagStore, type FlagStore, type FlagStoreDeps } from './flag-store.js';
export { FLAG_HELP, FLAG_KEYS, SAFE_DEFAULTS, toFlags, type FlagKey, type Flags } from './flag-values.js';
