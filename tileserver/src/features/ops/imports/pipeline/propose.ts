// The proposed mapping for a file nobody has mapped yet: each source column matched to the schema
// field it most likely holds, by its name (the names counties use, then words in the name such as
// "land use" or "acre") and by its content (numbers, years, ZIPs, addresses, codes or descriptions),
// with a confidence and the reason for each match, and the columns left unmapped.
import type { ProposedMatch } from '@parcel-map/contracts/ops/imports';
import type { Catalog, Mapping } from './mapping.ts';

// One match: the field, its column (two for an address joined from house number and street), a
// confidence (a usual name with fitting values ~0.95, a telling word in the name ~0.75, content alone
// ~0.5) and the reason. The admin page reads the same shape from the report.
export type { ProposedMatch };

export interface SourceColumn {
  name: string;
  /** Up to a few hundred values of the first rows, as text (null when blank). */
  samples: (string | null)[];
}

// Column names (upper case, letters and digits only) that mean a schema field, best first.
const names: Record<string, string[]> = {
  parcelnumb: ['PARCELNUMB', 'APN', 'PIN', 'PARCELID', 'PARCEL_ID', 'PARCELNO', 'PARCELNUM', 'PARCELNUMBER', 'PARID', 'PID', 'MAPLOT', 'MAPPARID', 'MBL', 'MAPBLOCKLOT', 'GISPIN', 'PARCEL', 'PROPID', 'TAXPARCEL', 'SPAN'],
  state_parcelnumb: ['STATEPARCELNUMB', 'LOCID', 'STATEPIN', 'STATEID'],
  account_number: ['ACCOUNTNUMBER', 'ACCOUNT', 'ACCT', 'ACCTNUM', 'ACCOUNTNO'],
  owner: ['OWNER', 'OWNER1', 'OWNERNAME', 'OWNNAME', 'OWNNAME1', 'OWNER1NAME', 'OWN1', 'TAXPAYER', 'OWNERNME1', 'OWNERNAME1'],
  owner2: ['OWNER2', 'OWNERNAME2', 'OWN2', 'OWNNAME2', 'COOWNER'],
  mailadd: ['MAILADD', 'MAILADDR', 'MAILADDRESS', 'MAILINGADDRESS', 'OWNADDR', 'OWNERADDR', 'OWNERADDRESS', 'MAILADDR1'],
  mail_city: ['MAILCITY', 'OWNCITY', 'OWNERCITY'],
  mail_state2: ['MAILSTATE', 'OWNSTATE', 'OWNERSTATE', 'MAILSTATE2'],
  mail_zip: ['MAILZIP', 'OWNZIP', 'OWNERZIP', 'MAILZIPCODE'],
  address: ['ADDRESS', 'SITEADDR', 'SITEADDRESS', 'SITUS', 'SITUSADDR', 'SITUSADDRESS', 'PROPADDR', 'PROPERTYADDRESS', 'FULLADDR', 'FULLADDRESS', 'LOCADDR', 'LOCATION', 'PHYSADDR'],
  saddno: ['SADDNO', 'ADDRNUM', 'ADDNUM', 'HOUSENO', 'HOUSENUM', 'HSENUM', 'HSENO', 'STNUM', 'STREETNUM', 'STREETNO', 'SITUSNUM', 'ADDRNO', 'NUMBER'],
  saddstr: ['SADDSTR', 'STREET', 'STREETNAME', 'STNAME', 'FULLSTR', 'STRNAME', 'SITUSSTREET'],
  sunit: ['SUNIT', 'UNIT', 'UNITNO', 'APT'],
  scity: ['SCITY', 'CITY', 'SITECITY', 'SITUSCITY', 'TOWN', 'MUNICIPALITY'],
  szip: ['SZIP', 'ZIP', 'ZIPCODE', 'SITEZIP', 'SITUSZIP', 'ZIP5'],
  usecode: ['USECODE', 'LUC', 'LANDUSE', 'LANDUSECODE', 'LUCODE', 'PROPCLASS', 'CLASSCODE', 'USE', 'PROPERTYCLASS', 'STATECLASS'],
  usedesc: ['USEDESC', 'USEDESCRIPTION', 'LANDUSEDESC', 'LUDESC', 'CLASSDESC', 'PROPCLASSDESC'],
  zoning: ['ZONING', 'ZONE', 'ZONINGCODE', 'ZONECODE'],
  zoning_description: ['ZONINGDESC', 'ZONEDESC', 'ZONINGDESCRIPTION'],
  improvval: ['IMPROVVAL', 'BLDGVAL', 'BLDGVALUE', 'BUILDINGVALUE', 'IMPVAL', 'IMPRVAL', 'IMPROVEMENTVALUE', 'BLDVAL', 'IMPVALUE'],
  landval: ['LANDVAL', 'LANDVALUE', 'LANDASSESS', 'LNDVAL'],
  parval: ['PARVAL', 'TOTALVAL', 'TOTVAL', 'TOTALVALUE', 'TOTASSESS', 'TOTALASSESS', 'ASSESSEDVALUE', 'ASSESSVAL', 'MKTVAL', 'MARKETVALUE', 'APPRVAL', 'TOTAPPR'],
  agval: ['AGVAL', 'AGVALUE'],
  saleprice: ['SALEPRICE', 'LSPRICE', 'SALEAMT', 'SALEAMOUNT', 'LASTSALEPRICE', 'PRICE'],
  saledate: ['SALEDATE', 'LSDATE', 'SALEDT', 'LASTSALEDATE', 'DEEDDATE'],
  taxamt: ['TAXAMT', 'TAX', 'TAXAMOUNT', 'TAXBILL'],
  taxyear: ['TAXYEAR', 'FY', 'FISCALYEAR', 'FISCALYR'],
  yearbuilt: ['YEARBUILT', 'YRBUILT', 'YRBLT', 'YEARBLT', 'YRBLD', 'BUILT', 'ACTYRBLT'],
  numstories: ['NUMSTORIES', 'STORIES', 'STORY', 'NUMSTORY'],
  numunits: ['NUMUNITS', 'UNITS', 'UNITCOUNT', 'LIVINGUNITS'],
  numrooms: ['NUMROOMS', 'ROOMS', 'TOTROOMS'],
  structstyle: ['STRUCTSTYLE', 'STYLE', 'BLDGSTYLE'],
  recrdareano: ['RECRDAREANO', 'BLDAREA', 'BLDGAREA', 'LIVINGAREA', 'GROSSAREA', 'BLDGSQFT', 'SQFTLIVING', 'FINSQFT'],
  gisacre: ['GISACRE', 'ACRES', 'GISACRES', 'CALCACRES', 'ACREAGE'],
  deeded_acres: ['DEEDEDACRES', 'DEEDACRES', 'LEGALACRES'],
  sqft: ['SQFT', 'LOTSIZE', 'LOTSQFT', 'LANDAREA', 'LANDSQFT'],
  legaldesc: ['LEGALDESC', 'LEGAL', 'LEGALDESCRIPTION'],
  subdivision: ['SUBDIVISION', 'SUBDIV', 'SUBNAME'],
  neighborhood: ['NEIGHBORHOOD', 'NBHD', 'NBHDNAME'],
  book: ['BOOK', 'DEEDBOOK'],
  page: ['PAGE', 'DEEDPAGE'],
  block: ['BLOCK', 'BLK'],
  lot: ['LOT'],
};

