/**
 * The 20 web methods of the stateful reference implementation, one small handler each. Matching
 * rules are in args.ts. The other choices, where the spec is silent:
 * - an id that names no record is an in-band failure in a create (its parent), update or delete,
 *   and in MobileOpportunitySummary (a lookup of one record: its opportunitynumber is required);
 * - MobileTimeLogCreate: the service order must exist; accountnumber 0 takes the service order's
 *   account, any other must exist; dates, hours and minutes are stored as given;
 * - MobileContactEmailCreate: the contact must exist; accountnumber must be 0 or the contact's;
 *   email must not be blank; a primary e-mail makes the contact's others non-primary (so does
 *   MobileContactEmailUpdate, whose contactnumber must be 0 or the e-mail's own contact);
 * - MobileAccountUpdate writes every field as given (a full update) and needs a non-blank accountname;
 * - MobileDispatchUpdate accepts any integer status;
 * - MobileDocumentUpload: the account must exist, filename must not be blank, base64string must be
 *   base64 (white space ignored, as Convert.FromBase64String does; empty is an empty file);
 * - MobileTasksList: priority matches a task's priority name exactly (any case); completed is
 *   true/false/1/0/yes/no (any case), anything else non-empty an in-band failure;
 * - partsearchalllocation 0 counts the Main location only, any other value every location;
 * - MobilePartsUsedList lists top-level lines (or the one line sopartsusedkeyid names);
 *   MobilePartsUsedAssemblyList lists component lines (those of the assembly fksopartsused names);
 * - updates and deletes answer {"ok":true} without the record.
 * A personality (personality.ts) changes how text filters match, how a task lists its reps, how a
 * contact shows its e-mails and what sologkeyid filters, and (owners.ts) whether a create's account
 * must be its parent's own; the reference's choices are the above.
 */
import { Args, dayFilter, idMatches, intIdMatches, matcher, sorted, withinDays, type Match } from './args.js';
import type { Personality } from './personality.js';
import { BusinessError, type Outcome, type Rec } from './outcome.js';
import { checkEmailOwner, checkTimeLogOwner } from './owners.js';
import { nextId, type Store } from './store.js';
import { accountNameOf, accountRecord, assetRecord, contactNameOf, contactRecord, opportunityRecord, opportunitySummary, partUsedRecord, priceBookRecord, taskRecord, timeLogRecord } from './views.js';

export interface OpContext {
  readonly store: Store;
  readonly args: Args;
  /** Applies a change to the store (a mutant may drop it: an update that does not persist). */
  readonly write: (change: () => void) => void;
  readonly personality: Personality;
}

type Handler = (ctx: OpContext) => Outcome;

const records = (list: readonly Rec[]): Outcome => ({ ok: true, records: list });
const created = (id: number): Outcome => ({ ok: true, id });
const done: Outcome = { ok: true };

function found<T>(item: T | undefined, what: string, id: number | string): T {
  if (item === undefined) throw new BusinessError(`Unknown ${what} ${id}.`, 'not-found');
  return item;
}

function required(name: string, value: string): string {
  if (value.trim() === '') throw new BusinessError(`${name} is required.`);
  return value;
}

function parseCompleted(text: string): boolean | undefined {
  const t = text.trim().toLowerCase();
  if (t === '') return undefined;
  if (['true', '1', 'yes'].includes(t)) return true;
  if (['false', '0', 'no'].includes(t)) return false;
  throw new BusinessError(`completed "${text}" is not true or false.`);
}

export const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** base64string as Convert.FromBase64String reads it (white space ignored); throws when it is not base64. */
function base64Content(text: string): string {
  const content = text.replace(/\s+/g, '');
  if (!BASE64.test(content)) throw new BusinessError('base64string is not valid base64.');
  return content;
}

/** The rules on the form of values the handlers below apply, per operation (each in its handler's
 * order): a request that breaks none is inside the reference's validity rules (the answer log). */
