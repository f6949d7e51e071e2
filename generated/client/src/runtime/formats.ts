// Part of the crmgen runtime (runtime/formats.ts), copied into this package by crmgen generate. Do not edit.
// Wire formats of the generated client as values: a call's messages (runtime/codec.ts Message)
// are format-neutral descriptors, and the format object an app passes to the client reads and
// writes them. An app that picks one format imports one object, so a bundler leaves the other
// format's code out (the descriptor interpreter of runtime/codec.ts serves both; the server keeps
// its specialized XML codecs). Answers are decoded leniently: what a newer server adds is ignored.
import { decodeJsonText, decodeXmlStream, encodeForm, encodeJson, encodeXml, type Message } from './codec.ts';
import type { XmlLimits } from './xml.ts';

export interface Format {
  readonly name: 'xml' | 'json';
  /** A request body of the message. */
  encode(message: Message, value: unknown): string;
  /** An answer of the message; throws CodecError on a body that cannot be parsed. */
  decode(message: Message, body: string, limits: XmlLimits): unknown;
}

/** XML bodies, the API's default format. */
export const xml: Format = {
  name: 'xml',
  encode: (message, value) => encodeXml(message.desc, value, message.root),
  decode: (message, body, limits) =>
    decodeXmlStream(message.desc, body, message.root, limits, { strict: false }, message.xs) ?? {},
};

/** JSON bodies. */
export const json: Format = {
  name: 'json',
  encode: (message, value) => encodeJson(message.desc, value),
  decode: (message, body, limits) => {
    if (body.trim() === '') return {};
    return decodeJsonText(message.desc, body, limits.maxDepth, { strict: false }) ?? {};
  },
};

/** Query strings and form fields (application/x-www-form-urlencoded), whatever the body format. */
export function formText(message: Message, value: unknown): string {
  return new URLSearchParams(encodeForm(message.desc, value)).toString();
}
