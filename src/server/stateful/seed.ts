/**
 * The seeded data: the same every time (no clock, no randomness), built fresh for each server.
 * Ids come from distinct ranges per entity so that no id of one kind names a record of another by
 * accident: accounts 1001.., contacts 2001.., e-mails 3001.., opportunities "OPP-4001"..,
 * tasks 5001.., service orders 6001.., time logs 7001.., parts used 8001.., documents 9001..,
 * managed assets 11001.., reps 101..140. A few values are there to be found by the awkward
 * searches: an apostrophe (O'Brien), non-ASCII letters and an ampersand (Müller & Söhne).
 */
import { isSeededScheme, renumbered } from './ids.js';
import { SEEDED_IDS, type IdScheme } from './personality.js';
import type { Account, AccountDefaults, Contact, ContactEmail, ManagedAsset, Opportunity, PartUsed, PriceBookItem, RepAssignment, ServiceOrder, Store, StoredDocument, Task, TimeLog } from './store.js';

const ACCOUNTS: ReadonlyArray<readonly [name: string, city: string, state: string, country: string, domain: string]> = [
  ['Acme Manufacturing', 'Wichita', 'KS', 'USA', 'acme.example'],
  ['Blue Ridge Dental', 'Asheville', 'NC', 'USA', 'blueridge.example'],
  ['Cascade Logistics', 'Tacoma', 'WA', 'USA', 'cascade.example'],
  ['Delta Veterinary Clinic', 'Greenville', 'MS', 'USA', 'deltavet.example'],
  ['Evergreen Property Management', 'Eugene', 'OR', 'USA', 'evergreen.example'],
  ['Frontier Credit Union', 'Casper', 'WY', 'USA', 'frontiercu.example'],
  ['Granite Peak Engineering', 'Concord', 'NH', 'USA', 'granitepeak.example'],
  ['Harbor View Hotel', 'Portland', 'ME', 'USA', 'harborview.example'],
  ['Ironwood Legal Group', 'Tucson', 'AZ', 'USA', 'ironwood.example'],
  ['Juniper School District', 'Bend', 'OR', 'USA', 'juniper.example'],
  ['Keystone Foods', 'Harrisburg', 'PA', 'USA', 'keystone.example'],
  ['Müller & Söhne GmbH', 'München', 'BY', 'Germany', 'mueller-soehne.example'],
];

