// phone.test.mjs — phones and tablets, in Chromium's mobile emulation (touch events,
// a phone's pixel ratio): at 390x844 and 820x1180 the screen is narrow, the map is on
// top and no window covers it (the sheet's tabs and panels are under it, the menu above
// it), the menu bar and the tabs are at least 44 pixels high; one finger pans the map,
// two fingers pinch its zoom, a tap on a station opens its hover card, a tap on a tab
// shows that panel and a tap on the open tab closes the sheet (the map takes its
// place), a finger dragged over a panel scrolls it. Both scenes, both sizes. At 1280x720 the screen is not narrow.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useServedApp, openApp, waitFrames, waitState, waitRedrawn, nextFrame, touch, touchDrag } from './browser.mjs';

const shots = process.env.SHOTS;
const app = useServedApp();
const phone = { hasTouch: true, isMobile: true, deviceScaleFactor: 3 };
const tablet = { hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const kTarget = 44;

const api = (page, fn, ...args) => page.evaluate(([f, a]) => window.tokenJourney[f](...a), [fn, args]);
const state = (page) => api(page, 'state');

// After a gesture the app has taken in: its answer on screen (the panel layer redrawn).
const redrawn = async (page, what) => waitRedrawn(page, await state(page), what);

async function pinch(page, cdp, centre, from, to, steps = 8) {
  const at = (d) => [[centre[0] - d, centre[1]], [centre[0] + d, centre[1]]];
  await touch(page, cdp, 'touchStart', at(from));
  for (let i = 1; i <= steps; i++) await touch(page, cdp, 'touchMove', at(from + (to - from) * i / steps));
  await touch(page, cdp, 'touchEnd', []);
}

const overlap = (a, b) =>
  Math.min(a[0] + a[2], b[0] + b[2]) - Math.max(a[0], b[0]) > 1 && Math.min(a[1] + a[3], b[1] + b[3]) - Math.max(a[1], b[1]) > 1;
const named = (s, name) => s.windows.find((w) => w.name === name);
const inside = (r, [x, y]) => x > r[0] + 4 && y > r[1] + 4 && x < r[0] + r[2] - 4 && y < r[1] + r[3] - 4;

function checkLayout(s, label) {
  assert.equal(s.narrow, true, `${label}: the screen is narrow`);
  const map = s.map_rect;
  assert.ok(map[2] >= s.windows.find((w) => w.name === '##MainMenuBar').rect[2] - 1, `${label}: the map is as wide as the screen`);
  for (const w of s.windows)
    if (w.kind !== 'tooltip')
      assert.ok(!overlap(w.rect, map), `${label}: window ${w.name} [${w.rect.map(Math.round)}] covers the map [${map.map(Math.round)}]`);
  const bar = named(s, '##MainMenuBar'), tabs = named(s, '##sheet_tabs');
  assert.ok(bar && bar.rect[3] >= kTarget, `${label}: the menu bar is ${bar?.rect[3]} px high (at least ${kTarget})`);
  assert.ok(tabs && tabs.rect[3] >= kTarget, `${label}: the tabs are ${tabs?.rect[3]} px high (at least ${kTarget})`);
  return tabs.rect;
}

for (const [w, h, device] of [[390, 844, phone], [820, 1180, tablet]]) {
  for (const scene of ['token', 'fab']) {
    test(`${w}x${h} ${scene}: the map on top, tabs under it, touch pans, pinches and taps`, async () => {
      const { page, problems } = await openApp(app.browser, app.url + `#s=${scene}`, w, h, device);
      const cdp = await page.context().newCDPSession(page);
      await waitFrames(page, 30);
      let s = await state(page);
      assert.equal(s.welcome, false, 'a link with state opens without the first-visit card');
      assert.equal(s.sheet_open, true, 'the sheet is open at the start');
      const tabs = checkLayout(s, 'sheet open');
      if (shots) await page.screenshot({ path: join(shots, `web-phone-${scene}-${w}x${h}.png`) });
      await api(page, 'play', false);  // a still map: the view changes only by touch

      // Tabs: each shows its own panel in the sheet.
      const n = s.tabs.length;
      assert.ok(n >= 2, `${scene} has ${n} tabs`);
      const tabAt = (i) => [tabs[0] + (i + 0.5) * tabs[2] / n, tabs[1] + tabs[3] / 2];
      const sheetWindows = (st) => st.windows.filter((x) => x.name.startsWith('###sheet_')).map((x) => x.name);
      const first = sheetWindows(s);
      assert.equal(first.length, 1, `one panel in the sheet: ${first}`);
      await page.touchscreen.tap(...tabAt(1));
      // The tab flips at the tap; its panel's window comes up in a later frame.
      s = await waitState(page, (st, was) => {
        const shown = st.windows.filter((x) => x.name.startsWith('###sheet_'));
        return st.sheet_tab === 1 && shown.length === 1 && shown[0].name !== was;
      }, first[0], 'a tap on the second tab to show its panel');
      s = await waitRedrawn(page, s, 'the second tab\'s panel laid out');
      assert.equal(s.sheet_tab, 1, 'a tap on the second tab picks it');
      assert.notDeepEqual(sheetWindows(s), first, 'the sheet shows another panel');
      checkLayout(s, 'second tab');
      // A finger dragged up over the panel scrolls it, as a phone's page scrolls.
      const numbers = s.windows.find((x) => x.name.startsWith('###sheet_'));
      const from = [numbers.rect[0] + numbers.rect[2] * 0.5, numbers.rect[1] + numbers.rect[3] * 0.8];
      await touchDrag(page, cdp, from, [from[0], from[1] - 150]);
      s = await redrawn(page, 'the panel scrolled by the drag');
      const scrolled = s.windows.find((x) => x.name === numbers.name).scroll_y - numbers.scroll_y;
      assert.ok(scrolled > 60, `a drag of 150 px up scrolls the panel by ${scrolled} px`);
      // The open tab again: the sheet closes and the map grows into its place.
      const mapBefore = s.map_rect;
      await page.touchscreen.tap(...tabAt(1));
      s = await waitState(page, (st) => !st.sheet_open && !st.windows.some((x) => x.name.startsWith('###sheet_')), null,
        'a tap on the open tab to close the sheet and its panel');
      s = await waitRedrawn(page, s, 'the map laid out without the sheet');
      assert.equal(s.sheet_open, false, 'a tap on the open tab closes the sheet');
      assert.ok(s.map_rect[3] > mapBefore[3] * 1.4, `the map grows: ${mapBefore[3]} -> ${s.map_rect[3]} px high`);
      const closedTabs = checkLayout(s, 'sheet closed');
      assert.equal(sheetWindows(s).length, 0, 'no panel with the sheet closed');
      await page.touchscreen.tap(closedTabs[0] + closedTabs[2] / n / 2, closedTabs[1] + closedTabs[3] / 2);
      s = await waitState(page, (st) => st.sheet_open && st.windows.some((x) => x.name.startsWith('###sheet_')), null,
        'a tap on a tab to open the sheet with its panel');
      s = await waitRedrawn(page, s, 'the map laid out with the sheet');
      assert.equal(s.sheet_open, true, 'a tab opens the sheet again');
      assert.equal(s.sheet_tab, 0);

      // One finger pans the map.
      const map = s.map_rect, centre = [map[0] + map[2] / 2, map[1] + map[3] / 2];
      const v0 = s.view;
      await touchDrag(page, cdp, centre, [centre[0] + 60, centre[1] + 30]);
      s = await redrawn(page, 'the map panned by the drag');
      assert.ok(Math.abs(s.view.pan_x - v0.pan_x - 60) < 15 && Math.abs(s.view.pan_y - v0.pan_y - 30) < 15,
        `a one-finger drag of (60, 30) moves the view by (${(s.view.pan_x - v0.pan_x).toFixed(1)}, ${(s.view.pan_y - v0.pan_y).toFixed(1)})`);
      assert.equal(s.view.zoom, v0.zoom, 'a drag does not zoom');
      assert.equal(s.card, '', 'no hover card is left where a drag ended');

      // Two fingers pinch: apart from 40 to 120 px, the zoom triples (about their middle).
      const z0 = s.view.zoom;
      await pinch(page, cdp, centre, 40, 120);
      s = await redrawn(page, 'the map zoomed by the pinch');
      assert.ok(s.view.zoom > z0 * 2.5 && s.view.zoom < z0 * 3.5, `a pinch from 80 to 240 px apart zooms ${z0.toFixed(3)} -> ${s.view.zoom.toFixed(3)}`);
      await pinch(page, cdp, centre, 120, 40);
      s = await redrawn(page, 'the map zoomed back by the pinch');
      assert.ok(Math.abs(s.view.zoom / z0 - 1) < 0.1, `pinching back returns the zoom: ${z0.toFixed(3)} -> ${s.view.zoom.toFixed(3)}`);

      // A tap on a station shows its hover card.
      const target = Object.entries(s.stations).find(([, p]) => inside(s.map_rect, p));
      assert.ok(target, 'a station is on the map');
      await page.touchscreen.tap(...target[1]);
      s = await waitState(page, (st, id) => st.card === id && st.windows.some((x) => x.kind === 'tooltip'), target[0],
        `a tap on ${target[0]} to show its card`);
      assert.equal(s.card, target[0], `a tap on ${target[0]} shows its card`);
      const card = s.windows.find((x) => x.kind === 'tooltip');
      assert.ok(card && card.rect[0] >= 0 && card.rect[0] + card.rect[2] <= w + 1, `the card fits the screen's width: ${card?.rect}`);
      if (shots) await page.screenshot({ path: join(shots, `web-phone-${scene}-${w}x${h}-card.png`) });
      assert.deepEqual(problems, []);
      await page.close();
    });
  }
}

test('a lesson on a phone: the caption under the map, never over it', async () => {
  const { page, problems } = await openApp(app.browser, app.url + '#s=token', 390, 844, phone);
  await waitFrames(page, 10);
  assert.equal(await api(page, 'openLesson', 2, 1), '');
  const up = await waitState(page, (st) => st.windows.some((w) => w.name === '###lesson'), null, 'the caption up');
  const s = await waitRedrawn(page, up, 'the caption laid out');
  assert.equal(s.narrow, true);
  const caption = named(s, '###lesson');
  assert.ok(caption, 'the caption is up');
  assert.ok(caption.rect[1] >= s.map_rect[1] + s.map_rect[3] - 1 && caption.rect[2] >= 389,
    `the caption [${caption.rect}] is under the map [${s.map_rect}], the screen's width`);
  for (const w of s.windows) if (w.kind !== 'tooltip') assert.ok(!overlap(w.rect, s.map_rect), `${w.name} covers the map`);
  assert.deepEqual(problems, []);
  await page.close();
});

test("presenter mode on a phone keeps the phone's text size; widened to a projector's, it enlarges with the rows", async () => {
  const { page, problems } = await openApp(app.browser, app.url + '#s=fab', 390, 844, phone);
  await waitFrames(page, 10);
  await api(page, 'present', true);
  let s = await waitState(page, (st) => st.present, null, 'presenter mode on');
  assert.equal(s.ui_scale, 1, 'the phone keeps its text size');
  await page.setViewportSize({ width: 1280, height: 720 });
  s = await waitState(page, (st) => st.present && !st.narrow && Math.abs(st.ui_scale - 1.75 * 720 / 1080) <= 0.05, null,
    "the projector's text size once wide (its share of 720 rows)");
  await page.setViewportSize({ width: 1920, height: 1080 });
  await waitState(page, (st) => st.present && st.ui_scale === 1.75, null, "the text scale following the screen's rows to 1080");
  assert.deepEqual(problems, []);
  await page.close();
});

test('a wide screen keeps its layout', async () => {
  const { page } = await openApp(app.browser, app.url + '#s=token', 1280, 720, {});
  await waitFrames(page, 30);
  const s = await state(page);
  assert.equal(s.narrow, false, '1280x720 is not narrow');
  assert.equal(named(s, '##sheet_tabs'), undefined, 'no tabs');
  assert.ok(s.windows.some((x) => x.name.endsWith('###token_controls')), 'the side panels are up');
  await page.close();
});

test('every lesson question on a phone: its choices or guess scale, Reveal, Back and Next on the first screen (390x844)', { timeout: 900000 }, async () => {
  const lessons = JSON.parse(readFileSync(new URL('../../assets/lessons.json', import.meta.url), 'utf8')).lessons;
  const { page, problems } = await openApp(app.browser, app.url + '#s=token', 390, 844, phone);
  await waitFrames(page, 20);
  const off = [];
  let asked = 0;
  for (let i = 0; i < lessons.length; i++) {
    for (let k = 0; k < lessons[i].steps.length; k++) {
      const q = lessons[i].steps[k].predict;
      if (!q) continue;
      asked++;
      const where = `${lessons[i].id} step ${k + 1}`;
      assert.equal(await api(page, 'openLesson', i, k), '');
      // The card laid out at the step's moment, its text shrunk until the step fits (a few
      // frames at a time) or as far as it goes, and its controls drawn.
      let s = await waitState(page, (st, kk) => st.lesson_step === kk && st.jump_progress < 0 && st.lesson_card &&
        (st.lesson_card.content_h <= st.lesson_card.room_h + 0.5 || st.lesson_card.fit <= 0.6 + 1e-6) &&
        st.controls.some((c) => /Reveal/.test(c.label)), k,
        `${where} on the phone`, 120000);
      // Then settled: the same controls in the same places two frames running (the choices
      // reflow while the text shrinks).
      for (let tries = 0; tries < 30; tries++) {
        const again = await nextFrame(page, `${where}: another frame`);
        const same = JSON.stringify(again.controls) === JSON.stringify(s.controls);
        s = again;
        if (same) break;
      }
      const need = ['Reveal the answer', '← Back', ...(k + 1 < lessons[i].steps.length ? ['Next →'] : [])];
      const seen = (label) => s.controls.find((c) => c.label === label && c.rect[1] >= 0 && c.rect[1] + c.rect[3] <= 844);
      for (const label of need) if (!seen(label)) off.push(`${where}: ${label} not on the first screen`);
      if (q.guess) {
        const track = s.lesson_guess && s.lesson_guess.track;
        if (!track || track[1] > 844) off.push(`${where}: the guess scale not on the first screen`);
      } else {
        q.choices.forEach((c, n) => { if (!s.controls.some((x) => x.label.startsWith(`${n + 1}. `) && x.rect[1] + x.rect[3] <= 844)) off.push(`${where}: choice ${n + 1} not on the first screen`); });
      }
    }
  }
  console.log(`phone: ${asked} questions checked`);
  assert.ok(asked >= 40, `every lesson's questions walked (${asked})`);
  assert.deepEqual(off, []);
  await page.close();
  assert.deepEqual(problems, []);
});
