/**
 * Order-status webhooks on the account page (product decisions, Tracking and notifications): a seller saves
 * their hook URL, reads the signing secret, sends a test event that a receiver in this process gets and
 * verifies with the `standardwebhooks` library, and follows the delivery to Delivered and its 200 attempt;
 * after a rotation each event carries two signatures, one under the old secret and one under the new, so the
 * shop can switch over without losing an event. Each journey seeds its own account and posts to a path of
 * its own on the receiver; screenshots of the panel at desktop and phone width.
 */
import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { Api } from './support/api.ts';
import {
  type HookReceiver,
  RECEIVER_ANSWER,
  type ReceivedHook,
  startHookReceiver,
  webhookHeaders,
} from './support/hook-receiver.ts';
import { accountSeller } from './support/seed.ts';
import { expectToast, shot, shotOf, signInOnDesktop } from './support/ui.ts';

/** `whsec_` and the base64 of 32 bytes (newHookSecret in apps/server's hook-signing.ts). */
const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;
/** The list asks again every 5 s while a delivery is pending, and the job polls its queue: room for both. */
const DELIVERED_TIMEOUT = 20_000;

interface HookState {
  url: string | null;
  secret: string | null;
  rotated_at: string | null;
  previous_secret_until: string | null;
}

let receiver: HookReceiver;

test.beforeAll(async () => {
  receiver = await startHookReceiver();
});

test.afterAll(async () => {
  await receiver?.close();
});

const webhooksPanel = (page: Page) => page.getByRole('region', { name: 'Webhooks' });
const secretOnPage = (panel: Locator) => panel.getByTestId('signing-secret');
const deliveriesTable = (panel: Locator) => panel.getByRole('table', { name: 'Deliveries' });
const deliveryRow = (panel: Locator, eventId: string) =>
  deliveriesTable(panel).locator(`tr[data-delivery-id="${eventId}"]`);

const hookState = (api: Api, accountSid: string) =>
  api.call<HookState>('GET', `/accounts/${accountSid}/hook`);

/** Whether this secret verifies the request (its body and headers) as the shop's receiver would. */
function verifies(secret: string, hook: ReceivedHook, headers = webhookHeaders(hook)) {
  try {
    new Webhook(secret).verify(hook.body, headers);
    return true;
  } catch (error) {
    if (error instanceof WebhookVerificationError) return false;
    throw error;
  }
}

/** Clicks "Send test event" and waits for the receiver to have `count` requests at the URL; the last one. */
async function sendTestEvent(page: Page, panel: Locator, url: string, count: number) {
  await panel.getByRole('button', { name: 'Send test event' }).click();
  await expectToast(page, 'Test event queued');
  const received = await receiver.waitFor(url, count);
  const hook = received[count - 1];
  if (!hook) throw new Error(`no request ${count} at ${url}`);
  expect(hook.method).toBe('POST');
  expect(hook.headers['content-type']).toBe('application/json');
  return hook;
}

/** Reveals the secret (Show) and reads it off the page. */
async function revealSecret(panel: Locator) {
  await panel.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(panel.getByRole('button', { name: 'Hide', exact: true })).toBeVisible();
  await expect(secretOnPage(panel)).toHaveText(SECRET);
  return ((await secretOnPage(panel).textContent()) ?? '').trim();
}

