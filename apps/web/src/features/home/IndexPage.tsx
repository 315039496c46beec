import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { BarcodeSearchForm } from '../tracking/index.ts';

/** The public front page: who we are, and the two ways in (spec §2 Public routes). */
export function IndexPage() {
  const navigate = useNavigate();
  return (
    <Stack align="center" ta="center" gap="lg" py="xl">
      <Title order={1}>ParcelOps</Title>
      <Text size="lg" c="dimmed" maw={560}>
        Cross-border parcel shipping, from the seller's order to the hub scan, the air manifest and the door.
        Follow any parcel with its barcode.
      </Text>
      <Card withBorder padding="lg" w="100%" maw={520} ta="left">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Track a parcel
          </Title>
          <BarcodeSearchForm
            buttonLabel="Track"
            onSearch={(barcode) => navigate(`/tracking?${new URLSearchParams({ barcode })}`)}
          />
          <Button component={Link} to="/tracking" variant="subtle" size="compact-sm" w="fit-content">
            Tracking page
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
        Sign in
      </Button>
    </Stack>
  );
}
