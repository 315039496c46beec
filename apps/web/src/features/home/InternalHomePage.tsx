import { Card, Group, SimpleGrid, Text } from '@mantine/core';
import { MAIN_NAV, ROLE_LABELS, SETTINGS_NAV, visibleEntries } from '@parcelops/shared';
import { Link } from 'react-router';
import { NavEntryIcon } from '../../components/NavEntryIcon.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useViewer } from '../../lib/session.ts';

/** The signed-in start page (the operator's home, spec §2 Login): a greeting and a card per allowed screen. */
export function InternalHomePage() {
  const viewer = useViewer();
  if (!viewer) return null;
  const entries = [...visibleEntries(MAIN_NAV, viewer.role), ...visibleEntries(SETTINGS_NAV, viewer.role)];
  return (
    <>
      <PageHeader title={viewer.username ? `Welcome, ${viewer.username}` : 'Welcome'} />
      <Text mb="lg">You are signed in as {ROLE_LABELS[viewer.role]}.</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {entries.map((entry) => (
          <Card key={entry.key} component={Link} to={entry.path(viewer)} withBorder padding="lg">
            <Group gap="sm" wrap="nowrap">
              <NavEntryIcon entryKey={entry.key} size={24} />
              <Text fw={600}>{entry.label}</Text>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
