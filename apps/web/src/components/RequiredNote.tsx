import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Spec §2 Generic elements: forms with required fields explain the asterisk. */
export function RequiredNote() {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed">
      {t('requiredNote')}
    </Text>
  );
}
