import { isOrderStatus } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';

/** A status number as its label in the chosen language ("Unknown Status" for any other number, spec §4). */
export function useStatusLabel(): (status: number) => string {
  const { t } = useTranslation('dashboard');
  return (status) => (isOrderStatus(status) ? t(`status.${status}` as 'status.0') : t('status.unknown'));
}
