/**
 * Issue 30 part 5, hostile text stays text, for what a seller's hook receiver answers: the delivery details
 * show the answer's body as text. One receiver answers each test event with one payload of
 * support/hostile-text.ts; another answers with a whole HTML page (an inline script, an image on the
 * receiver's own port under a bait path, one on a host that never resolves, a javascript: frame), then with a
 * 500 error page. Nothing runs: no dialog, no request to the bait path or the hostile host (asked of the
 * browser and of the receiver itself), no CSP violation, `window.__pwned` never set; each body shows exactly
 * as the receiver sent it. Screenshots in e2e/.artifacts/hostile-shots/.
 */
import { expect, type Page } from '@playwright/test';
import { type Api, unique } from './support/api.ts';
import { HOSTILE_HOST, type HostileWatch, PAYLOADS, test } from './support/hostile-text.ts';
import { type ScriptedReceiver, startScriptedReceiver } from './support/scripted-receiver.ts';
import { accountSeller } from './support/seed.ts';
import { signInOnDesktop } from './support/ui.ts';

interface Delivery {
  id: string;
  state: string;
  attempts: { status_code: number | null; response_body: string | null }[];
}

let receiver: ScriptedReceiver;

test.beforeAll(async () => {
  receiver = await startScriptedReceiver();
});

test.afterAll(async () => {
  await receiver?.close();
});

const html = (body: string) => ({ status: 200, contentType: 'text/html; charset=utf-8', body });

/**
 * Queues `count` test events (POST /accounts/{sid}/hook/test) and waits until the URL has had `total`
 * requests; event id → the body of the first answer each event got.
 */
async function sendTestEvents(api: Api, accountSid: string, url: string, count: number, total = count) {
  for (let n = 0; n < count; n++) await api.call('POST', `/accounts/${accountSid}/hook/test`);
  const received = await receiver.waitFor(url, total);
  const answers = new Map<string, string>();
  for (const hook of received) {
    const id = String(hook.headers['webhook-id']);
    if (!answers.has(id)) answers.set(id, hook.answer.body);
  }
  return answers;
}

/** Waits until every event has its first attempt on record; the deliveries then. */
async function attempted(api: Api, accountSid: string, ids: readonly string[]) {
  const list = () => api.call<{ data: Delivery[] }>('GET', `/accounts/${accountSid}/hook/deliveries`);
  await expect
    .poll(async () => (await list()).data.filter((d) => ids.includes(d.id) && d.attempts.length > 0).length, {
      timeout: 20_000,
    })
    .toBe(ids.length);
  return (await list()).data;
}

/**
 * Opens the delivery's details on the account page and checks that attempt 1's response body is the
 * answer exactly, as text; a screenshot of the open dialog; closes it.
 */
async function checkAnswer(page: Page, hostile: HostileWatch, eventId: string, body: string, shot: string) {
  const panel = page.getByRole('region', { name: 'Webhooks' });
  const row = panel.getByRole('table', { name: 'Deliveries' }).locator(`tr[data-delivery-id="${eventId}"]`);
  await row.getByRole('button', { name: 'Details' }).click();
  const modal = page.getByRole('dialog', { name: 'Delivery details' });
  await expect(modal).toContainText(eventId);
  // Attempts are listed newest first: the first one made is numbered 1.
  const answer = modal.getByRole('group', { name: 'Response body of attempt 1' });
  await expect(answer).toBeVisible();
  expect(await answer.textContent(), 'the body exactly as the receiver sent it').toBe(body);
  await expect(answer.getByText(body, { exact: true })).toBeVisible();
  await hostile.check(shot);
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
}

