import { Table, Text } from '@mantine/core';
import { type ChangeActor, CREDIT_UNITS, type CreditUnit, type OrderHistoryEntry } from '@parcelops/shared';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ColumnHeads } from '../../../components/ColumnHeads.tsx';
import { QueryState, SkeletonLines } from '../../../components/QueryState.tsx';
import { ScrollRegion } from '../../../components/ScrollRegion.tsx';
import { type Formatters, useFormat } from '../../../i18n/format.ts';
import { useServerText } from '../../../lib/server-text.ts';
import { useOrderStatusLabel } from '../../orders/index.ts';
import { orderHistoryQuery } from '../api.ts';

const numberIn = (details: Record<string, unknown> | null, key: string): number | null => {
  const value = details?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

const isCreditUnit = (value: unknown): value is CreditUnit => CREDIT_UNITS.includes(value as CreditUnit);

/** "API key …1a2b": the key's short name as the server gives it, else the end of its sid. */
function keySuffix(actor: ChangeActor): string {
  const fromName = actor.name?.match(/…\s*(\S+)\s*$/)?.[1];
  return fromName ?? actor.name ?? actor.sid?.slice(-4) ?? '';
}

function who(actor: ChangeActor, t: TFunction<'order'>): string {
  if (actor.kind === 'system') return t('history.system');
  if (actor.kind === 'api_key') return t('history.apiKey', { suffix: keySuffix(actor) });
  return actor.name ?? t('history.someone');
}

/** What happened, in words: the status reached, the weights of a re-weigh (grams shown in kg), or an edit. */
function What({ entry, t, format }: { entry: OrderHistoryEntry; t: TFunction<'order'>; format: Formatters }) {
  const statusLabel = useOrderStatusLabel();
  const say = useServerText();
  const description = say(entry.description_text, entry.description);
  if (entry.kind === 'reweighed') {
    const from = numberIn(entry.details, 'old_weight');
    const to = numberIn(entry.details, 'new_weight');
    const difference = numberIn(entry.details, 'difference');
    const unit = entry.details?.unit;
    const amount =
      difference === null
        ? null
        : `${difference > 0 ? '+' : ''}${isCreditUnit(unit) ? format.money(difference, unit) : format.number(difference)}`;
    return (
      <>
        <Text size="sm" fw={600}>
          {from !== null && to !== null
            ? t('history.reweighed', { from: format.kilograms(from), to: format.kilograms(to) })
            : description}
        </Text>
        {amount ? (
          <Text size="xs" c="gray.7">
            {t('history.difference', { amount })}
          </Text>
        ) : null}
      </>
    );
  }
  const changes = itemChanges(entry);
  const headline =
    entry.kind === 'status' && entry.status !== null
      ? statusLabel(entry.status)
      : entry.kind === 'deleted'
        ? t('history.deleted')
        : t('history.edited');
  return (
    <>
      <Text size="sm" fw={600}>
        {headline}
      </Text>
      {description && description !== headline ? (
        <Text size="xs" c="gray.7">
          {description}
        </Text>
      ) : null}
      {entry.reason ? (
        <Text size="xs" c="red.9" fw={500} data-testid="history-reason">
          {t('history.reason', { reason: entry.reason })}
        </Text>
      ) : null}
      {changes.map(({ field, from, to }) => (
        <Text size="xs" c="gray.8" key={field} data-testid="history-change">
          {t('history.change', {
            field: isItemField(field) ? t(ITEM_FIELD_LABELS[field]) : field,
            from: shown(from, t, format),
            to: shown(to, t, format),
          })}
        </Text>
      ))}
    </>
  );
}

/** An item edit's fields by their labels in the correction dialog. */
const ITEM_FIELD_LABELS = {
  itemDescription: 'itemDialog.description',
  quantity: 'itemDialog.quantity',
  itemWeight: 'itemDialog.weight',
  declaredValue: 'itemDialog.declaredValue',
  originCountry: 'itemDialog.originCountry',
  hs_code: 'itemDialog.hsCode',
} as const;
const isItemField = (field: string): field is keyof typeof ITEM_FIELD_LABELS => field in ITEM_FIELD_LABELS;

type FieldChange = { field: string; from: unknown; to: unknown };

/** An item edit's old and new value of each field (order-item-edit.ts `changes`), in the order they changed. */
function itemChanges(entry: OrderHistoryEntry): FieldChange[] {
  const changes = entry.kind === 'edited' ? entry.details?.changes : undefined;
  if (!changes || typeof changes !== 'object') return [];
  return Object.entries(changes as Record<string, { old?: unknown; new?: unknown } | null>).map(
    ([field, change]) => ({ field, from: change?.old ?? null, to: change?.new ?? null }),
  );
}

function shown(value: unknown, t: TFunction<'order'>, format: Formatters): string {
  if (value === null || value === undefined || value === '') return t('history.empty_value');
  return typeof value === 'number' ? format.number(value, value % 1 === 0 ? 0 : 2) : String(value);
}

/**
 * Staff only (GET /orders/{sid}/history): every change of the order, newest first, with when, where and who
 * made it: a user by name, a seller's API key by its last characters, or the system.
 */
export function OrderHistory({ orderSid }: { orderSid: string }) {
  const { t } = useTranslation('order');
  const format = useFormat();
  const say = useServerText();
  const history = useQuery(orderHistoryQuery(orderSid));
  return (
    <QueryState query={history} loading={<SkeletonLines lines={3} />}>
      {(entries) =>
        entries.length === 0 ? (
          <Text c="gray.7">{t('history.empty')}</Text>
        ) : (
          <ScrollRegion label={t('history.table')}>
            <Table striped withTableBorder aria-label={t('history.table')} data-testid="order-history-table">
              <ColumnHeads
                columns={[
                  { key: 'time', label: t('history.time') },
                  { key: 'what', label: t('history.what') },
                  { key: 'location', label: t('history.location') },
                  { key: 'who', label: t('history.who') },
                ]}
              />
              <Table.Tbody>
                {entries.map((entry) => (
                  <Table.Tr key={`${entry.at}|${entry.kind}|${entry.description}|${entry.actor.sid}`}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <time dateTime={entry.at}>{format.dateTime(entry.at)}</time>
                    </Table.Td>
                    <Table.Td>
                      <What entry={entry} t={t} format={format} />
                    </Table.Td>
                    <Table.Td>{say(entry.location_text, entry.location ?? '')}</Table.Td>
                    <Table.Td>{who(entry.actor, t)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )
      }
    </QueryState>
  );
}