const normal = (name: string) => name.toUpperCase().replace(/[^A-Z0-9]/g, '');

export interface Proposal {
  /** A mapping the importer accepts (what is written beside the file). */
  mapping: Mapping;
  matches: ProposedMatch[];
  /** Source columns no field took, in file order. */
  unmapped: string[];
}

// What a column's values look like, from its samples.
interface Profile {
  filled: string[];
  number: number;
  year: number;
  zip: number;
  date: number;
  address: number;
  houseNumber: number;
  words: number;
  code: number;
  unique: number;
}

const shareOf = (values: string[], test: (v: string) => boolean) => (values.length === 0 ? 0 : values.filter(test).length / values.length);
const isNumber = (v: string) => /^-?\d+(\.\d+)?$/.test(v.replace(/[$,\s]/g, ''));

function profile(c: SourceColumn): Profile {
  const filled = c.samples.filter((v): v is string => v !== null).map((v) => v.trim());
  return {
    filled,
    number: shareOf(filled, isNumber),
    year: shareOf(filled, (v) => /^(1[6-9]|20)\d\d(\.0+)?$/.test(v) || /^0+$/.test(v)),
    zip: shareOf(filled, (v) => /^\d{5}(-?\d{4})?$/.test(v)),
    date: shareOf(filled, (v) => /^(\d{4}-?\d{2}-?\d{2}|\d{1,2}\/\d{1,2}\/\d{4})/.test(v)),
    address: shareOf(filled, (v) => /^\d+[A-Z]?(-\d+[A-Z]?)?\s+[A-Za-z0-9].*[A-Za-z]/.test(v)),
    houseNumber: shareOf(filled, (v) => /^\d+[A-Z]?(-\d+[A-Z]?)?$/i.test(v)),
    // Descriptions: words (a space, or a long word in letters), not codes like R1 or 101.
    words: shareOf(filled, (v) => /[A-Za-z]{3}/.test(v) && (/[A-Za-z]\s+[A-Za-z]/.test(v) || /^[A-Za-z/&-]{5,}$/.test(v))),
    code: shareOf(filled, (v) => /^[A-Z0-9][A-Z0-9.\-/]{0,5}$/i.test(v)),
    unique: filled.length === 0 ? 0 : new Set(filled).size / filled.length,
  };
}

