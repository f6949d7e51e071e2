// scanXml's runs of expected leaves (XmlHandler.expect, issue 34): a decoder offers the fields it
// expects next, and scanXml reads a run of them with one regex test instead of one LEAF test and
// one leaf() call each. The run is an optimisation only, so both ways must agree on everything:
// the events a handler sees, the decoded values (keys in the same order) and issues, and every
// error with its offset. Checked on hand-written cases and on seeded random documents built from
// the run's own elements mixed with everything a run must not take (attributes, entities, CDATA,
// comments, '\r', ']]>', whitespace, nested elements, unknown and out-of-order fields).
import { describe, expect, it } from 'vitest';
import {
  decodeXml,
  decodeXmlStream,
  type DecodeIssue,
  type Desc,
  type ObjectDesc,
} from '../generator/targets/typescript/runtime/codec.ts';
import {
  expectedRun,
  findNonXmlChar,
  scanXml,
  XmlError,
  type ExpectedRun,
  type XmlHandler,
  type XmlLimits,
} from '../generator/targets/typescript/runtime/xml.ts';

const LIMITS: XmlLimits = { maxDepth: 32, maxElements: 10_000, maxBytes: 10 * 1024 * 1024 };

// Names that share length and end characters (cat/cot, a.b/a-b) are told apart by the whole name.
const NAMES = ['id', 'cat', 'cot', 'a.b', 'a-b', 'owner', 'when', 'flag', 'n'];
const ATTR = NAMES.map((n) => (n === 'owner' ? 'cn' : null));

/**
 * Records what scanXml reports, with or without a run to offer (a fixed one: the run always starts
 * at NAMES[0]). Each run's elements must be followed by one ranTo naming the last of them, before
 * any other event: where that does not hold, an event of its own says so, which the plain scan
 * never reports.
 */
class Recorder implements XmlHandler {
  events: unknown[] = [];
  /** The index of the run's last element reported, until ranTo: -1 when none is pending. */
  private pending = -1;
  constructor(readonly expect: ExpectedRun | null) {}
  private settled(): void {
    if (this.pending !== -1) this.events.push(['no ranTo after the run', this.pending]);
    this.pending = -1;
  }
  open(name: string, attrs: Record<string, string> | null): void {
    this.settled();
    this.events.push(['open', name, attrs && { ...attrs }]);
  }
  leaf(s: string, ns: number, ne: number, attrs: Record<string, string> | null, offset: number, text: string): void {
    this.settled();
    this.events.push(['leaf', s.slice(ns, ne), attrs && { ...attrs }, text]);
  }
  expected(run: ExpectedRun, i: number, text: string, attrs: Record<string, string> | null): void {
    this.events.push(['leaf', run.names[i], attrs && { ...attrs }, text]);
    this.pending = i;
    this.runs++;
  }
  ranTo(run: ExpectedRun, i: number): void {
    if (i !== this.pending) this.events.push(['ranTo', i, 'after', this.pending]);
    this.pending = -1;
  }
  text(t: string): void {
    this.settled();
    // Text may come in pieces; join adjacent ones so both ways compare by content.
    const last = this.events[this.events.length - 1] as unknown[] | undefined;
    if (last && last[0] === 'text') last[1] += t;
    else this.events.push(['text', t]);
  }
  close(): void {
    this.settled();
    this.events.push(['close']);
  }
  runs = 0;
}

function scan(doc: string, run: ExpectedRun | null, limits = LIMITS) {
  const h = new Recorder(run);
  try {
    scanXml(doc, limits, h);
    return { events: h.events, runs: h.runs };
  } catch (e) {
    if (!(e instanceof XmlError)) throw e;
    return { error: `${e.message} @${e.offset}`, events: h.events, runs: h.runs };
  }
}

/**
 * Scans doc both ways; they must agree: the same events, or the same error (characters XML
 * cannot carry are checked as the scan goes, so the events before an error may differ; the error
 * is the first such character wherever it is, as when the whole input was checked first).
 * Returns how many elements the run read.
 */
function sameScan(doc: string, limits = LIMITS): number {
  const plain = scan(doc, null, limits);
  const fast = scan(doc, expectedRun(NAMES, ATTR), limits);
  if (plain.error === undefined) expect({ ...fast, runs: 0 }, doc).toEqual(plain);
  else expect(fast.error, doc).toBe(plain.error);
  const bad = findNonXmlChar(doc);
  if (bad >= 0) expect(plain.error, doc).toMatch(new RegExp(`^(invalid character|unpaired surrogate) .* @${bad}$`));
  return fast.runs;
}

