import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { LanguageSwitch } from '../../i18n/LanguageSwitch.tsx';
import { SkipLink } from './SkipLink.tsx';
import { useCompanyName } from './use-company-name.ts';

/** Spec §2 Layouts: the public pages (index, sign-in, create password, not found) share logo and footer. */
export function SignInLayout() {
  const companyName = useCompanyName();
  const year = new Date().getFullYear();
  const { t } = useTranslation();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <Group component="header" px="lg" py="md" justify="space-between">
        <Anchor component={Link} to="/" aria-label={t('home')} display="inline-block">
          <Logo />
        </Anchor>
        <LanguageSwitch />
      </Group>
      <Container
        component="main"
        id="main-content"
        tabIndex={-1}
        size="md"
        w="100%"
        py="xl"
        style={{ flex: 1 }}
      >
        <Outlet />
      </Container>
      <Box component="footer" py="md" ta="center">
        <Text size="sm" c="dimmed">
          {t('footer', { year, company: companyName })}
        </Text>
      </Box>
    </Box>
  );
}