test('a seller sets their hook, reads the secret and verifies a signed test event that shows as Delivered', async ({
  page,
  request,
}) => {
  const { account, seller, sellerApi } = await accountSeller(request);
  const url = receiver.urlFor('seller');
  const accountPage = `/internal/accounts/${account.sid}/edit`;

  await signInOnDesktop(page, seller, accountPage);
  const panel = webhooksPanel(page);
  await expect(panel).toContainText('Set “Order status hook” above and save to receive order status events.');
  await expect(panel.getByRole('button', { name: 'Send test event' })).toBeDisabled();

  await test.step('the hook URL is saved with the account form; the panel shows the masked secret', async () => {
    await page.getByRole('textbox', { name: /^Order status hook/ }).fill(url);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Account updated successfully');
    // A seller's account is their home: saving keeps them on it.
    await expect(page).toHaveURL(accountPage);
    await expect(secretOnPage(panel)).toHaveText(/^whsec_•+$/);
    await expect(panel.getByRole('button', { name: 'Send test event' })).toBeEnabled();
    await expect(panel).toContainText('No deliveries yet.');
  });

  const secret = await revealSecret(panel);
  const state = await hookState(sellerApi, account.sid);
  expect(state).toMatchObject({ url, secret, rotated_at: null, previous_secret_until: null });

  const hook = await sendTestEvent(page, panel, url, 1);
  const eventId = webhookHeaders(hook)['webhook-id'];

  await test.step('the receiver verifies the event with the standardwebhooks library', async () => {
    // One secret signs before any rotation: one signature.
    expect(webhookHeaders(hook)['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const event = new Webhook(secret).verify(hook.body, webhookHeaders(hook)) as {
      type: string;
      timestamp: string;
    };
    expect(event.type).toBe('webhook.test');
    expect(Number.isNaN(Date.parse(event.timestamp))).toBe(false);
    // And the check means something: another secret, or a body changed on the way, does not verify.
    expect(verifies(`whsec_${randomBytes(32).toString('base64')}`, hook)).toBe(false);
    expect(verifies(secret, { ...hook, body: hook.body.replace('webhook.test', 'webhook.tesT') })).toBe(
      false,
    );
  });

  await test.step('the deliveries table follows the event to Delivered', async () => {
    const row = deliveryRow(panel, eventId);
    await expect(row.getByText('Delivered', { exact: true })).toBeVisible({ timeout: DELIVERED_TIMEOUT });
    const cells = row.getByRole('cell');
    await expect(cells.nth(1)).toHaveText('webhook.test');
    await expect(cells.nth(3)).toHaveText('1'); // Attempts
    await expect(cells.nth(4)).toHaveText('200'); // Last status
    await expect(cells.nth(5)).toHaveText(''); // Next attempt: none once delivered
    // Delivered once: no retry reached the receiver.
    expect(receiver.at(url)).toHaveLength(1);
    await shot(page, 'webhooks-delivered');
  });

  await test.step('its details: the event id, the 200 attempt with our answer, the exact body signed', async () => {
    await deliveryRow(panel, eventId).getByRole('button', { name: 'Details' }).click();
    const modal = page.getByRole('dialog', { name: 'Delivery details' });
    await expect(modal).toContainText(eventId);
    const attempts = modal.getByTestId('hook-attempts');
    await expect(attempts.getByText(/^Attempt \d+$/)).toHaveText(['Attempt 1']);
    await expect(attempts.getByText('200', { exact: true })).toBeVisible();
    await expect(attempts.getByText(/^Error:/)).toHaveCount(0);
    await expect(modal.getByRole('group', { name: 'Response body of attempt 1' })).toHaveText(
      RECEIVER_ANSWER,
    );
    await expect(modal.getByRole('group', { name: 'Body sent' })).toHaveText(hook.body);
    await shot(page, 'webhooks-delivery-details');
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
  });
});

test('after a rotation events carry two signatures, one under the old secret and one under the new', async ({
  page,
  request,
}) => {
  const { admin, account, seller, sellerApi } = await accountSeller(request);
  const url = receiver.urlFor('rotated');
  await admin.setOrderStatusHook(account.sid, url);

  await signInOnDesktop(page, seller, `/internal/accounts/${account.sid}/edit`);
  const panel = webhooksPanel(page);
  const oldSecret = await revealSecret(panel);
  await expect(panel.getByText(/^Previous secret also signs until/)).toHaveCount(0);

  let newSecret = '';
  await test.step('rotating asks first, then shows the new secret and until when the old one signs', async () => {
    await panel.getByRole('button', { name: 'Rotate secret' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate signing secret' });
    await expect(dialog).toContainText('The previous secret keeps signing for 24 hours');
    await dialog.getByRole('button', { name: 'Rotate secret' }).click();
    await expectToast(page, 'Signing secret rotated');
    await expect(dialog).toBeHidden();
    await expect(secretOnPage(panel)).not.toHaveText(oldSecret);
    await expect(secretOnPage(panel)).toHaveText(SECRET);
    newSecret = ((await secretOnPage(panel).textContent()) ?? '').trim();
    await expect(panel.getByText(/^Previous secret also signs until /)).toBeVisible();

    const state = await hookState(sellerApi, account.sid);
    expect(state.secret).toBe(newSecret);
    const rotatedAt = Date.parse(state.rotated_at ?? '');
    const until = Date.parse(state.previous_secret_until ?? '');
    expect(until - rotatedAt).toBe(24 * 3600_000);
  });

  const hook = await sendTestEvent(page, panel, url, 1);

  await test.step('two signatures: the shop verifies with either secret, each signature is one of them', async () => {
    const headers = webhookHeaders(hook);
    const signatures = headers['webhook-signature'].split(' ');
    expect(signatures).toHaveLength(2);
    for (const signature of signatures) expect(signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verifies(oldSecret, hook)).toBe(true);
    expect(verifies(newSecret, hook)).toBe(true);
    const alone = (secret: string) =>
      signatures.filter((signature) =>
        verifies(secret, hook, { ...headers, 'webhook-signature': signature }),
      );
    const [underOld] = alone(oldSecret);
    const [underNew] = alone(newSecret);
    expect(alone(oldSecret)).toHaveLength(1);
    expect(alone(newSecret)).toHaveLength(1);
    expect(underOld).not.toBe(underNew);
  });

  const row = deliveryRow(panel, webhookHeaders(hook)['webhook-id']);
  await expect(row.getByText('Delivered', { exact: true })).toBeVisible({ timeout: DELIVERED_TIMEOUT });

  await test.step('the panel at desktop and phone width', async () => {
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
    await shotOf(panel, 'webhooks-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row.getByText('Delivered', { exact: true })).toBeAttached();
    await shotOf(panel, 'webhooks-390');
    await shot(page, 'webhooks-page-390');
    // Nothing reaches past the screen's edge: the table scrolls sideways inside its own box.
    const box = await panel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
  });
});
