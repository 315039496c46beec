import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from './i18n.ts';
import { LANGUAGES, type Language } from './resources.ts';

/**
 * The top bar's language choice; remembered on the device. A native select: it is on the sign-in page,
 * where Mantine's custom combobox (and the scroll area it brings) would cost a third of the page's script.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('language')}
      data={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
      value={i18n.language}
      onChange={(event) => void changeLanguage(event.currentTarget.value as Language)}
      leftSection={<IconLanguage size={16} aria-hidden />}
      w={150}
      size="xs"
    />
  );
}
