import { Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AmsLock } from '../ams-lock.ts';

/**
 * Says once, at the top of the view, why the parcel tools are not there: in place of buttons that would
 * only be refused (issue 28 item 4).
 */
export function AmsLockNote({ lock }: { lock: AmsLock }) {
  const { t } = useTranslation('ams');
  if (lock === 'open') return null;
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      align="flex-start"
      role="note"
      data-testid="ams-read-only"
      p="sm"
      bg="gray.0"
      bd="1px solid var(--mantine-color-gray-4)"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <IconLock size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <div>
        <Text fw={700}>{t(`readOnly.${lock}.title`)}</Text>
        <Text size="sm" c="gray.8">
          {t(`readOnly.${lock}.detail`)}
        </Text>
      </div>
    </Group>
  );
}
