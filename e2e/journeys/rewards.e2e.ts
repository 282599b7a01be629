import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { signInAsDemo, waitForApi } from '../support/demo-session';
import { pagePerTest } from '../support/journey';
import { waitForEmail } from '../support/mailbox';
import { journeyDatabase } from '../support/journey-database';
import { chooseLanguage } from '../support/choose-language';
import { DEMO_EMAIL, DEMO_OPERATOR, SIGN_UP_PASSWORD } from '../support/journey-constants';

const GIFT_CARD = '$10 gift card';

let page: Page;
pagePerTest('rewards', (p) => (page = p), { viewport: { width: 1280, height: 1800 } });
const db = journeyDatabase();

async function householdOf(email: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { rows } = await db.query<{ id: string }>(`select h.id from households h join users u on u.id = h.owner_user_id where u.email = $1`, [email]);
    if (rows[0]) return rows[0].id;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`The household of ${email} was not created`);
}
const demoHousehold = () => householdOf(DEMO_EMAIL);

/** Points for the journey, paid the way any credit is: a balanced ledger transfer. */
async function credit(household: string, points: number) {
  await db.query('begin');
  try {
    await db.query(`insert into points_accounts (kind, household_id) values ('member', $1) on conflict do nothing`, [household]);
    await db.query(`insert into points_accounts (kind, name) values ('issuance', 'events') on conflict do nothing`);
    const { rows } = await db.query<{ id: string }>(`insert into points_transfers (idempotency_key, kind) values ($1, 'event_reward') returning id`, [`e2e:rewards:${Date.now()}`]);
    await db.query(
      `insert into points_entries (transfer_id, account_id, amount)
       select $1, id, case when kind = 'member' then $2::int else -$2::int end from points_accounts
       where (kind = 'member' and household_id = $3) or (kind = 'issuance' and name = 'events')`,
      [rows[0]!.id, points, household],
    );
    await db.query('commit');
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
}

const balanceOf = async (household: string) =>
  (await db.query<{ balance: number }>(`select balance from points_accounts where kind = 'member' and household_id = $1`, [household])).rows[0]?.balance ?? 0;
const redemptions = async (household: string) =>
  Number((await db.query<{ n: string }>(`select count(*) as n from reward_orders where household_id = $1`, [household])).rows[0]!.n);

it('Rewards shows the events to come with what each could earn, and what a reward still needs, in English and French at phone and desktop width', { timeout: 300_000 }, async () => {
  await signInAsDemo(page);
  const household = await demoHousehold();
  // Until the demo's back-fill has stored enough weekdays, its events truthfully say they cannot
  // pay it (decision 098); the offer below is the one made once they are in.
  await waitForApi<{ outlooks?: Record<string, { status: string }> }>(page, '/api/events/upcoming', (b) => Object.values(b.outlooks ?? {}).some((o) => o.status === 'estimate'));
  for (const language of ['en', 'fr'] as const) {
    if (language === 'fr') await chooseLanguage(page, 'fr');
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 1400 });
      await page.goto('/app/rewards');
      const catalogue = page.getByTestId('catalogue');
      await catalogue.waitFor();
      await page.getByTestId('upcoming-event').first().waitFor();
      // Tonight's (or the next weekday's) event, and what it could earn at 10 % and at 30 %.
      const earn = language === 'en' ? /Could earn 100 points at a 10% cut, up to 200 points at 30%/ : /100 points pour une baisse de 10 %.*200 points à 30 %/;
      expect((await page.getByTestId('could-earn').allTextContents()).some((text) => earn.test(text))).toBe(true);
      const balance = await balanceOf(household);
      const { rows: items } = await db.query<{ name_en: string; name_fr: string; points_cost: number }>(
        `select name_en, name_fr, points_cost from reward_items where status = 'active' and (stock is null or stock > 0) order by points_cost`,
      );
      for (const item of items) {
        const card = catalogue.getByRole('listitem').filter({ has: page.getByRole('heading', { name: language === 'en' ? item.name_en : item.name_fr, exact: true }) });
        const button = card.getByRole('button');
        if (item.points_cost > balance) {
          expect(await button.isDisabled()).toBe(true);
          expect((await card.getByTestId('need-more').textContent())?.replace(/\D/g, '')).toBe(String(item.points_cost - balance));
        } else {
          expect(await card.getByTestId('need-more').count()).toBe(0);
        }
      }
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `rewards-demo-${language}-${width}`);
    }
  }
  await chooseLanguage(page, 'en');
});

