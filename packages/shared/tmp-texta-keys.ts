import { readFileSync, writeFileSync } from 'node:fs';
import { serverTexts } from './src/texts/catalog.ts';
const byEnglish = new Map<string, string>();
for (const [key, entry] of Object.entries(serverTexts)) {
  const en = (entry as { en: unknown }).en;
  if (typeof en === 'string' && !en.includes('{{')) {
    if (!byEnglish.has(en) || key.startsWith('accounts.') || key.startsWith('access.')) byEnglish.set(en, key);
  }
}
// prefer canonical keys for duplicates
byEnglish.set('Account not found.', 'accounts.notFound');
byEnglish.set('Order not found.', 'orders.notFound');
byEnglish.set('You do not have access.', 'access.noAccess');
const files = process.argv.slice(2);
const unmatched: string[] = [];
for (const file of files) {
  let s = readFileSync(file, 'utf8');
  const before = s;
  // one-line and multi-line { msg: '...', code: '...' } with nothing else
  s = s.replace(/\{(\s*)msg: ('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"),(\s*)code: ('[A-Z_]+'),?(\s*)\}/g, (whole, s1, lit, s2, code, s3) => {
    const english = lit.startsWith("'") ? lit.slice(1, -1).replace(/\\'/g, "'") : JSON.parse(lit);
    const key = byEnglish.get(english);
    if (!key) { unmatched.push(`${file}: ${english}`); return whole; }
    const multiline = s1.includes('\n');
    return multiline
      ? `{${s1}msg: ${lit},${s2}code: ${code},${s2}key: '${key}',${s3}}`
      : `{ msg: ${lit}, code: ${code}, key: '${key}' }`;
  });
  if (s !== before) writeFileSync(file, s);
}
console.log(unmatched.join('\n'));
