/** The ?WSDL rewrite changes the binding addresses' locations and no other byte. */
import { expect, test } from 'vitest';
import { rewriteWsdlAddresses } from '../../src/proxy/wsdl-address.js';

const wsdl = (body: string) => Buffer.from(`<?xml version='1.0' encoding="utf-8"?>\n<w:definitions xmlns:w="http://schemas.xmlsoap.org/wsdl/" xmlns:s11='http://schemas.xmlsoap.org/wsdl/soap/' xmlns:s12="http://schemas.xmlsoap.org/wsdl/soap12/" xmlns:h="http://schemas.xmlsoap.org/wsdl/http/" xmlns:x="urn:other">${body}</w:definitions>`, 'latin1');

test.each([
  ['any prefix bound to the SOAP 1.1, SOAP 1.2 and HTTP bindings, either quote', `<s11:address location='https://t.example/pre/api/rmm/tsiWS.asmx' /><s12:address  location = "https://t.example/pre/api/rmm/tsiWS.asmx"/><h:address location="https://t.example/pre/api/rmm/tsiWS.asmx?x=1&amp;y=2"/>`,
    `<s11:address location='http://127.0.0.1:9/api/rmm/tsiWS.asmx' /><s12:address  location = "http://127.0.0.1:9/api/rmm/tsiWS.asmx"/><h:address location="http://127.0.0.1:9/api/rmm/tsiWS.asmx?x=1&amp;y=2"/>`],
  ['an address of another namespace and a location that is no URL stay', `<x:address location="https://t.example/a"/><s11:address location="not a url"/>`, undefined],
])('%s', (_, body, expected) => {
  const out = rewriteWsdlAddresses(wsdl(body), 'http://127.0.0.1:9', '/pre');
  expect(out?.toString('latin1')).toBe(expected === undefined ? undefined : wsdl(expected).toString('latin1'));
});

test('bytes that are not UTF-8 around the addresses pass unchanged', () => {
  const body = Buffer.concat([wsdl('<s11:address location="http://t/api/rmm/tsiWS.asmx"/>'), Buffer.from([0xff, 0xfe, 0xe9])]);
  const out = rewriteWsdlAddresses(body, 'http://p:1', '')!;
  expect(out.subarray(-3)).toEqual(Buffer.from([0xff, 0xfe, 0xe9]));
  expect(out.toString('latin1')).toContain('location="http://p:1/api/rmm/tsiWS.asmx"');
});
