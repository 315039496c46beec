import { Button, Collapse, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { AMS_CARRIERS } from '@parcelops/shared';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { type KeyboardEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type AmsScanFields, isCarrier } from '../ams-scan-fields.ts';

type TextField = {
  name: 'masterAirWaybill' | 'airportCode' | 'hawb' | 'serviceType' | 'ams_carton_label' | 'receptacleId';
  label: `fields.${'masterAirWaybill' | 'airportCode' | 'hawb' | 'serviceType' | 'cartonLabel' | 'receptacleId'}`;
  required: boolean;
  maxLength: number;
};

/** Filled from the AMS picked: an operator rarely touches them, so a phone may fold them away. */
const WAYBILL_FIELDS: readonly TextField[] = [
  { name: 'masterAirWaybill', label: 'fields.masterAirWaybill', required: true, maxLength: 20 },
  { name: 'airportCode', label: 'fields.airportCode', required: true, maxLength: 3 },
  { name: 'hawb', label: 'fields.hawb', required: true, maxLength: 12 },
  { name: 'serviceType', label: 'fields.serviceType', required: true, maxLength: 50 },
];

/** Typed for each carton: always in sight. */
const CARTON_FIELDS: readonly TextField[] = [
  { name: 'ams_carton_label', label: 'fields.cartonLabel', required: true, maxLength: 50 },
  { name: 'receptacleId', label: 'fields.receptacleId', required: false, maxLength: 50 },
];

interface AmsScanFieldsFormProps {
  fields: AmsScanFields;
  onChange: (patch: Partial<AmsScanFields>) => void;
  /** Whether the waybill data is shown; false folds it into one line with a Show button. */
  waybillShown: boolean;
  /** Offers the Show/Hide button (the page offers it on a narrow screen once an AMS is picked). */
  onToggleWaybill?: () => void;
}

/**
 * The waybill data sent with every scan (filled from the AMS picked, editable), the carton label and the
 * receptacle id. The page-wide scanner leaves a focused field alone, so Enter in a field lets go of it: the
 * next scan goes to the AMS, not into the field. On a phone the waybill data can fold into one line, so the
 * banner and counts stay near the top (issue 28, N16).
 */
export function AmsScanFieldsForm({
  fields,
  onChange,
  waybillShown,
  onToggleWaybill,
}: AmsScanFieldsFormProps) {
  const { t } = useTranslation('amsScan');
  const waybillId = useId();
  const letGo = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.currentTarget.blur();
  };
  const input = ({ name, label, required, maxLength }: TextField) => (
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
  );
  return (
    <Stack gap="sm">
      {onToggleWaybill ? (
        // The summary on a line of its own, the button under it: side by side they squeeze each other on a phone.
        <Stack gap={2} align="flex-start">
          <Text
            size="sm"
            c="gray.8"
            style={{ overflowWrap: 'anywhere', minWidth: 0 }}
            data-testid="ams-scan-waybill"
          >
            {waybillShown
              ? t('fields.waybill')
              : t('fields.waybillSummary', {
                  mawb: fields.masterAirWaybill,
                  hawb: fields.hawb,
                  carrier: fields.carrier,
                  serviceType: fields.serviceType,
                  airportCode: fields.airportCode,
                })}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={onToggleWaybill}
            aria-expanded={waybillShown}
            aria-controls={waybillId}
            rightSection={waybillShown ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
            px={0}
          >
            {waybillShown ? t('fields.hideWaybill') : t('fields.showWaybill')}
          </Button>
        </Stack>
      ) : null}
      <Collapse expanded={waybillShown} id={waybillId}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {WAYBILL_FIELDS.map(input)}
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
      </Collapse>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {CARTON_FIELDS.map(input)}
      </SimpleGrid>
      <Text size="sm" c="gray.7">
        {t('fields.hint')}
      </Text>
    </Stack>
  );
}
