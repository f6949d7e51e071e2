// runtime/xml.ts: what the reader accepts, every rejection with its line/column, hostile inputs,
// and fuzzing that must only ever produce XmlError.
import { describe, it, expect } from 'vitest';
import {
  escapeXmlAttr,
  escapeXmlText,
  parseXml,
  XmlError,
  type XmlElement,
  type XmlLimits,
} from '../generator/targets/typescript/runtime/xml.ts';

const LIMITS: XmlLimits = { maxDepth: 32, maxElements: 10_000, maxBytes: 10 * 1024 * 1024 };
const utf8 = (s: string) => new TextEncoder().encode(s);

/** Parses and returns the XmlError thrown; fails the test if none (or another kind) is thrown. */
function xmlError(input: string | Uint8Array, limits: XmlLimits = LIMITS): XmlError {
  try {
    parseXml(input, limits);
  } catch (e) {
    if (e instanceof XmlError) return e;
    throw new Error(`expected XmlError, got ${String(e)}`);
  }
  throw new Error('expected XmlError, but the input parsed');
}

function expectReject(
  input: string | Uint8Array,
  problem: string | RegExp,
  line: number,
  col: number,
  limits = LIMITS,
): XmlError {
  const e = xmlError(input, limits);
  if (typeof problem === 'string') expect(e.message).toBe(`${problem} at line ${line}, column ${col}`);
  else {
    expect(e.message).toMatch(problem);
    expect(e.message.endsWith(` at line ${line}, column ${col}`)).toBe(true);
  }
  expect({ line: e.line, col: e.col }).toEqual({ line, col });
  expect(e.name).toBe('XmlError');
  expect(e).toBeInstanceOf(Error);
  return e;
}

/** The element's children by name, in order (test convenience). */
const kids = (el: XmlElement) => el.children.map((c) => c.name);
const child = (el: XmlElement, name: string) => {
  const c = el.children.find((k) => k.name === name);
  if (!c) throw new Error(`no <${name}> in <${el.name}>`);
  return c;
};