export const FORM_CHECKS: Readonly<Record<string, (a: Args) => void>> = {
  MobileAccountUpdate: (a) => void required('accountname', a.str('accountname')),
  MobileTasksList: (a) => void [dayFilter('startdate', a.str('startdate')), dayFilter('enddate', a.str('enddate')), parseCompleted(a.str('completed'))],
  MobileTimeLogList: (a) => void [dayFilter('startdate', a.str('startdate')), dayFilter('enddate', a.str('enddate'))],
  MobileContactEmailCreate: (a) => void required('email', a.str('email')),
  MobileContactEmailUpdate: (a) => void required('email', a.str('email')),
  MobileDocumentUpload: (a) => void [required('filename', a.str('filename')), base64Content(a.str('base64string'))],
  MobileOpportunitySummary: (a) => void required('opportunitynumber', a.str('opportunitynumber')),
};

/** The primary flag set on one e-mail clears it on the contact's others. */
function makePrimary(s: Store, contactnumber: number, emailid: number): void {
  for (const e of s.emails) if (e.contactnumber === contactnumber && e.emailid !== emailid) e.primary = false;
}

const PRICE_FILTERS = ['parttype', 'itemid', 'itemdescription', 'manufacturername', 'manufacturerpartnumber'] as const;
const priceItems = (s: Store, a: Args, m: Match) => s.priceBook.filter((item) => PRICE_FILTERS.every((f) => m(item[f], a.str(f))));

const ACCOUNT_FIELDS = ['accountname', 'accountid', 'accounttype', 'address1', 'address2', 'city', 'state', 'postalcode', 'country', 'hotnote', 'accountsource'] as const;

