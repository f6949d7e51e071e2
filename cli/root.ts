export { root } from '../generator/root.ts';
