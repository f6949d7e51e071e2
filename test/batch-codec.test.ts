// runtime/batch.ts: the multipart/mixed codec of POST /batch. Round trips on both sides, a batch
// shaped as the document describes it, every rejection with its key and message, hostile
// inputs that must stay fast, and seeded fuzzing that must only ever produce BatchError.
import { describe, expect, it } from 'vitest';
import {
  BatchError,
  boundaryOf,
  parseBatchRequest,
  parseBatchResponse,
  serializeBatchRequest,
  serializeBatchResponse,
  statusText,
  type BatchLimits,
  type BatchRequestPart,
  type BatchResponsePart,
} from '../generator/targets/typescript/runtime/batch.ts';

const LIMITS: BatchLimits = { maxParts: 100 };
const utf8 = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);
const CT = 'multipart/mixed; boundary=batch_1';

/** Parses and returns the BatchError thrown; fails the test if none (or another kind) is thrown. */
function batchError(
  body: string | Uint8Array,
  contentType: string | undefined = CT,
  limits: BatchLimits = LIMITS,
): BatchError {
  try {
    parseBatchRequest(typeof body === 'string' ? utf8(body) : body, contentType, limits);
  } catch (e) {
    if (e instanceof BatchError) return e;
    throw new Error(`expected BatchError, got ${String(e)}`);
  }
  throw new Error('expected BatchError, but the batch parsed');
}

function expectInvalid(
  body: string | Uint8Array,
  fragment: string | RegExp,
  contentType: string | undefined = CT,
): BatchError {
  const e = batchError(body, contentType);
  expect(e.key).toBe('invalidbatch');
  expect(e.name).toBe('BatchError');
  expect(e).toBeInstanceOf(Error);
  if (typeof fragment === 'string') expect(e.message).toContain(fragment);
  else expect(e.message).toMatch(fragment);
  return e;
}

/** One request part as the document shows it, CRLF throughout. */
function requestPart(
  boundary: string,
  request: string,
  mime = 'Content-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n',
): string {
  return `--${boundary}\r\n${mime}\r\n${request}\r\n`;
}

const XML_BODY =
  '<?xml version="1.0" encoding="UTF-8"?>\r\n<request>\n  <contact>\n    <firstname>Anna</firstname>\n  </contact>\n</request>\n';
const JSON_BODY = '{"contact":{"firstname":"Ärger","lastname":"Ölberg"},"note":"line\\nbreak"}';
/** Every byte value, with CR, LF, bare LF, "--" and a near-boundary line in it. */
const BINARY_BODY = (() => {
  const bytes = new Uint8Array(256 + 40);
  for (let i = 0; i < 256; i++) bytes[i] = i;
  bytes.set(utf8('\r\n--batch\n--\r\n\r\n\r\n--xyz\r\n'), 256);
  return bytes;
})();

function withLength(headers: Record<string, string>, body: Uint8Array): Record<string, string> {
  return body.length > 0 ? { ...headers, 'content-length': String(body.length) } : headers;
}

describe('boundaryOf', () => {
  it('reads quoted and unquoted boundaries among other parameters', () => {
    expect(boundaryOf('multipart/mixed; boundary=batch_1')).toBe('batch_1');
    expect(boundaryOf('multipart/mixed;boundary=batch_1')).toBe('batch_1');
    expect(boundaryOf('Multipart/Mixed; Boundary="batch 1:x"')).toBe('batch 1:x');
    expect(boundaryOf('multipart/mixed; charset=utf-8; boundary="a;b=c" ; x=y')).toBe('a;b=c');
    expect(boundaryOf('multipart/mixed ; boundary = abc ')).toBe('abc');
    expect(boundaryOf('multipart/mixed; boundary="a\\"b"')).toBe('a"b');
  });
  it('is undefined without multipart/mixed or without a usable boundary', () => {
    expect(boundaryOf(undefined)).toBeUndefined();
    expect(boundaryOf('')).toBeUndefined();
    expect(boundaryOf('multipart/mixed')).toBeUndefined();
    expect(boundaryOf('multipart/mixed; charset=utf-8')).toBeUndefined();
    expect(boundaryOf('multipart/mixed; boundary=')).toBeUndefined();
    expect(boundaryOf('multipart/mixed; boundary=""')).toBeUndefined();
    expect(boundaryOf('multipart/mixed; boundary="unterminated')).toBeUndefined();
    expect(boundaryOf('multipart/form-data; boundary=abc')).toBeUndefined();
    expect(boundaryOf('application/xml; boundary=abc')).toBeUndefined();
    expect(boundaryOf('multipart/mixed; boundary')).toBeUndefined();
  });
});

