import { Anchor, AppShell, Burger, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ROLE_LABELS } from '@parcelops/shared';
import { IconLogout } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { useSignOut } from '../../features/auth/index.ts';
import { useViewer } from '../../lib/session.ts';
import { SideNavigation } from './SideNavigation.tsx';

/**
 * Spec §2 Layouts: top bar (menu button, logo, Sign out) and side navigation. From the 'sm' breakpoint down
 * the navigation moves into a slide-out drawer with its own close button and Sign out.
 */
export function SignedInLayout() {
  const viewer = useViewer();
  const signOut = useSignOut();
  const [navbarOpened, { toggle: toggleNavbar }] = useDisclosure(true);
  const [drawerOpened, { open: openDrawer, close: closeDrawer }] = useDisclosure(false);

  // The login guard above renders this layout only for a viewer.
  if (!viewer) return null;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: true, desktop: !navbarOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={drawerOpened}
              onClick={openDrawer}
              hiddenFrom="sm"
              size="sm"
              aria-label="Open menu"
            />
            <Burger
              opened={navbarOpened}
              onClick={toggleNavbar}
              visibleFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Anchor component={Link} to="/internal" aria-label="ParcelOps home" display="inline-block">
              <Logo />
            </Anchor>
          </Group>
          <Group gap="md" wrap="nowrap">
            <Text size="sm" c="dimmed" visibleFrom="sm" data-testid="viewer-name">
              {viewer.username} ({ROLE_LABELS[viewer.role]})
            </Text>
            <Button variant="subtle" leftSection={<IconLogout size={18} aria-hidden />} onClick={signOut}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm">
        <AppShell.Section grow>
          <SideNavigation viewer={viewer} />
        </AppShell.Section>
      </AppShell.Navbar>

      <Drawer
        opened={drawerOpened}
        onClose={closeDrawer}
        title={<Logo height={28} />}
        size="xs"
        closeButtonProps={{ 'aria-label': 'Close menu' }}
      >
        <Stack gap="lg">
          <SideNavigation viewer={viewer} onNavigate={closeDrawer} />
          <Button variant="light" leftSection={<IconLogout size={18} aria-hidden />} onClick={signOut}>
            Sign out
          </Button>
        </Stack>
      </Drawer>

      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
