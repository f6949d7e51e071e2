// Codec speed: decoding a 30-record list response (about 20 KB of XML) with the public
// decode() (XML: parseXml and the generated decoders of generated/codecs/xml.ts), against
// fast-xml-parser's generic parse alone and JSON.parse of the same data in JSON; encoding with
// the public encode() (XML: the generated encoders) against JSON.stringify. Ratios are
// per-operation time over the baseline's, measured in the same rounds (x < 1 means faster than
// the baseline). For reference: parseXml alone (what bounds XML decoding) and the descriptor
// interpreter of runtime/codec.ts that the generated XML codecs specialize.
import { XMLParser } from 'fast-xml-parser';
import { decode, encode, xmlLimits } from '../generated/server/src/codecs/index.ts';
import { descriptors } from '../generated/server/src/codecs/descriptors.ts';
import { decodeXml, encodeXml } from '../generator/targets/typescript/runtime/codec.ts';
import { parseXml } from '../generator/targets/typescript/runtime/xml.ts';
import type { ListRecordsResponse } from '../generated/server/src/types/index.ts';
import { compareOps, type Row } from './lib.ts';

export function listResponse(records = 30): ListRecordsResponse<'contacts'> {
  return {
    entries: Array.from({ length: records }, (_, i) => ({
      id: 4000 + i,
      name: `Ann Lee ${i}`,
      parentid: 0,
      flagged: (i % 3 === 0 ? 1 : 0) as 0 | 1,
      firstname: 'Ann',
      lastname: `Lee ${i}`,
      businessemail: `ann.lee${i}@example.com`,
      personalemail: `ann${i}@home.example.org`,
      businessphonedirect: '+44 20 7946 0958',
      cellularphone: '+44 7700 900123',
      businessaddress: '1 High Street, London & Co',
      jobtitle: 'Head of Procurement',
      website: 'https://example.com/ann',
      assignedto: 5,
      company: 'Acme Ltd, Globex',
      created: '2026-11-20T08:00:00+00:00',
      viewed: '2026-11-21T08:00:00+00:00',
      updated: '2026-11-21T09:15:00+00:00',
    })),
    count: records,
    status: 'success',
  };
}

export default async function codecs(): Promise<Row[]> {
  const value = listResponse();
  const target = 'records/contacts.listRecords.response';
  const xml = encode(target, 'xml', value);
  const json = encode(target, 'json', value);
  const parser = new XMLParser();
  // Sanity: the codec and the baselines read the same document.
  if (decode(target, 'xml', xml).value.entries!.length !== 30) throw new Error('decode lost entries');
  if (Object.keys(parser.parse(xml).response).length !== 32) throw new Error('fast-xml-parser read something else');
  process.stderr.write(`codecs: ${xml.length} bytes of XML, ${json.length} bytes of JSON\n`);
  return compareOps(
    'codecs',
    {
      'fast-xml-parser parse': () => parser.parse(xml),
      'JSON.parse': () => JSON.parse(json),
      'JSON.stringify': () => JSON.stringify(value),
      'decode xml': () => decode(target, 'xml', xml),
      'decode xml ': () => decode(target, 'xml', xml),
      'decode json': () => decode(target, 'json', json),
      'encode xml': () => encode(target, 'xml', value),
      'encode json': () => encode(target, 'json', value),
      'parseXml alone': () => parseXml(xml, xmlLimits),
      'decode xml, interpreter': () => decodeXml(descriptors[target], xml, 'response', xmlLimits, { strict: false, issues: [] }),
      'encode xml, interpreter': () => encodeXml(descriptors[target], value, 'response'),
    },
    {
      'decode xml': 'fast-xml-parser parse',
      'decode xml ': 'JSON.parse',
      'decode json': 'JSON.parse',
      'encode xml': 'JSON.stringify',
      'encode json': 'JSON.stringify',
      'parseXml alone': 'JSON.parse',
      'decode xml, interpreter': 'JSON.parse',
      'encode xml, interpreter': 'JSON.stringify',
    },
  );
}
