/** Content-Type headers split into media type and charset (src/decode/response.ts), each distinct
 * value once: the same answer for a value seen before, and for more values than are kept. */
import { expect, test } from 'vitest';
import { parseContentType } from '../../src/decode/response.js';

test('media type lower-cased, charset from its parameter (quoted or not), none when absent', () => {
  expect(parseContentType('Text/XML; Charset="UTF-8"')).toEqual({ mediaType: 'text/xml', charset: 'utf-8' });
  expect(parseContentType('application/soap+xml; action="x"; charset=iso-8859-1')).toEqual({ mediaType: 'application/soap+xml', charset: 'iso-8859-1' });
  expect(parseContentType('text/plain')).toEqual({ mediaType: 'text/plain', charset: null });
  expect(parseContentType(undefined)).toEqual({ mediaType: '', charset: null });
});

test('a value seen again, and a hostile target sending a new value every time, get the same answers', () => {
  const first = parseContentType('text/xml; charset=utf-8');
  expect(parseContentType('text/xml; charset=utf-8')).toEqual(first);
  for (let i = 0; i < 500; i++) expect(parseContentType(`text/x-${i}; charset=c${i}`)).toEqual({ mediaType: `text/x-${i}`, charset: `c${i}` });
  expect(parseContentType('text/xml; charset=utf-8')).toEqual({ mediaType: 'text/xml', charset: 'utf-8' });
});
