import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { foldedOptionsFilter } from '../../../lib/folded-options-filter.ts';
import { accountOptionsQuery, accountQuery } from '../../accounts/api.ts';

interface UserAccountSelectProps {
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  /** Admins choose among all accounts; anyone else sees only their own account, fixed. */
  isAdmin: boolean;
  ownAccountSid: string | null;
  label: string;
  /** The first option, for filters: "All" with the value 'all'. */
  allOption?: boolean;
  required?: boolean;
  error?: string;
}

/** Spec §6: an account user "sees only its own account on the user form" (and in the list's filter). */
export function UserAccountSelect({
  value,
  onChange,
  onBlur,
  isAdmin,
  ownAccountSid,
  label,
  allOption = false,
  required = false,
  error,
}: UserAccountSelectProps) {
  const { t } = useTranslation('users');
  const all = useQuery({ ...accountOptionsQuery(), enabled: isAdmin });
  const own = useQuery({ ...accountQuery(ownAccountSid ?? ''), enabled: !isAdmin && ownAccountSid !== null });
  const accounts = isAdmin ? (all.data ?? []) : own.data ? [own.data] : [];
  const options = accounts.map((account) => ({ value: account.sid, label: account.name }));

  return (
    <Select
      label={label}
      withAsterisk={required}
      placeholder={t('form.chooseAccount')}
      data={allOption && isAdmin ? [{ value: 'all', label: t('all') }, ...options] : options}
      searchable
      filter={foldedOptionsFilter}
      clearable={isAdmin && !allOption}
      allowDeselect={!allOption}
      disabled={!isAdmin}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
    />
  );
}
