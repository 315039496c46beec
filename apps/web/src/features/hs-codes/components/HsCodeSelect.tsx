import { type ComboboxItem, type OptionsFilter, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { hsCodesQuery } from '../api.ts';

/** Rendering thousands of options at once makes typing sluggish; searching narrows them down. */
const OPTION_LIMIT = 50;

interface HsCodeSelectProps {
  label: string;
  /** The chosen code, '' for none. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  error?: string;
}

/**
 * Picks one of the stored tariff codes (the server refuses codes it does not know). Searches the code and
 * its description; the field shows only the code, as tables and spreadsheets do.
 */
export function HsCodeSelect({ label, value, onChange, onBlur, disabled, error }: HsCodeSelectProps) {
  const { t } = useTranslation('catalogs');
  const hsCodes = useQuery(hsCodesQuery());
  const descriptions = useMemo(
    () => new Map((hsCodes.data ?? []).map((hsCode) => [hsCode.hs_code, hsCode.description])),
    [hsCodes.data],
  );
  // A saved code missing from the list (deleted since, or the list failed to load) must still show.
  const codes = [...descriptions.keys()];
  if (value && !descriptions.has(value)) codes.unshift(value);

  const filter: OptionsFilter = ({ options, search, limit }) => {
    const needle = search.trim().toLowerCase();
    const found: ComboboxItem[] = [];
    for (const option of options) {
      if (found.length >= limit) break;
      if ('group' in option) continue;
      const description = descriptions.get(option.value) ?? '';
      if (!needle || `${option.label} ${description}`.toLowerCase().includes(needle)) found.push(option);
    }
    return found;
  };

  return (
    <Select
      label={label}
      placeholder={t('hsCodes.searchPlaceholder')}
      data={codes}
      searchable
      clearable
      limit={OPTION_LIMIT}
      filter={filter}
      nothingFoundMessage={t('hsCodes.nothingFound')}
      renderOption={({ option }) => (
        <Stack gap={0}>
          <Text size="sm">{option.label}</Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {descriptions.get(option.value)}
          </Text>
        </Stack>
      )}
      value={value || null}
      onChange={(code) => onChange(code ?? '')}
      onBlur={onBlur}
      disabled={disabled}
      error={error}
    />
  );
}
