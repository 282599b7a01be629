import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { signInAsDemo } from '../support/demo-session';
import { pagePerTest } from '../support/journey';

let page: Page;
pagePerTest('touch-targets', (p) => (page = p), { viewport: { width: 390, height: 1200 } });

/** Each element's rendered size, as the finger meets it. */
const sizes = (selector: string) => page.locator(selector).evaluateAll((els) => els.map((el) => ({ width: el.getBoundingClientRect().width, height: el.getBoundingClientRect().height })));

it('the billing reminders’ and the notification grid’s checkboxes are 44 px targets at phone width', async () => {
  await signInAsDemo(page);
  await page.goto('/app/billing');
  const reminder = page.getByTestId('bill-reminders').getByRole('checkbox');
  await reminder.waitFor();
  const label = await reminder.evaluate((el) => el.closest('label')!.getBoundingClientRect().height);
  expect(label).toBeGreaterThanOrEqual(44);

  await page.goto('/app/settings/notifications');
  await page.getByTestId('notification-target').first().waitFor();
  const cells = await sizes('[data-testid="notification-target"]');
  expect(cells.length).toBeGreaterThan(0);
  for (const cell of cells) {
    expect(cell.width).toBeGreaterThanOrEqual(44);
    expect(cell.height).toBeGreaterThanOrEqual(44);
  }
});
