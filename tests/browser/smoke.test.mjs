// smoke.test.mjs — the browser build end to end, in Debian's headless Chromium:
// the page loads with no console or page error, the app draws at least 30 frames,
// the canvas is not blank, and setParam from JavaScript changes the app's state.
// Run: node --test tests/browser/  (WEB_ROOT = the built web folder)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServedApp, openApp, waitFrames, waitState, imageStats } from './browser.mjs';

const app = useServedApp();

test('page loads, draws frames, is not blank, and setParam changes the state', async () => {
  const { page, problems } = await openApp(app.browser, app.url + '#s=demo');
  await waitFrames(page, 30);
  await page.evaluate(() => window.tokenJourney.setScene('demo'));
  await waitState(page, (s) => s.scene === 'demo' && s.parcels > 0, null, 'the demo scene drawing its parcels');
  const shot = await page.screenshot();
  const stats = await imageStats(page, shot);
  assert.ok(stats.variance > 20, `screenshot looks blank (luminance variance ${stats.variance.toFixed(1)})`);

  const before = await page.evaluate(() => window.tokenJourney.state());
  assert.equal(before.scene, 'demo');
  const err = await page.evaluate(() => window.tokenJourney.setParam('demo.parcels', 1234));
  assert.equal(err, '');
  const after = await waitState(page, (s, n) => s.parcels === n, 1234, 'the renderer to hold 1234 parcels');
  assert.equal(after.params['demo.parcels'], 1234);
  assert.equal(after.parcels, 1234, 'the renderer holds the new parcel count');

  const refused = await page.evaluate(() => window.tokenJourney.setParam('demo.parcels', -5));
  assert.match(refused, /demo\.parcels/, 'an out-of-range value is refused with the parameter named');
  const kept = await page.evaluate(() => window.tokenJourney.state());
  assert.equal(kept.params['demo.parcels'], 1234, 'the last good value is kept');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a missing program file shows a clear message, not a blank page', async () => {
  const { page } = await openApp(app.browser, app.url + 'static/../index.html?broken');
  await page.route('**/app.js', (r) => r.abort());
  await page.reload();
  await page.waitForSelector('#overlay.error', { timeout: 15000 });
  const text = await page.textContent('#status');
  assert.match(text, /could not be loaded/);
  await page.close();
});

test('a link in the address restores its state; a mangled one is refused and changes nothing', async () => {
  const { page, problems } = await openApp(app.browser, app.url + '#s=demo&seed=9&p.demo.parcels=555');
  await waitFrames(page, 20);
  const s = await page.evaluate(() => window.tokenJourney.state());
  assert.equal(s.scene, 'demo');
  assert.equal(s.seed, 9);
  assert.equal(s.params['demo.parcels'], 555);
  const link = await page.evaluate(() => window.tokenJourney.link());
  assert.match(link, /p\.demo\.parcels=555/);

  const err = await page.evaluate(() => window.tokenJourney.applyLink('s=demo&p.demo.parcels=banana&p.nope=1'));
  assert.match(err, /demo\.parcels/);
  assert.match(err, /nope/);
  const kept = await page.evaluate(() => window.tokenJourney.state());
  assert.equal(kept.params['demo.parcels'], 555);
  assert.deepEqual(problems, []);
  await page.close();
});