describe('parseXml: accepted shapes', () => {
  it('reads a request body with a declaration', () => {
    const src =
      '<?xml version="1.0"?><request><firstname>Ann</firstname><categories><add><category>3</category></add></categories></request>';
    const root = parseXml(src, LIMITS);
    expect(root.name).toBe('request');
    expect(root.offset).toBe(src.indexOf('<request>'));
    expect(root.attrs).toBeNull();
    expect(kids(root)).toEqual(['firstname', 'categories']);
    expect(child(root, 'firstname').text).toBe('Ann');
    const add = child(child(root, 'categories'), 'add');
    expect(kids(add)).toEqual(['category']);
    expect(add.children[0].text).toBe('3');
    expect(add.children[0].offset).toBe(src.indexOf('<category>'));
    expect(add.text).toBe('');
  });

  it('reads a response with record elements, an empty element and siblings', () => {
    const src =
      '<response><id12><id>12</id><name>Ann</name><flagged/></id12><count>2</count><status>success</status></response>';
    const root = parseXml(src, LIMITS);
    expect(kids(root)).toEqual(['id12', 'count', 'status']);
    const rec = child(root, 'id12');
    expect(kids(rec)).toEqual(['id', 'name', 'flagged']);
    const flagged = child(rec, 'flagged');
    expect(flagged).toEqual({
      name: 'flagged',
      attrs: null,
      children: [],
      text: '',
      offset: src.indexOf('<flagged/>'),
    });
    expect(child(root, 'status').text).toBe('success');
    // <x></x> and <x/> read the same apart from their offsets
    const a = parseXml('<r><x></x></r>', LIMITS).children[0];
    expect(a).toEqual({ name: 'x', attrs: null, children: [], text: '', offset: 3 });
  });

  it('reads attributes in either quote style, decoded and normalised', () => {
    const root = parseXml(
      `<request kind='contact'><firstname label="First name">Ann</firstname><x a = "1 &amp; 2" b='say "hi"' c="it&apos;s &lt;ok&gt;" d="l1\nl2\tx\r\ny" e="&#10;"/></request>`,
      LIMITS,
    );
    expect(root.attrs).toEqual({ kind: 'contact' });
    expect(child(root, 'firstname').attrs).toEqual({ label: 'First name' });
    expect(child(root, 'firstname').text).toBe('Ann');
    // literal TAB/LF/CRLF in a value become spaces; a character reference keeps its character
    expect(child(root, 'x').attrs).toEqual({ a: '1 & 2', b: 'say "hi"', c: "it's <ok>", d: 'l1 l2 x y', e: '\n' });
  });

  it('keeps attribute names such as __proto__ and constructor as plain own properties', () => {
    const el = parseXml('<a __proto__="x" constructor="y" toString="z"/>', LIMITS);
    expect(Object.keys(el.attrs!)).toEqual(['__proto__', 'constructor', 'toString']);
    expect(el.attrs!['__proto__']).toBe('x');
    expect(el.attrs!.constructor).toBe('y');
  });

  it('appends CDATA sections to the text, undecoded', () => {
    const el = parseXml('<a>x<![CDATA[<b>&amp;]]]]><![CDATA[>]]>y</a>', LIMITS);
    expect(el.text).toBe('x<b>&amp;]]>y');
    expect(el.children).toEqual([]);
    expect(parseXml('<a><![CDATA[]]></a>', LIMITS).text).toBe('');
  });

  it('decodes the five predefined entities and character references', () => {
    const el = parseXml('<a>&lt;&gt;&amp;&quot;&apos; &#65;&#x42;&#x043;&#x1F600;&#0000068;&#xe9;</a>', LIMITS);
    expect(el.text).toBe(`<>&"' ABC\u{1F600}Dé`);
    expect(parseXml('<a>Ann &amp; Bob</a>', LIMITS).text).toBe('Ann & Bob');
  });

  it('skips comments and processing instructions, keeps whitespace text untrimmed', () => {
    const src = [
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
      '<!-- prolog comment -->',
      '<?app-hint keep going?>',
      '<request>',
      '  <!-- a comment with <tags> & stuff -->',
      '  <firstname> Ann </firstname><?pi?>',
      '  <lastname>Lee</lastname>',
      '</request>',
      '<!-- trailing -->  <?done?>',
      '',
    ].join('\n');
    const root = parseXml(src, LIMITS);
    expect(kids(root)).toEqual(['firstname', 'lastname']);
    expect(child(root, 'firstname').text).toBe(' Ann ');
    expect(root.text).toBe('\n  \n  \n  \n');
    expect(child(root, 'lastname').offset).toBe(src.indexOf('<lastname>'));
  });

  it('normalises CRLF and CR line ends in text and CDATA to LF', () => {
    expect(parseXml('<a>1\r\n2\r3&#13;</a>', LIMITS).text).toBe('1\n2\n3\r');
    expect(parseXml('<a><![CDATA[1\r\n2]]></a>', LIMITS).text).toBe('1\n2');
  });

  it('reads Uint8Array input as UTF-8, with or without a BOM; a string may carry a BOM too', () => {
    const src = '<name lang="fr">Zoë 日本 \u{1F600}</name>';
    for (const input of [utf8(src), new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(src)]), '\uFEFF' + src, src]) {
      const el = parseXml(input, LIMITS);
      expect(el.text).toBe('Zoë 日本 \u{1F600}');
      expect(el.attrs).toEqual({ lang: 'fr' });
    }
    expect(parseXml(Buffer.from('<a>ok</a>'), LIMITS).text).toBe('ok');
  });

  it('accepts namespaced, unicode and punctuated names', () => {
    const el = parseXml('<soap:Envelope xmlns:soap="u"><né.x-1_y>1</né.x-1_y><日本/></soap:Envelope>', LIMITS);
    expect(el.name).toBe('soap:Envelope');
    expect(kids(el)).toEqual(['né.x-1_y', '日本']);
  });

  it('allows exactly maxDepth levels and maxElements elements', () => {
    expect(() => parseXml('<a><b><c/></b></a>', { ...LIMITS, maxDepth: 3 })).not.toThrow();
    expect(() => parseXml('<a><b/><c/></a>', { ...LIMITS, maxElements: 3 })).not.toThrow();
    expect(() => parseXml('<a>xyz</a>', { ...LIMITS, maxBytes: 10 })).not.toThrow();
  });
});

