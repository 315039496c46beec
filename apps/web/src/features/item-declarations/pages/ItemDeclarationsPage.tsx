import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Role } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountSelect } from '../../../components/AccountSelect.tsx';
import { FilterBox } from '../../../components/FilterBox.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useViewer } from '../../../lib/session.ts';
import { useSettledFilter } from '../../../lib/use-debounced-filter.ts';
import { ItemDeclarationsWorkspace } from '../components/ItemDeclarationsWorkspace.tsx';
import { useDeclarationSearch } from '../use-declaration-search.ts';

/**
 * Spec §2 Item Declarations, for every role: account users work on their own account's declarations;
 * operators and admins first pick the account (spec §6).
 */
export function ItemDeclarationsPage() {
  const { t } = useTranslation('catalogs');
  const viewer = useViewer();
  const picksAccount = viewer !== null && viewer.role !== Role.account;
  const search = useDeclarationSearch();
  // An account user's own account is the server's choice; an accountSid in their URL means nothing.
  const accountSid = picksAccount ? search.accountSid : null;
  const filter = useSettledFilter(search.filter);

  return (
    <Stack gap="md">
      <PageHeader
        title={t('declarations.title')}
        actions={
          // The side navigation has no entry for the tariff codes the declarations refer to.
          <Anchor component={Link} to="/internal/hs_tariff_codes" size="sm">
            {t('declarations.hsCodesLink')}
          </Anchor>
        }
      />
      <Group grow align="flex-start">
        {picksAccount ? (
          <AccountSelect
            label={t('declarations.account')}
            placeholder={t('declarations.accountPlaceholder')}
            // A failed load shows once, under the field it leaves empty.
            loadFailure="field"
            value={search.accountSid}
            onChange={search.setAccountSid}
          />
        ) : null}
        <FilterBox value={search.filter} onChange={search.setFilter} />
      </Group>
      {picksAccount && !accountSid ? (
        <Text c="dimmed">{t('declarations.chooseAccount')}</Text>
      ) : (
        <ItemDeclarationsWorkspace
          // Another account starts with an empty form: a loaded row belongs to the account it came from.
          key={accountSid ?? 'own'}
          accountSid={accountSid}
          filter={filter}
          isAdmin={viewer?.role === Role.admin}
        />
      )}
    </Stack>
  );
}
