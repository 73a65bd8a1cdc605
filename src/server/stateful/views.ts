/**
 * How stored rows are returned: plain records whose identifier fields are named exactly as the
 * contract's parameters (accountnumber, contactnumber, emailid, taskkeyid, sonumber, ...), with
 * the related names a mobile screen shows (accountname, contactname) joined in. Secrets (sig,
 * timestamp, mobilekey) are never stored, so no record can carry one.
 */
import type { Rec } from './outcome.js';
import type { AssignmentView, EmailView } from './personality.js';
import type { Account, Contact, ManagedAsset, Opportunity, PartUsed, PriceBookItem, Store, Task, TimeLog } from './store.js';

export const accountNameOf = (s: Store, accountnumber: number) => s.accounts.find((a) => a.accountnumber === accountnumber)?.accountname ?? '';

export function contactNameOf(s: Store, contactnumber: number): string {
  const c = s.contacts.find((x) => x.contactnumber === contactnumber);
  return c ? `${c.firstname} ${c.lastname}` : '';
}

export const accountRecord = (a: Account): Rec => ({ ...a });

/** A contact with its e-mails: nested (the reference), or its primary address's emailid and email
 * as flat fields (0 and "" when it has none; its other addresses are not shown). */
export function contactRecord(s: Store, c: Contact, view: EmailView = 'nested'): Rec {
  const own = s.emails.filter((e) => e.contactnumber === c.contactnumber);
  const primary = own.find((e) => e.primary);
  const emails: Rec = view === 'nested' ? { emails: own.map((e) => ({ emailid: e.emailid, email: e.email, primary: e.primary })) } : { emailid: primary?.emailid ?? 0, email: primary?.email ?? '' };
  return { contactnumber: c.contactnumber, accountnumber: c.accountnumber, accountname: accountNameOf(s, c.accountnumber), firstname: c.firstname, lastname: c.lastname, telephone: c.telephone, title: c.title, ...emails };
}

/** The reps assigned to a service order, shown as a personality's vendor shows them. */
function assignedReps(s: Store, sonumber: number, view: AssignmentView): Rec {
  const reps = s.assignments.filter((a) => a.sonumber === sonumber).map((a) => a.reptodelete);
  if (view === 'task-csv') return { assignedrepnumbers: reps.join(',') };
  if (view === 'task-reps') return { assignedreps: reps.map((repnumber) => ({ repnumber, repname: `Technician ${repnumber}` })) };
  return { assignedreps: reps.map((reptodelete) => ({ reptodelete, sonumber })) };
}

export function opportunityRecord(s: Store, o: Opportunity): Rec {
  return {
    opportunitynumber: o.opportunitynumber, opportunityname: o.opportunityname, accountnumber: o.accountnumber, accountname: accountNameOf(s, o.accountnumber),
    contactnumber: o.contactnumber, contactname: contactNameOf(s, o.contactnumber), stage: o.stage, amount: o.amount, closedate: o.closedate,
  };
}

export function opportunitySummary(s: Store, o: Opportunity): Rec {
  const tasks = s.tasks.filter((t) => t.opportunitynumber === o.opportunitynumber);
  return { ...opportunityRecord(s, o), taskcount: tasks.length, opentaskcount: tasks.filter((t) => !t.completed).length };
}

/** A task with its service order's assigned reps as they are now (a deleted assignment is gone here too). */
export function taskRecord(s: Store, t: Task, view: AssignmentView = 'task-records'): Rec {
  return {
    taskkeyid: t.taskkeyid, sonumber: t.sonumber, opportunitynumber: t.opportunitynumber, accountnumber: t.accountnumber, accountname: accountNameOf(s, t.accountnumber),
    contactnumber: t.contactnumber, subject: t.subject, startdate: t.startdate, enddate: t.enddate, priority: t.priority, completed: t.completed, status: t.status, ...assignedReps(s, t.sonumber, view),
  };
}

export const timeLogRecord = (s: Store, l: TimeLog): Rec => ({ ...l, accountname: accountNameOf(s, l.accountnumber) });

export const partUsedRecord = (s: Store, p: PartUsed): Rec => ({ ...p, isassembly: s.partsUsed.some((c) => c.fksopartsused === p.sopartsusedkeyid) });

/** A price-book item with its quantity on hand: at the Main location, or summed over all of them. */
export function priceBookRecord(item: PriceBookItem, allLocations: boolean): Rec {
  const { quantities, ...rest } = item;
  const quantity = quantities.filter((q) => allLocations || q.location === 'Main').reduce((sum, q) => sum + q.quantity, 0);
  return { ...rest, quantity };
}

export const assetRecord = (a: ManagedAsset): Rec => ({ ...a });
