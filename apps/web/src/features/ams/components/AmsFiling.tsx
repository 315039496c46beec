import { Group, Loader, Text } from '@mantine/core';
import type { Ams } from '@parcelops/shared';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { amsReconciliationQuery, downloadAmsManifest, downloadAmsReport } from '../api.ts';
import { useFilingOutcome } from '../use-filing-outcome.ts';
import { AmsReconciliation } from './AmsReconciliation.tsx';
import { AmsSection } from './AmsSection.tsx';
import { SubmitAmsButton } from './SubmitAmsButton.tsx';

/**
 * The AMS view's filing: the reconciliation (what stops the filing, what the broker needs), Submit AMS (off,
 * saying why, while anything stops it), "Filing…" while the job runs, and the files: the filed manifest once
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
  // Why Submit is off matters only while it could otherwise be on.
  const explain = blocked !== null && ams.submit_status === 'initiated' && !ams.is_updating;

  return (
    <AmsSection title={t('filing.title')}>
      <QueryState query={reconciliation}>{(data) => <AmsReconciliation reconciliation={data} />}</QueryState>
      <Group gap="sm" wrap="wrap">
        <SubmitAmsButton ams={ams} blocked={blocked !== null} describedBy={explain ? reasonId : undefined} />
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