describe('parseXml: rejections name the problem and where it is', () => {
  it('DOCTYPE anywhere', () => {
    expectReject('<?xml version="1.0"?>\n<!DOCTYPE request>\n<request/>', 'DOCTYPE is not allowed', 2, 1);
    expectReject('<a>\n  <!DOCTYPE x></a>', 'DOCTYPE is not allowed', 2, 3);
    expectReject('<a/>\n<!doctype a>', 'DOCTYPE is not allowed', 2, 1);
  });

  it('entities other than the predefined five, and bad character references', () => {
    const e = expectReject('<a>\n x &nbsp; y</a>', "unknown entity '&nbsp;'", 2, 4);
    expect(e.offset).toBe(7);
    expectReject('<a b="&ent;"/>', "unknown entity '&ent;'", 1, 7);
    expectReject('<a>&#0;</a>', "character reference '&#0;' is not an allowed XML character", 1, 4);
    expectReject('<a>&#xD800;</a>', "character reference '&#xD800;' is not an allowed XML character", 1, 4);
    expectReject('<a>&#x110000;</a>', "character reference '&#x110000;' is not an allowed XML character", 1, 4);
    expectReject(
      '<a>&#99999999999999999999;</a>',
      /^character reference '&#9+;' is not an allowed XML character/,
      1,
      4,
    );
    expectReject('<a>&#x;</a>', "malformed character reference '&#x;'", 1, 4);
    expectReject('<a>&#X41;</a>', "malformed character reference '&#X'", 1, 4);
    expectReject('<a>&#12a;</a>', "malformed character reference '&#12a'", 1, 4);
    expectReject('<a>Ann & Bob</a>', "malformed entity reference ('&' must be written as '&amp;')", 1, 8);
    expectReject('<a>&amp</a>', "malformed entity reference ('&' must be written as '&amp;')", 1, 4);
  });

  it('control characters and unpaired surrogates', () => {
    expectReject('<a>\u0001</a>', 'invalid character U+0001', 1, 4);
    expectReject('<a>\n\u0000</a>', 'invalid character U+0000', 2, 1);
    expectReject('<a>x\uFFFF</a>', 'invalid character U+FFFF', 1, 5);
    expectReject('<a>\uD800x</a>', 'unpaired surrogate U+D800', 1, 4);
    expectReject('<a>\uDC00</a>', 'unpaired surrogate U+DC00', 1, 4);
    // a column counts characters: the emoji is one
    expectReject('<a>\u{1F600}&x;</a>', "unknown entity '&x;'", 1, 5);
  });

  it('text, CDATA or a second element outside the root', () => {
    expectReject('hello<a/>', 'text is not allowed outside the root element', 1, 1);
    expectReject('<a/>\n  x', 'text is not allowed outside the root element', 2, 3);
    expectReject('<a/><b/>', 'only one root element is allowed', 1, 5);
    expectReject('<![CDATA[x]]><a/>', 'CDATA section is not allowed outside the root element', 1, 1);
    expectReject('<a/></a>', 'end tag after the root element was closed', 1, 5);
    expectReject('', 'no root element', 1, 1);
    expectReject('  <!-- only a comment -->\n', 'no root element', 2, 1);
  });

  it('end tags that do not match, and input that ends too early', () => {
    expectReject('<a>\n<b>\n</c>', 'mismatched end tag: expected </b> but found </c>', 3, 1);
    expectReject('<a><b></bb></a>', 'mismatched end tag: expected </b> but found </bb>', 1, 7);
    expectReject('<a>\r\n<b>\r\n</c>', 'mismatched end tag: expected </b> but found </c>', 3, 1);
    expectReject('<a><b>text</b>', 'unexpected end of input: <a> (opened at line 1, column 1) is not closed', 1, 15);
    expectReject('<r>\n  <a>x', 'unexpected end of input: <a> (opened at line 2, column 3) is not closed', 2, 7);
    expectReject('<a x="1"', 'unexpected end of input inside tag <a>', 1, 9);
    expectReject('<abc', 'unexpected end of input inside tag <abc>', 1, 5);
    expectReject('<a x=', 'unexpected end of input inside tag <a>', 1, 6);
    expectReject('<a/', 'unexpected end of input inside tag <a>', 1, 4);
    expectReject('<a></a', 'unexpected end of input in end tag </a>', 1, 7);
    expectReject('<a><', "unexpected end of input after '<'", 1, 5);
    expectReject('<a></', 'unexpected end of input in end tag (expected </a>)', 1, 4);
    expectReject('<a></ a>', 'invalid end tag (expected </a>)', 1, 4);
    expectReject('<a></a x>', "expected '>' to close end tag </a> but found 'x'", 1, 8);
  });

  it('malformed start tags and attributes', () => {
    expectReject('<a x="1" x=\'2\'/>', "duplicate attribute 'x' in tag <a>", 1, 10);
    expectReject('<a x="1<2"/>', "'<' is not allowed in the value of attribute 'x'", 1, 8);
    expectReject('<a x="1"y="2"/>', "unexpected 'y' in tag <a>", 1, 9);
    expectReject('<a x=1/>', "expected a quoted value for attribute 'x'", 1, 6);
    expectReject('<a x/>', "expected '=' after attribute 'x'", 1, 5);
    expectReject('<a x="1>', "unterminated value for attribute 'x'", 1, 6);
    expectReject('<1a/>', "expected an element name after '<' but found '1'", 1, 2);
    expectReject('<r>< a/></r>', "expected an element name after '<' but found U+0020", 1, 5);
    expectReject('<a$/>', "unexpected '$' in tag <a>", 1, 3);
    expectReject('<a/ >', "expected '>' after '/' in tag <a>", 1, 4);
    expectReject('<a -x="1"/>', "unexpected '-' in tag <a>", 1, 4);
  });

  it('comments, CDATA, processing instructions and declarations', () => {
    expectReject('<a><!-- x -- y --></a>', "'--' is not allowed inside a comment", 1, 11);
    expectReject('<a><!-- x ---></a>', "'--' is not allowed inside a comment", 1, 11);
    expectReject('<a>\n<!-- never closed </a>', 'unterminated comment', 2, 1);
    expectReject('<a><![CDATA[ never closed </a>', 'unterminated CDATA section', 1, 4);
    expectReject('<a>x]]>y</a>', "']]>' is not allowed in text", 1, 5);
    expectReject('<a><? x?></a>', 'invalid processing instruction target U+0020', 1, 6);
    expectReject('<a><?pi never closed</a>', 'unterminated processing instruction', 1, 4);
    expectReject('<a><!ELEMENT a ANY></a>', "invalid markup after '<!'", 1, 4);
    expectReject(
      ' <?xml version="1.0"?><a/>',
      'XML declaration is only allowed at the very start of the document',
      1,
      2,
    );
    expectReject(
      '<a><?xml version="1.0"?></a>',
      'XML declaration is only allowed at the very start of the document',
      1,
      4,
    );
    expectReject('<?XML version="1.0"?><a/>', "processing instruction target 'XML' is reserved", 1, 1);
    expectReject('<?xml?><a/>', "XML declaration is missing 'version'", 1, 1);
    expectReject('<?xml encoding="UTF-8"?><a/>', "XML declaration must start with 'version'", 1, 7);
    expectReject('<?xml version="2.0"?><a/>', "invalid version '2.0' in XML declaration", 1, 16);
    expectReject('<?xml version="1.0"standalone="yes"?><a/>', "unexpected 's' in XML declaration", 1, 20);
    expectReject(
      '<?xml version="1.0" standalone="maybe"?><a/>',
      "invalid standalone 'maybe' in XML declaration",
      1,
      33,
    );
    expectReject('<?xml version="1.0" foo="1"?><a/>', "unexpected 'foo' in XML declaration", 1, 21);
    expectReject('<?xml version="1.0"', 'unterminated XML declaration', 1, 1);
    // bytes are always decoded as UTF-8, so another declared encoding is refused for them
    expectReject(
      utf8('<?xml version="1.0" encoding="ISO-8859-1"?><a/>'),
      "unsupported encoding 'ISO-8859-1' (only UTF-8 is accepted)",
      1,
      31,
    );
    expect(parseXml(utf8('<?xml version="1.0" encoding="utf-8"?><a/>'), LIMITS).name).toBe('a');
  });

  it('depth and element-count limits', () => {
    const e = expectReject('<a><b>\n<c><d/></c></b></a>', 'elements nested too deeply (limit 3)', 2, 4, {
      ...LIMITS,
      maxDepth: 3,
    });
    expect(e.offset).toBe(10);
    expectReject('<a><b/><c/><d/></a>', 'too many elements (limit 3)', 1, 12, { ...LIMITS, maxElements: 3 });
  });

  it('size limit, before anything is parsed', () => {
    expectReject('<a>' + 'x'.repeat(8) + '</a>', 'input of 15 characters exceeds the limit of 10', 1, 1, {
      ...LIMITS,
      maxBytes: 10,
    });
    // bytes are counted, not characters: 'é' is two bytes
    expectReject(utf8('<a>éééé</a>'), 'input of 15 bytes exceeds the limit of 12 bytes', 1, 1, {
      ...LIMITS,
      maxBytes: 12,
    });
    // checked before the (invalid) UTF-8 is even decoded
    expectReject(new Uint8Array(20).fill(0xff), 'input of 20 bytes exceeds the limit of 10 bytes', 1, 1, {
      ...LIMITS,
      maxBytes: 10,
    });
  });

  it('invalid UTF-8, located by byte offset', () => {
    const bad = (...parts: (string | number[])[]) =>
      new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...utf8(p)] : p)));
    const e = expectReject(bad('<a>', [0xff], '</a>'), 'invalid UTF-8 (byte 0xFF)', 1, 4);
    expect(e.offset).toBe(3);
    // truncated 3-byte sequence on line 2 after a two-byte 'é': column counts characters
    const t = expectReject(bad('<a>\nxé', [0xe2, 0x82], '</a>'), 'invalid UTF-8 (byte 0xE2)', 2, 3);
    expect(t.offset).toBe(7);
    expectReject(bad('<a>', [0xc0, 0x80], '</a>'), 'invalid UTF-8 (byte 0xC0)', 1, 4); // overlong
    expectReject(bad('<a>', [0xed, 0xa0, 0x80], '</a>'), 'invalid UTF-8 (byte 0xED)', 1, 4); // surrogate
    expectReject(bad('<a>', [0xf4, 0x90, 0x80, 0x80], '</a>'), 'invalid UTF-8 (byte 0xF4)', 1, 4); // > U+10FFFF
    expectReject(bad([0xef, 0xbb, 0xbf], '<a>', [0x80]), 'invalid UTF-8 (byte 0x80)', 1, 4); // after a BOM
    expectReject(bad('<a>', [0xe2, 0x82]), 'invalid UTF-8 (byte 0xE2)', 1, 4); // truncated at the end
  });

  it('anything but a string or Uint8Array', () => {
    expectReject(42 as unknown as string, 'input must be a string or a Uint8Array', 1, 1);
    expectReject(null as unknown as string, 'input must be a string or a Uint8Array', 1, 1);
  });
});

