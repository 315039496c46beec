import { SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { AMS_CARRIERS } from '@parcelops/shared';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type AmsScanFields, isCarrier } from '../ams-scan-fields.ts';

const TEXT_FIELDS = [
  { name: 'masterAirWaybill', label: 'fields.masterAirWaybill', required: true, maxLength: 20 },
  { name: 'airportCode', label: 'fields.airportCode', required: true, maxLength: 3 },
  { name: 'hawb', label: 'fields.hawb', required: true, maxLength: 12 },
  { name: 'serviceType', label: 'fields.serviceType', required: true, maxLength: 50 },
  { name: 'ams_carton_label', label: 'fields.cartonLabel', required: true, maxLength: 50 },
  { name: 'receptacleId', label: 'fields.receptacleId', required: false, maxLength: 50 },
] as const;

interface AmsScanFieldsFormProps {
  fields: AmsScanFields;
  onChange: (patch: Partial<AmsScanFields>) => void;
}

/**
 * The waybill data sent with every scan (filled from the AMS picked, editable), the carton label and the
 * receptacle id. The page-wide scanner leaves a focused field alone, so Enter in a field lets go of it: the
 * next scan goes to the AMS, not into the field.
 */
export function AmsScanFieldsForm({ fields, onChange }: AmsScanFieldsFormProps) {
  const { t } = useTranslation('amsScan');
  const letGo = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.currentTarget.blur();
  };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {TEXT_FIELDS.map(({ name, label, required, maxLength }) => (
          <TextInput
            key={name}
            label={t(label)}
            value={fields[name]}
            onChange={(event) => onChange({ [name]: event.currentTarget.value })}
            onKeyDown={letGo}
            withAsterisk={required}
            maxLength={maxLength}
            autoComplete="off"
            spellCheck={false}
            data-testid={`ams-scan-${name}`}
          />
        ))}
        <div>
          <Text id="ams-scan-carrier-label" size="sm" fw={500} mb={4}>
            {t('fields.carrier')}{' '}
            <Text span c="red" aria-hidden>
              *
            </Text>
          </Text>
          <SegmentedControl
            aria-labelledby="ams-scan-carrier-label"
            value={fields.carrier}
            onChange={(value) => {
              if (isCarrier(value)) onChange({ carrier: value });
            }}
            data={[...AMS_CARRIERS]}
            fullWidth
            data-testid="ams-scan-carrier"
          />
        </div>
      </SimpleGrid>
      <Text size="sm" c="gray.7">
        {t('fields.hint')}
      </Text>
    </Stack>
  );
}
