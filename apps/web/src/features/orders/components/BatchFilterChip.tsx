import { Badge, CloseButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface BatchFilterChipProps {
  /** The batch's name once a listed order names it; its sid until then. */
  batch: string;
  onRemove: () => void;
}

/**
 * The list narrowed to one batch's orders (View Batch Order's "View orders"): shown, since no input holds it,
 * and removable.
 */
export function BatchFilterChip({ batch, onRemove }: BatchFilterChipProps) {
  const { t } = useTranslation('orders');
  return (
    <Badge
      variant="light"
      size="lg"
      style={{ textTransform: 'none', alignSelf: 'flex-start' }}
      rightSection={<CloseButton size="xs" aria-label={t('filters.removeBatch')} onClick={onRemove} />}
    >
      {t('filters.batch', { batch })}
    </Badge>
  );
}