const pctOf = (share: number) => `${Math.round(share * 100)}%`;
const examples = (p: Profile) => [...new Set(p.filled)].slice(0, 2).map((v) => JSON.stringify(v)).join(', ');

// Fields whose code and description a county may publish in one column: the values say which.
const pairs: Record<string, [code: string, desc: string]> = { usecode: ['usecode', 'usedesc'], zoning: ['zoning', 'zoning_description'] };

// Words in a column name (upper case, letters and digits only) that tell the field it holds.
const hints: { field: string; test: RegExp; not?: RegExp; says: string }[] = [
  { field: 'parcelnumb', test: /PARCEL|APN|PID$|^PIN|MAPLOT|MAPBLOCK/, not: /STATE|ACRE|AREA|SQFT|TYPE/, says: 'a parcel id' },
  { field: 'owner2', test: /OWN.*2$|COOWN/, says: 'a second owner' },
  { field: 'mailadd', test: /(MAIL|OWN).*(ADD|ADR)/, says: 'a mailing address' },
  { field: 'mail_city', test: /(MAIL|OWN).*CITY/, says: 'a mailing city' },
  { field: 'mail_state2', test: /(MAIL|OWN).*(STATE|ST)$/, says: 'a mailing state' },
  { field: 'mail_zip', test: /(MAIL|OWN).*ZIP/, says: 'a mailing ZIP' },
  { field: 'owner', test: /OWN|TAXPAYER|GRANTEE/, not: /TOWN|ADD|ADR|CITY|STATE|ZIP|TYPE|TYP|OCC|2$|3$/, says: 'an owner' },
  { field: 'yearbuilt', test: /(YR|YEAR).*(BUILT|BLT|BLD)|BUILT/, says: 'a year built' },
  { field: 'usecode', test: /LANDUSE|USE|PROPCLASS|CLASS|PROPTYPE|PROPERTYTYPE|^LU$|^LU(C|CD|CODE|DESC|DSC|TYPE)/, not: /ZON|HOUSE|USER/, says: 'land use' },
  { field: 'zoning', test: /ZON/, says: 'zoning' },
  { field: 'deeded_acres', test: /(DEED|LEGAL).*ACRE/, says: 'deeded acres' },
  { field: 'gisacre', test: /ACRE|ACRG|^ACS$/, says: 'acres' },
  { field: 'recrdareano', test: /(BLDG|BLD|BUILDING|LIVING|LIV|HEATED|FIN|GROSS).*(AREA|SQFT|SF)$/, says: 'a building area' },
  { field: 'sqft', test: /(LOT|LAND|PARCEL).*(SQFT|SF|AREA)$|^SQFT|SQFEET|SQUAREFEET/, says: 'a lot area' },
  { field: 'saddno', test: /(ST|STR|STREET|HOUSE|HSE|ADDR|ADD|SITUS|SITE|LOC)(NUM|NO|NUMBER|NBR)$|^(HOUSE)?NUM(BER)?$/, says: 'a house number' },
  { field: 'saddstr', test: /(ST|STR|STREET|SITUS|SITE|LOC|ROAD)NAME|^STREET$|^STNM$/, says: 'a street name' },
  { field: 'address', test: /ADDR|ADDRESS|SITUS|LOCATION|PROPADD|PHYSADD/, not: /MAIL|OWN|NUM|NO$/, says: 'a site address' },
  { field: 'szip', test: /ZIP|POSTAL/, not: /MAIL|OWN/, says: 'a ZIP code' },
  { field: 'scity', test: /CITY|TOWN|MUNI/, not: /MAIL|OWN/, says: 'a site city' },
  { field: 'landval', test: /LAND.*(VAL|ASS|APPR)/, says: 'a land value' },
  { field: 'improvval', test: /(BLDG|BLD|BUILDING|IMP|IMPR|IMPROV).*(VAL|ASS|APPR)/, says: 'an improvement value' },
  { field: 'parval', test: /(TOT|TOTAL|ASSESS|APPR|MARKET|MKT|JUST).*VAL|^ASSESS|^APPRAIS/, says: 'a total value' },
  { field: 'saleprice', test: /SALE.*(PR|AMT|AMOUNT|VAL)|PRICE|CONSID/, says: 'a sale price' },
  { field: 'saledate', test: /(SALE|DEED|TRANSFER|XFER).*(DATE|DT)$/, says: 'a sale date' },
  { field: 'taxamt', test: /TAX(AMT|AMOUNT|BILL|DUE|LEVY)/, says: 'a tax amount' },
  { field: 'taxyear', test: /TAX.*(YR|YEAR)|FISCAL/, says: 'a tax year' },
  { field: 'numstories', test: /STOR/, says: 'stories' },
  { field: 'numunits', test: /UNITS|UNITCOUNT|NUMUNIT|DWELL/, says: 'a unit count' },
  { field: 'numrooms', test: /ROOM/, says: 'rooms' },
  { field: 'structstyle', test: /STYLE/, says: 'a building style' },
  { field: 'legaldesc', test: /LEGAL/, not: /ACRE/, says: 'a legal description' },
  { field: 'subdivision', test: /SUBDIV|SUBD/, says: 'a subdivision' },
  { field: 'neighborhood', test: /NEIGH|NBHD/, says: 'a neighborhood' },
];

