export * from "./values.js";
export * from "./records.js";
export * from "./activities/index.js";
export * from "./structures.js";
export * from "./operations.js";
export * from "./errors.js";
export * from "./notifications.js";