describe('statusText', () => {
  it('gives the reason phrases of status lines', () => {
    expect(statusText(200)).toBe('OK');
    expect(statusText(201)).toBe('Created');
    expect(statusText(204)).toBe('No Content');
    expect(statusText(400)).toBe('Bad Request');
    expect(statusText(404)).toBe('Not Found');
    expect(statusText(413)).toBe('Content Too Large');
    expect(statusText(429)).toBe('Too Many Requests');
    expect(statusText(500)).toBe('Internal Server Error');
    expect(statusText(299)).toBe('');
  });
});

describe('request round trip (client writes, server parses)', () => {
  const parts: BatchRequestPart[] = [
    {
      method: 'GET',
      path: '/contacts/12/',
      headers: { accept: 'application/xml' },
      body: new Uint8Array(0),
      contentId: 'show',
    },
    {
      method: 'POST',
      path: '/contacts/',
      headers: { 'content-type': 'application/xml' },
      body: utf8(XML_BODY),
      contentId: 'create',
    },
    {
      method: 'PUT',
      path: '/contacts/12/?format=json',
      headers: { 'content-type': 'application/json', 'x-note': 'ä ü' },
      body: utf8(JSON_BODY),
    },
    {
      method: 'POST',
      path: '/contacts/12/files/',
      headers: { 'content-type': 'application/octet-stream' },
      body: BINARY_BODY,
      contentId: '3',
    },
    { method: 'DELETE', path: '/contacts/calls/7/', headers: {}, body: new Uint8Array(0) },
  ];
  const expected = parts.map((p) => ({ ...p, headers: withLength(p.headers, p.body) }));

  it.each([
    ['an unquoted caller boundary', 'batch_abc-123', 'multipart/mixed; boundary=batch_abc-123'],
    ['a quoted caller boundary', 'my batch:1/2=(x)', 'multipart/mixed; boundary="my batch:1/2=(x)"'],
  ])('round-trips XML, JSON, binary and empty bodies with %s', (_, boundary, contentType) => {
    const out = serializeBatchRequest(parts, boundary);
    expect(out.contentType).toBe(contentType);
    expect(boundaryOf(out.contentType)).toBe(boundary);
    expect(parseBatchRequest(out.body, out.contentType, LIMITS)).toEqual(expected);
  });

  it('round-trips with a random boundary that occurs in no body', () => {
    const out = serializeBatchRequest(parts);
    const boundary = boundaryOf(out.contentType)!;
    expect(boundary).toMatch(/^[A-Za-z0-9_]{10,70}$/);
    expect(parseBatchRequest(out.body, out.contentType, LIMITS)).toEqual(expected);
    expect(boundaryOf(serializeBatchRequest(parts).contentType)).not.toBe(boundary);
  });

  it('writes the multipart structure with CRLF line endings only', () => {
    const out = serializeBatchRequest(parts.slice(0, 2), 'b');
    const written = text(out.body);
    expect(
      written.startsWith(
        '--b\r\nContent-Type: application/http\r\nContent-Transfer-Encoding: binary\r\nContent-ID: <show>\r\n\r\nGET /contacts/12/ HTTP/1.1\r\nAccept: application/xml\r\n\r\n\r\n--b\r\n',
      ),
    ).toBe(true);
    expect(written).toContain(
      `POST /contacts/ HTTP/1.1\r\nContent-Type: application/xml\r\nContent-Length: ${utf8(XML_BODY).length}\r\n\r\n${XML_BODY}\r\n--b--\r\n`,
    );
    expect(written.endsWith('--b--\r\n')).toBe(true);
  });

  it('refuses to write what cannot be written', () => {
    const get: BatchRequestPart = { method: 'GET', path: '/contacts/', headers: {}, body: new Uint8Array(0) };
    expect(() => serializeBatchRequest([{ ...get, method: 'PATCH' }])).toThrow(TypeError);
    expect(() => serializeBatchRequest([{ ...get, path: 'contacts/' }])).toThrow(/path/);
    expect(() => serializeBatchRequest([{ ...get, path: '/a b' }])).toThrow(/path/);
    expect(() => serializeBatchRequest([{ ...get, headers: { 'x-a': 'v\r\nx-injected: 1' } }])).toThrow(/x-a/);
    expect(() => serializeBatchRequest([{ ...get, headers: { 'bad name': 'v' } }])).toThrow(/header name/);
    expect(() => serializeBatchRequest([{ ...get, contentId: 'a\r\nb' }])).toThrow(/Content-ID/);
    expect(() => serializeBatchRequest([{ ...get, body: utf8('x\r\n--clash\r\n') }], 'clash')).toThrow(
      /occurs in the body of part 1/,
    );
    expect(() => serializeBatchRequest([get], '')).toThrow(/empty/);
    expect(() => serializeBatchRequest([get], 'x'.repeat(71))).toThrow(/70/);
  });
});

