/**
 * The USPS state codes a US address may carry: the 50 states, DC, the territories and freely associated states
 * USPS serves as domestic mail, and the military (APO/FPO/DPO) codes. These are the 62 codes of the ZIP data
 * set the server checks ZIP codes against, so every code here has ZIP codes and every ZIP code has its code.
 * Names are proper names, the same in Vietnamese, except where a name is words rather than a name (`vi`).
 */

export type UsStateGroup = 'state' | 'district' | 'territory' | 'freelyAssociated' | 'military';

export interface UsState {
  code: string;
  name: string;
  /** The Vietnamese name, where it is not the English one. */
  vi?: string;
  group: UsStateGroup;
}

const state = (code: string, name: string): UsState => ({ code, name, group: 'state' });

export const US_STATES: readonly UsState[] = [
  state('AL', 'Alabama'),
  state('AK', 'Alaska'),
  state('AZ', 'Arizona'),
  state('AR', 'Arkansas'),
  state('CA', 'California'),
  state('CO', 'Colorado'),
  state('CT', 'Connecticut'),
  state('DE', 'Delaware'),
  state('FL', 'Florida'),
  state('GA', 'Georgia'),
  state('HI', 'Hawaii'),
  state('ID', 'Idaho'),
  state('IL', 'Illinois'),
  state('IN', 'Indiana'),
  state('IA', 'Iowa'),
  state('KS', 'Kansas'),
  state('KY', 'Kentucky'),
  state('LA', 'Louisiana'),
  state('ME', 'Maine'),
  state('MD', 'Maryland'),
  state('MA', 'Massachusetts'),
  state('MI', 'Michigan'),
  state('MN', 'Minnesota'),
  state('MS', 'Mississippi'),
  state('MO', 'Missouri'),
  state('MT', 'Montana'),
  state('NE', 'Nebraska'),
  state('NV', 'Nevada'),
  state('NH', 'New Hampshire'),
  state('NJ', 'New Jersey'),
  state('NM', 'New Mexico'),
  state('NY', 'New York'),
  state('NC', 'North Carolina'),
  state('ND', 'North Dakota'),
  state('OH', 'Ohio'),
  state('OK', 'Oklahoma'),
  state('OR', 'Oregon'),
  state('PA', 'Pennsylvania'),
  state('RI', 'Rhode Island'),
  state('SC', 'South Carolina'),
  state('SD', 'South Dakota'),
  state('TN', 'Tennessee'),
  state('TX', 'Texas'),
  state('UT', 'Utah'),
  state('VT', 'Vermont'),
  state('VA', 'Virginia'),
  state('WA', 'Washington'),
  state('WV', 'West Virginia'),
  state('WI', 'Wisconsin'),
  state('WY', 'Wyoming'),
  { code: 'DC', name: 'District of Columbia', vi: 'Đặc khu Columbia', group: 'district' },
  { code: 'AS', name: 'American Samoa', vi: 'Samoa thuộc Mỹ', group: 'territory' },
  { code: 'GU', name: 'Guam', group: 'territory' },
  { code: 'MP', name: 'Northern Mariana Islands', vi: 'Quần đảo Bắc Mariana', group: 'territory' },
  { code: 'PR', name: 'Puerto Rico', group: 'territory' },
  { code: 'VI', name: 'U.S. Virgin Islands', vi: 'Quần đảo Virgin thuộc Mỹ', group: 'territory' },
  {
    code: 'FM',
    name: 'Federated States of Micronesia',
    vi: 'Liên bang Micronesia',
    group: 'freelyAssociated',
  },
  { code: 'MH', name: 'Marshall Islands', vi: 'Quần đảo Marshall', group: 'freelyAssociated' },
  { code: 'PW', name: 'Palau', group: 'freelyAssociated' },
  {
    code: 'AA',
    name: 'Armed Forces Americas',
    vi: 'Quân đội Hoa Kỳ tại châu Mỹ',
    group: 'military',
  },
  {
    code: 'AE',
    name: 'Armed Forces Europe, Middle East, Africa and Canada',
    vi: 'Quân đội Hoa Kỳ tại châu Âu, Trung Đông, châu Phi và Canada',
    group: 'military',
  },
  { code: 'AP', name: 'Armed Forces Pacific', vi: 'Quân đội Hoa Kỳ tại Thái Bình Dương', group: 'military' },
];

const BY_CODE = new Map(US_STATES.map((entry) => [entry.code, entry]));

export const isUsStateCode = (code: string): boolean => BY_CODE.has(code);

export function usState(code: string): UsState | undefined {
  return BY_CODE.get(code);
}

/** Folds case, accents and punctuation, so "north  carolina" and "N. Carolina" compare as words. */
export function foldName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const BY_NAME = new Map(
  US_STATES.flatMap((entry) => [
    [foldName(entry.name), entry.code] as const,
    ...(entry.vi ? [[foldName(entry.vi), entry.code] as const] : []),
  ]),
);
// Names people write for these beside their USPS ones.
for (const [alias, code] of [
  ['Washington DC', 'DC'],
  ['Washington D C', 'DC'],
  ['Virgin Islands', 'VI'],
  ['US Virgin Islands', 'VI'],
  ['Micronesia', 'FM'],
] as const)
  BY_NAME.set(foldName(alias), code);

/** The USPS code of a state written by name ("California", "district of columbia"), or undefined. */
export function usStateCodeOfName(name: string): string | undefined {
  return BY_NAME.get(foldName(name));
}
