/**
 * Creates whose ids must belong together (personality.ts, OwnerRule 'own'): a time log names a
 * service order and that order's own account; an e-mail (the child) names its contact (the parent)
 * and the contact's own account (the parent's owner). 0 is no account. The messages name the parent
 * in words and quote the values, as a real vendor's do ("unknown service order 0", "service order 6
 * belongs to account 45, not 12"), so what was wrong can be read from the refusal. The oldest
 * service orders may be closed (personality.ts, closedOrders): a time log on one is refused.
 */
import type { Args } from './args.js';
import { BusinessError } from './outcome.js';
import type { Store } from './store.js';

/** `closed`: the share of service orders, the oldest (first seeded), that take no new time log. */
export function checkTimeLogOwner(s: Store, a: Args, closed = 0): void {
  const at = s.serviceOrders.findIndex((o) => o.sonumber === a.int('sonumber'));
  const so = s.serviceOrders[at];
  if (!so) throw new BusinessError(`unknown service order ${a.int('sonumber')}`, 'not-found');
  if (at < closed * s.serviceOrders.length) throw new BusinessError(`service order ${so.sonumber} is closed`, 'conflict');
  if (a.int('accountnumber') !== so.accountnumber) throw new BusinessError(`service order ${so.sonumber} belongs to account ${so.accountnumber}, not ${a.int('accountnumber')}`, 'conflict');
}

export function checkEmailOwner(s: Store, a: Args): void {
  const contact = s.contacts.find((c) => c.contactnumber === a.int('contactnumber'));
  if (!contact) throw new BusinessError(`unknown contact ${a.int('contactnumber')}`, 'not-found');
  if (a.int('accountnumber') !== contact.accountnumber) throw new BusinessError(`contact ${contact.contactnumber} belongs to account ${contact.accountnumber}, not ${a.int('accountnumber')}`, 'conflict');
}
