/**
 * Issue item 10: axe-core on a page, and its findings that count (serious and moderate, and critical, which
 * is worse) in one line each: page, rule, impact, the elements and what axe says to fix.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const COUNTED = new Set(['critical', 'serious', 'moderate']);

export interface AxeFinding {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe on the page as it stands once it has nothing left to load (no loader, no skeleton), with every
 * rule axe has (WCAG 2.x A and AA plus its best practices: landmarks, one h1, heading order). A page that shows
 * work under way on purpose (a running batch's spinner) says so with `working`, and only skeletons are waited out.
 */
export async function axeFindings(
  page: Page,
  name: string,
  { working = false }: { working?: boolean } = {},
): Promise<AxeFinding[]> {
  if (!working) await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
  // Toasts fade in and out, and a half-transparent one gives axe made-up contrast figures: wait until each
  // is either fully there or gone, then check them with the rest (their close buttons need names too).
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.mantine-Notification-root')).every((toast) => {
      for (let node: Element | null = toast; node; node = node.parentElement) {
        if (getComputedStyle(node).opacity !== '1') return false;
      }
      return true;
    }),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => COUNTED.has(violation.impact ?? ''))
    .map((violation) => ({
      page: name,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

export function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map(
      (finding) =>
        `${finding.page}: ${finding.rule} (${finding.impact}) ${finding.help}\n    ${finding.targets.join('\n    ')}`,
    )
    .join('\n');
}
