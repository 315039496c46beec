import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface BarcodeSearchFormProps {
  /** What the box starts with, e.g. the barcode already in the URL. */
  initialBarcode?: string;
  onSearch: (barcode: string) => void;
  /** The button's text: "Search" on the tracking page. */
  buttonLabel?: string;
}

/**
 * A barcode box and its button; Enter searches too. A blank box is refused with a field error, no call.
 * Barcodes are printed in capitals, so the box shows what is typed in capitals and searches for that.
 */
export function BarcodeSearchForm({ initialBarcode = '', onSearch, buttonLabel }: BarcodeSearchFormProps) {
  const { t } = useTranslation('tracking');
  const [barcode, setBarcode] = useState(initialBarcode);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = barcode.trim();
    if (!value) {
      setError(t('barcodeRequired'));
      return;
    }
    setError(null);
    onSearch(value.toUpperCase());
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('formLabel')}>
      <Group align="flex-start" gap="sm">
        <TextInput
          label={t('barcode')}
          value={barcode}
          onChange={(event) => {
            setBarcode(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          // Capitals by style rather than by rewriting the value, so the caret stays where the person types.
          styles={{ input: { textTransform: 'uppercase' } }}
          style={{ flex: 1 }}
        />
        {/* Lined up with the box, not with the error under it: the label's height above. */}
        <Button type="submit" mt={25} leftSection={<IconSearch size={16} aria-hidden />}>
          {buttonLabel ?? t('search')}
        </Button>
      </Group>
    </form>
  );
}
