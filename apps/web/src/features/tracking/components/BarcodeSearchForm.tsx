import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';

interface BarcodeSearchFormProps {
  /** What the box starts with, e.g. the barcode already in the URL. */
  initialBarcode?: string;
  onSearch: (barcode: string) => void;
  /** The button's text: "Search" on the tracking page. */
  buttonLabel?: string;
}

/** A barcode box and its button; Enter searches too. Blank input searches nothing. */
export function BarcodeSearchForm({
  initialBarcode = '',
  onSearch,
  buttonLabel = 'Search',
}: BarcodeSearchFormProps) {
  const [barcode, setBarcode] = useState(initialBarcode);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = barcode.trim();
    if (value) onSearch(value);
  };
  return (
    <form onSubmit={submit} aria-label="Track a parcel">
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Barcode"
          value={barcode}
          onChange={(event) => setBarcode(event.currentTarget.value)}
          autoComplete="off"
          style={{ flex: 1 }}
        />
        <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
          {buttonLabel}
        </Button>
      </Group>
    </form>
  );
}
