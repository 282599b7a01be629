import { startFlow } from 'lighthouse';
import puppeteer from 'puppeteer-core';

/**
 * A Lighthouse user flow over one public page: a navigation, then a timespan holding one press,
 * and the timespan's interaction to next paint (ms), or undefined if Lighthouse gave none.
 * The CPU is slowed 4× by the DevTools protocol (`throttlingMethod: 'devtools'`): a timespan
 * cannot be simulated, and Lighthouse's default for it would run the press at full speed. The
 * network is not slowed, as in first-press.bench.ts; the window is a desktop one, where Log In
 * and Sign Up are in the header. `answer`, for the checker, is the title of
 * its answer; the code is typed into it before the timespan.
 */
export async function flowInteraction(chromiumPath: string, url: string, buttonName: string, answer: string | undefined, waitMs: number): Promise<number | undefined> {
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const flow = await startFlow(page, {
      flags: {
        throttlingMethod: 'devtools',
        throttling: { cpuSlowdownMultiplier: 4, requestLatencyMs: 0, downloadThroughputKbps: 0, uploadThroughputKbps: 0, rttMs: 0, throughputKbps: 0 },
        formFactor: 'desktop',
        screenEmulation: { mobile: false, width: 1440, height: 900, deviceScaleFactor: 1, disabled: false },
        onlyCategories: ['performance'],
      },
    });
    await flow.navigate(url);
    // Lighthouse's navigation ends once the page is quiet after its load: the wait runs from there.
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    if (answer) {
      await page.click('input[name="postalCode"]');
      await page.keyboard.type('M5V 3L9');
    }
    await flow.startTimespan();
    const buttons = await page.$$('header button, form button');
    let pressed = false;
    for (const button of buttons) {
      const [name, visible] = await button.evaluate((b) => [b.textContent?.trim() ?? '', b.getBoundingClientRect().width > 0] as const);
      if (name === buttonName && visible) {
        await button.click();
        pressed = true;
        break;
      }
    }
    if (!pressed) throw new Error(`${url}: no visible button named ${buttonName}`);
    await page.waitForFunction(
      // A shown dialog with its form drawn: both dialogs are in the page from the app's start,
      // prepared and hidden (decision 106), so any dialog at all would be there before the press.
      (title: string | null) =>
        title
          ? [...document.querySelectorAll('h3')].some((h) => h.textContent === title)
          : [...document.querySelectorAll('[role="dialog"]')].some((d) => d.getBoundingClientRect().width > 0 && [...d.querySelectorAll('input')].some((i) => i.getBoundingClientRect().width > 0)),
      { timeout: 20_000 },
      answer ?? null,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    await flow.endTimespan();
    const result = await flow.createFlowResult();
    return result.steps[1]?.lhr.audits['interaction-to-next-paint']?.numericValue;
  } finally {
    await browser.close();
  }
}