// A seeded generator (xorshift), so a failure can be replayed.
function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

/** Pieces of content: the run's own elements (most) and everything else. */
function piece(r: () => number): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  const name = pick(NAMES);
  const text = pick(['', 'x', '12', ' 7 ', 'a &amp; b', '&lt;&gt;&quot;&apos;', 'é☃𝄞', 'long text '.repeat(5)]);
  switch (Math.floor(r() * 16)) {
    case 0:
      return `<${name}/>`;
    case 1:
      return `<${name} cn="Bea Kim">${text}</${name}>`;
    case 2:
      return pick([
        `<${name} cn='Bea'>${text}</${name}>`,
        `<${name} cn="A &amp; B">${text}</${name}>`,
        `<${name} cn="tab\there">${text}</${name}>`,
        `<${name} other="1">${text}</${name}>`,
        `<${name}  cn="x">${text}</${name}>`,
        `<${name} cn="x"/>`,
        `<${name} cn="x" cn="y">${text}</${name}>`,
      ]);
    case 3:
      return pick([
        `<${name}>a&#65;b</${name}>`,
        `<${name}>a&bogus;b</${name}>`,
        `<${name}>a & b</${name}>`,
        `<${name}>a\r\nb</${name}>`,
        `<${name}>a]]>b</${name}>`,
        `<${name}>a]b</${name}>`,
        `<${name}><![CDATA[x<y]]></${name}>`,
        `<${name}>a<!-- c -->b</${name}>`,
        `<${name}>a<?pi x?>b</${name}>`,
        `<${name}><x>1</x></${name}>`,
        `<${name}>${text}</${name} >`,
        `<${name} >${text}</${name}>`,
        `<${name}>${text}</${name === 'cat' ? 'cot' : 'cat'}>`,
        `<${name}>${text}`,
        `<${name}>\u0001</${name}>`,
        `<${name}>a\ud800</${name}>`,
        `<${name}>\udc00</${name}>`,
        `<${name} cn="\u0002">1</${name}>`,
        `<${name}>\uffff</${name}>`,
        `<${name}\u0003>1</${name}>`,
      ]);
    case 4:
      return pick([' ', '\n  ', '<!-- note -->', '<?pi?>', 'stray text', '<![CDATA[cd]]>']);
    case 5:
      return pick(['<other>1</other>', '<cats>1</cats>', '<ca>1</ca>', '<custom7>c</custom7>', '<id9><n>1</n></id9>']);
    default:
      return `<${name}>${text}</${name}>`;
  }
}

