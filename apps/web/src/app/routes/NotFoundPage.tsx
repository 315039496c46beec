import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

interface NotFoundPageProps {
  /** Where "Go to the home page" leads: the public index, or the signed-in home. */
  homePath: string;
}

export function NotFoundPage({ homePath }: NotFoundPageProps) {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('notFound.title'));
  return (
    <Stack align="center" ta="center" gap="sm" py="xl">
      <Title order={1} size="h2">
        {t('notFound.title')}
      </Title>
      <Text>{t('notFound.text')}</Text>
      <Anchor component={Link} to={homePath}>
        {t('notFound.home')}
      </Anchor>
    </Stack>
  );
}
