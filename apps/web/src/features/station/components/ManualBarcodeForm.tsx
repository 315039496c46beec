import { Button, Group, TextInput } from '@mantine/core';
import { BARCODE_MAX } from '@parcelops/shared';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A barcode typed by hand, for a bench without a scanner or a label the scanner cannot read: Enter (or Look
 * up) submits it as a scan and empties the field for the next one. The page-wide scanner listener leaves
 * keystrokes in this field alone, so nothing is submitted twice.
 */
export function ManualBarcodeForm({
  onSubmit,
  submitLabel,
}: {
  onSubmit: (code: string) => void;
  /** The button's word where a scan does more than look up (AMS scanning adds the parcel). */
  submitLabel?: string;
}) {
  const { t } = useTranslation('scan');
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) return;
    onSubmit(typed);
    setCode('');
  };
  return (
    <form onSubmit={submit} data-testid="scan-manual-form">
      <Group align="end" gap="xs" wrap="nowrap">
        <TextInput
          label={t('manual.label')}
          description={t('manual.description')}
          placeholder={t('manual.placeholder')}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          maxLength={BARCODE_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          data-testid="scan-manual-input"
          style={{ flexGrow: 1, minWidth: 0 }}
        />
        {/* Never squeezed by the box beside it: "Look up" stays whole on a 390 px phone. */}
        <Button
          type="submit"
          variant="default"
          leftSection={<IconSearch size={16} aria-hidden />}
          style={{ flexShrink: 0 }}
        >
          {submitLabel ?? t('manual.submit')}
        </Button>
      </Group>
    </form>
  );
}
