import type { ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { searchFold } from '@parcelops/shared';

/**
 * The options of a searchable Select that contain what is typed, forgiving accents and letter case as the
 * server's searches do (searchFold): "huong" offers "Cửa hàng Hương". Mantine's own filter only ignores case.
 */
export const foldedOptionsFilter: OptionsFilter = ({ options, search, limit }) => {
  const needle = searchFold(search.trim());
  const matches = (label: string) => searchFold(label).includes(needle);
  const found: ComboboxParsedItem[] = [];
  for (const option of options) {
    if (found.length >= limit) break;
    if ('group' in option) {
      const items = option.items.filter((item) => matches(item.label));
      if (items.length > 0) found.push({ group: option.group, items });
    } else if (matches(option.label)) {
      found.push(option);
    }
  }
  return found;
};
