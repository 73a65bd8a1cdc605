// A client as Node applications write one: node-soap (`soap` on npm), built from the service's
// ?WSDL, called through the port the WSDL names for the SOAP version asked for.
// Usage: node node-soap-client.mjs URL 1.1|1.2 EMAIL
import soap from 'soap';

const [url, version, email] = process.argv.slice(2);
const client = await soap.createClientAsync(`${url}?WSDL`, version === '1.2' ? { forceSoap12Headers: true } : {});
const port = client.tsiWS[version === '1.2' ? 'tsiWSSoap12' : 'tsiWSSoap'];
const call = (op, args) => new Promise((resolve, reject) => port[op](args, (err, result) => (err ? reject(err) : resolve(result))));
const auth = { repnumber: 101, timestamp: '2024-05-06T07:08:09', sig: 'c2lnbmF0dXJl' };
await call('MobileAccountSearch', { accountname: 'Acme', contactname: '', telephone: '', email: '', ...auth });
await call('MobileContactEmailCreate', { accountnumber: 0, contactnumber: 2001, email, primary: true, ...auth, mobilekey: 'bW9iaWxla2V5' });
await call('MobileTimeLogCreate', {
  sonumber: 6001, accountnumber: 0, startdatetime: '2024-05-06T07:08:09', enddatetime: '2024-05-06T08:08:09', elapsedhours: 1, elapsedminutes: 0,
  logcomment: 'on site', logreason: 'Repair', deducthours: 0, deductminutes: 0, internalcomments: 'none', utilizationhours: 1, utilizationminutes: 0,
  ...auth, mobilekey: 'bW9iaWxla2V5',
});
const found = await call('MobileContactSearch', { firstname: '', lastname: '', telephone: '', email, ...auth });
console.log(found.MobileContactSearchResult);
