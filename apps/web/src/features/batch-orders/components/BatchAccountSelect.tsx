import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { foldedOptionsFilter } from '../../../lib/folded-options-filter.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { accountOptionsQuery } from '../../accounts/api.ts';

interface BatchAccountSelectProps {
  /** What an empty choice means: "All accounts" on the list, "Your own account" on the create form. */
  placeholder: string;
  value: string | null;
  onChange: (accountSid: string | null) => void;
  /** An account not offered: the create form leaves out the viewer's own, which an empty choice already means. */
  exclude?: string | null;
  error?: string | undefined;
  /** The choice is made (the batch was sent): shown, not changed. */
  readOnly?: boolean;
}

/**
 * Admins and operators pick an account (GET /accounts: sid and name are all a picker needs): to filter the
 * list by, or, on Create Batch Order, whose orders the batch places (spec §2: the other accounts).
 */
export function BatchAccountSelect({
  placeholder,
  value,
  onChange,
  exclude,
  error,
  readOnly = false,
}: BatchAccountSelectProps) {
  const { t } = useTranslation('batchOrders');
  const accounts = useQuery(accountOptionsQuery());
  useErrorToast(accounts.error);
  const options = (accounts.data ?? [])
    .filter((account) => !exclude || account.sid !== exclude)
    .map((account) => ({ value: account.sid, label: account.name }));
  return (
    <Select
      label={t('form.account')}
      placeholder={placeholder}
      data={options}
      searchable
      filter={foldedOptionsFilter}
      clearable
      nothingFoundMessage={t('form.noAccountMatches')}
      value={value}
      onChange={onChange}
      error={error}
      readOnly={readOnly}
      miw={220}
    />
  );
}
