#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx's loader: no build step to go stale.
import { register } from 'tsx/esm/api';

register();
await import('../cli/main.ts');
