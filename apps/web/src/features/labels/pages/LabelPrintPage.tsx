import { Anchor, Box, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QueryState } from '../../../components/QueryState.tsx';
import { orderQuery } from '../../../lib/order-queries.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { labelExtension, orderLabelQuery } from '../api.ts';
import { LabelFormatPicker } from '../components/LabelFormatPicker.tsx';
import { useLabelOutput } from '../use-label-output.ts';
import { useObjectUrl } from '../use-object-url.ts';

/**
 * Spec §2: the label print page (labels/{order sid}), signed in but outside the app's frame so nothing but the
 * label prints. The label is fetched with the session's token in the format this device chose last (issue 33):
 * a PDF is shown from a blob URL; a ZPL file is not for a browser to show, so it is offered as a download for
 * the thermal printer.
 */
export function LabelPrintPage() {
  const { t } = useTranslation('order');
  const { sid = '' } = useParams();
  const [output, setOutput] = useLabelOutput();
  const label = useQuery(orderLabelQuery(sid, output));
  const isPdf = output.format === 'pdf';
  // Only for the title and the file name; the label shows without it.
  const order = useQuery({ ...orderQuery(sid), retry: false });
  const url = useObjectUrl(isPdf ? label.data : undefined);
  const frame = useRef<HTMLIFrameElement>(null);
  // The server names the file after the barcode too (content-disposition), whichever way it is saved.
  const fileName = `label-${order.data?.barcode ?? sid}${labelExtension(output)}`;
  const title = order.data
    ? t('label.title', { orderNumber: order.data.orderNumber })
    : t('label.fallbackTitle');
  useDocumentTitle(title);

  const print = () => frame.current?.contentWindow?.print();
  const download = () => {
    if (label.data) saveFile(label.data, fileName);
  };

  return (
    <Stack gap="md" p="md" h="100vh" component="main" id="main-content">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Group gap="sm">
          <LabelFormatPicker value={output} onChange={setOutput} />
          {isPdf ? (
            <>
              <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={print} disabled={!url}>
                {t('label.print')}
              </Button>
              <Button
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={download}
                disabled={!url}
              >
                {t('label.download')}
              </Button>
            </>
          ) : null}
          <Anchor component={Link} to={`/internal/orders/${sid}/view`} size="sm">
            {t('label.backToOrder')}
          </Anchor>
        </Group>
      </Group>
      <QueryState
        query={label}
        loading={
          <Skeleton
            height={480}
            maw={400}
            radius="md"
            aria-busy="true"
            aria-label={t('label.loading')}
            role="status"
          />
        }
      >
        {() =>
          isPdf ? (
            url ? (
              <Box style={{ flex: 1, minHeight: 480 }}>
                <iframe
                  ref={frame}
                  title={t('label.frame')}
                  src={url}
                  style={{ width: '100%', height: '100%', border: 0 }}
                />
              </Box>
            ) : null
          ) : (
            <Stack gap="xs" align="flex-start">
              <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
                {t('label.downloadZpl')}
              </Button>
              <Text size="sm" c="dimmed">
                {t('label.zplHint')}
              </Text>
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}
