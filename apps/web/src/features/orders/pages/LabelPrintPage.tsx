import { Alert, Anchor, Box, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client.ts';
import { orderLabelQuery, orderQuery } from '../api.ts';
import { useObjectUrl } from '../use-object-url.ts';

/**
 * Spec §2: the label print page (labels/{order sid}), signed in but outside the app's frame so nothing but the
 * label prints. The PDF is fetched with the session's token and shown from a blob URL.
 */
export function LabelPrintPage() {
  const { sid = '' } = useParams();
  const label = useQuery(orderLabelQuery(sid));
  // Only for the title and the file name; the label shows without it.
  const order = useQuery({ ...orderQuery(sid), retry: false });
  const url = useObjectUrl(label.data);
  const frame = useRef<HTMLIFrameElement>(null);
  // The server names the file after the barcode too (content-disposition), whichever way it is saved.
  const fileName = `label-${order.data?.barcode ?? sid}.pdf`;

  const print = () => frame.current?.contentWindow?.print();
  const download = () => {
    if (!url) return;
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.click();
  };

  return (
    <Stack gap="md" p="md" h="100vh">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{order.data ? `Label for order ${order.data.orderNumber}` : 'Label'}</Title>
        <Group gap="sm">
          <Button leftSection={<IconPrinter size={16} />} onClick={print} disabled={!url}>
            Print
          </Button>
          <Button variant="light" leftSection={<IconDownload size={16} />} onClick={download} disabled={!url}>
            Download
          </Button>
          <Anchor component={Link} to={`/internal/orders/${sid}/view`} size="sm">
            Back to order
          </Anchor>
        </Group>
      </Group>
      {label.isError ? <Alert color="red">{errorMessage(label.error)}</Alert> : null}
      {label.isPending ? <Loader aria-label="Loading the label" /> : null}
      {url ? (
        <Box style={{ flex: 1, minHeight: 480 }}>
          <iframe ref={frame} title="Label" src={url} style={{ width: '100%', height: '100%', border: 0 }} />
        </Box>
      ) : null}
    </Stack>
  );
}
