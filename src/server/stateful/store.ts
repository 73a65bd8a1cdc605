/**
 * The stateful reference implementation's data: plain rows, one array per entity in id order. Every
 * server instance seeds its own store (seed.ts), so a fresh server is a fresh copy and nothing is
 * shared between instances or tests. Field names are the contract's parameter names wherever the
 * contract has the field as a parameter, so a value read from a record can be sent back as that
 * parameter (the producer-consumer matching a stateful run relies on).
 */

export interface Account {
  readonly accountnumber: number;
  accountname: string;
  accountid: string;
  accounttype: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalcode: string;
  country: string;
  hotnote: string;
  accountsource: string;
  telephone: string;
}

export interface Contact {
  readonly contactnumber: number;
  readonly accountnumber: number;
  readonly firstname: string;
  readonly lastname: string;
  readonly telephone: string;
  readonly title: string;
}

export interface ContactEmail {
  readonly emailid: number;
  contactnumber: number;
  email: string;
  primary: boolean;
}

export interface Opportunity {
  readonly opportunitynumber: string;
  readonly opportunityname: string;
  readonly accountnumber: number;
  readonly contactnumber: number;
  readonly stage: string;
  readonly amount: number;
  readonly closedate: string;
}

export interface Task {
  readonly taskkeyid: number;
  readonly sonumber: number;
  readonly opportunitynumber: string;
  readonly accountnumber: number;
  readonly contactnumber: number;
  readonly subject: string;
  readonly startdate: string;
  readonly enddate: string;
  readonly priority: string;
  readonly completed: boolean;
  status: number;
}

export interface ServiceOrder {
  readonly sonumber: number;
  readonly accountnumber: number;
  readonly contactnumber: number;
  readonly description: string;
}

/** One representative assigned to one service order; `reptodelete` is the rep's number. */
export interface RepAssignment {
  readonly reptodelete: number;
  readonly sonumber: number;
}

export interface TimeLog {
  readonly sologkeyid: number;
  readonly sonumber: number;
  readonly accountnumber: number;
  readonly repnumber: number;
  readonly startdatetime: string;
  readonly enddatetime: string;
  readonly elapsedhours: number;
  readonly elapsedminutes: number;
  readonly deducthours: number;
  readonly deductminutes: number;
  readonly utilizationhours: number;
  readonly utilizationminutes: number;
  readonly logcomment: string;
  readonly logreason: string;
  readonly internalcomments: string;
}

/** A parts-used line; a component of an assembly carries the assembly line's id in fksopartsused (0: top level). */
export interface PartUsed {
  readonly sopartsusedkeyid: number;
  readonly sonumber: number;
  readonly fksopartsused: number;
  readonly itemid: string;
  readonly itemdescription: string;
  readonly quantity: number;
  readonly unitprice: number;
}

export interface LocationQuantity {
  readonly location: string;
  readonly quantity: number;
}

export interface PriceBookItem {
  readonly itemid: string;
  readonly parttype: string;
  readonly itemdescription: string;
  readonly manufacturername: string;
  readonly manufacturerpartnumber: string;
  readonly price: number;
  readonly quantities: readonly LocationQuantity[];
}

export interface ManagedAsset {
  readonly assetid: number;
  readonly accountnumber: number;
  readonly description: string;
  readonly model: string;
  readonly serialnumber: string;
}

export interface AccountDefaults {
  readonly accountnumber: number;
  readonly defaultlocation: string;
  readonly pricelevel: string;
  readonly taxcode: string;
  readonly paymentterms: string;
  readonly defaultrep: number;
}

export interface StoredDocument {
  readonly documentid: number;
  readonly title: string;
  readonly category: string;
  readonly description: string;
  readonly referencenumber: number;
  readonly accountnumber: number;
  readonly filename: string;
  readonly bytes: number;
  readonly nextfile: string;
}

/** Entities whose ids the service hands out on create. */
export type IdKind = 'email' | 'timelog' | 'document';

export interface Store {
  readonly accounts: Account[];
  readonly contacts: Contact[];
  readonly emails: ContactEmail[];
  readonly opportunities: Opportunity[];
  readonly tasks: Task[];
  readonly serviceOrders: ServiceOrder[];
  readonly assignments: RepAssignment[];
  readonly timeLogs: TimeLog[];
  readonly partsUsed: PartUsed[];
  readonly priceBook: PriceBookItem[];
  readonly assets: ManagedAsset[];
  readonly defaults: AccountDefaults[];
  readonly documents: StoredDocument[];
  /** The highest id of each kind at seeding time (a mutant's stale cache stops there). */
  readonly seededMax: Readonly<Record<IdKind, number>>;
  /** The highest id of each kind issued so far; a deleted id is never issued again. */
  readonly lastId: Record<IdKind, number>;
}

export function nextId(store: Store, kind: IdKind): number {
  store.lastId[kind] += 1;
  return store.lastId[kind];
}
