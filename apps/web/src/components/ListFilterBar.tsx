import { Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountSelect } from './AccountSelect.tsx';
import { FiltersFold } from './FiltersFold.tsx';

interface ListTextFilter {
  label: string;
  placeholder?: string;
  /** What the box searches, shown under it so the row's inputs stay level. */
  description?: string;
  /** What is typed; the list's search hook sends it once the typing pauses (spec §9: 1 s on the big lists). */
  value: string;
  onChange: (value: string) => void;
}

interface ListDateRange {
  /** The bounds as `<input type="date">` holds them (YYYY-MM-DD), empty for none. */
  from: string;
  to: string;
  onChange: (change: { from_date: string } | { to_date: string }) => void;
}

interface ListPageSize {
  sizes: readonly number[];
  value: number;
  onChange: (change: { page_size: number }) => void;
}

interface ListAccountFilter {
  /** The chosen account's sid, empty for all accounts. */
  value: string;
  onChange: (change: { account_sid: string }) => void;
}

interface ListFilterBarProps {
  /** The staff's account filter, first in the bar; leave it out for account users (spec §6). */
  account?: ListAccountFilter | undefined;
  text?: ListTextFilter;
  /** More boxes after the text box (the orders' master air waybill and carton label). */
  more?: ReactNode;
  dates?: ListDateRange;
  pageSize?: ListPageSize;
  /** After the page size: a list's own switch (the orders' missing HS code). */
  trailing?: ReactNode;
  /**
   * 'row' puts every filter on one wrapping line; 'grid' gives the pickers and text boxes a grid of their own
   * above the dates, for a list with many of them.
   */
  layout?: 'row' | 'grid';
  /** On a phone, fold the filters behind a button saying how many are set (`active`). */
  foldOnPhone?: { active: number };
  /** Under the filters and never folded: the status buttons and what goes with them. */
  status?: ReactNode;
}

const PHONE = '(max-width: 48em)';

/**
 * Spec §2's list filters, laid out one way for every paged list: the account and text, the From and To dates (each
 * bounding the other), the page size, and a list's own extras. Every value is the caller's (kept in the URL).
 */
export function ListFilterBar(props: ListFilterBarProps) {
  const { account, text, more, dates, pageSize, trailing, layout = 'row', foldOnPhone, status } = props;
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE, false);
  const accountPicker = account ? (
    <AccountSelect
      placeholder={t('list.allAccounts')}
      value={account.value || null}
      onChange={(accountSid) => account.onChange({ account_sid: accountSid ?? '' })}
      miw={layout === 'row' ? 220 : undefined}
    />
  ) : null;
  const textBox = text ? (
    <TextInput
      label={text.label}
      placeholder={text.placeholder}
      description={text.description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      value={text.value}
      onChange={(event) => text.onChange(event.currentTarget.value)}
      miw={layout === 'row' ? 220 : undefined}
    />
  ) : null;
  const bounds = dates ? (
    <>
      <TextInput
        label={t('list.from')}
        type="date"
        value={dates.from}
        max={dates.to || undefined}
        onChange={(event) => dates.onChange({ from_date: event.currentTarget.value })}
      />
      <TextInput
        label={t('list.to')}
        type="date"
        value={dates.to}
        min={dates.from || undefined}
        onChange={(event) => dates.onChange({ to_date: event.currentTarget.value })}
      />
    </>
  ) : null;
  const sizeSelect = pageSize ? (
    <Select
      label={t('list.pageSize')}
      data={pageSize.sizes.map(String)}
      value={String(pageSize.value)}
      allowDeselect={false}
      // Wide enough for the label on one line in both languages ("Số dòng mỗi trang" wraps at 110).
      w={150}
      onChange={(value) => pageSize.onChange({ page_size: Number(value) })}
    />
  ) : null;

  const filters =
    layout === 'grid' ? (
      <>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {accountPicker}
          {textBox}
          {more}
        </SimpleGrid>
        <Group align="flex-end" gap="md">
          {bounds}
          {sizeSelect}
          {trailing}
        </Group>
      </>
    ) : (
      <Group align="flex-end" gap="md" wrap="wrap">
        {accountPicker}
        {textBox}
        {more}
        {bounds}
        {sizeSelect}
        {trailing}
      </Group>
    );

  return (
    <>
      {foldOnPhone && phone ? <FiltersFold active={foldOnPhone.active}>{filters}</FiltersFold> : filters}
      {status}
    </>
  );
}
