export { json } from "./runtime/formats.js";
