/**
 * Tab 1 of Scan Orders: the hub bench, a thin page over the station core (features/station). The operator
 * scans with a handheld scanner without looking at the screen or focusing a field (useBarcodeScanner), types a
 * barcode, or holds the label to the camera; every scan goes through the station's queue and is answered by
 * the banner, a tone for its colour and the session's counts, live while the server answers and as "queued"
 * while it does not. Queued scans whose verdicts need a look wait in the Exceptions list.
 */
import {
  Button,
  Grid,
  Group,
  List,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { HUBS, type Hub } from '@parcelops/shared';
import { IconCamera } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import {
  ClearScansButton,
  ClearScansDialog,
  ScansTableHeading,
} from '../../../components/ScanSessionControls.tsx';
import { useHubName } from '../../../lib/server-text.ts';
import {
  ManualBarcodeForm,
  type StationException,
  StationExceptions,
  StationQueuePanel,
  useBarcodeScanner,
} from '../../station/index.ts';
import { downloadScanReport } from '../api.ts';
import { CameraScanDialog } from '../camera/CameraScanDialog.tsx';
import { useScanSession } from '../hooks/use-scan-session.ts';
import { verdictOfStation } from '../scan-verdict.ts';
import { useVerdictWords } from '../use-verdict-words.ts';
import { LastOrderPanel } from './LastOrderCard.tsx';
import { ScanBanner } from './ScanBanner.tsx';
import { ScannedOrdersTable } from './ScannedOrdersTable.tsx';
import { ScanTally } from './ScanTally.tsx';

export function ScanTab() {
  const { t } = useTranslation('scan');
  const hubName = useHubName();
  const session = useScanSession();
  const { station } = session;
  const [confirming, setConfirming] = useState(false);
  const [camera, setCamera] = useState(false);
  useBarcodeScanner(session.scan, { enabled: !confirming });
  const verdictWords = useVerdictWords();
  // A queued scan's exception in the banner's own words, as the operator would have seen it live.
  const describeException = useCallback(
    (exception: StationException) => {
      const { headline, detail } = verdictWords(verdictOfStation(exception.verdict));
      return { title: headline, detail };
    },
    [verdictWords],
  );
  const banner = {
    last: session.last,
    notice: station.status.notice,
    pending: station.status.pending,
    busy: session.busy,
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="end" wrap="wrap">
        <div>
          <Text id="scan-hub-label" size="sm" fw={500} mb={4}>
            {t('hub')}
          </Text>
          <SegmentedControl
            aria-labelledby="scan-hub-label"
            value={session.hub}
            onChange={(value) => session.setHub(value as Hub)}
            data={HUBS.map((hub) => ({ value: hub, label: hubName(hub) }))}
            data-testid="scan-hub"
          />
        </div>
        <Switch
          label={t('mute')}
          checked={session.muted}
          onChange={(event) => session.setMuted(event.currentTarget.checked)}
          data-testid="scan-mute"
        />
      </Group>

      <ScanBanner {...banner} />
      <StationQueuePanel station={station} />
      <ScanTally tally={session.tally} />
      <StationExceptions
        exceptions={station.status.exceptions}
        describe={describeException}
        onAcknowledge={station.acknowledge}
        onAcknowledgeAll={station.acknowledgeAll}
      />

      <Group align="end" gap="sm" wrap="wrap">
        <div style={{ flex: '1 1 320px' }}>
          <ManualBarcodeForm onSubmit={session.scan} />
        </div>
        <Button
          leftSection={<IconCamera size={18} aria-hidden />}
          variant="light"
          onClick={() => setCamera(true)}
          data-testid="scan-camera-open"
        >
          {t('camera.open')}
        </Button>
      </Group>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <LastOrderPanel order={session.order} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md" h="100%">
            <Title order={2} size="h4" mb="sm">
              {t('scannedBarcodes')}
            </Title>
            {session.rows.length === 0 ? (
              <Text c="dimmed">{t('empty')}</Text>
            ) : (
              <List size="sm" spacing={2} data-testid="scan-barcodes" style={{ overflowWrap: 'anywhere' }}>
                {[...session.rows].reverse().map((row) => (
                  <List.Item key={row.barcode}>{row.barcode}</List.Item>
                ))}
              </List>
            )}
          </Paper>
        </Grid.Col>
      </Grid>

      <ScansTableHeading title={t('tableTitle')}>
        <Group gap="sm">
          {/* Spec §8: report download failures are only logged. */}
          <DownloadButton
            variant="filled"
            onFailure="log"
            download={() => downloadScanReport(session.rows.map((row) => row.barcode))}
            disabled={session.rows.length === 0}
          >
            {t('downloadReport')}
          </DownloadButton>
          <ClearScansButton
            namespace="scan"
            onClick={() => setConfirming(true)}
            disabled={session.rows.length === 0}
          />
        </Group>
      </ScansTableHeading>
      <ScannedOrdersTable rows={session.rows} />

      <CameraScanDialog opened={camera} onClose={() => setCamera(false)} onCode={session.scan} {...banner} />
      <ClearScansDialog
        namespace="scan"
        opened={confirming}
        session={session}
        note={station.status.pending > 0 ? t('clearQueued', { count: station.status.pending }) : undefined}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
