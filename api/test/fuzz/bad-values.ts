/** Bad values the fuzzer mixes into requests: ids, strings, numbers, JSON bodies, content types, path segments, headers. */
/** Ids and numbers as text (path, query, headers): out of range, not decimal, not numbers. */
export const BAD_ID_TEXTS = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '99999999999999999999999999',
  '1e309',
  '1e3',
  '0x10',
  '1.5',
  '-0',
  'NaN',
  'Infinity',
  '',
  ' ',
  '1 ',
  '+1',
  '٣',
  '１',
  '1;DROP TABLE users',
  "1' OR '1'='1",
  'null',
  '[]',
  '{}',
  'true',
];

/** Odd strings (JSON bodies and, where legal, URLs). */
export const BAD_STRINGS = [
  '\u0000',
  'a\u0000b',
  'nul\u0000@example.org',
  '\u0000'.repeat(64),
  'x'.repeat(100_000),
  '𝕏'.repeat(20_000),
  '\ud800',
  '\udfff\ud800',
  '%s%s%s%n',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  "'; DROP TABLE auth_accounts;--",
  '../../../../etc/passwd',
  '\r\nSet-Cookie: x=1',
  '\u202e\u0627',
  ' ',
  '',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '0',
  '-1',
];

/** Numbers in JSON bodies: beyond 32 and 53 bits, fractional, negative, extreme. */
export const BAD_NUMBERS = [2147483648, -2147483649, 4294967296, 2 ** 53 + 2, 1e21, 1e308, -1e308, 1.5, -0.5, 0, -1, 5e-324];

/** Values of the wrong JSON type for anything. */
export const WRONG_TYPES: unknown[] = [null, true, false, [], {}, '1', [1, 2], { $gt: '' }, { __proto__: { polluted: 1 } }, [[[[[]]]]]];

/** Raw request bodies that are not (valid) JSON or are JSON of a surprising shape. */
export const BAD_JSON_BODIES = [
  '{',
  '{"a":',
  "{'a':1}",
  '{"a":1,}',
  '\u0000',
  '',
  'null',
  '[]',
  '"text"',
  '1',
  'true',
  '{"a":1e400}',
  '{"questionnaire_id":1e400,"options":[1e400]}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '['.repeat(3000) + ']'.repeat(3000),
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"text":"\\u0000"}',
  '{"email":"a\\u0000@b.cc","nickname":"ab\\u0000c"}',
];

/** Content types sent with bodies. */
export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/xml',
  'application/json\t',
  '',
];

/** Path segments that are not valid percent-encoding or try traversal (used raw, not encoded). */
export const RAW_PATH_SEGMENTS = ['%', '%ZZ', '%E0%A4%A', '%00', '..', '%2e%2e', '%2F', '%C0%AF', '%FF'];

/** Header values (legal in HTTP) that are wrong for the API's headers. */
export const BAD_HEADER_TEXTS = [...BAD_ID_TEXTS, 'x'.repeat(8000), 'ru,pl;q=0.9', 'EN', 'xx', 'royal\t', '../', '%00', '\u00ff\u00fe'];
