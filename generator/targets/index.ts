// The registry of SDK language targets: adding a language adds its folder and a line here, and
// touches no other target. Order is output order (the TypeScript packages' sources come first:
// generate starts their compile as soon as they are emitted).
import type { Target } from './contract.ts';
import { typescript } from './typescript/target.ts';
import { php } from './php/target.ts';
import { python } from './python/target.ts';

export const targets: readonly Target[] = [typescript, php, python];
