/**
 * Spec §2 Create AMS scanning page (/internal/create-ams, "AMS Order" in the navigation), for admins and
 * operators: pick an initiated AMS, fill in the carton being loaded, and scan parcels into it without looking
 * at the screen. A thin page over the station core (features/station, issue 32), as the hub's Scan tab: every
 * scan goes through the station's queue (useAmsScanSession), answered live while the server answers and kept
 * on the device as "queued" while it does not; queued scans whose verdicts need a look wait in the Exceptions
 * list. The last parcel scanned in can be re-weighed.
 * Below, the parcels received at the hub that no manifest holds yet (issue 28 item 3); an admin may load a
 * parcel the hub set aside, giving a reason (item 1).
 */
import { Grid, Paper, Stack, Switch, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type Ams, normalizeBarcode, Role } from '@parcelops/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireRole } from '../../../components/RequireRole.tsx';
import {
  ClearScansButton,
  ClearScansDialog,
  ScansTableHeading,
} from '../../../components/ScanSessionControls.tsx';
import { notifyError, notifyErrorText, notifySuccess } from '../../../lib/notify.ts';
import { useFailureText } from '../../../lib/server-text.ts';
import { useViewer } from '../../../lib/session.ts';
import { AmsWaitingList } from '../../ams/index.ts';
import {
  ManualBarcodeForm,
  MUTED_KEY,
  playScanTone,
  type StationException,
  StationExceptions,
  StationQueuePanel,
  useBarcodeScanner,
  useStoredState,
} from '../../station/index.ts';
import {
  type AmsScanFields,
  EMPTY_FIELDS,
  fieldsFromAms,
  isFields,
  missingRequired,
  missingWaybill,
  orderInput,
} from '../ams-scan-fields.ts';
import { amsScanKeys, putAmsWeight } from '../api.ts';
import { AmsCounts } from '../components/AmsCounts.tsx';
import { AmsPicker } from '../components/AmsPicker.tsx';
import { AmsScanBanner } from '../components/AmsScanBanner.tsx';
import { AmsScanFieldsForm } from '../components/AmsScanFieldsForm.tsx';
import { AmsScannedTable } from '../components/AmsScannedTable.tsx';
import { AmsWeightForm } from '../components/AmsWeightForm.tsx';
import { LoadAnywayDialog } from '../components/LoadAnywayDialog.tsx';
import { useAmsScanSession } from '../hooks/use-ams-scan-session.ts';
import { type AmsScanRow, lastSuccess } from '../scan-rows.ts';
import { exceptionRow, useAmsRowWords } from '../use-ams-row-words.ts';

const STAFF = [Role.admin, Role.operator] as const;
/** Below Mantine's lg breakpoint the page's two columns stack. */
const STACKED = '(max-width: 74.99em)';
export const FIELDS_KEY = 'parcelops.amsScan.fields';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

export function CreateAmsPage() {
  const { t } = useTranslation('amsScan');
  return (
    <RequireRole roles={STAFF} message={t('refused')}>
      <AmsScanStation />
    </RequireRole>
  );
}

