/**
 * A store the tool has never seen (personality.ts, storeSeed): the seeded store (seed.ts) reshaped by
 * a seed. Some accounts are left out with everything that hangs under them (their contacts and
 * e-mails, opportunities, service orders and what names those), so the counts differ; then every id
 * of every kind is drawn at random, small and with gaps, kinds overlapping as SQL identities do (a
 * service order 6 of account 45). References move with the rows they name (ids.ts, KIND_OF).
 */
import { KIND_OF } from './ids.js';
import { prng } from './personality.js';
import type { Store } from './store.js';

/** Most accounts (of the seeded 12) left out; the first is always kept. */
const MAX_LEFT_OUT = 4;

type Rows = Omit<Store, 'seededMax' | 'lastId'>;

/** The store without the accounts `out` names and whatever hangs under them. */
function withoutAccounts(s: Rows, out: ReadonlySet<number>): Rows {
  const accounts = s.accounts.filter((a) => !out.has(a.accountnumber));
  const acc = new Set(accounts.map((a) => a.accountnumber));
  const contacts = s.contacts.filter((c) => acc.has(c.accountnumber));
  const people = new Set(contacts.map((c) => c.contactnumber));
  const serviceOrders = s.serviceOrders.filter((o) => acc.has(o.accountnumber));
  const orders = new Set(serviceOrders.map((o) => o.sonumber));
  const partsUsed = s.partsUsed.filter((p) => orders.has(p.sonumber));
  const lines = new Set(partsUsed.map((p) => p.sopartsusedkeyid));
  return {
    accounts, contacts, serviceOrders, emails: s.emails.filter((e) => people.has(e.contactnumber)),
    opportunities: s.opportunities.filter((o) => acc.has(o.accountnumber)), tasks: s.tasks.filter((t) => orders.has(t.sonumber)),
    assignments: s.assignments.filter((a) => orders.has(a.sonumber)), timeLogs: s.timeLogs.filter((l) => orders.has(l.sonumber)),
    partsUsed: partsUsed.filter((p) => p.fksopartsused === 0 || lines.has(p.fksopartsused)), priceBook: s.priceBook,
    assets: s.assets.filter((a) => acc.has(a.accountnumber)), defaults: s.defaults.filter((d) => acc.has(d.accountnumber)),
    documents: s.documents.filter((d) => acc.has(d.accountnumber) && orders.has(d.referencenumber)),
  };
}

/** Per kind, old id -> a new one drawn from 1..(4 x the kind's count + 20), distinct within the kind. */
class IdDraw {
  private readonly maps = new Map<number, Map<string, number>>();
  constructor(private readonly next: () => number, private readonly counts: ReadonlyMap<number, number>) {}

  id(kind: number, old: number): number {
    if (old === 0) return 0;
    const map = this.maps.get(kind) ?? new Map<string, number>();
    this.maps.set(kind, map);
    const key = String(old);
    if (map.has(key)) return map.get(key)!;
    const taken = new Set(map.values());
    const room = 4 * (this.counts.get(kind) ?? 1) + 20;
    let drawn = 1 + Math.floor(this.next() * room);
    while (taken.has(drawn)) drawn = (drawn % room) + 1;
    map.set(key, drawn);
    return drawn;
  }
}

function moved(draw: IdDraw, name: string, value: unknown): unknown {
  const kind = KIND_OF[name];
  if (kind === undefined) return value;
  if (typeof value === 'number') return draw.id(kind, value);
  // An opportunity number is text, a prefix and digits ("OPP4001"); a task without one has "".
  const m = typeof value === 'string' ? /^(\D*)(\d+)$/.exec(value) : null;
  return m ? `${m[1]}${draw.id(kind, Number(m[2]))}` : value;
}

/** The seeded store reshaped by `seed`: the same store for the same seed. */
export function reseeded(store: Store, seed: number): Store {
  const next = prng(seed);
  const left = 1 + Math.floor(next() * MAX_LEFT_OUT);
  const out = new Set(store.accounts.slice(1).filter(() => next() < left / (store.accounts.length - 1)).map((a) => a.accountnumber));
  const rows = withoutAccounts(store, out);
  const tables = Object.entries(rows) as unknown as Array<[string, ReadonlyArray<Record<string, unknown>>]>;
  const ids = new Map<number, Set<unknown>>();
  for (const [, list] of tables) {
    for (const row of list) for (const [k, v] of Object.entries(row)) if (KIND_OF[k] !== undefined) ids.set(KIND_OF[k]!, (ids.get(KIND_OF[k]!) ?? new Set()).add(v));
  }
  const draw = new IdDraw(next, new Map([...ids].map(([kind, set]) => [kind, set.size])));
  const renumbered = Object.fromEntries(tables.map(([table, list]) => [table, list.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, moved(draw, k, v)])))])) as unknown as Rows;
  // A created id follows the highest of its kind, as an identity column does.
  const seededMax = {
    email: Math.max(0, ...renumbered.emails.map((e) => e.emailid)),
    timelog: Math.max(0, ...renumbered.timeLogs.map((t) => t.sologkeyid)),
    document: Math.max(0, ...renumbered.documents.map((d) => d.documentid)),
  };
  return { ...renumbered, seededMax, lastId: { ...seededMax } };
}
