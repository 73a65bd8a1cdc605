/**
 * The calls every real client makes (each in its own language, in Client.cs, gsoap-client.cpp,
 * zeep-client.py, node-soap-client.mjs; curl's from this table): a read, a create with a boolean and
 * mobilekey, a create with two dateTimes and mobilekey, and a read that, on the stateful server,
 * sees the first create (the e-mail address is the client's own tag). Ids are seeded ones of the
 * stateful server (src/server/stateful/seed.ts): contact 2001, service order 6001.
 */
import type { WireValues } from '../../src/transports/types.js';

const AUTH = { repnumber: '101', timestamp: '2024-05-06T07:08:09', sig: 'c2lnbmF0dXJl' };
const KEY = 'bW9iaWxla2V5';

export function callsOf(email: string): ReadonlyArray<{ readonly operation: string; readonly values: WireValues }> {
  return [
    { operation: 'MobileAccountSearch', values: { accountname: 'Acme', contactname: '', telephone: '', email: '', ...AUTH } },
    { operation: 'MobileContactEmailCreate', values: { accountnumber: '0', contactnumber: '2001', email, primary: 'true', ...AUTH, mobilekey: KEY } },
    {
      operation: 'MobileTimeLogCreate',
      values: {
        sonumber: '6001', accountnumber: '0', startdatetime: '2024-05-06T07:08:09', enddatetime: '2024-05-06T08:08:09', elapsedhours: '1', elapsedminutes: '0',
        logcomment: 'on site', logreason: 'Repair', deducthours: '0', deductminutes: '0', internalcomments: 'none', utilizationhours: '1', utilizationminutes: '0',
        ...AUTH, mobilekey: KEY,
      },
    },
    { operation: 'MobileContactSearch', values: { firstname: '', lastname: '', telephone: '', email, ...AUTH } },
  ];
}
