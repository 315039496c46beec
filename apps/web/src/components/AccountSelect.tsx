import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
// The accounts feature owns the queries; its index exports pages only, and components/ sits under features.
import { accountOptionsQuery, accountQuery } from '../features/accounts/api.ts';
import { errorMessage } from '../lib/api-client.ts';
import { foldedOptionsFilter } from '../lib/folded-options-filter.ts';
import { useErrorToast } from '../lib/use-error-toast.ts';

interface AccountSelectProps {
  /** "Account" unless the place names it otherwise. */
  label?: string;
  /** What an empty choice means here: "All accounts" on a list, a prompt or "Your own account" on a form. */
  placeholder?: string;
  value: string | null;
  onChange: (accountSid: string | null) => void;
  onBlur?: () => void;
  required?: boolean;
  /** Whether the choice can be cleared; by default when it is not required and has no "All" option. */
  clearable?: boolean;
  error?: string | undefined;
  /** An account not offered: the batch form leaves out the viewer's own, which an empty choice already means. */
  exclude?: string | null | undefined;
  /** The choice is made (the batch was sent): shown, not changed. */
  readOnly?: boolean;
  /**
   * Spec §6: someone who is not an admin sees only this account (their own), fixed. Undefined: every account
   * (GET /accounts: sid and name are all a picker needs).
   */
  onlyAccount?: string | null;
  /** A first option meaning no restriction (the users list's "All"), which cannot be cleared away. */
  allOption?: { value: string; label: string };
  /** Where a failed load of the accounts shows: a toast, or under the field it leaves empty. */
  loadFailure?: 'toast' | 'field';
  /** The width the list filters give it, so "All accounts" stays on one line. */
  miw?: number;
}

/**
 * The one account picker: searchable with accents folded, clearable unless required or led by an "All"
 * option, and saying so when nothing matches what is typed.
 */
export function AccountSelect({
  label,
  placeholder,
  value,
  onChange,
  onBlur,
  required = false,
  clearable,
  error,
  exclude,
  readOnly = false,
  onlyAccount,
  allOption,
  loadFailure = 'toast',
  miw,
}: AccountSelectProps) {
  const { t } = useTranslation();
  const fixed = onlyAccount !== undefined;
  const all = useQuery({ ...accountOptionsQuery(), enabled: !fixed });
  const own = useQuery({ ...accountQuery(onlyAccount ?? ''), enabled: fixed && onlyAccount !== null });
  const accounts = fixed ? (own.data ? [own.data] : []) : (all.data ?? []);
  const failure = fixed ? own.error : all.error;
  useErrorToast(loadFailure === 'toast' ? failure : null);

  const options = accounts
    .filter((account) => !exclude || account.sid !== exclude)
    .map((account) => ({ value: account.sid, label: account.name }));
  const offersAll = allOption !== undefined && !fixed;
  return (
    <Select
      label={label ?? t('accountPicker.label')}
      placeholder={placeholder}
      data={offersAll ? [allOption, ...options] : options}
      searchable
      filter={foldedOptionsFilter}
      clearable={!fixed && (clearable ?? (!required && allOption === undefined))}
      allowDeselect={allOption === undefined}
      withAsterisk={required}
      disabled={fixed}
      nothingFoundMessage={t('accountPicker.noMatches')}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error ?? (loadFailure === 'field' && failure ? errorMessage(failure) : undefined)}
      readOnly={readOnly}
      miw={miw}
    />
  );
}