const FIRST = ['Alice', 'Bruno', 'Carmen', 'Dmitri', 'Elena', 'Farid', 'Grace', 'Hiro', 'Ingrid', 'Jamal', 'Kerstin', 'Luis', 'Maya', 'Niall', 'Olga', 'Pedro', 'Quinn', 'Rosa', 'Seán', 'Tariq', 'Ursula', 'Viktor', 'Wen', 'Ximena', 'Yusuf', 'Zoë', 'Anton', 'Beatriz', 'Chidi', 'Dagny'];
const LAST = ['Anderson', 'Becker', 'Castillo', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Hansen', 'Ivanova', 'Jones', 'Kowalski', 'Lopez', 'Moreau', 'Nakamura', 'Okafor', 'Petrov', 'Quist', 'Rossi', "O'Brien", 'Schulz', 'Tanaka', 'Urban', 'Vargas', 'Weber', 'Xu', 'Yilmaz', 'Zimmermann', 'Almeida', 'Brandt', 'Coleman'];
const TITLES = ['Office Manager', 'IT Coordinator', 'Owner', 'Facilities Lead'];
const STAGES = ['Prospect', 'Qualified', 'Proposal', 'Closed Won'];
const SO_WORK = ['Printer jams on tray 2', 'Replace failed RAID disk', 'Quarterly HVAC maintenance', 'Install badge readers', 'Network switch upgrade', 'Annual fire panel inspection', 'Workstation rollout', 'UPS battery replacement'];
const REASONS = ['Repair', 'Install', 'Maintenance', 'Travel'];
const PRIORITIES = ['High', 'Normal', 'Low'];
const LOCATIONS = ['Main', 'Van 1', 'Van 2'];

const PRICE_BOOK: ReadonlyArray<readonly [itemid: string, parttype: string, description: string, maker: string, makerPart: string, price: number]> = [
  ['HD-2TB-7200', 'Part', 'Hard disk 2 TB 7200 rpm', 'Seagate', 'ST2000DM008', 64.5],
  ['SW-24P-GIG', 'Part', 'Switch 24 port gigabit', 'Cisco', 'CBS250-24T', 389],
  ['UPS-1500VA', 'Part', 'UPS 1500 VA tower', 'APC', 'SMT1500C', 689.99],
  ['BAT-RBC7', 'Part', 'Replacement battery cartridge #7', 'APC', 'RBC7', 219],
  ['FLT-MERV13', 'Part', 'Air filter MERV 13 20x25x4', '3M', 'MPR1900', 38.75],
  ['RDR-HID-SE', 'Part', 'Badge reader iCLASS SE', 'HID', '920NTNNEK00000', 245],
  ['TNR-HP-59A', 'Part', 'Toner cartridge black 59A', 'HP', 'CF259A', 112.4],
  ['ROL-HP-T2', 'Part', 'Pickup roller kit tray 2', 'HP', 'RM2-5452', 29.9],
  ['CBL-CAT6-3', 'Part', 'Patch cable Cat6 3 ft', 'Belkin', 'A3L980-03', 3.25],
  ['WS-KIT-STD', 'Assembly', 'Workstation kit standard', 'Dell', 'OPT-7010-KIT', 1149],
  ['LAB-STD', 'Labor', 'Standard labour per hour', 'In-house', 'LAB-STD', 95],
  ['LAB-AFTER', 'Labor', 'After-hours labour per hour', 'In-house', 'LAB-AFTER', 142.5],
  ['SVC-TRIP', 'Service', 'Trip charge', 'In-house', 'SVC-TRIP', 45],
  ['SVC-PM-HVAC', 'Service', 'Preventive maintenance HVAC', 'In-house', 'SVC-PM-HVAC', 180],
  ['PNL-FIRE-4', 'Part', 'Fire panel zone module', 'Notifier', 'FZM-1', 96],
  ['MON-24-IPS', 'Part', 'Monitor 24 in IPS', 'Dell', 'P2422H', 219.99],
];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** A dateTime in March or April 2024, `day` counted from 1 March. */
const dateTime = (day: number, hour: number) => `2024-${pad(3 + Math.floor((day - 1) / 31))}-${pad(((day - 1) % 31) + 1)}T${pad(hour)}:00:00`;
const asciiLower = (text: string) => text.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase();

function accounts(): Account[] {
  return ACCOUNTS.map(([name, city, state, country], i) => ({
    accountnumber: 1001 + i, accountname: name, accountid: `ACC-${pad(i + 1, 3)}`, accounttype: i % 3 === 0 ? 'Customer' : i % 3 === 1 ? 'Managed' : 'Prospect',
    address1: `${100 + i * 7} Main Street`, address2: i % 4 === 0 ? `Suite ${200 + i}` : '', city, state, postalcode: pad(10000 + i * 977, 5), country,
    hotnote: i % 5 === 0 ? 'Call before arriving' : '', accountsource: i % 2 === 0 ? 'Referral' : 'Web', telephone: `555-01${pad(i)}`,
  }));
}

function contacts(): Contact[] {
  const out: Contact[] = [];
  ACCOUNTS.forEach((_, a) => {
    for (let k = 0; k < (a % 2 === 0 ? 3 : 2); k++) {
      const n = out.length;
      out.push({ contactnumber: 2001 + n, accountnumber: 1001 + a, firstname: FIRST[n % FIRST.length]!, lastname: LAST[n % LAST.length]!, telephone: `555-02${pad(n)}`, title: TITLES[n % TITLES.length]! });
    }
  });
  return out;
}

function emails(people: readonly Contact[]): ContactEmail[] {
  const out: ContactEmail[] = [];
  for (const [n, c] of people.entries()) {
    const domain = ACCOUNTS[c.accountnumber - 1001]![4];
    const local = `${asciiLower(c.firstname)}.${asciiLower(c.lastname)}`;
    out.push({ emailid: 3001 + out.length, contactnumber: c.contactnumber, email: `${local}@${domain}`, primary: true });
    if (n % 3 === 0) out.push({ emailid: 3001 + out.length, contactnumber: c.contactnumber, email: `${local}.home@mail.example`, primary: false });
  }
  return out;
}

const firstContactOf = (people: readonly Contact[], account: number) => people.find((c) => c.accountnumber === account)!.contactnumber;

function opportunities(people: readonly Contact[]): Opportunity[] {
  return Array.from({ length: 24 }, (_, i) => {
    const account = 1001 + (i % 12);
    return {
      opportunitynumber: `OPP-${4001 + i}`, opportunityname: `${i < 12 ? 'Managed services renewal' : 'Hardware refresh'} ${ACCOUNTS[i % 12]![0]}`,
      accountnumber: account, contactnumber: firstContactOf(people, account), stage: STAGES[i % STAGES.length]!, amount: 2500 + i * 1250, closedate: dateTime(20 + i, 0),
    };
  });
}

function serviceOrders(people: readonly Contact[]): ServiceOrder[] {
  return Array.from({ length: 64 }, (_, i) => {
    const account = 1001 + (i % 12);
    return { sonumber: 6001 + i, accountnumber: account, contactnumber: firstContactOf(people, account), description: SO_WORK[i % SO_WORK.length]! };
  });
}

/** Five distinct reps (101..140) on each of the 64 service orders: 320 assignments to delete. */
function assignments(): RepAssignment[] {
  return Array.from({ length: 64 * 5 }, (_, n) => {
    const [i, j] = [Math.floor(n / 5), n % 5];
    return { reptodelete: 101 + ((i * 7 + j * 3) % 40), sonumber: 6001 + i };
  });
}

function tasks(orders: readonly ServiceOrder[], opps: readonly Opportunity[]): Task[] {
  return orders.slice(0, 48).map((so, i) => ({
    taskkeyid: 5001 + i, sonumber: so.sonumber, accountnumber: so.accountnumber, contactnumber: so.contactnumber,
    opportunitynumber: i % 2 === 0 ? opps.find((o) => o.accountnumber === so.accountnumber)!.opportunitynumber : '',
    subject: so.description, startdate: dateTime(1 + i, 8), enddate: dateTime(2 + i, 17),
    priority: PRIORITIES[i % 3]!, completed: i % 4 === 0, status: i % 5,
  }));
}

function timeLogs(orders: readonly ServiceOrder[]): TimeLog[] {
  return Array.from({ length: 80 }, (_, n) => {
    const so = orders[Math.floor(n / 2)]!;
    const hours = 1 + (n % 4);
    return {
      sologkeyid: 7001 + n, sonumber: so.sonumber, accountnumber: so.accountnumber, repnumber: 101 + (n % 40),
      startdatetime: dateTime(1 + (n % 40), 9), enddatetime: dateTime(1 + (n % 40), 9 + hours),
      elapsedhours: hours, elapsedminutes: 0, deducthours: 0, deductminutes: n % 3 === 0 ? 15 : 0, utilizationhours: hours, utilizationminutes: 0,
      logcomment: `${REASONS[n % 4]} visit: ${so.description.toLowerCase()}`, logreason: REASONS[n % 4]!, internalcomments: n % 6 === 0 ? 'Customer asked for a follow-up quote' : '',
    };
  });
}

/** Two lines on each of the first 30 service orders; every third also has an assembly of two components. */
function partsUsed(): PartUsed[] {
  const out: PartUsed[] = [];
  const add = (sonumber: number, fksopartsused: number, item: number, quantity: number) => {
    const [itemid, , itemdescription, , , unitprice] = PRICE_BOOK[item]!;
    out.push({ sopartsusedkeyid: 8001 + out.length, sonumber, fksopartsused, itemid, itemdescription, quantity, unitprice });
    return 8000 + out.length;
  };
  for (let i = 0; i < 30; i++) {
    add(6001 + i, 0, i % 9, 1 + (i % 3));
    add(6001 + i, 0, 10 + (i % 4), 1);
    if (i % 3 === 0) {
      const assembly = add(6001 + i, 0, 9, 1);
      add(6001 + i, assembly, 15, 2);
      add(6001 + i, assembly, 8, 4);
    }
  }
  return out;
}

function priceBook(): PriceBookItem[] {
  return PRICE_BOOK.map(([itemid, parttype, itemdescription, manufacturername, manufacturerpartnumber, price], i) => ({
    itemid, parttype, itemdescription, manufacturername, manufacturerpartnumber, price,
    quantities: parttype === 'Part' || parttype === 'Assembly' ? LOCATIONS.map((location, l) => ({ location, quantity: (i * 5 + l * 3) % 11 })) : [],
  }));
}

function assets(): ManagedAsset[] {
  return Array.from({ length: 24 }, (_, i) => ({
    assetid: 11001 + i, accountnumber: 1001 + (i % 12), description: i < 12 ? 'Front office printer' : 'Server room UPS',
    model: i < 12 ? 'HP LaserJet M404' : 'APC Smart-UPS 1500', serialnumber: `SN${pad(48213 + i * 37, 6)}`,
  }));
}

function accountDefaults(): AccountDefaults[] {
  return ACCOUNTS.map((_, i) => ({
    accountnumber: 1001 + i, defaultlocation: LOCATIONS[i % 3]!, pricelevel: i % 2 === 0 ? 'Standard' : 'Preferred',
    taxcode: i === 11 ? 'DE-19' : 'US-STD', paymentterms: i % 3 === 0 ? 'Net 15' : 'Net 30', defaultrep: 101 + i,
  }));
}

function documents(): StoredDocument[] {
  return [0, 1, 2].map((i) => ({
    documentid: 9001 + i, title: `Site survey ${i + 1}`, category: 'Survey', description: 'Photos of the server room', referencenumber: 6001 + i,
    accountnumber: 1001 + i, filename: `survey-${i + 1}.jpg`, bytes: 20480 + i * 1024, nextfile: '',
  }));
}

/** A fresh copy of the seeded data, its ids in the ranges of `ids` (ids.ts; the seeded ones by default). */
export function seedStore(ids: IdScheme = SEEDED_IDS): Store {
  const people = contacts();
  const opps = opportunities(people);
  const orders = serviceOrders(people);
  const seeded = {
    accounts: accounts(), contacts: people, emails: emails(people), opportunities: opps, tasks: tasks(orders, opps),
    serviceOrders: orders, assignments: assignments(), timeLogs: timeLogs(orders), partsUsed: partsUsed(), priceBook: priceBook(),
    assets: assets(), defaults: accountDefaults(), documents: documents(),
  };
  const store = isSeededScheme(ids) ? seeded : Object.fromEntries(Object.entries(seeded).map(([k, rows]) => [k, renumbered<object>(rows, ids)])) as unknown as typeof seeded;
  const seededMax = {
    email: Math.max(...store.emails.map((e) => e.emailid)),
    timelog: Math.max(...store.timeLogs.map((t) => t.sologkeyid)),
    document: Math.max(...store.documents.map((d) => d.documentid)),
  };
  return { ...store, seededMax, lastId: { ...seededMax } };
}
