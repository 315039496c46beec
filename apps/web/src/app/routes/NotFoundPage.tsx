import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Messages } from '@parcelops/shared';
import { Link } from 'react-router';

interface NotFoundPageProps {
  /** Where "Go to the home page" leads: the public index, or the signed-in home. */
  homePath: string;
}

export function NotFoundPage({ homePath }: NotFoundPageProps) {
  return (
    <Stack align="center" ta="center" gap="sm" py="xl">
      <Title order={2}>Page not found</Title>
      <Text>{Messages.pageNotFound}</Text>
      <Anchor component={Link} to={homePath}>
        Go to the home page
      </Anchor>
    </Stack>
  );
}
