import { Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { adminMayOverride, type StatusUploadPreview as Preview, STATUS_REASON_MAX } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { ColumnHeads } from '../../../components/ColumnHeads.tsx';
import { ScrollRegion } from '../../../components/ScrollRegion.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { useServerText } from '../../../lib/server-text.ts';
import { useOrderStatusLabel } from '../../orders/index.ts';

/**
 * An admin's way past the refusals they may set aside (a final status, a step back): the reason the upload
 * then carries, recorded on each order's event. Given only to admins, for a status other than Failed (whose
 * own reason already serves).
 */
export interface AdminOverride {
  /** The reason the preview was made with ('' when none). */
  given: string;
  reason: string;
  onReasonChange: (reason: string) => void;
  /** Previews again with the reason, so the admin sees the moves before confirming. */
  onApply: () => void;
  error: string | null;
}

interface StatusUploadPreviewProps {
  preview: Preview;
  /** The status the upload sets. */
  status: number;
  onConfirm: () => void;
  onCancel: () => void;
  confirming: boolean;
  override?: AdminOverride;
  /** A new preview is on its way (the admin's reason applied). */
  previewing?: boolean;
}

function OverrideReason({ override, previewing }: { override: AdminOverride; previewing: boolean }) {
  const { t } = useTranslation('hubUploads');
  return (
    <Stack gap={6} mt="xs" data-testid="status-preview-override">
      <TextInput
        label={t('preview.override.label')}
        description={t('preview.override.description')}
        value={override.reason}
        onChange={(event) => override.onReasonChange(event.currentTarget.value)}
        error={override.error}
        maxLength={STATUS_REASON_MAX}
        disabled={previewing}
      />
      <Group>
        <Button variant="light" onClick={override.onApply} loading={previewing}>
          {t('preview.override.apply')}
        </Button>
      </Group>
    </Stack>
  );
}

/** "120 orders in the file: 118 Scanned → Delivered, 2 refused": the whole upload in one line. */
function useSummary(preview: Preview, status: number): string {
  const { t } = useTranslation('hubUploads');
  const format = useFormat();
  const label = useOrderStatusLabel();
  const parts = [
    ...preview.moves.map((move) =>
      t('preview.move', { n: format.number(move.count), from: label(move.from), to: label(move.to) }),
    ),
    preview.unchanged > 0
      ? t('preview.unchanged', { n: format.number(preview.unchanged), status: label(status) })
      : null,
    preview.refusedCount > 0 ? t('preview.refused', { n: format.number(preview.refusedCount) }) : null,
    preview.notFoundCount > 0 ? t('preview.notFound', { n: format.number(preview.notFoundCount) }) : null,
  ].filter((part): part is string => part !== null);
  const total = t('preview.total', { count: preview.total, n: format.number(preview.total) });
  return `${total}: ${parts.length > 0 ? parts.join(', ') : t('preview.nothing')}`;
}

function More({ listed, total }: { listed: number; total: number }) {
  const { t } = useTranslation('hubUploads');
  if (total <= listed) return null;
  return (
    <Text size="sm" c="gray.7">
      {t('preview.more', { count: total - listed })}
    </Text>
  );
}

/**
 * What a status upload will do, before it does it (POST /orders/status/preview): how many orders move from
 * which status, which stay as they are, which are refused and why, which barcodes are unknown. Nothing is
 * written until Confirm; when nothing would change, the preview says so and offers only Back.
 */
export function StatusUploadPreview({
  preview,
  status,
  onConfirm,
  onCancel,
  confirming,
  override,
  previewing = false,
}: StatusUploadPreviewProps) {
  const { t } = useTranslation('hubUploads');
  const { t: tc } = useTranslation();
  const label = useOrderStatusLabel();
  const say = useServerText();
  const summary = useSummary(preview, status);
  const changes = preview.moves.reduce((sum, move) => sum + move.count, 0);
  const overridable = override && preview.refused.some((refusal) => adminMayOverride(refusal.code));
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="status-preview-title"
      data-testid="status-preview"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="status-preview-title">
          {t('preview.title')}
        </Title>
        <Text fw={600} data-testid="status-preview-summary">
          {summary}
        </Text>
        {preview.refused.length > 0 ? (
          <Stack gap={4} data-testid="status-preview-refused">
            <Title order={3} size="h5" c="red.9">
              {t('preview.refusedTitle', { count: preview.refusedCount })}
            </Title>
            <ScrollRegion label={t('preview.refusedTitle', { count: preview.refusedCount })} maxHeight={320}>
              <Table
                striped
                withTableBorder
                aria-label={t('preview.refusedTitle', { count: preview.refusedCount })}
              >
                <ColumnHeads
                  columns={[
                    { key: 'barcode', label: t('preview.col.barcode') },
                    { key: 'orderNumber', label: t('preview.col.orderNumber') },
                    { key: 'why', label: t('preview.col.why') },
                  ]}
                />
                <Table.Tbody>
                  {preview.refused.map((refusal) => (
                    <Table.Tr key={refusal.barcode}>
                      <Table.Td>{refusal.barcode}</Table.Td>
                      <Table.Td>{refusal.orderNumber ?? ''}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{say(refusal, refusal.msg)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
            <More listed={preview.refused.length} total={preview.refusedCount} />
            {overridable ? <OverrideReason override={override} previewing={previewing} /> : null}
          </Stack>
        ) : null}
        {override?.given ? (
          <Text size="sm" data-testid="status-preview-override-given">
            {t('preview.override.given', { reason: override.given })}
          </Text>
        ) : null}

        {preview.notFound.length > 0 ? (
          <Stack gap={4} data-testid="status-preview-not-found">
            <Title order={3} size="h5">
              {t('preview.notFoundTitle', { count: preview.notFoundCount })}
            </Title>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {preview.notFound.join(', ')}
            </Text>
            <More listed={preview.notFound.length} total={preview.notFoundCount} />
          </Stack>
        ) : null}

        {changes === 0 ? (
          // Nothing would be written: no Confirm that only reports "0 updated".
          <>
            <Text fw={600} data-testid="status-preview-nothing">
              {t('preview.nothingToChange')}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onCancel} data-testid="status-preview-cancel">
                {t('preview.back')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm">{t('preview.question', { status: label(status) })}</Text>
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                onClick={onCancel}
                disabled={confirming || previewing}
                data-testid="status-preview-cancel"
              >
                {tc('cancel')}
              </Button>
              <Button
                onClick={onConfirm}
                loading={confirming}
                disabled={previewing}
                data-testid="status-preview-confirm"
              >
                {t('preview.confirm')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
