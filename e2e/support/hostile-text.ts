/// <reference lib="dom" />
/**
 * Issue 30 part 5, hostile text stays text: the payloads the journeys type into names and labels, and a watch
 * on the page that would see any of them run. It counts dialogs, requests to a payload's URL, the CSP's
 * `securitypolicyviolation` events (the policy has no report endpoint: the events and the console are where a
 * violation shows), console messages about the Content Security Policy and page errors naming the payload's
 * mark; `check` also reads `window.__pwned` and looks for live handlers in the DOM, then keeps a screenshot in
 * e2e/.artifacts/hostile-shots/. The DOM types are for the callbacks that run in the browser.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';

export const HOSTILE_SHOTS_DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '.artifacts',
  'hostile-shots',
);

/** A host that never resolves (RFC 2606): any request to it means a payload's markup became an element. */
export const HOSTILE_HOST = 'hostile.invalid';

/**
 * What a person might paste as a name: markup that sets `window.__pwned` if it runs, and one whose image is
 * on HOSTILE_HOST and whose handler opens a dialog. The longest is 50 characters, a carton label's limit.
 */
export const PAYLOADS = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '"><svg onload=window.__pwned=1>',
  `<img src=//${HOSTILE_HOST}/p.png onerror=alert(1)>`,
] as const;

export interface CspViolation {
  directive: string;
  blocked: string;
  sample: string;
  source: string;
  line: number;
  column: number;
}

interface Seen {
  dialogs: string[];
  requests: string[];
  violations: CspViolation[];
  consoleCsp: string[];
  pageErrors: string[];
}

/** Whether a request goes where a payload points: HOSTILE_HOST, a path the journey marked, or `src=x`. */
function payloadUrl(url: string, extraPaths: readonly string[]) {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.hostname === HOSTILE_HOST) return true;
  if (extraPaths.some((path) => parsed.pathname.startsWith(path))) return true;
  // `<img src=x>` asks for "x" next to the page's own path.
  return parsed.pathname.split('/').pop() === 'x';
}

export class HostileWatch {
  readonly seen: Seen = {
    dialogs: [],
    requests: [],
    violations: [],
    consoleCsp: [],
    pageErrors: [],
  };
  /** URL paths (on any host) that only a payload names, such as a hook receiver's bait path. */
  readonly baitPaths: string[] = [];
  private shots = 0;

  constructor(readonly page: Page) {}

  async attach() {
    const { page, seen } = this;
    page.on('dialog', (dialog) => {
      seen.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss().catch(() => undefined);
    });
    page.on('request', (request) => {
      if (payloadUrl(request.url(), this.baitPaths)) seen.requests.push(request.url());
    });
    page.on('console', (message) => {
      const text = message.text();
      if (/content security policy|refused to/i.test(text)) seen.consoleCsp.push(text);
    });
    page.on('pageerror', (error) => {
      if (/pwned/i.test(`${error.message}\n${error.stack ?? ''}`)) seen.pageErrors.push(error.message);
    });
    await page.exposeFunction('__e2eCspViolation', (violation: CspViolation) => {
      seen.violations.push(violation);
    });
    // Runs before the app's scripts in every document (not subject to the page's CSP).
    await page.addInitScript(() => {
      document.addEventListener(
        'securitypolicyviolation',
        (event) => {
          const report = (window as unknown as { __e2eCspViolation?: (v: CspViolation) => void })
            .__e2eCspViolation;
          report?.({
            directive: event.violatedDirective,
            blocked: event.blockedURI,
            sample: event.sample,
            source: event.sourceFile,
            line: event.lineNumber,
            column: event.columnNumber,
          });
        },
        true,
      );
    });
  }

  /** All seen so far, for an assertion message. */
  describe() {
    return JSON.stringify(this.seen, null, 2);
  }

  /** Nothing a payload would cause has happened on this page so far. */
  expectClean(where = '') {
    const at = where ? ` (${where})` : '';
    expect(this.seen.dialogs, `no dialog opened${at}`).toEqual([]);
    expect(this.seen.requests, `no request to a payload's URL${at}`).toEqual([]);
    expect(this.seen.violations, `no CSP violation event${at}`).toEqual([]);
    expect(this.seen.consoleCsp, `no console message about the CSP${at}`).toEqual([]);
    expect(this.seen.pageErrors, `no page error from a payload${at}`).toEqual([]);
  }

  /**
   * The screen as it stands: loaded, given a moment for an image's error or a late violation to come in,
   * then nothing ran (no mark, no live handler or inline script from a payload, nothing seen), and a
   * screenshot as e2e/.artifacts/hostile-shots/<name>.png.
   */
  async check(name: string) {
    const { page } = this;
    await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
    // An image's error event and a violation report come a little after the element does.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))),
    );
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    const live = await page.evaluate(() => ({
      handlers: Array.from(document.querySelectorAll('[onerror], [onload]')).map((el) => el.outerHTML),
      svgs: Array.from(document.querySelectorAll('svg[onload]')).length,
      scripts: Array.from(document.scripts)
        .filter((script) => /pwned/.test(script.text))
        .map((script) => script.outerHTML),
      images: Array.from(document.images)
        .filter((image) => /(^|\/)x$|hostile/.test(image.getAttribute('src') ?? ''))
        .map((image) => image.outerHTML),
    }));
    expect(live, `no element from a payload on ${name}`).toEqual({
      handlers: [],
      svgs: 0,
      scripts: [],
      images: [],
    });
    this.expectClean(name);
    mkdirSync(HOSTILE_SHOTS_DIR, { recursive: true });
    this.shots++;
    const overlay = await page.getByRole('dialog').count();
    if (overlay === 0) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: join(HOSTILE_SHOTS_DIR, `${name}.png`),
      fullPage: overlay === 0,
      animations: 'disabled',
    });
  }

  get screenshots() {
    return this.shots;
  }
}

/**
 * `test` with a `hostile` watch on the page from its first navigation; after the journey, nothing it
 * watches for may have happened anywhere along the way.
 */
export const test = base.extend<{ hostile: HostileWatch }>({
  hostile: async ({ page }, use) => {
    const watch = new HostileWatch(page);
    await watch.attach();
    await use(watch);
    watch.expectClean('whole journey');
  },
});
