// fab.test.mjs — the production-chain scene in the browser build (headless
// Chromium): the map draws (not blank, also mid-respin from a link), every registry
// parameter has a control, setParam from JavaScript changes the numbers the page
// reports (capacity scales the nominal rate exactly; the respin switch removes the
// respin's markers), switching scenes keeps each scene's state, and time at the
// fastest lens (half a year per second) leaves no console or page error and finite
// numbers.
// Run: WEB_ROOT=<build>/web node --test tests/browser/fab.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServedApp, waitSimulated, waitState, waitRedrawn, imageStats, openScene, checkSceneBasics } from './browser.mjs';

const WEEK = 604800;
const app = useServedApp();

const state = (page) => page.evaluate(() => window.tokenJourney.state());

const openFab = (fragment = '#s=fab', width = 1280, height = 720) => openScene(app.browser, app.url, 'fab', fragment, width, height);

// The map's own area: between the controls (left) and the numbers (right).
const kMapClip = { x: 360, y: 120, width: 520, height: 480 };
const mapStats = async (page) => imageStats(page, await page.screenshot({ clip: kMapClip }));

test('the map draws, and every registry parameter has a control', async () => {
  const { page, problems } = await openFab();
  await checkSceneBasics(page, 'fab', 60, kMapClip);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a link into the respin shows it: the fab is held, the markers are set', async () => {
  const { page, problems } = await openFab();
  await page.evaluate(() => window.tokenJourney.play(false));
  assert.equal(await page.evaluate((t) => window.tokenJourney.applyLink(`s=fab&t=${t}`), 33 * WEEK), '');
  await page.evaluate(() => window.tokenJourney.play(false));
  const s = await state(page);
  assert.ok(s.time >= 33 * WEEK && s.time < 34 * WEEK, `the link replays to week 33 (at ${(s.time / WEEK).toFixed(2)})`);
  assert.equal(s.metrics.discovery_week, s.params['fab.respin.discovery_week']);
  assert.equal(s.metrics.masks_ready_week, s.params['fab.respin.discovery_week'] + s.params['fab.respin.mask_weeks']);
  assert.equal(s.metrics.fab_restart_week, -1, 'the fab has not restarted before the new masks');
  await waitRedrawn(page, s, 'the map drawn at week 33');
  const stats = await mapStats(page);
  assert.ok(stats.variance > 100, `map looks blank mid-respin (variance ${stats.variance.toFixed(1)})`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('setParam from JavaScript changes the numbers the page reports', async () => {
  const { page, problems } = await openFab();
  await page.evaluate(() => window.tokenJourney.play(false));
  const before = await state(page);
  // Packaging's nominal line rate is its capacity times the yields after it: half
  // the capacity, half the rate.
  const cap = before.params['fab.pack.capacity'];
  assert.equal(await page.evaluate((v) => window.tokenJourney.setParam('fab.pack.capacity', v), cap / 2), '');
  const after = await waitState(page, (s, rate) => s.metrics.pack_nominal_gpus_week !== rate,
    before.metrics.pack_nominal_gpus_week, 'the nominal packaging rate to follow its capacity');
  assert.equal(after.params['fab.pack.capacity'], cap / 2);
  assert.ok(before.metrics.pack_nominal_gpus_week > 0);
  assert.ok(Math.abs(after.metrics.pack_nominal_gpus_week / before.metrics.pack_nominal_gpus_week - 0.5) < 1e-9,
    'half the packaging capacity halves its nominal rate');

  // Without the respin there is no discovery week, and nothing is lost to it.
  assert.equal(await page.evaluate(() => window.tokenJourney.setParam('fab.respin.enabled', 0)), '');
  await page.evaluate(() => window.tokenJourney.play(true));
  await waitSimulated(page, (await state(page)).time + 8 * WEEK);
  const off = await state(page);
  assert.equal(off.metrics.discovery_week, -1);
  assert.equal(off.metrics.gpus_lost_to_respin, 0, 'without the flaw, the run and its counterfactuals are one run');
  assert.match(await page.evaluate(() => window.tokenJourney.setParam('fab.pack.capacity', -1)), /fab\.pack\.capacity/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('switching scenes keeps each scene\'s state', async () => {
  const { page, problems } = await openFab();
  assert.equal(await page.evaluate(() => window.tokenJourney.setParam('fab.cust.gpus_per_week', 12345)), '');
  await waitSimulated(page, (await state(page)).time + WEEK);
  await page.evaluate(() => window.tokenJourney.play(false));
  const fab = await state(page);
  assert.equal(await page.evaluate(() => window.tokenJourney.setScene('demo')), '');
  const demo = await waitRedrawn(page, await state(page), 'the demo scene drawn');
  assert.equal(demo.scene, 'demo');
  assert.equal(await page.evaluate(() => window.tokenJourney.setScene('fab')), '');
  const back = await waitRedrawn(page, await state(page), 'the chain drawn again');
  assert.equal(back.scene, 'fab');
  assert.equal(back.params['fab.cust.gpus_per_week'], 12345);
  assert.equal(back.time, fab.time, 'the paused run is where it was left');
  assert.deepEqual(problems, []);
  await page.close();
});

test('time at the fastest lens: no errors, finite numbers, years simulated', async () => {
  const { page, problems } = await openFab();
  // The fastest lens the scene allows (26 weeks per second; setLens clamps).
  const lens = await page.evaluate(() => window.tokenJourney.setLens(1e12));
  assert.equal(lens, 26 * WEEK);
  // Waits are on simulated time, however long the machine takes for it.
  const a = await state(page);
  await waitSimulated(page, a.time + 20 * WEEK);
  const b = await state(page);
  await waitSimulated(page, 3 * 52 * WEEK + WEEK, 300000);
  const c = await state(page);
  assert.ok(c.time > 3 * 52 * WEEK, `three years pass (${(c.time / WEEK).toFixed(0)} weeks)`);
  assert.ok(c.frames > b.frames + 30, 'frames keep coming');
  for (const [id, v] of Object.entries(c.metrics)) assert.ok(Number.isFinite(v), `${id} is finite`);
  assert.ok(c.metrics.cum_shipped_gpus > 0, 'GPUs reach customers');
  assert.equal(c.metrics.conservation_error_dies, 0, 'every die is accounted for');
  assert.deepEqual(problems, []);
  await page.close();
});
