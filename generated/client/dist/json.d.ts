export { json } from './runtime/formats.ts';
