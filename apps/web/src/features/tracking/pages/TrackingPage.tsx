import { Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { trackingKeys } from '../api.ts';
import { BarcodeSearchForm } from '../components/BarcodeSearchForm.tsx';
import { TrackingEvents } from '../components/TrackingEvents.tsx';

/**
 * Spec §2 Tracking Details, public: a barcode, the parcel's current status, then its events. The barcode
 * lives in the URL (`?barcode=`), so a tracking link can be shared and a reload shows the same parcel.
 */
export function TrackingPage() {
  const { t } = useTranslation('tracking');
  const [params, setParams] = useSearchParams();
  const barcode = params.get('barcode')?.trim().toUpperCase() ?? '';
  const queryClient = useQueryClient();
  useDocumentTitle(barcode ? `${barcode} · ${t('title')}` : t('title'));
  const search = (value: string) => {
    // Each search shows its own answer only: what an earlier one left (this barcode's events from before, an
    // error) goes, and the page shows it is asking. The shown barcode searched again is asked again too: the
    // parcel may have moved since.
    void queryClient.resetQueries({ queryKey: trackingKeys.events(value), exact: true });
    if (value !== barcode) setParams({ barcode: value });
  };
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Text c="dimmed">{t('intro')}</Text>
      <BarcodeSearchForm
        // A barcode arriving by navigation (Back, the index page's box) refills the box.
        key={barcode}
        initialBarcode={barcode}
        onSearch={search}
      />
      {barcode ? <TrackingEvents barcode={barcode} withCurrentStatus /> : null}
    </Stack>
  );
}
