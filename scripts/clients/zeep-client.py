"""A client as Python applications write one: zeep, built from the service's ?WSDL, called with Python types."""
import sys
from datetime import datetime, timedelta
import zeep

url, version, email = sys.argv[1], sys.argv[2], sys.argv[3]
client = zeep.Client(wsdl=url + '?WSDL')
service = client.bind('tsiWS', 'tsiWSSoap' if version == '1.1' else 'tsiWSSoap12')
auth = dict(repnumber=101, timestamp='2024-05-06T07:08:09', sig='c2lnbmF0dXJl')
start = datetime(2024, 5, 6, 7, 8, 9)
service.MobileAccountSearch(accountname='Acme', contactname='', telephone='', email='', **auth)
service.MobileContactEmailCreate(accountnumber=0, contactnumber=2001, email=email, primary=True, mobilekey='bW9iaWxla2V5', **auth)
service.MobileTimeLogCreate(sonumber=6001, accountnumber=0, startdatetime=start, enddatetime=start + timedelta(hours=1), elapsedhours=1, elapsedminutes=0,
                            logcomment='on site', logreason='Repair', deducthours=0, deductminutes=0, internalcomments='none',
                            utilizationhours=1, utilizationminutes=0, mobilekey='bW9iaWxla2V5', **auth)
print(service.MobileContactSearch(firstname='', lastname='', telephone='', email=email, **auth))
