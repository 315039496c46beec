import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client.ts';
import { foldedOptionsFilter } from '../../../lib/folded-options-filter.ts';
import { accountOptionsQuery } from '../../accounts/api.ts';

interface DeclarationAccountSelectProps {
  value: string | null;
  onChange: (accountSid: string | null) => void;
}

/** Spec §6: operators and admins pick the account whose declarations they work on. */
export function DeclarationAccountSelect({ value, onChange }: DeclarationAccountSelectProps) {
  const { t } = useTranslation('catalogs');
  // A failed load shows once, under the field it leaves empty.
  const accounts = useQuery(accountOptionsQuery());
  const options = (accounts.data ?? []).map((account) => ({ value: account.sid, label: account.name }));

  return (
    <Select
      label={t('declarations.account')}
      placeholder={t('declarations.accountPlaceholder')}
      data={options}
      searchable
      filter={foldedOptionsFilter}
      clearable
      nothingFoundMessage={t('declarations.noAccountMatches')}
      error={accounts.isError ? errorMessage(accounts.error) : undefined}
      value={value}
      onChange={onChange}
    />
  );
}
