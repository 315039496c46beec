import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MAIN_NAV, Role, SETTINGS_NAV, visibleEntries } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NavEntryIcon } from '../../components/NavEntryIcon.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useViewer } from '../../lib/session.ts';
import { LazyDashboard } from '../dashboard/index.ts';
import { AMS_SCANNING_AVAILABLE, AMS_SCANNING_PATH } from '../hub/index.ts';
import { HubWorkCards } from './HubWorkCards.tsx';

/** Those who work at the hub: scanning, order details and status uploads (product decisions, Hub work). */
const HUB_ROLES: readonly Role[] = [Role.admin, Role.operator];

/**
 * The signed-in start page (the operator's home, spec §2 Login): a greeting, the hub's work for staff, the
 * dashboard of the caller's orders (every account's for staff), and a card per allowed screen.
 */
export function InternalHomePage() {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const viewer = useViewer();
  if (!viewer) return null;
  // A card never leads to a screen that is not built yet (AMS scanning, for now).
  const entries = [
    ...visibleEntries(MAIN_NAV, viewer.role),
    ...visibleEntries(SETTINGS_NAV, viewer.role),
  ].filter((entry) => AMS_SCANNING_AVAILABLE || entry.path(viewer) !== AMS_SCANNING_PATH);
  return (
    <Stack gap="xl">
      <div>
        <PageHeader
          title={viewer.username ? t('home.welcomeName', { name: viewer.username }) : t('home.welcome')}
        />
        <Text>{t('home.signedInAs', { role: tc(`roles.${viewer.role}`) })}</Text>
      </div>
      {HUB_ROLES.includes(viewer.role) ? <HubWorkCards /> : null}
      <LazyDashboard />
      <Stack component="section" gap="sm" aria-labelledby="home-shortcuts">
        <Title order={2} size="h3" id="home-shortcuts">
          {t('home.shortcuts')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {entries.map((entry) => (
            <Card key={entry.key} component={Link} to={entry.path(viewer)} withBorder padding="lg">
              <Group gap="sm" wrap="nowrap">
                <NavEntryIcon entryKey={entry.key} size={24} />
                <Text fw={600}>{tc(`nav.${entry.key}` as 'nav.orders', { defaultValue: entry.label })}</Text>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
