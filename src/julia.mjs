#!/usr/bin/env node
// The `julia` binary: registers tsx so the TypeScript sources run as they are
// (no build step to forget), then hands over to src/main.ts.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
