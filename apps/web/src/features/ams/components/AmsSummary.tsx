import { Button, Group, SimpleGrid } from '@mantine/core';
import type { Ams } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../i18n/format.ts';
import { Fact } from './AmsFilingFacts.tsx';

/**
 * A submitted AMS's details as text: filed with customs, nothing of it changes any more, so there is no form
 * to save and nothing to cancel, only the way back to the list.
 */
export function AmsSummary({ ams, listPath }: { ams: Ams; listPath: string }) {
  const { t } = useTranslation('ams');
  const format = useFormat();
  const status =
    ams.status === 'initiated' || ams.status === 'closed' ? t(`status.${ams.status}`) : ams.status;
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" data-testid="ams-summary">
        <Fact label={t('form.name')}>{ams.name}</Fact>
        <Fact label={t('form.departureDate')}>{format.dateTime(ams.departureDate)}</Fact>
        <Fact label={t('form.masterAirWaybill')}>{ams.masterAirWaybill}</Fact>
        <Fact label={t('form.airportCode')}>{ams.airportCode}</Fact>
        <Fact label={t('form.hawb')}>{ams.hawb}</Fact>
        <Fact label={t('form.carrier')}>{ams.carrier}</Fact>
        <Fact label={t('form.serviceType')}>{ams.serviceType}</Fact>
        <Fact label={t('form.location')}>{ams.location}</Fact>
        <Fact label={t('form.status')}>{status}</Fact>
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" component={Link} to={listPath}>
          {t('form.back')}
        </Button>
      </Group>
    </>
  );
}