describe('scanXml: a run reports what the general path reports', () => {
  it('reads a run of the expected elements, in order, each optional, and stops where they stop', () => {
    expect(sameScan('<r><id>1</id><cat>a</cat><a-b>x</a-b><owner cn="Bea">5</owner><flag/><n>z</n></r>')).toBe(6);
    // Out of order: the run stops, the rest is read as before (and a new run starts at the root's cursor: NAMES[0]).
    expect(sameScan('<r><cat>a</cat><id>1</id><cot>b</cot></r>')).toBe(3);
    // Names of the same length and end characters, and a name with a '.'.
    expect(sameScan('<r><cot>1</cot><a.b>2</a.b></r>')).toBe(2);
    expect(sameScan('<r><a-b>1</a-b><a.b>2</a.b></r>')).toBe(2);
  });

  it('leaves to the general path what the run must not read', () => {
    for (const doc of [
      '<r><owner cn="A &amp; B">5</owner></r>',
      "<r><owner cn='Bea'>5</owner></r>",
      '<r><owner other="x">5</owner></r>',
      '<r><id cn="x">5</id></r>',
      '<r><id>a&#65;</id></r>',
      '<r><id>a\r\nb</id></r>',
      '<r><id><![CDATA[x]]></id></r>',
      '<r><id>1<!-- c --></id></r>',
      '<r><id >1</id></r>',
      '<r><id>1</id ></r>',
    ]) {
      expect(sameScan(doc), doc).toBe(0);
    }
  });

  it('fails with the same error at the same offset', () => {
    for (const doc of [
      '<r><id>1</id><cat>a</cot></r>',
      '<r><id>1</id><cat>a &amp b</cat></r>',
      '<r><id>1</id><cat>a ]]> b</cat></r>',
      '<r><id>1</id><cat>\u0001</cat></r>',
      '<r><id>1</id><cat>a</cat>',
      '<r><id>1</id><owner cn="x" cn="y">1</owner></r>',
      '<r><id>1</id></r><r/>',
    ]) {
      sameScan(doc);
    }
    // The element limit inside a run: refused at the same element.
    const doc = '<r><id>1</id><cat>a</cat><cot>b</cot><n>c</n></r>';
    for (let max = 1; max <= 6; max++) sameScan(doc, { ...LIMITS, maxElements: max });
    // The depth limit where a run would start: the general path refuses the first element.
    sameScan('<r><x><id>1</id></x></r>', { ...LIMITS, maxDepth: 2 });
  });

  it('agrees on 3,000 seeded random documents', () => {
    const r = rng(34);
    let ran = 0;
    let errors = 0;
    for (let k = 0; k < 3000; k++) {
      const parts = Array.from({ length: 1 + Math.floor(r() * 12) }, () => piece(r));
      const doc = `<r>${parts.join('')}</r>`;
      const max = r() < 0.2 ? 1 + Math.floor(r() * 8) : LIMITS.maxElements;
      ran += sameScan(doc, { ...LIMITS, maxElements: max });
      if (scan(doc, null).error) errors++;
    }
    // Both kinds were exercised.
    expect(ran).toBeGreaterThan(3000);
    expect(errors).toBeGreaterThan(300);
  });
});

describe('decodeXmlStream with runs equals the interpreter over the tree', () => {
  const scalar = (s: string): Desc => ({ k: 's', s }) as Desc;
  const entry: ObjectDesc = {
    k: 'o',
    f: {
      id: scalar('i'),
      cat: scalar('t'),
      cot: scalar('t'),
      'a.b': scalar('t'),
      sub: { k: 'o', f: { n: scalar('t') } },
      'a-b': scalar('t'),
      owner: scalar('i'),
      when: scalar('dt'),
      flag: scalar('F'),
      n: scalar('n'),
    },
    c: '^custom[0-9]+$',
    an: { a: 'cn', s: '@cn', f: ['owner'] },
  };
  const page: Desc = { k: 'o', f: { count: scalar('i') }, inl: { p: 'id', as: 'entries', of: entry } } as Desc;

  function decodeBoth(doc: string, strict: boolean) {
    const run = (f: (issues: DecodeIssue[]) => unknown) => {
      const issues: DecodeIssue[] = [];
      try {
        return { value: f(issues), issues };
      } catch (e) {
        // Issues are dropped with a thrown error (the stream decoder has found some by then, the tree none).
        return { error: String(e) };
      }
    };
    const stream = run((issues) => decodeXmlStream(page, doc, 'r', LIMITS, { strict, issues }));
    const tree = run((issues) => decodeXml(page, doc, 'r', LIMITS, { strict, issues }));
    return { stream, tree };
  }

  const order = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(order)
      : v && typeof v === 'object'
        ? Object.keys(v).map((k) => [k, order((v as Record<string, unknown>)[k])])
        : v;

  it('on 2,000 seeded random pages, strict and lenient', () => {
    const r = rng(2026);
    for (let k = 0; k < 2000; k++) {
      const entries = Array.from({ length: 1 + Math.floor(r() * 3) }, (_, e) => {
        const parts = Array.from({ length: Math.floor(r() * 10) }, () => piece(r));
        if (r() < 0.3) parts.splice(Math.floor(r() * parts.length), 0, '<sub><n>1</n></sub>');
        if (r() < 0.2) parts.push('<when>2026-11-21T09:15:00+00:00</when>', '<when>2026-02-30</when>');
        return `<id${e + 1}>${parts.join('')}</id${e + 1}>`;
      });
      const doc = `<?xml version="1.0"?>\n<r>${entries.join('')}<count>${entries.length}</count></r>`;
      for (const strict of [true, false]) {
        const { stream, tree } = decodeBoth(doc, strict);
        expect(stream, doc).toStrictEqual(tree);
        expect(order(stream), `${doc}: key order`).toStrictEqual(order(tree));
      }
    }
  });
});
