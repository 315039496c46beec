import { defineTexts } from '../text.ts';

/** API keys for sellers' programs. */
export const keyTexts = defineTexts({
  'apiKeys.accountRequired': { en: 'account_sid is required', vi: 'Cần có account_sid' },
  'apiKeys.notFound': { en: 'API key not found.', vi: 'Không tìm thấy khoá API.' },
});