const catalogNumeric = (catalog: Catalog, field: string) => ['number', 'integer'].includes(catalog.get(field) ?? '');

/**
 * Whether the values fit the field (and the field they fit better, for a code/description pair),
 * with what the values showed; null when they do not fit.
 */
function fit(field: string, p: Profile, catalog: Catalog): { field: string; note: string } | null {
  const pair = Object.values(pairs).find((fields) => fields.includes(field));
  if (pair) {
    // A usual code name (LUC, ZONING) holding descriptions, or a description name holding codes, is
    // mapped by what it holds.
    if (p.words >= 0.7) return { field: pair[1], note: `its values are descriptions (${examples(p)})` };
    if (p.code >= 0.8) return { field: pair[0], note: `its values are codes (${examples(p)})` };
    return { field, note: `values ${examples(p)}` };
  }
  if (field === 'yearbuilt') return p.year >= 0.8 ? { field, note: `${pctOf(p.year)} of its values are years` } : null;
  if (field === 'szip') return p.zip >= 0.8 ? { field, note: `${pctOf(p.zip)} of its values are ZIP codes` } : null;
  if (field === 'mail_zip') return shareOf(p.filled, (v) => /^\d{3,5}(-?\d{4})?$/.test(v)) >= 0.5 ? { field, note: 'its values are ZIP codes' } : null;
  if (field === 'parcelnumb') return p.unique >= 0.9 ? { field, note: `${pctOf(p.unique)} of its values are unique` } : null;
  if (field === 'saddno') return p.houseNumber >= 0.8 ? { field, note: `${pctOf(p.houseNumber)} of its values are house numbers` } : null;
  if (field === 'address') return p.address >= 0.5 ? { field, note: `${pctOf(p.address)} of its values look like addresses (${examples(p)})` } : null;
  if (catalog.get(field) === 'date') return p.date >= 0.5 ? { field, note: `${pctOf(p.date)} of its values are dates` } : null;
  if (catalogNumeric(catalog, field)) return p.number >= 0.8 ? { field, note: `${pctOf(p.number)} of its values are numbers` } : null;
  return { field, note: `values ${examples(p)}` };
}

