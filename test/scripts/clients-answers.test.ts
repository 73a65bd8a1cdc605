/** test:clients' comparison (scripts/clients/http-answers.ts, tap.ts): the answers a client received
 * are split whole (Content-Length, chunked, 100 Continue), and two passes compare equal when only the
 * Date header or a ?WSDL answer's addresses differ, unequal when any other byte does. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import { normalised, splitAnswers } from '../../scripts/clients/http-answers.js';
import { Tap } from '../../scripts/clients/tap.js';

const answer = (date: string, body: string, extra = '') =>
  `HTTP/1.1 200 OK\r\nContent-Type: text/xml; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nDate: ${date}\r\n${extra}\r\n${body}`;
const same = (a: string, b: string) => splitAnswers(Buffer.from(a)).map(normalised).join() === splitAnswers(Buffer.from(b)).map(normalised).join();
const wsdl = (host: string) => `<wsdl:port><soap:address location="http://${host}/api/rmm/tsiWS.asmx"/><soap12:address location="http://${host}/api/rmm/tsiWS.asmx"/></wsdl:port>`;

test('answers on one connection are split by Content-Length, chunks and an interim 100 Continue', () => {
  const stream = `HTTP/1.1 100 Continue\r\n\r\n${answer('x', '<a/>')}HTTP/1.1 500 Internal Server Error\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n${answer('y', 'é')}`;
  const answers = splitAnswers(Buffer.from(stream));
  expect(answers.map((a) => [a.head.split('\r\n')[0], a.body.toString()])).toEqual([
    ['HTTP/1.1 100 Continue', ''], ['HTTP/1.1 200 OK', '<a/>'], ['HTTP/1.1 500 Internal Server Error', '3\r\nabc\r\n0\r\n\r\n'], ['HTTP/1.1 200 OK', 'é'],
  ]);
});

test('equal but for the Date header and a WSDL\'s addresses (with its Content-Length); any other byte differs', () => {
  expect(same(answer('Mon, 01 Jan 2024 00:00:00 GMT', '<r>1</r>'), answer('Mon, 01 Jan 2024 00:00:07 GMT', '<r>1</r>'))).toBe(true);
  expect(same(answer('d', wsdl('127.0.0.1:8080')), answer('d', wsdl('proxy.example:1')))).toBe(true);
  expect(same(answer('d', '<r>1</r>'), answer('d', '<r>2</r>'))).toBe(false);
  expect(same(answer('d', '<r>1</r>'), answer('d', '<r>1</r>', 'X-Extra: 1\r\n'))).toBe(false);
  expect(same(answer('d', '<r>1</r>'), answer('d', '<r>1</r>').replace('200 OK', '200 Fine'))).toBe(false);
  expect(same(answer('d', wsdl('a:1')), answer('d', wsdl('a:1').replace('soap12:', 'soap13:')))).toBe(false);
});

test('the tap passes the bytes through and keeps what came back, afresh for each upstream', async () => {
  const server = createServer((req, res) => res.end(`hello ${req.url}`)).listen(0, '127.0.0.1');
  server.keepAliveTimeout = 50; // the tap hands over what a connection received once it has closed
  await new Promise((resolve) => server.once('listening', resolve));
  const tap = await Tap.start();
  try {
    tap.forwardTo((server.address() as AddressInfo).port);
    expect(await (await fetch(`${tap.url}/one`)).text()).toBe('hello /one');
    const [bytes] = await Promise.race([tap.received(), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('a connection stayed open')), 8000))]);
    expect(splitAnswers(bytes!).map((a) => a.body.toString())).toEqual(['hello /one']);
    tap.forwardTo((server.address() as AddressInfo).port);
    expect(await tap.received()).toEqual([]);
  } finally {
    await tap.close();
    server.close();
  }
});
