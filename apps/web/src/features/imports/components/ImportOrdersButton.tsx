import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Spec §2 Orders: "Import orders" beside "Add order"; every role may import (its own account or a chosen one). */
export function ImportOrdersButton() {
  const { t } = useTranslation('orderImport');
  return (
    <Button
      component={Link}
      to="/internal/orders/import"
      variant="light"
      leftSection={<IconFileImport size={16} />}
    >
      {t('title')}
    </Button>
  );
}
