import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAGINATION_DEFAULTS, paginationItems } from '../lib/pagination.ts';

interface PageControlProps {
  /** Zero-based. */
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
}

/** Spec §9's page control (see `paginationItems`); people read pages from 1. */
export function PageControl({ page, pageCount, onChange }: PageControlProps) {
  const { t } = useTranslation();
  const items = paginationItems(page, pageCount);
  if (items.length === 0) return null;
  return (
    <Group component="nav" aria-label={t('list.pages.nav')} gap={4}>
      {items.map((item) => {
        if (item.kind === 'jump') {
          const back = item.direction === 'back';
          return (
            <Button
              key={item.direction}
              size="xs"
              variant="subtle"
              aria-label={t(back ? 'list.pages.back' : 'list.pages.forward', { n: PAGINATION_DEFAULTS.jump })}
              title={t('list.pages.page', { page: item.page + 1 })}
              onClick={() => onChange(item.page)}
            >
              {back ? '«' : '»'}
            </Button>
          );
        }
        const current = item.page === page;
        return (
          <Button
            key={item.page}
            size="xs"
            variant={current ? 'filled' : 'default'}
            aria-current={current ? 'page' : undefined}
            aria-label={t('list.pages.page', { page: item.page + 1 })}
            onClick={() => onChange(item.page)}
          >
            {item.page + 1}
          </Button>
        );
      })}
    </Group>
  );
}
