export * from './values.ts';
export * from './records.ts';
export * from './activities/index.ts';
export * from './structures.ts';
export * from './operations.ts';
export * from './errors.ts';
export * from './notifications.ts';