function AmsScanStation() {
  const { t } = useTranslation('amsScan');
  const queryClient = useQueryClient();
  // Empty: the upcoming AMS, soonest first (issue 28 item 4); a day can still be chosen.
  const [date, setDate] = useState('');
  // The manifest and carton survive a reload, like the scanned rows: both are this tab's work in progress.
  const [fields, setFields] = useStoredState<AmsScanFields>('session', FIELDS_KEY, EMPTY_FIELDS, isFields);
  const [muted, setMuted] = useStoredState<boolean>('local', MUTED_KEY, false, isBoolean);
  const [confirming, setConfirming] = useState(false);
  const [settingAside, setSettingAside] = useState<AmsScanRow | null>(null);
  const isAdmin = useViewer()?.role === Role.admin;
  const stacked = useMediaQuery(STACKED, false);
  const [waybillChoice, setWaybillChoice] = useState<boolean | null>(null);

  const failureText = useFailureText();
  // The station core sounds each verdict's tone; the page adds the spec's toast for a live refusal.
  const onLiveRow = useCallback(
    (row: AmsScanRow) => {
      // Spec §8: "Error: {msg}" on a failed AMS scan, the server's words in the chosen language.
      if (row.outcome === 'failed') notifyErrorText(t('scanFailed', { msg: failureText(row) }));
    },
    [t, failureText],
  );
  const session = useAmsScanSession({ muted, onLiveRow });
  const { station } = session;
  const rowWords = useAmsRowWords();
  // A queued scan's exception in the banner's own words, as the operator would have seen it live.
  const describeException = useCallback(
    (exception: StationException) => {
      const { headline, detail } = rowWords(exceptionRow(exception));
      return { title: headline, detail };
    },
    [rowWords],
  );

  const scan = (code: string) => {
    const barcode = normalizeBarcode(code);
    if (!barcode) return;
    if (missingRequired(fields)) {
      // The operator is not looking: the red tone says the scan went nowhere.
      if (!muted) playScanTone('error');
      notifyErrorText(t('required'), 'ams-scan-required');
      return;
    }
    session.scan(orderInput(fields, barcode));
  };
  // A dialog's field takes typing: the scanner waits until it closes.
  useBarcodeScanner(scan, { enabled: !confirming && settingAside === null });
  const askLoadAnyway = useCallback((row: AmsScanRow) => setSettingAside(row), []);

  const reweigh = useMutation({
    mutationFn: ({ target, weight }: { target: AmsScanRow; weight: number }) =>
      putAmsWeight(target.orderSid ?? '', weight),
    onSuccess: (order, { target }) => {
      session.setWeight(order.sid, order.weight);
      notifySuccess(t('weight.updated', { barcode: target.barcode }));
      void queryClient.invalidateQueries({ queryKey: amsScanKeys.statistic(target.amsSid) });
    },
    onError: (error) => notifyError(error),
  });

  const pick = (ams: Ams | null) =>
    setFields((previous) =>
      ams ? fieldsFromAms(previous, ams) : { ...previous, ams_sid: '', ams_name: '' },
    );
  const target = lastSuccess(session.rows);
  const picked = fields.ams_sid !== '';
  // Issue 28 N16: on a phone, once an AMS is picked, the banner and counts come before the fields, and the
  // waybill data (filled from the AMS) folds away unless a required part of it is missing.
  const foldable = stacked && picked && !missingWaybill(fields);
  const waybillShown = !foldable || (waybillChoice ?? false);
  const answersFirst = stacked && picked;

  const manifestPanel = (
    <Paper
      key="manifest"
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="ams-scan-manifest"
    >
      <Title order={2} size="h4" id="ams-scan-manifest" mb="sm">
        {t('picker.heading')}
      </Title>
      <Stack gap="md">
        <AmsPicker
          date={date}
          onDateChange={setDate}
          amsSid={fields.ams_sid}
          amsName={fields.ams_name}
          onPick={pick}
        />
        <AmsScanFieldsForm
          fields={fields}
          onChange={(patch) => setFields((previous) => ({ ...previous, ...patch }))}
          waybillShown={waybillShown}
          onToggleWaybill={foldable ? () => setWaybillChoice(!waybillShown) : undefined}
        />
      </Stack>
    </Paper>
  );
  const answers = (
    <Stack key="answers" gap="md">
      <AmsScanBanner
        last={session.last}
        notice={station.status.notice}
        pending={station.status.pending}
        busy={session.busy}
      />
      <StationQueuePanel station={station} />
      <AmsCounts amsSid={fields.ams_sid} cartonLabel={fields.ams_carton_label} />
      <StationExceptions
        exceptions={station.status.exceptions}
        describe={describeException}
        onAcknowledge={station.acknowledge}
        onAcknowledgeAll={station.acknowledgeAll}
      />
    </Stack>
  );
  const tools = (
    <Stack key="tools" gap="md">
      <AmsWeightForm
        key={target?.id ?? 'none'}
        target={target}
        pending={reweigh.isPending}
        onSubmit={(row, weight) => reweigh.mutate({ target: row, weight })}
      />
      <ManualBarcodeForm onSubmit={scan} submitLabel={t('add')} />
    </Stack>
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          <Switch
            label={t('mute')}
            checked={muted}
            onChange={(event) => setMuted(event.currentTarget.checked)}
          />
        }
      />
      <Stack gap="md">
        {stacked ? (
          // One column: keyed, so picking an AMS reorders the parts without losing what is typed in them.
          <Stack gap="md">
            {answersFirst ? [answers, manifestPanel, tools] : [manifestPanel, answers, tools]}
          </Stack>
        ) : (
          <Grid gap="md">
            <Grid.Col span={6}>{manifestPanel}</Grid.Col>
            <Grid.Col span={6}>
              <Stack gap="md">
                {answers}
                {tools}
              </Stack>
            </Grid.Col>
          </Grid>
        )}

        <ScansTableHeading title={t('table.title')}>
          {/* Scans still on their way are left out of the new table by their scan time, not lost. */}
          <ClearScansButton
            namespace="amsScan"
            onClick={() => setConfirming(true)}
            disabled={session.rows.length === 0}
          />
        </ScansTableHeading>
        <AmsScannedTable rows={session.rows} onLoadAnyway={isAdmin ? askLoadAnyway : undefined} />
        {picked ? <AmsWaitingList key={fields.ams_sid} sid={fields.ams_sid} /> : null}
      </Stack>
      <LoadAnywayDialog
        row={settingAside}
        onLoad={(row, reason) => session.loadAnyway(row, reason)}
        onClose={() => setSettingAside(null)}
      />
      <ClearScansDialog
        namespace="amsScan"
        opened={confirming}
        session={session}
        note={station.status.pending > 0 ? t('clearQueued', { count: station.status.pending }) : undefined}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
