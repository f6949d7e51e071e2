export { xml } from './runtime/formats.ts';