describe('response round trip (server writes, client parses)', () => {
  const parts: BatchResponsePart[] = [
    {
      status: 200,
      headers: { 'content-type': 'application/xml' },
      body: utf8('<response><status>success</status></response>'),
      contentId: 'show',
    },
    {
      status: 201,
      headers: {
        location: '/contacts/13/',
        'content-type': 'application/xml',
        'http-x-service-api-call-limit': '2/1000',
      },
      body: utf8(XML_BODY),
      contentId: 'create',
    },
    {
      status: 404,
      headers: { 'content-type': 'application/json' },
      body: utf8('{"status":"failed","errors":{"itemisnotfound":"Item is not found"}}'),
    },
    { status: 200, headers: { 'content-type': 'application/octet-stream' }, body: BINARY_BODY },
    { status: 204, headers: {}, body: new Uint8Array(0) },
  ];

  it.each([['batchresponse_1'], ['quoted boundary?'], [undefined]])('round-trips with boundary %s', (boundary) => {
    const out = serializeBatchResponse(parts, boundary);
    if (boundary) expect(boundaryOf(out.contentType)).toBe(boundary);
    const back = parseBatchResponse(out.body, out.contentType);
    expect(back).toEqual(
      parts.map((p, i) => ({
        ...p,
        headers: { ...p.headers, 'content-length': String(p.body.length) },
        contentId: p.contentId ?? String(i + 1),
      })),
    );
  });

  it('writes status lines, Content-ID echoes and Content-Type, Content-Length, Location first', () => {
    const written = text(serializeBatchResponse(parts, 'r').body);
    expect(written).toContain(
      '--r\r\nContent-Type: application/http\r\nContent-Transfer-Encoding: binary\r\nContent-ID: <response-create>\r\n\r\n' +
        `HTTP/1.1 201 Created\r\nContent-Type: application/xml\r\nContent-Length: ${utf8(XML_BODY).length}\r\nLocation: /contacts/13/\r\nHttp-X-Service-Api-Call-Limit: 2/1000\r\n\r\n${XML_BODY}\r\n--r\r\n`,
    );
    expect(written).toContain('Content-ID: <response-show>\r\n\r\nHTTP/1.1 200 OK\r\n');
    expect(written).toContain('Content-ID: <response-3>\r\n\r\nHTTP/1.1 404 Not Found\r\n');
    expect(written).toContain(
      'Content-ID: <response-5>\r\n\r\nHTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n\r\n--r--\r\n',
    );
    expect(written.indexOf('response-show')).toBeLessThan(written.indexOf('response-create'));
  });

  it('replaces a wrong Content-Length by the body length and rejects bad statuses', () => {
    const out = serializeBatchResponse([{ status: 200, headers: { 'Content-Length': '999' }, body: utf8('abc') }], 'r');
    expect(parseBatchResponse(out.body, out.contentType)[0]!.headers).toEqual({ 'content-length': '3' });
    expect(() => serializeBatchResponse([{ status: 99, headers: {}, body: new Uint8Array(0) }])).toThrow(TypeError);
    expect(() => serializeBatchResponse([{ status: 200.5, headers: {}, body: new Uint8Array(0) }])).toThrow(/status/);
  });
});

// The document: multipart/mixed with a boundary; parts application/http with Content-ID and
// Content-Transfer-Encoding binary; each a complete request; the last boundary ends with "--".
const XML_CREATE =
  '<?xml version="1.0" encoding="UTF-8"?><request><contact><firstname>Anna</firstname><lastname>Berg</lastname></contact></request>';
const DOCUMENT_BATCH =
  '--batch_1\r\n' +
  'Content-Type: application/http\r\n' +
  'Content-Transfer-Encoding: binary\r\n' +
  'Content-ID: <item1>\r\n' +
  '\r\n' +
  'GET /contacts/12/ HTTP/1.1\r\n' +
  'Accept: application/xml\r\n' +
  '\r\n' +
  '\r\n' +
  '--batch_1\r\n' +
  'Content-Type: application/http\r\n' +
  'Content-Transfer-Encoding: binary\r\n' +
  'Content-ID: <item2>\r\n' +
  '\r\n' +
  'POST /contacts/ HTTP/1.1\r\n' +
  'Content-Type: application/xml\r\n' +
  `Content-Length: ${XML_CREATE.length}\r\n` +
  '\r\n' +
  `${XML_CREATE}\r\n` +
  '--batch_1--\r\n';

