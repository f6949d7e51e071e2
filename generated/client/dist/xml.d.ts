export { xml } from "./runtime/formats.js";
