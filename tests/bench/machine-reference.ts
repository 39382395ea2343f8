import type { Browser } from 'playwright-core';

/**
 * The machine's speed at the time of the run, so figures of different runs can be compared: these
 * 2-core machines have slow phases (1.4 times slower for hours) that move every first-load figure
 * while the code stays the same. A fixed piece of work in a blank page of the same browser: JSON of
 * 20,000 objects out and back, a sort, then 2,000 elements laid out. Median of the last 5 of 8
 * (the first ones warm the page up, and the first page of a new browser shares its startup), in ms.
 */
export async function machineReference(browser: Browser): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const times = await page.evaluate(() => {
    const out: number[] = [];
    for (let run = 0; run < 8; run++) {
      const start = performance.now();
      const items = Array.from({ length: 20_000 }, (_, i) => ({
        id: i,
        title: `Link ${(i * 7919) % 20_000}`,
        url: `https://example.test/${i}`,
      }));
      const back = JSON.parse(JSON.stringify(items)) as typeof items;
      back.sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
      const box = document.createElement('div');
      for (let i = 0; i < 2000; i++) {
        const el = document.createElement('p');
        el.textContent = back[i].title;
        box.append(el);
      }
      document.body.append(box);
      void box.offsetHeight;
      box.remove();
      out.push(performance.now() - start);
    }
    return out;
  });
  await context.close();
  return [...times.slice(3)].sort((a, b) => a - b)[2];
}
