import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { foldedOptionsFilter } from '../../../lib/folded-options-filter.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { accountOptionsQuery } from '../../accounts/api.ts';

interface OrderAccountSelectProps {
  label?: string;
  /** Shown when none is chosen: "All accounts" on the list, a prompt on the add form. */
  placeholder: string;
  value: string | null;
  onChange: (accountSid: string | null) => void;
  required?: boolean;
  error?: string;
}

/** Operators and admins pick an account (GET /accounts: sid and name are all a picker needs). */
export function OrderAccountSelect({
  label,
  placeholder,
  value,
  onChange,
  required = false,
  error,
}: OrderAccountSelectProps) {
  const { t } = useTranslation('order');
  const accounts = useQuery(accountOptionsQuery());
  useErrorToast(accounts.error);
  const options = (accounts.data ?? []).map((account) => ({ value: account.sid, label: account.name }));
  return (
    <Select
      label={label ?? t('form.account')}
      placeholder={placeholder}
      data={options}
      searchable
      filter={foldedOptionsFilter}
      clearable={!required}
      withAsterisk={required}
      nothingFoundMessage={t('form.noAccountMatches')}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
