import { describe, expect, it } from 'vitest';
import { englishOf, renderText } from '../texts/catalog.ts';
import type { Text } from '../texts/text.ts';
import { countryCodeOfName, countryName } from './country-names.ts';
import {
  destinationAddressProblem,
  destinationCountryProblem,
  normalizeZip,
  usStateProblem,
  zipFormatProblem,
  zipStateProblem,
} from './destinations.ts';
import { US_STATES, usStateCodeOfName } from './us-states.ts';

const english = (words: Text | null) => (words ? englishOf(words) : null);

/** A stand-in for the server's ZIP data set. */
const ZIPS: Record<string, string> = { '90001': 'CA', '10001': 'NY', '98101': 'WA', '00601': 'PR' };
const lookup = (zip5: string) => ZIPS[zip5];

describe('destination country', () => {
  it('takes the destination code in any case', () => {
    expect(destinationCountryProblem('US')).toBeNull();
    expect(destinationCountryProblem('us')).toBeNull();
  });

  it('names the code to use for a name of the destination, in English or Vietnamese', () => {
    for (const given of [
      'United States',
      'USA',
      'U.S.A.',
      'united states of america',
      'America',
      'Hoa Kỳ',
      'Mỹ',
    ])
      expect(english(destinationCountryProblem(given)), given).toBe(`Use the country code US for ${given}`);
  });

  it('says that other countries are not destinations, by code or by name', () => {
    expect(english(destinationCountryProblem('VN'))).toBe(
      'VN is not a destination: orders ship to the United States only (country code US)',
    );
    expect(english(destinationCountryProblem('Vietnam'))).toBe(
      'Vietnam is not a destination: orders ship to the United States only (country code US)',
    );
    expect(english(destinationCountryProblem('Việt Nam'))).toMatch(/^Việt Nam is not a destination/);
    expect(english(destinationCountryProblem('Germany'))).toMatch(/^Germany is not a destination/);
  });

  it('sends US territories to their state code', () => {
    expect(english(destinationCountryProblem('PR'))).toBe(
      'PR is addressed as a US state: use the country code US and the state code PR',
    );
    expect(english(destinationCountryProblem('Guam'))).toBe(
      'Guam is addressed as a US state: use the country code US and the state code GU',
    );
  });

  it('says what is not a country at all', () => {
    for (const given of ['XX', 'Mars', '12', 'U'])
      expect(english(destinationCountryProblem(given)), given).toBe(
        `${given} is not a country code: orders ship to the United States only (country code US)`,
      );
  });

  it('speaks Vietnamese too', () => {
    const words = destinationCountryProblem('Vietnam') as Text;
    expect(renderText(words, 'vi')).toBe(
      'Vietnam không phải là nơi nhận hàng: đơn hàng chỉ gửi đến Hoa Kỳ (mã quốc gia US)',
    );
  });
});

describe('country names', () => {
  it('names countries in English and Vietnamese, short forms first', () => {
    expect(countryName('US', 'en')).toBe('United States');
    expect(countryName('US', 'vi')).toBe('Hoa Kỳ');
    expect(countryName('VN', 'en')).toBe('Vietnam');
    expect(countryName('VN', 'vi')).toBe('Việt Nam');
    expect(countryName('XX', 'en')).toBeUndefined();
  });

  it('reads names without case or accents, and aliases', () => {
    expect(countryCodeOfName('viet nam')).toBe('VN');
    expect(countryCodeOfName('VIỆT NAM')).toBe('VN');
    expect(countryCodeOfName('Đức')).toBe('DE');
    expect(countryCodeOfName('usa')).toBe('US');
    expect(countryCodeOfName('  ')).toBeUndefined();
  });
});

describe('US state', () => {
  it('has the 50 states, DC, the territories and the military codes, once each', () => {
    expect(US_STATES).toHaveLength(62);
    expect(new Set(US_STATES.map((entry) => entry.code)).size).toBe(62);
    expect(US_STATES.filter((entry) => entry.group === 'state')).toHaveLength(50);
  });

  it('takes USPS codes and names the code for a state written by name', () => {
    for (const code of ['CA', 'DC', 'PR', 'AE', 'WY']) expect(usStateProblem(code), code).toBeNull();
    expect(english(usStateProblem('California'))).toBe('Use the state code CA for California');
    expect(usStateProblem('ca')).toBeNull();
    expect(usStateCodeOfName('north  carolina')).toBe('NC');
    expect(usStateCodeOfName('Washington, D.C.')).toBe('DC');
    expect(english(usStateProblem('HN'))).toBe(
      'HN is not a US state code: use its two-letter USPS code, such as CA or NY',
    );
  });
});

describe('ZIP code', () => {
  it('takes 5 digits or ZIP+4 with or without the hyphen, stored with it', () => {
    expect(normalizeZip('90001')).toBe('90001');
    expect(normalizeZip('90001-1234')).toBe('90001-1234');
    expect(normalizeZip('900011234')).toBe('90001-1234');
    for (const zip of ['90001', '90001-1234', '900011234']) expect(zipFormatProblem(zip), zip).toBeNull();
  });

  it('refuses other shapes, and suspects a spreadsheet of a dropped leading zero', () => {
    for (const zip of ['9000', '900012', '90001-12', '9000A', 'SW1A 1AA', '90001 1234', '-90001'])
      expect(normalizeZip(zip), zip).toBeUndefined();
    expect(english(zipFormatProblem('ABCDE'))).toBe(
      'ABCDE is not a ZIP code: use 5 digits (90001) or ZIP+4 (90001-1234)',
    );
    expect(english(zipFormatProblem('2108'))).toBe(
      '2108 is not a ZIP code: ZIP codes have 5 digits (did a spreadsheet drop the leading zero of 02108?)',
    );
    expect(english(zipFormatProblem('21081234'))).toMatch(/leading zero of 02108-1234\?\)$/);
  });

  it("names the state a ZIP code of another state is in, and a ZIP code that doesn't exist", () => {
    expect(zipStateProblem('CA', '90001', lookup)).toBeNull();
    expect(zipStateProblem('CA', '90001-1234', lookup)).toBeNull();
    expect(english(zipStateProblem('NY', '90001', lookup))).toBe('90001 is in CA, not NY');
    expect(english(zipStateProblem('NY', '900011234', lookup))).toBe('90001 is in CA, not NY');
    expect(english(zipStateProblem('CA', '99999', lookup))).toBe(
      '99999 is not a known US ZIP code: check the address',
    );
    expect(renderText(zipStateProblem('NY', '90001', lookup) as Text, 'vi')).toBe(
      '90001 thuộc bang CA, không phải NY',
    );
  });

  it('leaves a malformed ZIP code or state to their own rules', () => {
    expect(zipStateProblem('CA', '9000', lookup)).toBeNull();
    expect(zipStateProblem('HN', '90001', lookup)).toBeNull();
  });

  it('checks a US destination address on its ZIP field', () => {
    expect(destinationAddressProblem({ country: 'US', state: 'PR', postalCode: '00601' }, lookup)).toBeNull();
    const problem = destinationAddressProblem({ country: 'US', state: 'WA', postalCode: '10001' }, lookup);
    expect(problem?.path).toBe('postalCode');
    expect(english(problem?.text ?? null)).toBe('10001 is in NY, not WA');
  });
});
