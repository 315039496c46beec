import { useTranslation } from 'react-i18next';
import { calendarDay } from './dashboard-data.ts';

/** A day as a chart's axis writes it, short ("Nov 23", "23 thg 11"), in the chosen language. */
export function useShortDay(): (day: string) => string {
  const { i18n } = useTranslation();
  const formatter = new Intl.DateTimeFormat(i18n.language === 'vi' ? 'vi-VN' : 'en-US', {
    month: 'short',
    day: 'numeric',
  });
  return (day) => formatter.format(calendarDay(day));
}
