/**
 * The contract as data: the 20 operations of tsiWS.asmx, their parameters in SOAP element order
 * with their SOAP types, their class and which ones carry `mobilekey`.
 *
 * Source: ../shared/spec/service-interface.md, "Parameter order and types" and "Operation classes
 * by shape". This table is the only place in the code that names a parameter, a type or an order;
 * test/contract/spec.test.ts proves it equals the spec's table exactly.
 */

/** SOAP types as the spec abbreviates them: int = xs:int, str = xs:string, dt = xs:dateTime, bool = xs:boolean. */
export type SoapType = 'int' | 'str' | 'dt' | 'bool';

export type OperationClass = 'create' | 'update' | 'delete' | 'search' | 'list';

export interface Parameter {
  readonly name: string;
  readonly type: SoapType;
}

export interface Operation {
  readonly name: string;
  readonly class: OperationClass;
  readonly params: readonly Parameter[];
}

/** Compact form of one spec row: "name:type, name:type, ...". Parsed once below. */
const table: ReadonlyArray<readonly [name: string, cls: OperationClass, params: string]> = [
  ['MobileTimeLogCreate', 'create', 'sonumber:int accountnumber:int startdatetime:dt enddatetime:dt elapsedhours:int elapsedminutes:int logcomment:str logreason:str deducthours:int deductminutes:int internalcomments:str utilizationhours:int utilizationminutes:int repnumber:int timestamp:str sig:str mobilekey:str'],
  ['MobileAccountUpdate', 'update', 'accountnumber:int accountname:str accountid:str accounttype:str address1:str address2:str city:str state:str postalcode:str country:str hotnote:str accountsource:str repnumber:int timestamp:str sig:str'],
  ['MobileTasksList', 'list', 'taskkeyid:str sonumber:str opportunitynumber:str accountnumber:str contactnumber:str startdate:str enddate:str priority:str completed:str sortcolumn:str sortdirection:str repnumber:int timestamp:str sig:str'],
  ['MobilePriceBookQuantityEachLocation', 'list', 'parttype:str itemid:str itemdescription:str manufacturername:str manufacturerpartnumber:str partsearchalllocation:int repnumber:int timestamp:str sig:str'],
  ['MobilePriceBookSearch', 'search', 'parttype:str itemid:str itemdescription:str manufacturername:str manufacturerpartnumber:str partsearchalllocation:int repnumber:int timestamp:str sig:str'],
  ['MobileTimeLogList', 'list', 'sologkeyid:int sonumber:str startdate:str enddate:str logreason:str accountname:str sortcolumn:str sortdirection:str repnumber:int timestamp:str sig:str'],
  ['MobileContactEmailCreate', 'create', 'accountnumber:int contactnumber:int email:str primary:bool repnumber:int timestamp:str sig:str mobilekey:str'],
  ['MobileDocumentUpload', 'create', 'title:str category:str description:str referencenumber:int accountnumber:int filename:str base64string:str nextfile:str repnumber:int timestamp:str sig:str'],
  ['MobileContactEmailUpdate', 'update', 'emailid:int contactnumber:int email:str primary:bool repnumber:int timestamp:str sig:str mobilekey:str'],
  ['MobileServiceOrderRepAssignedDelete', 'delete', 'reptodelete:int sonumber:int repnumber:int timestamp:str sig:str'],
  ['MobileOpportunitySearch', 'search', 'opportunityname:str accountname:str contactname:str repnumber:int timestamp:str sig:str'],
  ['MobileAccountSearch', 'search', 'accountname:str contactname:str telephone:str email:str repnumber:int timestamp:str sig:str'],
  ['MobileContactSearch', 'search', 'firstname:str lastname:str telephone:str email:str repnumber:int timestamp:str sig:str'],
  ['MobilePartsUsedAssemblyList', 'list', 'fksopartsused:int sonumber:str repnumber:int timestamp:str sig:str'],
  ['MobileDispatchUpdate', 'update', 'taskkeyid:int status:int repnumber:int timestamp:str sig:str mobilekey:str'],
  ['MobileContactEmailDelete', 'delete', 'emailid:int repnumber:int timestamp:str sig:str mobilekey:str'],
  ['MobileManagedAssetsDropDown', 'list', 'accountnumber:str repnumber:int timestamp:str sig:str'],
  ['MobilePartsUsedList', 'list', 'sopartsusedkeyid:int sonumber:str repnumber:int timestamp:str sig:str'],
  ['MobileOpportunitySummary', 'list', 'opportunitynumber:str repnumber:int timestamp:str sig:str'],
  ['MobileAccountDefaultsList', 'list', 'accountnumber:str repnumber:int timestamp:str sig:str'],
];

function parseParams(spec: string): Parameter[] {
  return spec.split(' ').map((pair) => {
    const [name, type] = pair.split(':') as [string, SoapType];
    return Object.freeze({ name, type });
  });
}

/** All 20 operations, in the spec's table order. */
export const operations: readonly Operation[] = Object.freeze(
  table.map(([name, cls, params]) => Object.freeze({ name, class: cls, params: Object.freeze(parseParams(params)) })),
);
