import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { accountOptionsQuery } from '../../accounts/api.ts';

interface DeclarationAccountSelectProps {
  value: string | null;
  onChange: (accountSid: string | null) => void;
}

/** Spec §6: operators and admins pick the account whose declarations they work on. */
export function DeclarationAccountSelect({ value, onChange }: DeclarationAccountSelectProps) {
  const accounts = useQuery(accountOptionsQuery());
  useErrorToast(accounts.error);
  const options = (accounts.data ?? []).map((account) => ({ value: account.sid, label: account.name }));

  return (
    <Select
      label="Account"
      placeholder="Choose an account"
      data={options}
      searchable
      clearable
      nothingFoundMessage="No account matches"
      value={value}
      onChange={onChange}
    />
  );
}
