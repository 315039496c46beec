import { Anchor, AppShell, Burger, Button, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { useSignOut } from '../../features/auth/index.ts';
import { LanguageSwitch } from '../../i18n/LanguageSwitch.tsx';
import { useViewer } from '../../lib/session.ts';
import { SideNavigation } from './SideNavigation.tsx';
import { SkipLink } from './SkipLink.tsx';
import { ChangePasswordDialog, UserMenu } from './UserMenu.tsx';

/**
 * Spec §2 Layouts: top bar (menu button, logo, Sign out) and side navigation. From the 'sm' breakpoint down
 * the navigation moves into a slide-out drawer with its own close button and Sign out.
 */
export function SignedInLayout() {
  const viewer = useViewer();
  const { t } = useTranslation();
  const signOut = useSignOut();
  const [navbarOpened, { toggle: toggleNavbar }] = useDisclosure(true);
  const [drawerOpened, { open: openDrawer, close: closeDrawer }] = useDisclosure(false);
  const [changingPassword, passwordChange] = useDisclosure(false);

  // The login guard above renders this layout only for a viewer.
  if (!viewer) return null;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: true, desktop: !navbarOpened } }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={drawerOpened}
              onClick={openDrawer}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('openMenu')}
            />
            {/* A plain menu icon on desktop: the navigation's own state is visible beside it (no "X"). */}
            <Burger
              opened={false}
              onClick={toggleNavbar}
              visibleFrom="sm"
              size="sm"
              aria-label={t('toggleNavigation')}
              aria-expanded={navbarOpened}
            />
            <Anchor component={Link} to="/internal" aria-label={t('home')} display="inline-block">
              <Logo />
            </Anchor>
          </Group>
          <Group gap="md" wrap="nowrap">
            <LanguageSwitch />
            <UserMenu viewer={viewer} onChangePassword={passwordChange.open} />
            <Button variant="subtle" leftSection={<IconLogout size={18} aria-hidden />} onClick={signOut}>
              {t('signOut')}
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
        closeButtonProps={{ 'aria-label': t('closeMenu') }}
      >
        <Stack gap="lg">
          <SideNavigation viewer={viewer} onNavigate={closeDrawer} />
          <UserMenu
            viewer={viewer}
            inDrawer
            onChangePassword={() => {
              closeDrawer();
              passwordChange.open();
            }}
          />
          <Button variant="light" leftSection={<IconLogout size={18} aria-hidden />} onClick={signOut}>
            {t('signOut')}
          </Button>
        </Stack>
      </Drawer>

      {changingPassword ? <ChangePasswordDialog viewer={viewer} onClose={passwordChange.close} /> : null}

      <AppShell.Main id="main-content" tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
