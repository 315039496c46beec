import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconFileSpreadsheet,
  IconPlaneDeparture,
  IconProgressCheck,
  IconScan,
  type TablerIcon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AMS_SCANNING_AVAILABLE, AMS_SCANNING_PATH, scanOrdersPath } from '../hub/index.ts';

interface HubCard {
  key: 'scan' | 'details' | 'status' | 'ams';
  to: string;
  icon: TablerIcon;
}

/** The hub's work, in the order a shift does it; AMS scanning only once its screen exists. */
export const HUB_CARDS: readonly HubCard[] = [
  { key: 'scan', to: scanOrdersPath('scan'), icon: IconScan },
  { key: 'details', to: scanOrdersPath('details'), icon: IconFileSpreadsheet },
  { key: 'status', to: scanOrdersPath('status'), icon: IconProgressCheck },
  ...(AMS_SCANNING_AVAILABLE
    ? [{ key: 'ams' as const, to: AMS_SCANNING_PATH, icon: IconPlaneDeparture }]
    : []),
];

/** Big cards for the hub's screens: what an operator opens the app for, first on their home. */
export function HubWorkCards() {
  const { t } = useTranslation('dashboard');
  return (
    <Stack component="section" gap="sm" aria-labelledby="home-hub-heading" data-testid="home-hub">
      <Title order={2} size="h3" id="home-hub-heading">
        {t('home.hub.heading')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: HUB_CARDS.length }}>
        {HUB_CARDS.map(({ key, to, icon: Icon }) => (
          <Card
            key={key}
            component={Link}
            to={to}
            withBorder
            padding="xl"
            radius="md"
            data-testid={`home-hub-${key}`}
          >
            <Group gap="md" wrap="nowrap" align="start">
              <Icon size={40} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
              <div>
                <Text fz="xl" fw={700}>
                  {t(`home.hub.${key}.title`)}
                </Text>
                <Text size="sm" c="gray.7">
                  {t(`home.hub.${key}.text`)}
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
