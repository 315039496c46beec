import { NavLink, Stack, Text } from '@mantine/core';
import { MAIN_NAV, type NavEntry, SETTINGS_NAV, visibleEntries } from '@parcelops/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NavEntryIcon } from '../../components/NavEntryIcon.tsx';
import type { Viewer } from '../../lib/session.ts';

interface SideNavigationProps {
  viewer: Viewer;
  /** Called after an entry is followed, so the slide-out menu can close. */
  onNavigate?: () => void;
}

/** An entry is active on its own page and on every page below it (list -> add, edit). */
function isActive(pathname: string, target: string): boolean {
  return pathname === target || pathname.startsWith(`${target}/`);
}

function EntryList({ entries, viewer, onNavigate }: { entries: NavEntry[] } & SideNavigationProps) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      {entries.map((entry) => {
        const target = entry.path(viewer);
        const active = isActive(pathname, target);
        return (
          <NavLink
            key={entry.key}
            component={Link}
            to={target}
            label={t(`nav.${entry.key}` as 'nav.orders', { defaultValue: entry.label })}
            leftSection={<NavEntryIcon entryKey={entry.key} />}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          />
        );
      })}
    </Stack>
  );
}

/** Spec §2 Layouts and §6: the main list and the Settings list, each showing only what the role may use. */
export function SideNavigation({ viewer, onNavigate }: SideNavigationProps) {
  const settingsTitleId = useId();
  const { t } = useTranslation();
  const main = visibleEntries(MAIN_NAV, viewer.role);
  const settings = visibleEntries(SETTINGS_NAV, viewer.role);
  return (
    <Stack component="nav" aria-label={t('mainNavigation')} gap="md">
      <EntryList entries={main} viewer={viewer} onNavigate={onNavigate} />
      {settings.length > 0 ? (
        <Stack gap={4} role="group" aria-labelledby={settingsTitleId}>
          <Text id={settingsTitleId} size="xs" fw={700} tt="uppercase" c="dimmed" px="sm">
            {t('settings')}
          </Text>
          <EntryList entries={settings} viewer={viewer} onNavigate={onNavigate} />
        </Stack>
      ) : null}
    </Stack>
  );
}
