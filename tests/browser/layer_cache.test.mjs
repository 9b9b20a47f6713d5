// layer_cache.test.mjs — the cached map and panel layers (app/render/layer_cache.h) must
// look the same as drawing everything every frame, and must follow a change at once;
// frames that draw only what changed must leave nothing stale behind.
// Run: node --test tests/browser/  (WEB_ROOT = the built web folder)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServedApp, openApp, waitFrames, waitSimulated, waitState, waitRedrawn, nextFrame, framesToRedraw, imageDiff, waitVocab } from './browser.mjs';

const app = useServedApp();

// Simulated time that fills the panels with numbers and charts: 1.5 s at each
// scene's default lens (token 5 ms a second, chain two weeks a second).
const kFillTime = { token: 0.0075, fab: 3 * 604800 };

const state = (page) => page.evaluate(() => window.tokenJourney.state());

// The screen drawn after a switch made by call(page) (see waitRedrawn); returns the state.
async function switched(page, call, what) {
  await page.evaluate(call);
  return waitRedrawn(page, await state(page), what);
}

// n more frames of moving parcels: what the frames that draw only changes are tried on
// (their count is the exercise, not a wait for something).
async function drive(page, n) {
  await waitFrames(page, (await state(page)).frames + n);
}

// Waits until the canvas has taken the viewport's new width (the menu bar spans it).
const resized = (page, width) => waitState(page, (s, w) => s.windows.some((x) => x.name === '##MainMenuBar' &&
  Math.abs(x.rect[2] - w) < 1), width, `the canvas resized to ${width} px`);

for (const scene of ['token', 'fab']) {
  test(`${scene}: the cached layers match drawing every frame, and follow changes`, async () => {
    const { page, problems } = await openApp(app.browser, app.url + `#s=${scene}`);
    await waitFrames(page, 20);
    await waitVocab(page);  // its arrival restarts the token run: not between two screenshots
    await waitSimulated(page, kFillTime[scene]);
    await page.evaluate(() => window.tokenJourney.play(false));

    assert.equal((await switched(page, () => window.tokenJourney.panelRate(0), 'a frame drawn directly')).layers_cached, false);
    const direct = await page.screenshot();

    const st = await switched(page, () => window.tokenJourney.panelRate(15), 'the cached layers drawn');
    assert.equal(st.layers_cached, true, 'the layer is in use');
    assert.ok(st.layer_copied_share > 0.05 && st.layer_copied_share < 2, `copied share ${st.layer_copied_share}`);  // map + panels
    const cached = await page.screenshot();
    const same = await imageDiff(page, direct, cached);
    assert.ok(same.share < 0.001, `cached and direct differ on ${(same.share * 100).toFixed(3)}% of pixels (max ${same.max})`);
    // Each tier of the cache switched off alone draws the same picture.
    for (const tier of ['panelCache', 'mapCache', 'tileHash']) {
      await page.evaluate((t) => window.tokenJourney[t](false), tier);
      await waitRedrawn(page, await state(page), `a frame with ${tier} off`);
      const without = await imageDiff(page, direct, await page.screenshot());
      assert.ok(without.share < 0.001, `${tier} off and direct differ on ${(without.share * 100).toFixed(3)}% of pixels (max ${without.max})`);
      await page.evaluate((t) => window.tokenJourney[t](true), tier);
    }

    // A change from outside shows within a couple of frames, not at the next refresh.
    await switched(page, () => window.tokenJourney.panelRate(0.5), 'the panels at half a refresh a second');
    const before = await page.screenshot();
    const frames = await framesToRedraw(page, 'setLanguage', ['zh'], 'the language change drawn');
    assert.ok(frames <= 2, `the language change is drawn ${frames} frames later, not at the next refresh`);
    const after = await page.screenshot();
    const changed = await imageDiff(page, before, after);
    assert.ok(changed.share > 0.01, `the language change shows at once (${(changed.share * 100).toFixed(2)}% changed)`);
    await page.evaluate(() => window.tokenJourney.setLanguage('en'));
    assert.deepEqual(problems, []);
    await page.close();
  });
}

// Parcels move every frame; a frame that draws only the changed tiles must redraw
// where each parcel is and where it was. After a few seconds of moving parcels (and
// a zoom), the kept canvas must equal a frame drawn whole.
for (const [scene, setup] of [['token', null], ['fab', null], ['demo', ['demo.parcels', 400]]]) {
  test(`${scene}: frames that draw only changes leave no stale parcel behind`, async () => {
    const { page, problems } = await openApp(app.browser, app.url + `#s=${scene}`);
    await waitFrames(page, 20);
    await waitVocab(page);
    if (setup) assert.equal(await page.evaluate(([id, v]) => window.tokenJourney.setParam(id, v), setup), '');
    let st = await page.evaluate(() => window.tokenJourney.state());
    assert.equal(st.changes_only, true, 'the page keeps the canvas, so frames draw only changes');
    await drive(page, 45);
    await page.mouse.move(640, 300);
    await page.mouse.wheel(0, -300);  // zoom in: bigger parcels, unfolded stacks
    if (st.view) await waitState(page, (s, z) => s.view.zoom > z, st.view.zoom, 'the wheel to zoom the map');
    else await nextFrame(page, 'the wheel taken in');  // a scene without a map view reports no zoom
    await drive(page, 30);
    await page.setViewportSize({ width: 1000, height: 640 });  // a resized canvas starts over
    await resized(page, 1000);
    await drive(page, 15);
    await page.setViewportSize({ width: 1280, height: 720 });
    await resized(page, 1280);
    await drive(page, 30);
    // The zoomed view shows only the parcels under it, and a moment can have none in
    // view (a chain week between shipments): wait for a frame that draws some.
    st = await waitState(page, (s) => s.parcels > 0, null, 'parcels on the move in view', 30000);
    assert.ok(st.screen_drawn_share < 0.9, `frames draw less than the whole screen (${st.screen_drawn_share})`);
    await switched(page, () => window.tokenJourney.play(false), 'the paused map drawn');
    const kept = await page.screenshot();
    const wholeFrame = await switched(page, () => window.tokenJourney.changesOnly(false), 'a frame drawn whole');
    assert.equal(wholeFrame.screen_drawn_share > st.screen_drawn_share, true);
    const whole = await page.screenshot();
    // The same pixels: a parcel left behind would be tens of pixels (the smallest is 5 px a side).
    const same = await imageDiff(page, kept, whole);
    const differing = Math.round(same.share * 1280 * 720);
    console.log(`${scene}: ${differing} px differ (max ${same.max})`);
    assert.ok(differing <= 12, `kept and whole frames differ on ${differing} pixels (max ${same.max})`);
    assert.deepEqual(problems, []);
    await page.close();
  });
}