/** A mapping proposal for the given source columns (only fields of the catalog), with its reasons. */
export function proposeMapping(columns: SourceColumn[], catalog: Catalog): Proposal {
  const candidates: (ProposedMatch & { rank: number })[] = [];
  const offer = (field: string, column: SourceColumn, confidence: number, because: string, p: Profile, rank: number) => {
    const fitted = fit(field, p, catalog);
    if (!fitted || !catalog.has(fitted.field)) return;
    candidates.push({ field: fitted.field, columns: [column.name], confidence, reason: `${because}; ${fitted.note}`, rank });
  };
  for (const column of columns) {
    const p = profile(column);
    if (p.filled.length === 0) continue;
    const name = normal(column.name);
    for (const [field, usual] of Object.entries(names)) {
      const at = usual.indexOf(name);
      if (at >= 0) offer(field, column, 0.95, `the name ${column.name} is a usual name for ${field}`, p, at);
    }
    if (catalog.has(column.name.toLowerCase())) offer(column.name.toLowerCase(), column, 0.95, `the name ${column.name} is the schema's own`, p, 0);
    for (const hint of hints) {
      if (hint.test.test(name) && !hint.not?.test(name)) offer(hint.field, column, 0.75, `the name ${column.name} says ${hint.says}`, p, 50);
    }
    // Content alone: addresses and parcel ids are recognisable without a telling name.
    if (p.address >= 0.8) offer('address', column, 0.55, `${column.name} holds text shaped like site addresses`, p, 90);
    if (p.unique >= 0.9 && shareOf(p.filled, (v) => /^[0-9A-Z][0-9A-Z.\-_ /]{2,30}$/i.test(v) && /\d/.test(v)) >= 0.9 && p.number < 1) {
      offer('parcelnumb', column, 0.5, `${column.name} holds unique identifier-like values`, p, 95);
    }
  }
  // Best first: confidence, then the earlier usual name, then file order (sort is stable).
  candidates.sort((a, b) => b.confidence - a.confidence || a.rank - b.rank);
  const mapping: Mapping = {};
  const matches: ProposedMatch[] = [];
  const used = new Set<string>();
  for (const { rank: _rank, ...match } of candidates) {
    if (mapping[match.field] || used.has(match.columns[0]!)) continue;
    mapping[match.field] = match.columns[0]!;
    used.add(match.columns[0]!);
    matches.push(match);
  }
  // Site address from house number plus street when the file has no full address.
  if (!mapping.address && typeof mapping.saddno === 'string' && typeof mapping.saddstr === 'string' && catalog.has('address')) {
    mapping.address = { concat: [mapping.saddno, mapping.saddstr], separator: ' ' };
    matches.push({ field: 'address', columns: [mapping.saddno, mapping.saddstr], confidence: 0.8, reason: `house number ${mapping.saddno} and street ${mapping.saddstr} joined` });
  }
  // The schema's order (parcel number, owner, address, ... as in the names table): the file reads like a form.
  const order = new Map(Object.keys(names).map((f, i) => [f, i]));
  matches.sort((a, b) => (order.get(a.field) ?? 99) - (order.get(b.field) ?? 99) || a.field.localeCompare(b.field));
  const ordered: Mapping = Object.fromEntries(matches.map((m) => [m.field, mapping[m.field]!]));
  return { mapping: ordered, matches, unmapped: columns.map((c) => c.name).filter((c) => !used.has(c)) };
}
