import { Button, Group, NumberInput, Paper, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AmsScanRow } from '../scan-rows.ts';

/** The largest weight the server takes (AmsWeightInputSchema), grams. */
const MAX_WEIGHT = 1_000_000;

interface AmsWeightFormProps {
  /** The last parcel scanned in; null (nothing to weigh) keeps the form disabled. */
  target: AmsScanRow | null;
  pending: boolean;
  onSubmit: (target: AmsScanRow, weight: number) => void;
}

/**
 * The hub's re-weigh (product decisions, Air manifests): whole grams, 0 or more, for the last parcel scanned in
 * successfully. Starts from its current weight; the page keys it by that parcel, so a new scan starts afresh.
 */
export function AmsWeightForm({ target, pending, onSubmit }: AmsWeightFormProps) {
  const { t } = useTranslation('amsScan');
  const [weight, setWeight] = useState<number | string>(target?.weight ?? '');
  const valid = typeof weight === 'number' && Number.isInteger(weight) && weight >= 0 && weight <= MAX_WEIGHT;
  const disabled = target === null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!target || !valid) return;
    // Let go of the field, so the next scan goes to the page's scanner, not into it.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    onSubmit(target, weight);
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="ams-scan-weight-heading">
      <Title order={2} size="h4" id="ams-scan-weight-heading" mb={4}>
        {t('weight.heading')}
      </Title>
      <Text
        size="sm"
        c="gray.7"
        mb="sm"
        style={{ overflowWrap: 'anywhere' }}
        data-testid="ams-scan-weight-for"
      >
        {target ? t('weight.for', { barcode: target.barcode }) : t('weight.none')}
      </Text>
      <form onSubmit={submit}>
        <Group align="end" gap="sm">
          <NumberInput
            label={t('weight.label')}
            value={weight}
            onChange={setWeight}
            min={0}
            max={MAX_WEIGHT}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            disabled={disabled}
            data-testid="ams-scan-weight"
            style={{ flex: '1 1 160px' }}
          />
          <Button
            type="submit"
            disabled={disabled || !valid}
            loading={pending}
            data-testid="ams-scan-weight-submit"
          >
            {t('weight.submit')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
