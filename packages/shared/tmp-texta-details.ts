import { readFileSync, writeFileSync } from 'node:fs';
import { issueText, serverTexts } from './src/index.ts';
const byEnglish = new Map<string, string>();
for (const [key, entry] of Object.entries(serverTexts)) {
  const en = (entry as { en: unknown }).en;
  if (typeof en === 'string' && !en.includes('{{') && !byEnglish.has(en)) byEnglish.set(en, key);
}
byEnglish.set('Account not found.', 'accounts.notFound');
byEnglish.set('Order not found.', 'orders.notFound');
const lit = (value: unknown): string => {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (typeof value === 'number') return String(value);
  const entries = Object.entries(value as object).map(([k, v]) => `${/^\w+$/.test(k) ? k : `'${k}'`}: ${lit(v)}`);
  return `{ ${entries.join(', ')} }`;
};
const unmatched: string[] = [];
for (const file of process.argv.slice(2)) {
  let s = readFileSync(file, 'utf8');
  const before = s;
  s = s.replace(/\{ path: ('[^']*'|`[^`]*`), message: '((?:[^'\\]|\\.)*)' \}/g, (whole, path, raw) => {
    const english = raw.replace(/\\'/g, "'").replace(/\\\\/g, '\\');
    let words = issueText({ message: english });
    if (words.key === 'common.plain') {
      const key = byEnglish.get(english);
      if (!key) { unmatched.push(`${file}: ${english}`); return whole; }
      words = { key };
    }
    const params = words.params ? `, params: ${lit(words.params)}` : '';
    return `{ path: ${path}, message: '${raw}', key: '${words.key}'${params} }`;
  });
  if (s !== before) writeFileSync(file, s);
}
console.log(unmatched.join('\n'));
