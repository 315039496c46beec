import { Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { trackingKeys } from '../api.ts';
import { BarcodeSearchForm } from '../components/BarcodeSearchForm.tsx';
import { TrackingEvents } from '../components/TrackingEvents.tsx';

/**
 * Spec §2 Tracking Details, public: a barcode and its events. The barcode lives in the URL (`?barcode=`), so a
 * tracking link can be shared and a reload shows the same parcel.
 */
export function TrackingPage() {
  const [params, setParams] = useSearchParams();
  const barcode = params.get('barcode')?.trim() ?? '';
  const queryClient = useQueryClient();

  const search = (value: string) => {
    // Searching the shown barcode again asks the server again: the parcel may have moved since.
    if (value === barcode) void queryClient.invalidateQueries({ queryKey: trackingKeys.events(value) });
    else setParams({ barcode: value });
  };

  return (
    <Stack gap="lg">
      <Title order={2}>Tracking Details</Title>
      <Text c="dimmed">Enter the barcode printed on the parcel's label to see where it is.</Text>
      <BarcodeSearchForm
        // A barcode arriving by navigation (Back, the index page's box) refills the box.
        key={barcode}
        initialBarcode={barcode}
        onSearch={search}
      />
      {barcode ? (
        <Stack gap="xs">
          <Title order={3} size="h4">
            Events for {barcode}
          </Title>
          <TrackingEvents barcode={barcode} />
        </Stack>
      ) : null}
    </Stack>
  );
}
