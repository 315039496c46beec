/**
 * Descriptions US Customs (CBP) refuses as too vague for an advance air cargo filing (CSMS #60011750 and CBP's
 * list of unacceptable descriptions). Matched on the whole description, without case or a plural "s": extend
 * the list here (it is printed in the README).
 */
export const VAGUE_DESCRIPTIONS: readonly string[] = [
  'accessories',
  'apparel',
  'consolidated',
  'consolidation',
  'daily necessities',
  'freight of all kinds',
  'gift',
  'general merchandise',
  'goods',
  'household goods',
  'items',
  'merchandise',
  'miscellaneous',
  'parts',
  'personal effects',
  'sample',
  'spare parts',
  'stc',
  'stuff',
];

const VAGUE = new Set(VAGUE_DESCRIPTIONS);

/** Whether CBP would refuse this description as vague. */
export function isVagueDescription(description: string): boolean {
  const text = description.trim().toLowerCase().replace(/\s+/g, ' ');
  return VAGUE.has(text) || (text.endsWith('s') && VAGUE.has(text.slice(0, -1)));
}
