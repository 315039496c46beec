import { Select, Stack, TextInput } from '@mantine/core';
import type { Ams } from '@parcelops/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { initiatedAmsQuery } from '../api.ts';

interface AmsPickerProps {
  /** YYYY-MM-DD; empty lists the upcoming initiated AMS (departing today or later), soonest first. */
  date: string;
  onDateChange: (date: string) => void;
  amsSid: string;
  amsName: string;
  /** The AMS picked, or null when the choice is cleared. */
  onPick: (ams: Ams | null) => void;
}

/**
 * Spec §6 operator: the initiated AMS with their departure dates: the upcoming ones, soonest first, until a
 * departure day is chosen (issue 28 item 4: tonight's shift sees tomorrow morning's flight), then that day's.
 * The AMS picked stays listed when another day is shown.
 */
export function AmsPicker({ date, onDateChange, amsSid, amsName, onPick }: AmsPickerProps) {
  const { t } = useTranslation('amsScan');
  const format = useFormat();
  const query = useQuery(initiatedAmsQuery(date));
  const list = query.data?.data ?? [];
  const options = list.map((ams) => ({
    value: ams.sid,
    label: t('picker.option', { name: ams.name, when: format.dateTime(ams.departureDate) }),
  }));
  if (amsSid && !list.some((ams) => ams.sid === amsSid)) {
    options.unshift({ value: amsSid, label: amsName || amsSid });
  }
  const noneText = t(date ? 'picker.none' : 'picker.noneUpcoming');
  const empty = query.isSuccess && list.length === 0 ? noneText : undefined;
  return (
    // One above the other: the AMS's option (name and departure) is long, and half the panel cut it short.
    <Stack gap="md">
      <TextInput
        type="date"
        label={t('picker.date')}
        description={t('picker.dateHint')}
        value={date}
        onChange={(event) => onDateChange(event.currentTarget.value)}
        data-testid="ams-scan-date"
        maw={260}
      />
      <Select
        label={t('picker.ams')}
        placeholder={t('picker.placeholder')}
        description={empty}
        data={options}
        value={amsSid || null}
        onChange={(sid) => {
          // Let go of the search box, or the next scan would be typed into it instead of sent.
          if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
          if (sid === amsSid) return;
          onPick(list.find((ams) => ams.sid === sid) ?? null);
        }}
        error={query.isError ? t('picker.loadFailed', { msg: errorMessage(query.error) }) : undefined}
        nothingFoundMessage={noneText}
        searchable
        clearable
        withAsterisk
        data-testid="ams-scan-picker"
      />
    </Stack>
  );
}