it('the demo member redeems a gift card: one debit on a double click, the code in the orders and by email', async () => {
  await signInAsDemo(page);
  const household = await demoHousehold();
  await credit(household, 5_000);
  const since = Date.now();
  const before = { balance: await balanceOf(household), orders: await redemptions(household) };
  const { rows: costs } = await db.query<{ points_cost: number }>(`select points_cost from reward_items where name_en = $1`, [GIFT_CARD]);
  const cost = costs[0]!.points_cost;

  await page.goto('/app/rewards');
  const balanceCard = page.locator('section', { has: page.getByRole('heading', { name: 'Points Balance' }) });
  await expect.poll(async () => (await balanceCard.textContent())?.replace(/\D/g, '')).toContain(String(before.balance));
  const redeem = page.getByRole('button', { name: `Redeem ${GIFT_CARD}` });
  await redeem.waitFor();
  // Every catalogue image is served by the app itself.
  const images = await page.locator('[data-testid="catalogue"] img').evaluateAll((els) => els.map((el) => (el as HTMLImageElement).src));
  expect(images.length).toBeGreaterThanOrEqual(6);
  for (const src of images) expect(new URL(src).pathname).toMatch(/^\/api\/rewards\/items\/[0-9a-f-]+\/image$/);

  await redeem.click();
  const dialog = page.getByRole('dialog', { name: `Redeem ${GIFT_CARD}` });
  await dialog.waitFor();
  expect((await dialog.getByTestId('balance-after').textContent())?.replace(/\D/g, '')).toBe(String(before.balance - cost));
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'rewards-confirm');
  await dialog.getByRole('button', { name: /^Redeem for/ }).dblclick();

  await page.getByText(`Redeemed! ${GIFT_CARD} is in your orders.`).waitFor();
  expect(await balanceOf(household)).toBe(before.balance - cost);
  expect(await redemptions(household)).toBe(before.orders + 1);
  const { rows: debits } = await db.query<{ n: string }>(
    `select count(*) as n from points_entries e join points_accounts a on a.id = e.account_id where a.kind = 'member' and a.household_id = $1 and e.amount < 0`,
    [household],
  );
  expect(Number(debits[0]!.n)).toBe(before.orders + 1);

  const { rows: codes } = await db.query<{ code: string }>(
    `select c.code from reward_codes c join reward_orders o on o.id = c.order_id where o.household_id = $1 order by o.created_at desc limit 1`,
    [household],
  );
  const code = codes[0]!.code;
  await expect.poll(async () => page.getByTestId('order-code').allTextContents()).toContain(code);
  await expect.poll(async () => (await balanceCard.textContent())?.replace(/\D/g, '')).toContain(String(before.balance - cost));
  const email = await waitForEmail(DEMO_EMAIL, (e) => e.text.includes(code), since);
  expect(email.subject).toContain(GIFT_CARD);

  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'rewards-redeemed');
});

it('the operator sees the catalogue, and ships a physical order from the fulfilment queue', async () => {
  await signInAsDemo(page);
  const origin = new URL(page.url()).origin;
  const { rows: items } = await db.query<{ id: string }>(`select id from reward_items where name_en = 'Smart thermostat'`);
  const order = (key: string) =>
    page.request.post('/api/rewards/orders', {
      headers: { 'Idempotency-Key': key, Origin: origin },
      data: { itemId: items[0]!.id, shippingAddress: { name: 'Alex Martin', line1: '290 Bremner Blvd', city: 'Toronto', province: 'ON', postalCode: 'M5V 3L9' } },
    });
  // The shared demo keeps no visitor's address (decision 082): the physical order is a member's own.
  const refused = await order(`e2e-ship-demo-${Date.now()}`);
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('demo_account_shared');
  const email = `ships-${Date.now()}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin },
    data: { email, confirmEmail: email, password: SIGN_UP_PASSWORD, name: 'Alex Martin', birthDate: '1986-05-14', gender: 'male', marketingConsent: false, language: 'en' },
  });
  expect(signUp.status()).toBe(200);
  await credit(await householdOf(email), 2_500);
  const placed = await order(`e2e-ship-${Date.now()}`);
  expect(placed.status()).toBe(201);
  const orderId = ((await placed.json()) as { id: string }).id;
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await page.waitForURL((url) => url.pathname === '/');

  await page.goto('/ops/rewards');
  await page.waitForURL((url) => url.searchParams.get('next') === '/ops/rewards');
  const panel = page.getByRole('dialog', { name: 'Log In' });
  await panel.getByLabel('Email').fill(DEMO_OPERATOR.email);
  await panel.getByLabel('Password').fill(DEMO_OPERATOR.password);
  await panel.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { level: 1, name: 'Rewards catalogue' }).waitFor();
  await page.getByRole('button', { name: 'Edit: Smart thermostat' }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'ops-rewards-catalogue');

  await page.getByRole('link', { name: 'Fulfilment' }).click();
  await page.getByRole('heading', { level: 1, name: 'Fulfilment' }).waitFor();
  await page.getByLabel(`Tracking number for order ${orderId.slice(0, 8)}`).fill('1Z-E2E-0001');
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'ops-fulfilment');
  await page.getByRole('row').filter({ has: page.getByText(orderId.slice(0, 8)) }).getByRole('button', { name: 'Mark shipped' }).click();
  await expect
    .poll(async () => (await db.query<{ status: string; tracking: string | null }>(`select status, tracking from reward_orders where id = $1`, [orderId])).rows[0])
    .toEqual({ status: 'shipped', tracking: '1Z-E2E-0001' });
});
