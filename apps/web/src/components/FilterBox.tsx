import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A list's "Filter" box: the text the list is narrowed to (the page debounces it before fetching). */
export function FilterBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextInput label={t('filter')} value={value} onChange={(event) => onChange(event.currentTarget.value)} />
  );
}
