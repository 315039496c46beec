import { Button, Menu, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconKey, IconUserCircle } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Viewer } from '../../lib/session.ts';

// Its own chunk: the form library and the password rules load when someone opens it, not with every page.
const LazyChangePasswordDialog = lazy(() =>
  import('../../features/auth/ChangePasswordDialog.tsx').then((module) => ({
    default: module.ChangePasswordDialog,
  })),
);

/** The change-password dialog, fetched the first time it opens. */
export function ChangePasswordDialog(props: { viewer: Viewer; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <LazyChangePasswordDialog {...props} />
    </Suspense>
  );
}

interface UserMenuProps {
  viewer: Viewer;
  onChangePassword: () => void;
  /**
   * In the narrow screens' slide-out menu: the name, then Change password as a button (the top bar has no
   * room for the name there). Otherwise the name in the top bar, opening the menu (from 'sm' up).
   */
  inDrawer?: boolean;
}

/**
 * The signed-in person's name and role, with their own menu under it (issue 21: everyone changes their own
 * password here). The layout holds the dialog, so it outlives the slide-out menu it may be chosen from.
 */
export function UserMenu({ viewer, onChangePassword, inDrawer = false }: UserMenuProps) {
  const { t } = useTranslation();
  const { t: tAuth } = useTranslation('auth');
  const name = `${viewer.username} (${t(`roles.${viewer.role}`)})`;
  const changeLabel = tAuth('ownPassword.change');

  if (inDrawer) {
    return (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {name}
        </Text>
        <Button variant="default" leftSection={<IconKey size={18} aria-hidden />} onClick={onChangePassword}>
          {changeLabel}
        </Button>
      </Stack>
    );
  }

  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          px="xs"
          visibleFrom="sm"
          aria-label={tAuth('ownPassword.menuLabel', { name })}
          leftSection={<IconUserCircle size={20} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          <Text size="sm" c="dimmed" data-testid="viewer-name" span>
            {name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={onChangePassword}>
          {changeLabel}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
