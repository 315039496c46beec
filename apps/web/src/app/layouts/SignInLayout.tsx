import { Anchor, Box, Container, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { useCompanyName } from './use-company-name.ts';

/** Spec §2 Layouts: the public pages (index, sign-in, create password, not found) share logo and footer. */
export function SignInLayout() {
  const companyName = useCompanyName();
  const year = new Date().getFullYear();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" px="lg" py="md">
        <Anchor component={Link} to="/" aria-label="ParcelOps home" display="inline-block">
          <Logo />
        </Anchor>
      </Box>
      <Container component="main" size="md" w="100%" py="xl" style={{ flex: 1 }}>
        <Outlet />
      </Container>
      <Box component="footer" py="md" ta="center">
        <Text size="sm" c="dimmed">
          © {year} {companyName}. All rights reserved.
        </Text>
      </Box>
    </Box>
  );
}
