import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconLogin, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The public front page: who we are, and the two ways in (spec §2 Public routes). */
export function IndexPage() {
  return (
    <Stack align="center" ta="center" gap="lg" py="xl">
      <Title order={1}>ParcelOps</Title>
      <Text size="lg" c="dimmed" maw={560}>
        Cross-border parcel shipping, from the seller's order to the hub scan, the air manifest and the door.
        Follow any parcel with its barcode.
      </Text>
      <Group justify="center">
        <Button component={Link} to="/tracking" size="md" leftSection={<IconSearch size={18} aria-hidden />}>
          Track a parcel
        </Button>
        <Button
          component={Link}
          to="/login"
          size="md"
          variant="default"
          leftSection={<IconLogin size={18} aria-hidden />}
        >
          Sign in
        </Button>
      </Group>
    </Stack>
  );
}
