import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OPTIONAL_ORDER_COLUMNS, type OptionalOrderColumn } from '../use-order-columns.ts';

interface ColumnChooserProps {
  showAccount: boolean;
  isShown: (column: OptionalOrderColumn) => boolean;
  setShown: (column: OptionalOrderColumn, shown: boolean) => void;
}

/** Which optional columns the orders table shows; the choice is remembered per user (useOrderColumns). */
export function ColumnChooser({ showAccount, isShown, setShown }: ColumnChooserProps) {
  const { t } = useTranslation('orders');
  const columns = OPTIONAL_ORDER_COLUMNS.filter((column) => column !== 'account' || showAccount);
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        {/* Never squeezed by the status buttons beside it: its label stays whole in either language. */}
        <Button
          variant="default"
          size="xs"
          leftSection={<IconColumns size={14} aria-hidden />}
          style={{ flexShrink: 0 }}
        >
          {t('columnChooser.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label={t('columnChooser.label')}>
          {columns.map((column) => (
            <Checkbox
              key={column}
              size="sm"
              label={t(`columns.${column}`)}
              checked={isShown(column)}
              onChange={(event) => setShown(column, event.currentTarget.checked)}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
