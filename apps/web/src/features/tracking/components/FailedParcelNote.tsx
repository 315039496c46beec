import { Alert, Anchor, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * What the owner of a Failed parcel can do next (issue 21 item 7): the public page shows no reason (it may
 * hold personal details), so it says who can see it and arrange what follows.
 */
export function FailedParcelNote({ barcode }: { barcode: string }) {
  const { t } = useTranslation('tracking');
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconInfoCircle aria-hidden />}
      title={t('failed.title')}
      role="note"
      // The light orange's own title colour is too faint on its background (contrast).
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Text size="sm">{t('failed.recipient', { barcode })}</Text>
      <Text size="sm" mt={4}>
        {t('failed.sender')}{' '}
        <Anchor component={Link} to="/login" size="sm">
          {t('failed.signIn')}
        </Anchor>
      </Text>
    </Alert>
  );
}
