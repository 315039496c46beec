import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { BarcodeSearchForm } from '../tracking/index.ts';

/** The public front page: who we are, and the two ways in (spec §2 Public routes). */
export function IndexPage() {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(null);
  return (
    <Stack align="center" ta="center" gap="lg" py="xl">
      <Title order={1}>{tc('appName')}</Title>
      <Text size="lg" maw={560}>
        {t('index.tagline')}
      </Text>
      <Card withBorder padding="lg" w="100%" maw={520} ta="left">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('index.trackHeading')}
          </Title>
          <BarcodeSearchForm
            buttonLabel={t('index.track')}
            onSearch={(barcode) => navigate(`/tracking?${new URLSearchParams({ barcode })}`)}
          />
          <Button component={Link} to="/tracking" variant="subtle" size="compact-sm" w="fit-content">
            {t('index.trackingPage')}
          </Button>
        </Stack>
      </Card>
      <Button
        component={Link}
        to="/login"
        size="md"
        variant="default"
        leftSection={<IconLogin size={18} aria-hidden />}
      >
        {t('index.signIn')}
      </Button>
    </Stack>
  );
}
