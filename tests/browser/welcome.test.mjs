// welcome.test.mjs — the first-visit card: a visitor without stored state sees it over
// the dimmed map; a pick closes it (Esc or 3: explore, with the panels put away; 2: the
// first lesson; 1: the guided trip) and is remembered, so a reload does not show it
// again; a link with state, an embedded map and presenter mode never show it; the
// menu's "Where to start" (the API's welcome) brings it back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { useServedApp, openApp, waitFrames, waitState, waitRedrawn, imageStats } from './browser.mjs';

const shots = process.env.SHOTS;
const app = useServedApp();
const lessons = JSON.parse(readFileSync(new URL('../../assets/lessons.json', import.meta.url), 'utf8')).lessons;

const api = (page, fn, ...args) => page.evaluate(([f, a]) => window.tokenJourney[f](...a), [fn, args]);
const state = (page) => api(page, 'state');

// Presses key and waits until the card has gone (every key here closes it); returns the state.
async function press(page, key) {
  await page.focus('#canvas');
  await page.keyboard.press(key);
  return waitState(page, (s) => !s.welcome, null, `${key} to close the card`);
}

// The card up or down as asked (the API's welcome), and the screen drawn so.
async function welcomeShown(page, on) {
  const s = await waitState(page, (st, want) => st.welcome === want, on, on ? 'the card up' : 'the card put away');
  return waitRedrawn(page, s, on ? 'the card drawn' : 'the screen drawn without the card');
}

// Mean luminance of a strip along the left edge, outside the card.
async function edgeLuminance(page) {
  return (await imageStats(page, await page.screenshot({ clip: { x: 0, y: 120, width: 200, height: 500 } }))).mean;
}

test('a first visit shows the card over the dimmed map; Explore closes it for good', async () => {
  const { page, problems } = await openApp(app.browser, app.url);
  await waitFrames(page, 30);
  let s = await waitRedrawn(page, await state(page), 'the first visit drawn');
  assert.equal(s.welcome, true, 'the card is up on a first visit');
  assert.ok(s.time > 0, 'the map runs behind the card');
  const dimmed = await edgeLuminance(page);
  if (shots) await page.screenshot({ path: join(shots, 'web-welcome-test.png') });
  // Put away without a pick (as the API can), to see the same screen undimmed.
  assert.equal(await api(page, 'welcome', false), '');
  assert.equal((await welcomeShown(page, false)).welcome, false);
  const clear = await edgeLuminance(page);
  assert.ok(dimmed < clear * 0.7, `the screen is dimmed behind the card (edge luminance ${dimmed.toFixed(1)} vs ${clear.toFixed(1)})`);
  assert.equal(await api(page, 'welcome', true), '');
  await welcomeShown(page, true);
  s = await press(page, '3');
  assert.equal(s.welcome, false, '3 (Explore freely) closes the card');
  assert.equal(s.panels, false, 'Explore starts calm: the panels wait to be asked for');
  await page.reload();
  await waitFrames(page, 30);
  assert.equal((await state(page)).welcome, false, 'a reload does not show the card again');
  assert.equal(await api(page, 'welcome', true), '');
  assert.equal((await welcomeShown(page, true)).welcome, true, 'Where to start brings it back');
  assert.equal((await press(page, 'Escape')).welcome, false, 'Esc closes it');
  assert.deepEqual(problems, []);
  await page.close();
});

test('links with state, embedding and presenter mode never show the card', async () => {
  for (const fragment of ['#s=token', '#s=fab&seed=3', '#s=token&embed=1', '#s=token&present=1']) {
    const { page, problems } = await openApp(app.browser, app.url + fragment);
    await waitFrames(page, 30);
    assert.equal((await state(page)).welcome, false, fragment);
    assert.deepEqual(problems, [], fragment);
    await page.close();
  }
  const { page } = await openApp(app.browser, app.url);
  await waitFrames(page, 10);
  assert.equal((await state(page)).welcome, true);
  await api(page, 'present', true);
  // The card goes at the frame after presenter mode comes on: wait for both.
  await waitState(page, (s) => s.present && !s.welcome, null, 'presenter mode to put the card away');
  await page.close();
});

test('Take a lesson opens the first lesson; Follow a token opens the guided trip', async () => {
  for (const [key, id] of [['2', lessons[0].id], ['1', 'follow-a-token']]) {
    const { page, problems } = await openApp(app.browser, app.url);
    await waitFrames(page, 10);
    assert.equal((await state(page)).welcome, true);
    const s = await press(page, key);
    assert.equal(s.welcome, false, `key ${key} closes the card`);
    assert.equal(s.lesson, id, `key ${key} opens ${id}`);
    assert.equal(s.lesson_step, 0);
    assert.equal(await api(page, 'welcome', true), '');
    const back = await welcomeShown(page, true);
    assert.equal(back.lesson, '', 'Where to start leaves the lesson');
    assert.equal(back.welcome, true);
    assert.deepEqual(problems, []);
    await page.close();
  }
});