describe('parseXml: hostile input fails fast with XmlError', () => {
  // The answer is what a test can pin; how fast it comes is bench/'s (codecs, fuzz): timing
  // thresholds in tests fail on a busy machine, not on a slow parser.
  const quick = (f: () => void) => f();

  it('billion laughs', () => {
    const lol = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE lolz [',
      ' <!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => ` <!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`),
      ']>',
      '<lolz>&lol9;</lolz>',
    ].join('\n');
    quick(() => expectReject(lol, 'DOCTYPE is not allowed', 2, 1));
  });

  it('external entities', () => {
    const xxe = '<?xml version="1.0"?><!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><foo>&xxe;</foo>';
    expectReject(xxe, 'DOCTYPE is not allowed', 1, 22);
    expectReject(utf8(xxe), 'DOCTYPE is not allowed', 1, 22);
    expectReject('<!DOCTYPE foo SYSTEM "http://example.com/x.dtd"><foo/>', 'DOCTYPE is not allowed', 1, 1);
    // without the DOCTYPE, the reference is just an unknown entity
    expectReject('<foo>&xxe;</foo>', "unknown entity '&xxe;'", 1, 6);
  });

  it('10,000-deep nesting: rejected at maxDepth 32, and parsed without recursion when allowed', () => {
    const deep = '<a>'.repeat(10_000) + 'x' + '</a>'.repeat(10_000);
    quick(() => expectReject(deep, 'elements nested too deeply (limit 32)', 1, 97));
    const root = parseXml(deep, { ...LIMITS, maxDepth: 10_000, maxElements: 10_000 });
    let depth = 1;
    let el = root;
    while (el.children.length > 0) {
      el = el.children[0];
      depth++;
    }
    expect(depth).toBe(10_000);
    expect(el.text).toBe('x');
    expectReject(
      '<a>'.repeat(10_000),
      /^unexpected end of input: <a> \(opened at line 1, column 29998\) is not closed/,
      1,
      30_001,
      {
        ...LIMITS,
        maxDepth: 20_000,
      },
    );
  });

  it('a 50 MB body against a 10 MB limit, as a string and as bytes', () => {
    const big = '<a>' + 'a'.repeat(50 * 1024 * 1024) + '</a>';
    quick(() => expectReject(big, /^input of 52428807 characters exceeds the limit of 10485760/, 1, 1));
    const bytes = new Uint8Array(50 * 1024 * 1024).fill(0x61);
    quick(() => expectReject(bytes, /^input of 52428800 bytes exceeds the limit of 10485760 bytes/, 1, 1));
  });

  it('large but allowed inputs parse, and hostile ones are refused at the first offending character: long text, many elements, many entities, long attribute lists', () => {
    quick(() => expect(parseXml('<a>' + 'a'.repeat(5_000_000) + '</a>', LIMITS).text.length).toBe(5_000_000));
    const many = '<r>' + '<x>1</x>'.repeat(100_000) + '</r>';
    quick(() => expect(parseXml(many, { ...LIMITS, maxElements: 100_001 }).children.length).toBe(100_000));
    quick(() => expectReject(many, 'too many elements (limit 10000)', 1, 3 + 9_999 * 8 + 1));
    quick(() => expect(parseXml('<a>' + '&amp;x'.repeat(200_000) + '</a>', LIMITS).text).toBe('&x'.repeat(200_000)));
    const attrs = Array.from({ length: 20_000 }, (_, i) => `a${i}="${i}"`).join(' ');
    quick(() => expect(Object.keys(parseXml(`<a ${attrs}/>`, LIMITS).attrs!).length).toBe(20_000));
    // unterminated constructs and an unmatched '&' each cost one scan, not one per character
    quick(() => expectReject('<a>' + '<!--'.repeat(200_000), 'unterminated comment', 1, 4));
    quick(() => expectReject('<a>' + '&'.repeat(1_000_000) + '</a>', /^malformed entity reference/, 1, 4));
    quick(() =>
      expectReject('<a b="' + '"'.repeat(0) + 'x'.repeat(2_000_000), "unterminated value for attribute 'b'", 1, 6),
    );
  });

  it('every prefix of a valid document either parses or throws XmlError', () => {
    const doc =
      '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- c -->\n<response x="1" y=\'&lt;2&gt;\'>\r\n <id12><id>12</id><name>Ann &amp; Zoë \u{1F600}</name><flagged/>' +
      '<![CDATA[raw]]><?pi data?></id12>\n <count>2</count><status>success</status>\n</response>\n<!-- end -->\n';
    expect(parseXml(doc, LIMITS).name).toBe('response');
    const bytes = utf8(doc);
    const parsedAt: number[] = [];
    // string prefixes (some cut the emoji's surrogate pair), then byte prefixes (some cut a
    // multi-byte UTF-8 sequence)
    const inputs: (string | Uint8Array)[] = [];
    for (let i = 0; i <= doc.length; i++) inputs.push(doc.slice(0, i));
    for (let i = 0; i <= bytes.length; i++) inputs.push(bytes.slice(0, i));
    for (const input of inputs) {
      try {
        parseXml(input, LIMITS);
        parsedAt.push(input.length);
      } catch (e) {
        if (!(e instanceof XmlError)) throw new Error(`prefix of length ${input.length}: ${String(e)}`);
        expect(e.message).toMatch(/ at line \d+, column \d+$/);
      }
    }
    // only prefixes that hold the whole root element parse: the trailing "\n<!-- end -->\n" is optional
    const end = doc.indexOf('</response>') + '</response>'.length;
    const stringEnds = [end, end + 1, doc.length - 1, doc.length];
    const byteShift = bytes.length - doc.length; // every multi-byte character comes before `end`
    expect(parsedAt).toEqual([...stringEnds, ...stringEnds.map((n) => n + byteShift)]);
  });

  it('seeded random mutations only ever throw XmlError', () => {
    // mulberry32: small, deterministic
    let seed = 0x5eed1234;
    const rand = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = seed;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
    const alphabet = [
      ...'<>/&;#x"\'=!?-[]: \n\r\taZ09é',
      '\u0000',
      '\uD800',
      '\uDC00',
      '\u{1F600}',
      '<!--',
      '-->',
      '<![CDATA[',
      ']]>',
      '&amp;',
      '&#',
      '<?',
      '?>',
      '<!DOCTYPE',
    ];
    const base =
      '<?xml version="1.0"?><request a="1" b=\'x &amp; y\'><firstname label="First name">Ann</firstname><!-- c --><categories><add><category>3</category></add></categories><note><![CDATA[<x>]]>&lt;&#65;</note><e/></request>';
    const limits = { maxDepth: 8, maxElements: 50, maxBytes: 4096 };
    let ok = 0;
    let failed = 0;
    for (let n = 0; n < 5000; n++) {
      let s = base;
      const edits = 1 + Math.floor(rand() * 4);
      for (let k = 0; k < edits; k++) {
        const i = Math.floor(rand() * (s.length + 1));
        const op = rand();
        if (op < 0.35)
          s = s.slice(0, i) + pick(alphabet) + s.slice(i + 1); // replace
        else if (op < 0.7)
          s = s.slice(0, i) + pick(alphabet) + s.slice(i); // insert
        else if (op < 0.9)
          s = s.slice(0, i) + s.slice(i + 1 + Math.floor(rand() * 3)); // delete
        else s = s.slice(0, i) + s.slice(i, i + 20) + s.slice(i); // duplicate a run
      }
      const input = n % 5 === 0 ? utf8(s) : s;
      if (n % 7 === 0 && input instanceof Uint8Array && input.length > 0)
        input[Math.floor(rand() * input.length)] ^= 1 << Math.floor(rand() * 8);
      try {
        const root = parseXml(input, limits);
        expect(typeof root.name).toBe('string');
        ok++;
      } catch (e) {
        if (!(e instanceof XmlError)) throw new Error(`mutation ${n} threw ${String(e)} for ${JSON.stringify(s)}`);
        expect(e.line).toBeGreaterThanOrEqual(1);
        expect(e.col).toBeGreaterThanOrEqual(1);
        expect(e.offset).toBeGreaterThanOrEqual(0);
        failed++;
      }
    }
    // the fuzz must exercise both outcomes, or it is not testing much
    expect(ok).toBeGreaterThan(100);
    expect(failed).toBeGreaterThan(1000);
  });
});

describe('escapeXmlText / escapeXmlAttr', () => {
  it('escape the markup characters', () => {
    expect(escapeXmlText('Ann & Bob <b> "q" \'a\'')).toBe('Ann &amp; Bob &lt;b&gt; "q" \'a\'');
    expect(escapeXmlAttr('Ann & Bob <b> "q" \'a\'')).toBe("Ann &amp; Bob &lt;b&gt; &quot;q&quot; 'a'");
    const plain = 'nothing to escape here é \u{1F600}';
    expect(escapeXmlText(plain)).toBe(plain);
    expect(escapeXmlAttr(plain)).toBe(plain);
    expect(escapeXmlText('')).toBe('');
  });

  it('round-trip through parseXml, whitespace included', () => {
    const values = [
      'a&b<c>d"e\'f',
      ' lead and trail ',
      'line1\nline2\r\nline3\rx',
      'tab\there',
      '&amp; literally',
      ']]> in text',
    ];
    for (const v of values) {
      const el = parseXml(`<x v="${escapeXmlAttr(v)}">${escapeXmlText(v)}</x>`, LIMITS);
      expect(el.attrs!.v).toBe(v);
      expect(el.text).toBe(v);
    }
  });
});
