/**
 * Every text the server says, by domain. A domain adds its file under catalog/ and one spread here; keys start
 * with the domain's name so two files never claim the same key.
 */

import { accessTexts } from './catalog/access.ts';
import { accountAddressTexts } from './catalog/account-address.ts';
import { accountTexts } from './catalog/accounts.ts';
import { addressTexts } from './catalog/addresses.ts';
import { amsTexts } from './catalog/ams.ts';
import { amsInputTexts } from './catalog/ams-input.ts';
import { authTexts } from './catalog/auth.ts';
import { batchTexts } from './catalog/batch.ts';
import { commonTexts } from './catalog/common.ts';
import { declarationTexts } from './catalog/declarations.ts';
import { fieldTexts } from './catalog/fields.ts';
import { fileTexts } from './catalog/files.ts';
import { hsCodeTexts } from './catalog/hs-codes.ts';
import { hubTexts } from './catalog/hub.ts';
import { importsTexts } from './catalog/imports.ts';
import { keyTexts } from './catalog/keys.ts';
import { opsTexts } from './catalog/ops.ts';
import { orderInputTexts } from './catalog/order-input.ts';
import { ordersTexts } from './catalog/orders.ts';
import { pricingTexts } from './catalog/pricing.ts';
import { requestTexts } from './catalog/requests.ts';
import { sheetsTexts } from './catalog/sheets.ts';
import { trackingTexts } from './catalog/tracking.ts';
import { userTexts } from './catalog/users.ts';
import { validationTexts } from './catalog/validation.ts';
import { vendorTexts } from './catalog/vendors.ts';
import { webhooksTexts } from './catalog/webhooks.ts';
import {
  fillTemplate,
  isText,
  type Text,
  type TextEntry,
  type TextLanguage,
  type TextParams,
  templateFor,
} from './text.ts';

export const serverTexts = {
  ...commonTexts,
  ...importsTexts,
  ...sheetsTexts,
  ...ordersTexts,
  ...hubTexts,
  ...batchTexts,
  ...amsTexts,
  ...webhooksTexts,
  ...trackingTexts,
  ...validationTexts,
  ...fieldTexts,
  ...requestTexts,
  ...opsTexts,
  ...accessTexts,
  ...authTexts,
  ...userTexts,
  ...accountTexts,
  ...vendorTexts,
  ...pricingTexts,
  ...hsCodeTexts,
  ...declarationTexts,
  ...keyTexts,
  ...fileTexts,
  ...orderInputTexts,
  ...amsInputTexts,
  ...accountAddressTexts,
  ...addressTexts,
} satisfies Record<string, TextEntry>;

export type TextKey = keyof typeof serverTexts;

/** A text to send: typed by the catalogue's keys, so a key that does not exist fails the typecheck. */
export function text(key: TextKey, params?: TextParams): Text {
  return params ? { key, params } : { key };
}

/** A free-form English string with no catalogue entry (kept verbatim in both languages). */
export function plainText(english: string): Text {
  return { key: 'common.plain', params: { text: english } };
}

/** Renders a text in a language; `undefined` when the key is unknown here, so the caller can fall back. */
export function renderText(value: Text, language: TextLanguage): string | undefined {
  const entry = (serverTexts as Record<string, TextEntry | undefined>)[value.key];
  if (!entry || !Object.hasOwn(serverTexts, value.key)) return undefined;
  return fillTemplate(templateFor(entry, language, value.params), value.params, (nested) =>
    isText(nested) ? (renderText(nested, language) ?? nested.key) : String(nested),
  );
}

/** The English words of a text: the msg every reply keeps for API clients. */
export function englishOf(value: Text): string {
  return renderText(value, 'en') ?? value.key;
}
