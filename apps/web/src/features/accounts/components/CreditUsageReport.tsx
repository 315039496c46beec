import { Fieldset, Group, TextInput } from '@mantine/core';
import type { Account, CreditReportQuery } from '@parcelops/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { api } from '../../../lib/api-client.ts';

/** A date as `<input type="date">` wants it: YYYY-MM-DD in the viewer's own time zone. */
function toDateInput(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function oneMonthAgo(): Date {
  const date = new Date();
  date.setMonth(date.getMonth() - 1);
  return date;
}

/** Spec §2 Accounts: the account's credit usage between two dates, as an Excel download. */
export function CreditUsageReport({ account }: { account: Pick<Account, 'sid' | 'name'> }) {
  const { t } = useTranslation('accounts');
  // Spec §9: the range starts one month ago and ends today.
  const [from, setFrom] = useState(() => toDateInput(oneMonthAgo()));
  const [to, setTo] = useState(() => toDateInput(new Date()));
  const query: CreditReportQuery = { from_date: from, to_date: to };
  const download = () =>
    api.download(
      `/accounts/${account.sid}/credit_usages_report`,
      `credit_usages_${account.name}.xlsx`,
      query,
    );

  return (
    <Fieldset legend={t('report.legend')}>
      <Group align="flex-end">
        <TextInput
          label={t('report.from')}
          type="date"
          value={from}
          onChange={(event) => setFrom(event.currentTarget.value)}
        />
        <TextInput
          label={t('report.to')}
          type="date"
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
        />
        {/* Spec §8: report download failures are only logged. */}
        <DownloadButton onFailure="log" download={download} disabled={!from || !to}>
          {t('report.download')}
        </DownloadButton>
      </Group>
    </Fieldset>
  );
}
