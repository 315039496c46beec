import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What a page shows while its code is on the way: a heading bar and a few lines, announced as loading. */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t('loading')} role="status">
      <Skeleton height={32} width="40%" />
      <Skeleton height={16} />
      <Skeleton height={16} />
      <Skeleton height={16} width="70%" />
    </Stack>
  );
}