describe('a batch shaped as the document describes', () => {
  const expected: BatchRequestPart[] = [
    {
      method: 'GET',
      path: '/contacts/12/',
      headers: { accept: 'application/xml' },
      body: new Uint8Array(0),
      contentId: 'item1',
    },
    {
      method: 'POST',
      path: '/contacts/',
      headers: { 'content-type': 'application/xml', 'content-length': String(XML_CREATE.length) },
      body: utf8(XML_CREATE),
      contentId: 'item2',
    },
  ];

  it('parses to the two nested requests', () => {
    expect(parseBatchRequest(utf8(DOCUMENT_BATCH), CT, LIMITS)).toEqual(expected);
    expect(parseBatchRequest(utf8(DOCUMENT_BATCH), 'multipart/mixed; boundary="batch_1"', LIMITS)).toEqual(expected);
  });

  it('ignores the preamble and the epilogue', () => {
    const body = `This is a preamble.\r\n--batch_1 is not a boundary line\r\n${DOCUMENT_BATCH}This is the epilogue\nwith a bare LF.\n`;
    expect(parseBatchRequest(utf8(body), CT, LIMITS)).toEqual(expected);
  });

  it('takes the body to the end of the part without Content-Length, LFs and near-boundary lines included', () => {
    const body = 'line one\nline two\r\n--batch_10\r\n--batch_1x--\r\n\r\n';
    const batch =
      requestPart('batch_1', `PUT /contacts/12/?a=1&b=2 HTTP/1.1\r\nContent-Type: text/plain\r\n\r\n${body}`) +
      '--batch_1--';
    const [part] = parseBatchRequest(utf8(batch), CT, LIMITS);
    expect(part).toEqual({
      method: 'PUT',
      path: '/contacts/12/?a=1&b=2',
      headers: { 'content-type': 'text/plain' },
      body: utf8(body),
    });
  });

  it('accepts transport padding after boundary lines, header case and repeated headers', () => {
    const batch =
      '--batch_1  \r\ncontent-type: Application/HTTP; msgtype=request\r\nCONTENT-ID: 7\r\n\r\n' +
      'GET /contacts/ HTTP/1.1\r\nAccept: application/xml\r\naccept:  application/json \r\nX-Empty:\r\n\r\n' +
      '--batch_1--';
    expect(parseBatchRequest(utf8(batch), CT, LIMITS)).toEqual([
      {
        method: 'GET',
        path: '/contacts/',
        headers: { accept: 'application/xml, application/json', 'x-empty': '' },
        body: new Uint8Array(0),
        contentId: '7',
      },
    ]);
  });

  it('accepts exactly maxParts parts', () => {
    const batch = requestPart('batch_1', 'GET /contacts/ HTTP/1.1\r\n').repeat(100) + '--batch_1--\r\n';
    expect(parseBatchRequest(utf8(batch), CT, LIMITS)).toHaveLength(100);
  });

  it('parses a server response shaped as the document describes', () => {
    const response =
      '--batchresponse_1\r\nContent-Type: application/http\r\nContent-ID: <response-item2>\r\n\r\n' +
      'HTTP/1.1 201\r\nContent-Type: application/xml\r\nContent-Length: 9\r\nLocation: /contacts/13/\r\n\r\n<r>ok</r>\r\n' +
      '--batchresponse_1--\r\n';
    expect(parseBatchResponse(utf8(response), 'multipart/mixed; boundary=batchresponse_1')).toEqual([
      {
        status: 201,
        headers: { 'content-type': 'application/xml', 'content-length': '9', location: '/contacts/13/' },
        body: utf8('<r>ok</r>'),
        contentId: 'item2',
      },
    ]);
  });
});

