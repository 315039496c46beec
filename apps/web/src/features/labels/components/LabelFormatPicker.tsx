import { Group, type MantineSize, SegmentedControl } from '@mantine/core';
import { DEFAULT_LABEL_DPI, LABEL_DPIS, type LabelOutput } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';

interface LabelFormatPickerProps {
  value: LabelOutput;
  onChange: (next: LabelOutput) => void;
  size?: MantineSize;
  disabled?: boolean;
}

/**
 * What labels are drawn as (issue 33): a PDF for any printer, or ZPL II for a thermal printer at its
 * resolution, which is asked only once ZPL is chosen. Pair it with `useLabelOutput` to remember the choice.
 */
export function LabelFormatPicker({ value, onChange, size = 'sm', disabled }: LabelFormatPickerProps) {
  const { t } = useTranslation('order');
  return (
    <Group gap="xs" wrap="nowrap">
      <SegmentedControl
        aria-label={t('label.format.label')}
        size={size}
        disabled={disabled}
        value={value.format}
        onChange={(format) =>
          onChange(format === 'zpl' ? { format: 'zpl', dpi: DEFAULT_LABEL_DPI } : { format: 'pdf' })
        }
        data={[
          { value: 'pdf', label: t('label.format.pdf') },
          { value: 'zpl', label: t('label.format.zpl') },
        ]}
      />
      {value.format === 'zpl' ? (
        <SegmentedControl
          aria-label={t('label.format.dpi')}
          size={size}
          disabled={disabled}
          value={String(value.dpi)}
          onChange={(dpi) => {
            const chosen = LABEL_DPIS.find((known) => String(known) === dpi);
            if (chosen) onChange({ format: 'zpl', dpi: chosen });
          }}
          data={LABEL_DPIS.map((dpi) => ({ value: String(dpi), label: t('label.format.dpiValue', { dpi }) }))}
        />
      ) : null}
    </Group>
  );
}
