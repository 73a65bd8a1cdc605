// A C++ client as gSOAP users write one: the proxy class soapcpp2 -C -j generates from the WSDL
// (tsiWSSoapProxy), called with C++ types; every parameter is set, since a NULL string is left out
// of the request and the spec has all of them appear. gSOAP writes a time_t as UTC ("...Z").
// Usage: client URL 1|2 EMAIL (1: SOAP 1.1, 2: SOAP 1.2, by soap_set_version).
#include "soaptsiWSSoapProxy.h"
#include "tsiWSSoap.nsmap"
#include <cstdio>
#include <cstdlib>
#include <string>
static std::string s(const char *t) { return std::string(t); }
int main(int argc, char **argv) {
  if (argc != 4) { fprintf(stderr, "usage: client URL 1|2 EMAIL\n"); return 2; }
  const char *url = argv[1];
  tsiWSSoapProxy p(url);
  soap_set_version(p.soap, atoi(argv[2]));
  std::string empty, ts = s("2024-05-06T07:08:09"), sig = s("c2lnbmF0dXJl"), key = s("bW9iaWxla2V5"), email = s(argv[3]);
  int failed = 0;
  {
    std::string acme = s("Acme");
    _ns1__MobileAccountSearch r; _ns1__MobileAccountSearchResponse a;
    r.accountname = &acme; r.contactname = &empty; r.telephone = &empty; r.email = &empty; r.repnumber = 101; r.timestamp = &ts; r.sig = &sig;
    if (p.MobileAccountSearch(&r, a) != SOAP_OK) { p.soap_stream_fault(std::cerr); failed++; }
  }
  {
    _ns1__MobileContactEmailCreate r; _ns1__MobileContactEmailCreateResponse a;
    r.accountnumber = 0; r.contactnumber = 2001; r.email = &email; r.primary = true; r.repnumber = 101; r.timestamp = &ts; r.sig = &sig; r.mobilekey = &key;
    if (p.MobileContactEmailCreate(&r, a) != SOAP_OK) { p.soap_stream_fault(std::cerr); failed++; }
  }
  {
    std::string comment = s("on site"), reason = s("Repair"), internal = s("none");
    _ns1__MobileTimeLogCreate r; _ns1__MobileTimeLogCreateResponse a;
    r.sonumber = 6001; r.accountnumber = 0; r.startdatetime = 1714979289; r.enddatetime = 1714982889; r.elapsedhours = 1; r.elapsedminutes = 0;
    r.logcomment = &comment; r.logreason = &reason; r.deducthours = 0; r.deductminutes = 0; r.internalcomments = &internal; r.utilizationhours = 1; r.utilizationminutes = 0;
    r.repnumber = 101; r.timestamp = &ts; r.sig = &sig; r.mobilekey = &key;
    if (p.MobileTimeLogCreate(&r, a) != SOAP_OK) { p.soap_stream_fault(std::cerr); failed++; }
  }
  {
    _ns1__MobileContactSearch r; _ns1__MobileContactSearchResponse a;
    r.firstname = &empty; r.lastname = &empty; r.telephone = &empty; r.email = &email; r.repnumber = 101; r.timestamp = &ts; r.sig = &sig;
    if (p.MobileContactSearch(&r, a) != SOAP_OK) { p.soap_stream_fault(std::cerr); failed++; }
    else if (a.MobileContactSearchResult) printf("%s\n", a.MobileContactSearchResult->c_str());
  }
  return failed == 0 ? 0 : 1;
}
