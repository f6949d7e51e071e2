// Run by test/xml-shapes.test.ts in a node of its own (--expose-gc --trace-opt --trace-deopt):
// decodes a page of contacts in the service and on the client until the decoder is optimized,
// collects all garbage, then decodes again. The test reads the trace on stdout.
import { decode, encode, xmlLimits } from '../../generated/server/src/codecs/index.ts';
import { listRecordsResponse } from '../../generated/client/src/codecs/records/contacts.ts';
import { xml } from '../../generated/client/src/runtime/formats.ts';

const target = 'records/contacts.listRecords.response';
const page = {
  entries: Array.from({ length: 30 }, (_, i) => ({
    id: 4000 + i,
    name: `Ann Lee ${i}`,
    firstname: 'Ann',
    assignedto: 5,
    'assignedto@cn': 'Bea Kim',
    created: '2026-11-20T08:00:00+00:00',
  })),
  count: 30,
  status: 'success',
};
const text = encode(target, 'xml', page as never);
const gc = (globalThis as { gc?: () => void }).gc!;
const round = () => {
  for (let i = 0; i < 3000; i++) {
    decode(target, 'xml', text);
    xml.decode(listRecordsResponse, text, xmlLimits);
  }
};
round();
process.stdout.write('\n--- collected ---\n');
for (let k = 0; k < 3; k++) {
  gc();
  round();
}