describe('rejections', () => {
  it('rejects LF-only line endings, saying where', () => {
    expectInvalid(
      DOCUMENT_BATCH.replaceAll('\r\n', '\n'),
      'boundary line 1 (byte 0) ends with a bare LF; line endings must be CRLF',
    );
  });

  it('rejects a bare LF anywhere in the structure', () => {
    const lfIn = (from: string, to: string) => DOCUMENT_BATCH.replace(from, to);
    expectInvalid(lfIn('Content-ID: <item2>\r\n', 'Content-ID: <item2>\n'), 'part 2: line 3 of the part headers');
    expectInvalid(
      lfIn('GET /contacts/12/ HTTP/1.1\r\n', 'GET /contacts/12/ HTTP/1.1\n'),
      'part 1: line 1 of the HTTP request',
    );
    expectInvalid(
      lfIn('Accept: application/xml\r\n', 'Accept: application/xml\n'),
      /part 1: line 2 of the HTTP request \(byte \d+\) ends with a bare LF/,
    );
    expectInvalid(lfIn('\r\n--batch_1\r\n', '\n--batch_1\r\n'), /line before boundary line 2 .* bare LF/);
    expectInvalid(
      lfIn(`${XML_CREATE}\r\n--batch_1--`, `${XML_CREATE}\n--batch_1--`),
      /part 2: the line before boundary line 3 .* bare LF/,
    );
    expectInvalid(
      lfIn('--batch_1\r\nContent-Type', '--batch_1\nContent-Type'),
      'boundary line 1 (byte 0) ends with a bare LF',
    );
    expectInvalid(lfIn('Content-ID: <item1>\r\n', 'Content-ID: <item1>\r\r\n'), 'part 1: line 3 of the part headers');
    expectInvalid(lfIn('Content-ID: <item1>\r\n', 'Content-ID: <it\rem1>\r\n'), 'contains a bare CR');
  });

  it('rejects a missing or empty boundary and other content types', () => {
    expectInvalid(
      DOCUMENT_BATCH,
      'multipart/mixed with a boundary parameter (got "multipart/mixed")',
      'multipart/mixed',
    );
    // No Content-Type at all (passing undefined to expectInvalid would select its default).
    let none: unknown;
    try {
      parseBatchRequest(utf8(DOCUMENT_BATCH), undefined, LIMITS);
    } catch (e) {
      none = e;
    }
    expect(none).toBeInstanceOf(BatchError);
    expect((none as BatchError).key).toBe('invalidbatch');
    expect((none as BatchError).message).toContain('boundary parameter (got none)');
    expectInvalid(DOCUMENT_BATCH, 'boundary parameter', 'multipart/mixed; boundary=""');
    expectInvalid(DOCUMENT_BATCH, 'boundary parameter', 'application/xml');
    expectInvalid(DOCUMENT_BATCH, 'longer than 70', `multipart/mixed; boundary=${'b'.repeat(71)}`);
  });

  it('rejects more than maxParts parts without parsing the rest', () => {
    const e = batchError(requestPart('batch_1', 'GET /contacts/ HTTP/1.1\r\n').repeat(101) + '--batch_1--\r\n');
    expect(e.key).toBe('toomanyparts');
    expect(e.message).toContain('more than 100 parts');
    // Part 101 and what follows are never looked at: malformed, unterminated.
    const rest = batchError(
      requestPart('batch_1', 'GET /contacts/ HTTP/1.1\r\n').repeat(100) + '--batch_1\r\nnot a header\n\n',
    );
    expect(rest.key).toBe('toomanyparts');
    expect(
      batchError(requestPart('batch_1', 'GET / HTTP/1.1\r\n').repeat(3) + '--batch_1--', CT, { maxParts: 2 }).key,
    ).toBe('toomanyparts');
  });

  it('rejects a batch without parts', () => {
    expectInvalid('', 'no boundary line "--batch_1" found');
    expectInvalid('just some text\r\n', 'no boundary line "--batch_1" found');
    expectInvalid('--batch_1--\r\n', 'the batch has no parts');
    expectInvalid('--batch_2\r\n\r\n--batch_2--\r\n', 'no boundary line');
  });

  it('rejects a missing closing delimiter', () => {
    const unterminated = DOCUMENT_BATCH.replace('--batch_1--\r\n', '');
    expectInvalid(unterminated, 'part 2 (starting at byte');
    expectInvalid(unterminated, 'the closing delimiter "--batch_1--" is missing');
    expectInvalid(DOCUMENT_BATCH.replace('--batch_1--\r\n', '--batch_1'), 'closing delimiter is missing');
    expectInvalid(DOCUMENT_BATCH.replace('--batch_1--\r\n', '--batch_1\r\n'), 'part 3');
  });

  it('rejects a part that is not application/http', () => {
    expectInvalid(
      DOCUMENT_BATCH.replace(
        'Content-Type: application/http\r\nContent-Transfer-Encoding: binary\r\nContent-ID: <item2>',
        'Content-Type: application/json\r\nContent-ID: <item2>',
      ),
      'part 2 has Content-Type "application/json"; expected application/http',
    );
    expectInvalid(
      DOCUMENT_BATCH.replace(
        'Content-Type: application/http\r\nContent-Transfer-Encoding: binary\r\nContent-ID: <item1>',
        'Content-ID: <item1>',
      ),
      'part 1 has no Content-Type; expected application/http',
    );
    expectInvalid(
      DOCUMENT_BATCH.replace(
        'Content-Transfer-Encoding: binary\r\nContent-ID: <item1>',
        'Content-Transfer-Encoding: base64\r\nContent-ID: <item1>',
      ),
      'part 1 has Content-Transfer-Encoding "base64"; only binary is supported',
    );
    expectInvalid(
      requestPart('batch_1', '', 'Content-Type: application/http\r\n').replace('\r\n\r\n\r\n', '\r\n\r\n') +
        '--batch_1--',
      'part 1 contains no HTTP message',
    );
    expectInvalid('--batch_1\r\n--batch_1--\r\n', 'part 1 (byte 11) is empty');
  });

  it.each([
    ['PATCH /contacts/12/ HTTP/1.1', 'method must be one of GET, POST, PUT, DELETE'],
    ['get /contacts/12/ HTTP/1.1', 'method must be one of'],
    ['GET contacts/12/ HTTP/1.1', 'the path must start with "/"'],
    ['GET http://example.com/contacts/ HTTP/1.1', 'the path must start with "/"'],
    ['GET /contacts/12/ HTTP/1.0', 'the version must be HTTP/1.1'],
    ['GET /contacts/12/', 'malformed request line "GET /contacts/12/"; expected "<METHOD> <path> HTTP/1.1"'],
    ['GET  /contacts/12/ HTTP/1.1', 'expected "<METHOD> <path> HTTP/1.1"'],
    ['GET /contacts/ 12/ HTTP/1.1', 'expected "<METHOD> <path> HTTP/1.1"'],
    ['GET /contacts/\x0112/ HTTP/1.1', 'control characters'],
    ['', 'malformed request line ""'],
  ])('rejects the request line %j', (line, fragment) => {
    const e = expectInvalid(DOCUMENT_BATCH.replace('GET /contacts/12/ HTTP/1.1', line), fragment);
    expect(e.message.startsWith('part 1: ')).toBe(true);
  });

  it.each([
    [
      'Accept application/xml',
      'part 1: line 2 of the HTTP request is not a header ("Name: value"): "Accept application/xml"',
    ],
    [': application/xml', 'invalid header name ""'],
    ['Acc ept: application/xml', 'invalid header name "Acc ept"'],
    [' Accept: application/xml', 'folded header lines are not allowed'],
    ['Accept: appli\x00cation/xml', 'control characters in the value of Accept'],
  ])('rejects the header line %j', (line, fragment) => {
    expectInvalid(DOCUMENT_BATCH.replace('Accept: application/xml', line), fragment);
  });

  it('rejects a malformed part header line', () => {
    expectInvalid(
      DOCUMENT_BATCH.replace('Content-ID: <item2>', 'Content-ID <item2>'),
      'part 2: line 3 of the part headers is not a header',
    );
  });

  it('rejects a Content-Length that does not fit the part', () => {
    const withLengthHeader = (value: string) =>
      DOCUMENT_BATCH.replace(`Content-Length: ${XML_CREATE.length}`, `Content-Length: ${value}`);
    expectInvalid(
      withLengthHeader('10000'),
      `part 2: Content-Length 10000 exceeds the ${XML_CREATE.length} bytes of body in the part`,
    );
    expectInvalid(
      withLengthHeader('12'),
      `part 2: ${XML_CREATE.length - 12} bytes follow the body's Content-Length of 12`,
    );
    expectInvalid(withLengthHeader('-1'), 'part 2: invalid Content-Length "-1"');
    expectInvalid(withLengthHeader('1e3'), 'invalid Content-Length');
    // CRLFs after the body are tolerated (some clients end each part with an extra line).
    const extra = DOCUMENT_BATCH.replace(`${XML_CREATE}\r\n`, `${XML_CREATE}\r\n\r\n\r\n`);
    expect(text(parseBatchRequest(utf8(extra), CT, LIMITS)[1]!.body)).toBe(XML_CREATE);
  });

  it('rejects malformed status lines in responses', () => {
    const response = (line: string) => utf8(`--r\r\nContent-Type: application/http\r\n\r\n${line}\r\n\r\n--r--`);
    for (const line of ['HTTP/1.1 20 OK', 'HTTP/1.0 200 OK', 'HTTP/1.1 600 X', 'HTTP/1.1 200OK', '200 OK']) {
      expect(() => parseBatchResponse(response(line), 'multipart/mixed; boundary=r')).toThrow(
        /part 1: malformed status line/,
      );
    }
    expect(parseBatchResponse(response('HTTP/1.1 200 '), 'multipart/mixed; boundary=r')[0]!.status).toBe(200);
  });
});

