import { Badge, Button, Collapse, Stack, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconChevronDown } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

interface FiltersFoldProps {
  /** How many filters are set, shown on the button so a folded filter is never forgotten. */
  active: number;
  children: ReactNode;
}

/**
 * On a phone a list's filters fold away behind a "Filters" button (issue 21 item 7), so the first row is on
 * the first screen; the button says how many are set. Folded, the filters keep their typed values.
 */
export function FiltersFold({ active, children }: FiltersFoldProps) {
  const { t } = useTranslation();
  const [opened, { toggle }] = useDisclosure(false);
  const panelId = useId();
  return (
    <Stack gap="sm">
      <Button
        variant="default"
        size="sm"
        fullWidth
        justify="space-between"
        onClick={toggle}
        aria-expanded={opened}
        aria-controls={panelId}
        leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
        rightSection={
          <IconChevronDown
            size={16}
            aria-hidden
            style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
        }
      >
        {t('list.filtersFold')}
        {active > 0 ? (
          <>
            <Badge size="sm" circle ml={8} aria-hidden>
              {active}
            </Badge>
            <VisuallyHidden>{t('list.activeFilters', { count: active })}</VisuallyHidden>
          </>
        ) : null}
      </Button>
      <Collapse expanded={opened} id={panelId}>
        <Stack gap="sm">{children}</Stack>
      </Collapse>
    </Stack>
  );
}
