// Codec speed: decoding and encoding a contact list response of 30, 1,000 and 5,000 entries (the
// API's largest page) in the service's codecs (the public decode()/encode() of the server package:
// XML through the generated codecs of codecs/xml.ts) and on the client's modular path (the format
// objects of runtime/formats.ts over the per-resource messages, what connect() uses), against
// JSON.parse and JSON.stringify of the same data in JSON. Ratios are per-operation time over the
// baseline's, measured in the same rounds (x < 1 means faster than the baseline). Targets
// (issue 34), at every size: decode JSON <= 1.5x JSON.parse, encode JSON <= 1.3x JSON.stringify,
// decode XML <= 2x JSON.parse, encode XML <= 1x JSON.stringify. For reference, at 30 entries:
// fast-xml-parser's generic parse, and parseXml alone.
// One size only: CRMGEN_BENCH_SIZES=1000 npx tsx bench/codecs.bench.ts.
// CRMGEN_BENCH_FLAT=1: each encode case and JSON.stringify also read their text's first character,
// which makes V8 flatten it, as writing it to a socket does: the encoders return a rope below
// 1,024 entries and flat chunks above, JSON.stringify a rope of a few parts (issue 34).
import { XMLParser } from 'fast-xml-parser';
import { decode, encode, xmlLimits } from '../generated/server/src/codecs/index.ts';
import { listRecordsResponse } from '../generated/client/src/codecs/records/contacts.ts';
import { json as jsonFormat, xml as xmlFormat } from '../generated/client/src/runtime/formats.ts';
import { parseXml } from '../generator/targets/typescript/runtime/xml.ts';
import type { ListRecordsResponse } from '../generated/server/src/types/index.ts';
import { compareOps, formatTable, type Row } from './lib.ts';

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
      'assignedto@cn': 'Bea Kim',
      company: 'Acme Ltd, Globex',
      created: '2026-11-20T08:00:00+00:00',
      viewed: '2026-11-21T08:00:00+00:00',
      updated: '2026-11-21T09:15:00+00:00',
    })),
    count: records,
    status: 'success',
  } as ListRecordsResponse<'contacts'>;
}

const target = 'records/contacts.listRecords.response';

async function size(records: number): Promise<Row[]> {
  const value = listResponse(records);
  const xml = encode(target, 'xml', value);
  const json = encode(target, 'json', value);
  // Sanity: every path reads back the same entries.
  for (const v of [
    decode(target, 'xml', xml).value,
    decode(target, 'json', json).value,
    xmlFormat.decode(listRecordsResponse, xml, xmlLimits),
    jsonFormat.decode(listRecordsResponse, json, xmlLimits),
  ]) {
    if ((v as { entries: unknown[] }).entries.length !== records) throw new Error('decode lost entries');
  }
  if (xmlFormat.encode(listRecordsResponse, value) !== xml || jsonFormat.encode(listRecordsResponse, value) !== json)
    throw new Error('the client encodes otherwise');
  process.stderr.write(`codecs ${records}: ${xml.length} chars of XML, ${json.length} of JSON\n`);
  const cases: Record<string, () => unknown> = {
    'JSON.parse': () => JSON.parse(json),
    'JSON.stringify': () => JSON.stringify(value),
    'decode json': () => decode(target, 'json', json),
    'encode json': () => encode(target, 'json', value),
    'decode xml': () => decode(target, 'xml', xml),
    'encode xml': () => encode(target, 'xml', value),
    'client decode json': () => jsonFormat.decode(listRecordsResponse, json, xmlLimits),
    'client encode json': () => jsonFormat.encode(listRecordsResponse, value),
    'client decode xml': () => xmlFormat.decode(listRecordsResponse, xml, xmlLimits),
    'client encode xml': () => xmlFormat.encode(listRecordsResponse, value),
    'parseXml alone': () => parseXml(xml, xmlLimits),
  };
  if (process.env.CRMGEN_BENCH_FLAT === '1')
    for (const name of Object.keys(cases)) {
      const run = cases[name]!;
      if (name === 'JSON.stringify' || name.includes('encode')) cases[name] = () => (run() as string).charCodeAt(0);
    }
  const baselines: Record<string, string> = {
    'decode json': 'JSON.parse',
    'encode json': 'JSON.stringify',
    'decode xml': 'JSON.parse',
    'encode xml': 'JSON.stringify',
    'client decode json': 'JSON.parse',
    'client encode json': 'JSON.stringify',
    'client decode xml': 'JSON.parse',
    'client encode xml': 'JSON.stringify',
    'parseXml alone': 'JSON.parse',
  };
  if (records === 30) {
    const parser = new XMLParser();
    if (Object.keys(parser.parse(xml).response).length !== 32) throw new Error('fast-xml-parser read something else');
    cases['fast-xml-parser parse'] = () => parser.parse(xml);
    cases['decode xml '] = () => decode(target, 'xml', xml);
    baselines['decode xml '] = 'fast-xml-parser parse';
  }
  // Fewer rounds for the largest page: one sample there is already many milliseconds. CPU time
  // (CRMGEN_BENCH_CLOCK=wall for wall time): the machines are shared, and waits swamp the medians.
  const clock = process.env.CRMGEN_BENCH_CLOCK === 'wall' ? 'wall' : 'cpu';
  return compareOps(`codecs ${records} (${clock})`, cases, baselines, records >= 5000 ? 9 : 15, clock);
}

export default async function codecs(): Promise<Row[]> {
  const sizes = (process.env.CRMGEN_BENCH_SIZES ?? '30,1000,5000').split(',').map(Number);
  const rows: Row[] = [];
  for (const n of sizes) rows.push(...(await size(n)));
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(formatTable(await codecs()));
