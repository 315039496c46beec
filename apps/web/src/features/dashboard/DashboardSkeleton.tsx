import { Grid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The dashboard's shape while its code or its figures load. It lives apart from the charts so the lazy
 * boundary can show it without loading the charts library.
 */
export function DashboardSkeleton() {
  const { t } = useTranslation('dashboard');
  return (
    <Stack gap="md" aria-busy="true" aria-label={t('loading')} data-testid="dashboard-skeleton">
      <Skeleton height={28} width={220} />
      <Grid>
        {[0, 1, 2, 3].map((tile) => (
          <Grid.Col key={tile} span={{ base: 6, sm: 3 }}>
            <Skeleton height={64} />
          </Grid.Col>
        ))}
      </Grid>
      <Grid>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Skeleton height={260} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Skeleton height={260} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