describe('hostile input', () => {
  const hostile = (body: string | Uint8Array, contentType: string, limits = LIMITS) => {
    const started = performance.now();
    const e = batchError(body, contentType, limits);
    return { e, ms: performance.now() - started };
  };

  it('searches for boundaries in linear time', () => {
    const boundary = `${'-'.repeat(69)}x`;
    const body = `\n${'-'.repeat(2_000_000)}\n--${'-'.repeat(60)}`.repeat(4);
    const { e, ms } = hostile(body, `multipart/mixed; boundary="${boundary}"`);
    expect(e.message).toContain('no boundary line');
    expect(ms).toBeLessThan(3000);
  });

  it('handles many near-boundary lines and long header lines quickly', () => {
    const near = requestPart('b', `POST / HTTP/1.1\r\n\r\n${'\r\n--bx'.repeat(400_000)}`);
    expect(hostile(near, 'multipart/mixed; boundary=b').e.message).toContain('closing delimiter');
    const spaces = requestPart('b', `GET / HTTP/1.1\r\nX-A: a${' '.repeat(2_000_000)}\x01\r\n\r\n`) + '--b--';
    const { e, ms } = hostile(spaces, 'multipart/mixed; boundary=b');
    expect(e.message).toContain('control characters');
    expect(ms).toBeLessThan(3000);
  });

  it('stops at the part limit in a body of empty parts', () => {
    const { e, ms } = hostile('--b\r\n\r\n\r\n'.repeat(500_000), 'multipart/mixed; boundary=b', { maxParts: 100 });
    expect(e.key).toBe('toomanyparts');
    expect(ms).toBeLessThan(1000);
  });

  it('never lets a header named __proto__ change the header object', () => {
    const batch = requestPart('b', 'GET / HTTP/1.1\r\n__proto__: x\r\nconstructor: y\r\n') + '--b--';
    const [part] = parseBatchRequest(utf8(batch), 'multipart/mixed; boundary=b', LIMITS);
    expect(Object.getPrototypeOf(part!.headers)).toBe(Object.prototype);
    expect(Object.keys(part!.headers)).toEqual(['__proto__', 'constructor']);
    expect(part!.headers['__proto__']).toBe('x');
  });
});

