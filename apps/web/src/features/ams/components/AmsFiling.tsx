import { Anchor, Group, Loader, Text } from '@mantine/core';
import type { Ams } from '@parcelops/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type MouseEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { amsReconciliationQuery, downloadAmsManifest, downloadAmsReport } from '../api.ts';
import { useFilingOutcome } from '../use-filing-outcome.ts';
import { WAITING_ANCHOR, waitingOf } from '../waiting.ts';
import { AmsReconciliation } from './AmsReconciliation.tsx';
import { AmsSection } from './AmsSection.tsx';
import { SubmitAmsButton } from './SubmitAmsButton.tsx';

/** Takes the view down to the waiting list and moves focus there, so a keyboard user lands on it too. */
function goToWaitingList(event: MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById(WAITING_ANCHOR);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
}

/** Issue 28 item 3: before Submit, how many received parcels this flight would leave at the hub. */
function MissingFlight({ count }: { count: number }) {
  const { t } = useTranslation('ams');
  const format = useFormat();
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="ams-waiting-note">
      <IconAlertTriangle size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} color="#8a5300" />
      <Text size="sm" fw={600} c="#8a5300">
        {t('filing.waiting', { count, formatted: format.number(count) })}{' '}
        <Anchor href={`#${WAITING_ANCHOR}`} onClick={goToWaitingList} size="sm" fw={600} underline="always">
          {t('filing.seeWaiting')}
        </Anchor>
      </Text>
    </Group>
  );
}

/**
 * The AMS view's filing: the reconciliation (what stops the filing, what the broker needs), Submit AMS (off,
 * saying why, while anything stops it), how many received parcels would miss this flight (with the way to the
 * waiting list), "Filing…" while the job runs, and the files: the filed manifest once
 * there is one, and the AMS report.
 */
export function AmsFiling({ ams }: { ams: Ams }) {
  const { t } = useTranslation('ams');
  const reconciliation = useQuery(amsReconciliationQuery(ams.sid));
  useFilingOutcome(ams);
  const reasonId = useId();
  const problems = reconciliation.data?.problems.length ?? 0;
  const blocked =
    problems > 0
      ? t('filing.blocked', { count: problems })
      : reconciliation.data?.pieces === 0
        ? t('filing.noParcels')
        : null;
  // Why Submit is off, and what it would leave behind, matter only while it could be on.
  const fileable = ams.submit_status === 'initiated' && !ams.is_updating;
  const explain = blocked !== null && fileable;
  const waiting = fileable ? waitingOf(reconciliation.data) : 0;

  return (
    <AmsSection title={t('filing.title')}>
      <QueryState query={reconciliation}>
        {(data) => (
          <AmsReconciliation
            reconciliation={data}
            canFix={ams.submit_status !== 'submitted' && !ams.is_updating}
          />
        )}
      </QueryState>
      {waiting > 0 ? <MissingFlight count={waiting} /> : null}
      <Group gap="sm" wrap="wrap">
        {/* Filed for good: no Submit that could only be refused. */}
        {ams.submit_status === 'submitted' ? null : (
          <SubmitAmsButton
            ams={ams}
            blocked={blocked !== null}
            describedBy={explain ? reasonId : undefined}
            waiting={waiting}
          />
        )}
        {explain ? (
          <Text id={reasonId} size="sm" c="red.9" style={{ flex: '1 1 240px' }}>
            {blocked}
          </Text>
        ) : null}
        {ams.is_updating ? (
          <Group gap={6} role="status" data-testid="ams-filing-now">
            <Loader size="xs" aria-hidden />
            <Text size="sm" fw={600}>
              {t('filing.filingNow')}
            </Text>
          </Group>
        ) : null}
      </Group>
      <Group gap="sm" wrap="wrap">
        {ams.has_manifest_file ? (
          <DownloadButton download={() => downloadAmsManifest(ams)}>
            {t('filing.downloadManifest')}
          </DownloadButton>
        ) : null}
        <DownloadButton download={() => downloadAmsReport(ams)}>{t('filing.report')}</DownloadButton>
      </Group>
    </AmsSection>
  );
}
