/**
 * What the declaration form holds. Field names mirror the wire's, so the shared schema's and the server's
 * field errors land on the right inputs; the sizes stay text until the schema parses them (spec §5: decimals,
 * empty becomes 0).
 */
import { DEFAULT_ORIGIN_COUNTRY, type ItemDeclaration } from '@parcelops/shared';

export interface ItemDeclarationFormValues {
  skuNumber: string;
  name: string;
  refName: string;
  itemDescription: string;
  /** '' for none: the code is optional. */
  hs_code: string;
  itemWeight: string;
  itemWidth: string;
  itemHeight: string;
  itemLength: string;
  can_combine: boolean;
  /** USD; '' for none. */
  declaredValue: string;
  /** ISO 3166-1 alpha-2; a new declaration starts at VN, the default orders take too. */
  originCountry: string;
}

export const ITEM_DECLARATION_FORM_FIELDS = [
  'skuNumber',
  'name',
  'refName',
  'itemDescription',
  'hs_code',
  'itemWeight',
  'itemWidth',
  'itemHeight',
  'itemLength',
  'can_combine',
  'declaredValue',
  'originCountry',
] as const satisfies readonly (keyof ItemDeclarationFormValues)[];

export function itemDeclarationFormValues(declaration: ItemDeclaration | null): ItemDeclarationFormValues {
  return {
    skuNumber: declaration?.skuNumber ?? '',
    name: declaration?.name ?? '',
    refName: declaration?.refName ?? '',
    itemDescription: declaration?.itemDescription ?? '',
    hs_code: declaration?.hs_code ?? '',
    itemWeight: declaration ? String(declaration.itemWeight) : '',
    itemWidth: declaration ? String(declaration.itemWidth) : '',
    itemHeight: declaration ? String(declaration.itemHeight) : '',
    itemLength: declaration ? String(declaration.itemLength) : '',
    can_combine: declaration?.can_combine ?? false,
    declaredValue: declaration?.declaredValue != null ? String(declaration.declaredValue) : '',
    originCountry: declaration?.originCountry ?? DEFAULT_ORIGIN_COUNTRY,
  };
}