/** A small seeded generator (mulberry32), so a failing case can be replayed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FRAGMENTS = [
  '\r\n',
  '\n',
  '\r',
  '--',
  '--batch_1',
  '\r\n--batch_1\r\n',
  '\r\n--batch_1--',
  ':',
  ' ',
  'Content-Length: 5\r\n',
  'Content-Length: 99999\r\n',
  'Content-Type: application/http\r\n',
  'HTTP/1.1',
  'GET / HTTP/1.1\r\n',
  '\r\n\r\n',
  '"',
  '\0',
  '\xff',
];

function mutate(base: Uint8Array, random: () => number): Uint8Array {
  let bytes = Array.from(base);
  const rounds = 1 + Math.floor(random() * 4);
  const at = () => Math.floor(random() * (bytes.length + 1));
  for (let r = 0; r < rounds; r++) {
    const op = Math.floor(random() * 8);
    if (op === 0 && bytes.length) bytes[Math.min(at(), bytes.length - 1)] = Math.floor(random() * 256);
    else if (op === 1) bytes.splice(at(), 0, Math.floor(random() * 256));
    else if (op === 2) bytes.splice(at(), 1 + Math.floor(random() * 20));
    else if (op === 3) bytes = bytes.slice(0, at());
    else if (op === 4) bytes.splice(at(), 0, ...utf8(FRAGMENTS[Math.floor(random() * FRAGMENTS.length)]!));
    else if (op === 5) {
      const from = at();
      bytes.splice(at(), 0, ...bytes.slice(from, from + Math.floor(random() * 200)));
    } else if (op === 6) {
      // One CRLF of the structure becomes a bare LF or a bare CR.
      const crlf = [];
      for (let i = 0; i + 1 < bytes.length; i++) if (bytes[i] === 13 && bytes[i + 1] === 10) crlf.push(i);
      if (crlf.length)
        bytes.splice(crlf[Math.floor(random() * crlf.length)]!, 1 + Math.floor(random() * 2), random() < 0.5 ? 10 : 13);
    } else if (bytes.length) {
      const i = Math.min(at(), bytes.length - 1);
      bytes[i] = bytes[i]! ^ (1 << Math.floor(random() * 8));
    }
  }
  return Uint8Array.from(bytes);
}

describe('fuzzing', () => {
  const requestBatch = serializeBatchRequest(
    [
      {
        method: 'GET',
        path: '/contacts/12/?x=1',
        headers: { accept: 'application/xml' },
        body: new Uint8Array(0),
        contentId: 'a',
      },
      {
        method: 'POST',
        path: '/contacts/',
        headers: { 'content-type': 'application/xml' },
        body: utf8(XML_CREATE),
        contentId: 'b',
      },
      {
        method: 'PUT',
        path: '/contacts/12/',
        headers: { 'content-type': 'application/octet-stream' },
        body: BINARY_BODY.slice(0, 64),
      },
    ],
    'batch_1',
  );
  const responseBatch = serializeBatchResponse(
    [
      {
        status: 201,
        headers: { 'content-type': 'application/xml', location: '/contacts/13/' },
        body: utf8(XML_CREATE),
        contentId: 'b',
      },
      { status: 404, headers: { 'content-type': 'application/json' }, body: utf8('{"status":"failed"}') },
    ],
    'batch_1',
  );
  const CONTENT_TYPES = [
    CT,
    'multipart/mixed; boundary="batch_1"',
    'multipart/mixed; boundary=batch_',
    'multipart/mixed; boundary=batch_1x',
    'multipart/mixed',
    undefined,
  ];

  it('mutated request batches only ever produce BatchError (4000 seeded cases)', () => {
    const random = rng(20240611);
    let parsed = 0;
    let rejected = 0;
    for (let n = 0; n < 4000; n++) {
      const body = mutate(requestBatch.body, random);
      const contentType = random() < 0.9 ? CT : CONTENT_TYPES[Math.floor(random() * CONTENT_TYPES.length)];
      const maxParts = random() < 0.9 ? 100 : Math.floor(random() * 4);
      let parts: BatchRequestPart[];
      try {
        parts = parseBatchRequest(body, contentType, { maxParts });
      } catch (e) {
        if (!(e instanceof BatchError)) throw new Error(`case ${n}: ${String(e)}`);
        expect(['invalidbatch', 'toomanyparts']).toContain(e.key);
        expect(e.message.length).toBeGreaterThan(0);
        rejected++;
        continue;
      }
      parsed++;
      expect(parts.length).toBeGreaterThan(0);
      expect(parts.length).toBeLessThanOrEqual(maxParts);
      for (const p of parts) {
        expect(['GET', 'POST', 'PUT', 'DELETE']).toContain(p.method);
        expect(p.path.startsWith('/')).toBe(true);
        expect(p.body).toBeInstanceOf(Uint8Array);
        for (const [name, value] of Object.entries(p.headers)) {
          expect(name).toBe(name.toLowerCase());
          expect(value).not.toMatch(/[\r\n]/);
        }
      }
    }
    // The mutations hit both sides: some batches stay valid, most do not.
    expect(parsed).toBeGreaterThan(100);
    expect(rejected).toBeGreaterThan(1000);
  });

  it('mutated response batches only ever produce BatchError (2000 seeded cases)', () => {
    const random = rng(77);
    for (let n = 0; n < 2000; n++) {
      const body = mutate(responseBatch.body, random);
      try {
        for (const p of parseBatchResponse(body, CT)) {
          expect(p.status).toBeGreaterThanOrEqual(100);
          expect(p.status).toBeLessThanOrEqual(599);
        }
      } catch (e) {
        if (!(e instanceof BatchError)) throw new Error(`case ${n}: ${String(e)}`);
      }
    }
  });

  it('random parts round-trip on both sides (500 seeded cases)', () => {
    const random = rng(99);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const bytes = () => {
      const b = new Uint8Array(random() < 0.2 ? 0 : Math.floor(random() * 120));
      for (let i = 0; i < b.length; i++) b[i] = random() < 0.4 ? pick([13, 10, 45, 32]) : Math.floor(random() * 256);
      return b;
    };
    const headers = () => {
      const h: Record<string, string> = {};
      const n = Math.floor(random() * 3);
      for (let i = 0; i < n; i++)
        h[pick(['content-type', 'x-a', 'x-b', 'location', 'accept'])] = pick(['a', 'application/xml', 'ä b', '']);
      return h;
    };
    for (let n = 0; n < 500; n++) {
      const count = 1 + Math.floor(random() * 4);
      const boundary = random() < 0.5 ? undefined : pick(['b', '-', 'a b', '--x--', '0'.repeat(70)]);
      const requests: BatchRequestPart[] = [];
      const responses: BatchResponsePart[] = [];
      for (let i = 0; i < count; i++) {
        const request: BatchRequestPart = {
          method: pick(['GET', 'POST', 'PUT', 'DELETE']),
          path: pick(['/', '/contacts/', '/contacts/?a=%20b']),
          headers: headers(),
          body: bytes(),
        };
        if (random() < 0.5) request.contentId = pick(['1', 'x', 'item-2']);
        requests.push(request);
        const response: BatchResponsePart = {
          status: pick([200, 201, 204, 400, 404, 500, 299]),
          headers: headers(),
          body: bytes(),
        };
        if (random() < 0.5) response.contentId = pick(['1', 'x', 'item-2']);
        responses.push(response);
      }
      let out: { contentType: string; body: Uint8Array };
      try {
        out = serializeBatchRequest(requests, boundary);
      } catch (e) {
        // A fixed boundary may occur in a random body; that is the only refusal expected.
        expect(String(e)).toMatch(/occurs in the body/);
        continue;
      }
      expect(parseBatchRequest(out.body, out.contentType, LIMITS)).toEqual(
        requests.map((p) => ({ ...p, headers: withLength(p.headers, p.body) })),
      );
      const res = serializeBatchResponse(responses);
      expect(parseBatchResponse(res.body, res.contentType)).toEqual(
        responses.map((p, i) => ({
          ...p,
          headers: { ...p.headers, 'content-length': String(p.body.length) },
          contentId: p.contentId ?? String(i + 1),
        })),
      );
    }
  });

  it('random bytes and random content types only ever produce BatchError or undefined', () => {
    const random = rng(5);
    const alphabet = 'multipart/mixed;boundary="\\ =\t-_ab';
    for (let n = 0; n < 2000; n++) {
      let ct = '';
      const len = Math.floor(random() * 40);
      for (let i = 0; i < len; i++) ct += alphabet[Math.floor(random() * alphabet.length)];
      if (random() < 0.5) ct = `multipart/mixed; ${ct}`;
      const boundary = boundaryOf(ct);
      expect(boundary === undefined || boundary.length > 0).toBe(true);
      const bytes = new Uint8Array(Math.floor(random() * 300));
      for (let i = 0; i < bytes.length; i++)
        bytes[i] = random() < 0.3 ? [13, 10, 45][Math.floor(random() * 3)]! : Math.floor(random() * 256);
      try {
        parseBatchRequest(bytes, ct, LIMITS);
      } catch (e) {
        if (!(e instanceof BatchError)) throw new Error(`case ${n}: ${String(e)}`);
      }
    }
  });
});
