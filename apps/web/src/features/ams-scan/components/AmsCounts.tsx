import { SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CountsPanel } from '../../../components/CountsPanel.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { amsStatisticQuery } from '../../ams/index.ts';

interface AmsCountsProps {
  amsSid: string;
  cartonLabel: string;
}

/**
 * The running counts the operator closes a carton by: pieces and weight in the carton being loaded and in the
 * whole AMS (GET /orders/statisticForAms), counted up at each scan and fetched again after it.
 */
export function AmsCounts({ amsSid, cartonLabel }: AmsCountsProps) {
  const { t } = useTranslation('amsScan');
  const format = useFormat();
  const query = useQuery(amsStatisticQuery(amsSid));
  const label = cartonLabel.trim();
  const carton = query.data?.data.find((entry) => entry.ams_carton_label === label);
  const cards = [
    {
      key: 'carton',
      title: label ? t('counts.carton', { label }) : t('counts.noCarton'),
      count: carton?.count ?? 0,
      weight: carton?.total_weight ?? 0,
    },
    {
      key: 'ams',
      title: t('counts.ams'),
      count: query.data?.count ?? 0,
      weight: query.data?.total_weight ?? 0,
    },
  ];
  return (
    <CountsPanel label={t('counts.label')} testId="ams-scan-counts">
      {!amsSid ? (
        <Text c="gray.7">{t('counts.pickAms')}</Text>
      ) : query.isError ? (
        <Text c="red.9" role="alert">
          {t('counts.loadFailed', { msg: errorMessage(query.error) })}
        </Text>
      ) : (
        <SimpleGrid cols={2} spacing="md" aria-busy={query.isFetching}>
          {cards.map(({ key, title, count, weight }) => (
            <div key={key} data-testid={`ams-scan-count-${key}`} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {title}
              </Text>
              <Text fz={{ base: 24, sm: 32 }} fw={800} lh={1.1} data-testid={`ams-scan-count-${key}-pieces`}>
                {t('counts.pieces', { count, formatted: format.number(count) })}
              </Text>
              <Text fw={600} data-testid={`ams-scan-count-${key}-weight`}>
                {format.kilograms(weight)}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      )}
    </CountsPanel>
  );
}