export const HANDLERS: Readonly<Record<string, Handler>> = {
  MobileTimeLogCreate({ store: s, args: a, write, personality: p }) {
    if (p.owners === 'own') checkTimeLogOwner(s, a, p.closedOrders);
    const so = found(s.serviceOrders.find((o) => o.sonumber === a.int('sonumber')), 'sonumber', a.int('sonumber'));
    const accountnumber = a.int('accountnumber') === 0 ? so.accountnumber : found(s.accounts.find((x) => x.accountnumber === a.int('accountnumber')), 'accountnumber', a.int('accountnumber')).accountnumber;
    const sologkeyid = nextId(s, 'timelog');
    write(() => s.timeLogs.push({
      sologkeyid, sonumber: so.sonumber, accountnumber, repnumber: a.int('repnumber'), startdatetime: a.dateTime('startdatetime'), enddatetime: a.dateTime('enddatetime'),
      elapsedhours: a.int('elapsedhours'), elapsedminutes: a.int('elapsedminutes'), deducthours: a.int('deducthours'), deductminutes: a.int('deductminutes'),
      utilizationhours: a.int('utilizationhours'), utilizationminutes: a.int('utilizationminutes'), logcomment: a.str('logcomment'), logreason: a.str('logreason'), internalcomments: a.str('internalcomments'),
    }));
    return created(sologkeyid);
  },

  MobileAccountUpdate({ store: s, args: a, write }) {
    const account = found(s.accounts.find((x) => x.accountnumber === a.int('accountnumber')), 'accountnumber', a.int('accountnumber'));
    required('accountname', a.str('accountname'));
    write(() => { for (const f of ACCOUNT_FIELDS) account[f] = a.str(f); });
    return done;
  },

  MobileTasksList({ store: s, args: a, personality: p }) {
    const [start, end] = [dayFilter('startdate', a.str('startdate')), dayFilter('enddate', a.str('enddate'))];
    const completed = parseCompleted(a.str('completed'));
    const priority = a.str('priority').toLowerCase();
    const list = s.tasks.filter((t) => idMatches(t.taskkeyid, a.str('taskkeyid')) && idMatches(t.sonumber, a.str('sonumber')) && idMatches(t.opportunitynumber, a.str('opportunitynumber'))
      && idMatches(t.accountnumber, a.str('accountnumber')) && idMatches(t.contactnumber, a.str('contactnumber')) && withinDays(t.startdate, t.enddate, start, end)
      && (priority === '' || t.priority.toLowerCase() === priority) && (completed === undefined || t.completed === completed));
    return records(sorted(list.map((t) => taskRecord(s, t, p.assignments)), 'taskkeyid', a.str('sortcolumn'), a.str('sortdirection')));
  },

  MobilePriceBookQuantityEachLocation({ store: s, args: a, personality: p }) {
    const all = a.int('partsearchalllocation') !== 0;
    return records(priceItems(s, a, matcher(p.match)).flatMap((item) => item.quantities.filter((q) => all || q.location === 'Main').map((q) => ({ itemid: item.itemid, itemdescription: item.itemdescription, location: q.location, quantity: q.quantity }))));
  },

  MobilePriceBookSearch: ({ store: s, args: a, personality: p }) => records(priceItems(s, a, matcher(p.match)).map((item) => priceBookRecord(item, a.int('partsearchalllocation') !== 0))),

  MobileTimeLogList({ store: s, args: a, personality: p }) {
    const [start, end] = [dayFilter('startdate', a.str('startdate')), dayFilter('enddate', a.str('enddate'))];
    const [key, contains] = [a.int('sologkeyid'), matcher(p.match)];
    // 'after': sologkeyid is a paging cursor, the logs after it.
    const list = s.timeLogs.filter((l) => (p.timeLogKey === 'after' ? key === 0 || l.sologkeyid > key : intIdMatches(l.sologkeyid, key)) && idMatches(l.sonumber, a.str('sonumber')) && withinDays(l.startdatetime, l.enddatetime, start, end)
      && contains(l.logreason, a.str('logreason')) && contains(accountNameOf(s, l.accountnumber), a.str('accountname')));
    return records(sorted(list.map((l) => timeLogRecord(s, l)), 'sologkeyid', a.str('sortcolumn'), a.str('sortdirection')));
  },

  MobileContactEmailCreate({ store: s, args: a, write, personality: p }) {
    if (p.owners === 'own') checkEmailOwner(s, a);
    const contact = found(s.contacts.find((c) => c.contactnumber === a.int('contactnumber')), 'contactnumber', a.int('contactnumber'));
    if (a.int('accountnumber') !== 0 && a.int('accountnumber') !== contact.accountnumber) throw new BusinessError(`contactnumber ${contact.contactnumber} does not belong to accountnumber ${a.int('accountnumber')}.`, 'conflict');
    const email = required('email', a.str('email'));
    const emailid = nextId(s, 'email');
    write(() => {
      s.emails.push({ emailid, contactnumber: contact.contactnumber, email, primary: a.bool('primary') });
      if (a.bool('primary')) makePrimary(s, contact.contactnumber, emailid);
    });
    return created(emailid);
  },

  MobileDocumentUpload({ store: s, args: a, write }) {
    const account = found(s.accounts.find((x) => x.accountnumber === a.int('accountnumber')), 'accountnumber', a.int('accountnumber'));
    const filename = required('filename', a.str('filename'));
    const content = base64Content(a.str('base64string'));
    const documentid = nextId(s, 'document');
    write(() => s.documents.push({
      documentid, title: a.str('title'), category: a.str('category'), description: a.str('description'), referencenumber: a.int('referencenumber'),
      accountnumber: account.accountnumber, filename, bytes: Buffer.from(content, 'base64').length, nextfile: a.str('nextfile'),
    }));
    return created(documentid);
  },

  MobileContactEmailUpdate({ store: s, args: a, write }) {
    const e = found(s.emails.find((x) => x.emailid === a.int('emailid')), 'emailid', a.int('emailid'));
    if (a.int('contactnumber') !== 0 && a.int('contactnumber') !== e.contactnumber) throw new BusinessError(`emailid ${e.emailid} does not belong to contactnumber ${a.int('contactnumber')}.`, 'conflict');
    const email = required('email', a.str('email'));
    write(() => {
      Object.assign(e, { email, primary: a.bool('primary') });
      if (a.bool('primary')) makePrimary(s, e.contactnumber, e.emailid);
    });
    return done;
  },

  MobileServiceOrderRepAssignedDelete({ store: s, args: a, write }) {
    const [rep, so] = [a.int('reptodelete'), a.int('sonumber')];
    const at = s.assignments.findIndex((x) => x.reptodelete === rep && x.sonumber === so);
    if (at < 0) throw new BusinessError(`Rep ${rep} is not assigned to service order ${so}.`, 'conflict');
    write(() => s.assignments.splice(at, 1));
    return done;
  },

  MobileOpportunitySearch({ store: s, args: a, personality: p }) {
    const contains = matcher(p.match);
    return records(s.opportunities.filter((o) => contains(o.opportunityname, a.str('opportunityname'))
      && contains(accountNameOf(s, o.accountnumber), a.str('accountname')) && contains(contactNameOf(s, o.contactnumber), a.str('contactname'))).map((o) => opportunityRecord(s, o)));
  },

  MobileAccountSearch({ store: s, args: a, personality: p }) {
    const contains = matcher(p.match);
    const people = (acc: number) => s.contacts.filter((c) => c.accountnumber === acc);
    const mails = (acc: number) => s.emails.filter((e) => people(acc).some((c) => c.contactnumber === e.contactnumber)).map((e) => e.email);
    return records(s.accounts.filter((x) => contains(x.accountname, a.str('accountname'))
      && (a.str('contactname') === '' || people(x.accountnumber).some((c) => contains(`${c.firstname} ${c.lastname}`, a.str('contactname'))))
      && (a.str('telephone') === '' || [x.telephone, ...people(x.accountnumber).map((c) => c.telephone)].some((t) => contains(t, a.str('telephone'))))
      && (a.str('email') === '' || mails(x.accountnumber).some((m) => contains(m, a.str('email'))))).map(accountRecord));
  },

  MobileContactSearch({ store: s, args: a, personality: p }) {
    const contains = matcher(p.match);
    const mails = (c: number) => s.emails.filter((e) => e.contactnumber === c).map((e) => e.email);
    return records(s.contacts.filter((c) => contains(c.firstname, a.str('firstname')) && contains(c.lastname, a.str('lastname')) && contains(c.telephone, a.str('telephone'))
      && (a.str('email') === '' || mails(c.contactnumber).some((m) => contains(m, a.str('email'))))).map((c) => contactRecord(s, c, p.emails)));
  },

  MobilePartsUsedAssemblyList: ({ store: s, args: a }) => records(s.partsUsed.filter((p) => p.fksopartsused !== 0 && intIdMatches(p.fksopartsused, a.int('fksopartsused'))
    && idMatches(p.sonumber, a.str('sonumber'))).map((p) => partUsedRecord(s, p))),

  MobileDispatchUpdate({ store: s, args: a, write }) {
    const task = found(s.tasks.find((t) => t.taskkeyid === a.int('taskkeyid')), 'taskkeyid', a.int('taskkeyid'));
    write(() => { task.status = a.int('status'); });
    return done;
  },

  MobileContactEmailDelete({ store: s, args: a, write }) {
    const at = s.emails.findIndex((e) => e.emailid === a.int('emailid'));
    if (at < 0) throw new BusinessError(`Unknown emailid ${a.int('emailid')}.`, 'not-found');
    write(() => s.emails.splice(at, 1));
    return done;
  },

  MobileManagedAssetsDropDown: ({ store: s, args: a }) => records(s.assets.filter((x) => idMatches(x.accountnumber, a.str('accountnumber'))).map(assetRecord)),

  MobilePartsUsedList: ({ store: s, args: a }) => records(s.partsUsed.filter((p) => (a.int('sopartsusedkeyid') === 0 ? p.fksopartsused === 0 : p.sopartsusedkeyid === a.int('sopartsusedkeyid'))
    && idMatches(p.sonumber, a.str('sonumber'))).map((p) => partUsedRecord(s, p))),

  MobileOpportunitySummary({ store: s, args: a }) {
    const number = required('opportunitynumber', a.str('opportunitynumber'));
    return records([opportunitySummary(s, found(s.opportunities.find((o) => o.opportunitynumber.toLowerCase() === number.toLowerCase()), 'opportunitynumber', number))]);
  },

  MobileAccountDefaultsList: ({ store: s, args: a }) => records(s.defaults.filter((d) => idMatches(d.accountnumber, a.str('accountnumber'))).map((d) => ({ ...d }))),
};
