/**
 * The SOAP 1.1 envelope schema R9980 validates against: the structure of SOAP 1.1 section 4 as
 * http://schemas.xmlsoap.org/soap/envelope/ publishes it (Envelope: Header?, Body, then elements of
 * other namespaces). Written out here, never
 * fetched: a run makes no request but to its target. Attributes are left open (lax), as the
 * published schema leaves them open to other namespaces: encodingStyle and mustUnderstand are
 * judged by their own requirements (R1005-R1007, R1013), and so is soap:Fault (R1000, R1001, R1004:
 * Body's content is lax and Fault is not declared), so that one defect fails one assertion. What
 * the published schema's Fault requires besides (a faultcode and a faultstring) R9980 judges by
 * name (envelope.ts), as the Analyzer's schema validation would fail it.
 */
export const SOAP11_ENVELOPE_XSD = `<?xml version="1.0" encoding="utf-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="http://schemas.xmlsoap.org/soap/envelope/"
  targetNamespace="http://schemas.xmlsoap.org/soap/envelope/" elementFormDefault="unqualified">
  <xs:element name="Envelope">
    <xs:complexType>
      <xs:sequence>
        <xs:element ref="tns:Header" minOccurs="0"/>
        <xs:element ref="tns:Body"/>
        <xs:any namespace="##other" minOccurs="0" maxOccurs="unbounded" processContents="lax"/>
      </xs:sequence>
      <xs:anyAttribute namespace="##any" processContents="lax"/>
    </xs:complexType>
  </xs:element>
  <xs:element name="Header">
    <xs:complexType>
      <xs:sequence><xs:any namespace="##other" minOccurs="0" maxOccurs="unbounded" processContents="lax"/></xs:sequence>
      <xs:anyAttribute namespace="##any" processContents="lax"/>
    </xs:complexType>
  </xs:element>
  <xs:element name="Body">
    <xs:complexType>
      <xs:sequence><xs:any namespace="##any" minOccurs="0" maxOccurs="unbounded" processContents="lax"/></xs:sequence>
      <xs:anyAttribute namespace="##any" processContents="lax"/>
    </xs:complexType>
  </xs:element>
</xs:schema>
`;