test('each payload a receiver answers with shows as text in the delivery details', async ({
  page,
  request,
  hostile,
}) => {
  const { admin, account, seller, sellerApi } = await accountSeller(request);
  const url = receiver.urlFor('hostile-answers');
  receiver.answer(url, ...PAYLOADS.map((payload) => html(payload)));
  await admin.setOrderStatusHook(account.sid, url);
  const answers = await sendTestEvents(sellerApi, account.sid, url, PAYLOADS.length);
  expect([...answers.values()].sort()).toEqual([...PAYLOADS].sort());
  const deliveries = await attempted(sellerApi, account.sid, [...answers.keys()]);
  for (const delivery of deliveries)
    expect(delivery.attempts[0]?.response_body, 'the server keeps the answer as sent').toBe(
      answers.get(delivery.id),
    );

  await signInOnDesktop(page, seller, `/internal/accounts/${account.sid}/edit`);
  const panel = page.getByRole('region', { name: 'Webhooks' });
  for (const id of answers.keys())
    await expect(
      panel.locator(`tr[data-delivery-id="${id}"]`).getByText('Delivered', { exact: true }),
    ).toBeVisible();
  await hostile.check('hook-deliveries');

  for (const [index, payload] of PAYLOADS.entries()) {
    const eventId = [...answers].find(([, body]) => body === payload)?.[0] ?? '';
    await test.step(`the answer ${index + 1} in its details`, async () => {
      await checkAnswer(page, hostile, eventId, payload, `hook-answer-${index + 1}`);
    });
  }
});

test('an HTML page and a 500 error page as answers show as text, and nothing asks for their images', async ({
  page,
  request,
  hostile,
}) => {
  const { admin, account, seller, sellerApi } = await accountSeller(request);
  const url = receiver.urlFor('hostile-page');
  const bait = `/bait/${unique('img-')}`;
  hostile.baitPaths.push(bait);
  const page200 = [
    '<!doctype html>',
    '<html><head><title>Shop</title><script>window.__pwned=1;alert("script")</script></head>',
    `<body onload="window.__pwned=1"><img src="${receiver.origin}${bait}.png" onerror="window.__pwned=1">`,
    `<img src=//${HOSTILE_HOST}/q.png onerror=alert(2)><iframe src="javascript:alert(3)"></iframe>`,
    '<a href="javascript:window.__pwned=1">click</a></body></html>',
  ].join('\n');
  const page500 = [
    '<html><head><title>502 Bad Gateway</title></head>',
    `<body><h1>Bad Gateway</h1><script src="${receiver.origin}${bait}.js"></script>`,
    `<svg onload=alert(4)><image href="//${HOSTILE_HOST}/r.png"/></svg></body></html>`,
  ].join('\n');
  receiver.answer(url, html(page200), { status: 500, contentType: 'text/html', body: page500 });
  await admin.setOrderStatusHook(account.sid, url);

  // One event at a time, so the first gets the page and the second the error (and its retries, the error).
  const first = await sendTestEvents(sellerApi, account.sid, url, 1);
  const second = new Map(
    [...(await sendTestEvents(sellerApi, account.sid, url, 1, 2))].filter(([id]) => !first.has(id)),
  );
  expect([...first.values()]).toEqual([page200]);
  expect([...second.values()]).toEqual([page500]);
  const ids = [...first.keys(), ...second.keys()];
  await attempted(sellerApi, account.sid, ids);

  await signInOnDesktop(page, seller, `/internal/accounts/${account.sid}/edit`);
  const panel = page.getByRole('region', { name: 'Webhooks' });
  const [pageId = '', errorId = ''] = ids;
  await expect(
    panel.locator(`tr[data-delivery-id="${pageId}"]`).getByText('Delivered', { exact: true }),
  ).toBeVisible();
  await expect(panel.locator(`tr[data-delivery-id="${errorId}"]`).getByRole('cell').nth(4)).toHaveText('500');
  await hostile.check('hook-page-deliveries');

  await test.step('the HTML page, as text', async () => {
    await checkAnswer(page, hostile, pageId, page200, 'hook-answer-html-page');
  });
  await test.step('the 500 error page, as text', async () => {
    await checkAnswer(page, hostile, errorId, page500, 'hook-answer-500-page');
  });

  // Only the server's deliveries reached the receiver: no browser asked for the bait images or script.
  expect(receiver.at(bait)).toEqual([]);
  expect(receiver.at(url).every((hook) => hook.method === 'POST')).toBe(true);
});
