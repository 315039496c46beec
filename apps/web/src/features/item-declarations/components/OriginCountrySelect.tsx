import { Select } from '@mantine/core';
import { COUNTRY_CODES } from '@parcelops/shared';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

interface OriginCountrySelectProps {
  label: string;
  /** The chosen ISO 3166-1 alpha-2 code, '' for none. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Shown while nothing is chosen: what the server uses then. */
  placeholder?: string;
  /** Whether the choice may be emptied (an order's item: the SKU's origin, else VN, applies). */
  clearable?: boolean;
  disabled?: boolean;
  error?: string;
}

/**
 * Mantine keeps a closed list mounted (hidden) by default: 249 options a select, a select an item and up
 * to 200 items an order would make a page of tens of thousands of nodes, so the list exists only while open.
 */
const COMBOBOX_PROPS = { withinPortal: true, keepMounted: false };

/** The countries as options: the code first, then the name in the screen's language ("VN – Vietnam"). */
function countryOptions(language: string) {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  } catch {
    // A browser without region names still offers the codes.
  }
  return COUNTRY_CODES.map((code) => {
    const name = names?.of(code);
    return { value: code, label: name ? `${code} – ${name}` : code };
  });
}

/**
 * Where an item's goods were made (issue 20): one of ISO 3166-1's codes, searched by code or name. Memoised:
 * the order form re-renders its items on every keystroke.
 */
export const OriginCountrySelect = memo(function OriginCountrySelect({
  label,
  value,
  onChange,
  onBlur,
  placeholder,
  clearable = false,
  disabled,
  error,
}: OriginCountrySelectProps) {
  const { t, i18n } = useTranslation('catalogs');
  const options = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={options}
      searchable
      clearable={clearable}
      allowDeselect={clearable}
      nothingFoundMessage={t('declarations.form.noCountry')}
      value={value || null}
      onChange={(code) => onChange(code ?? '')}
      onBlur={onBlur}
      disabled={disabled}
      error={error}
      comboboxProps={COMBOBOX_PROPS}
    />
  );
});
