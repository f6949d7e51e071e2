import { checkedId } from "./runtime/client.js";
import { formText } from "./runtime/formats.js";
import { connectWith } from "./runtime/connect.js";
export { paginate } from "./runtime/connect.js";
import { errorResponse } from "./codecs/common.js";
export { ServiceError, AuthenticationError, NotFoundError, ValidationError, RateLimitError, ServerError, ConnectionError, verifyWebhook } from "./runtime/client.js";
/** Turns a plain number from elsewhere (a URL, a database, a notification) into the id of a record of a kind (asId('contacts', 12)) or of an activity of a segment (asId('tasklist', 7)). Ids the client returns already carry their kind: use this only for numbers it did not give you. Throws a TypeError unless the number is a positive integer. */
export function asId(name, id) {
    return checkedId(name, id);
}
/** What the transport knows of the API besides the messages each call brings (spec: quota header, content types, batch, limits). */
export const api = {
    form: formText,
    error: errorResponse,
    limits: { maxDepth: 32, maxElements: 100000, maxBytes: 10485760 },
    quotaHeader: "Http-X-Service-Api-Call-Limit",
    contentTypes: { xml: "application/xml", json: "application/json", form: "application/x-www-form-urlencoded" },
    batch: { path: "/batch", maxParts: 100 },
};
/** A connection to the service at baseUrl in one body format, for the functions of ./resources/*: a bundle holds the calls an app makes and nothing else. */
export function connect(options) {
    return connectWith(api, options);
}
