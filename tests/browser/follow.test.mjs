// follow.test.mjs — following one token (the key T, Lessons → Follow a token, the answer
// panel's button, the API's follow): the run starts again and the camera stays on the
// token's parcel while it goes from the door to the screen, every stop captioned with
// the lesson follow-a-token's step title in the page's language; the user's drag lets go
// of the camera until the next stop; the follow ends at the screen with the trip's time,
// follows the answer's next token from the chip, and lets go when asked. In the chain
// the same key follows a wafer lot from the fab to the customers, station by station.
// Throughout, no word of the map lies under the follow's card, and no station's figures
// show without its name (a name under the headline takes its status line with it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { useServedApp, openScene, openApp, waitFrames, waitState } from './browser.mjs';

const shots = process.env.SHOTS;
const app = useServedApp();
const lesson = JSON.parse(readFileSync(new URL('../../assets/lessons.json', import.meta.url), 'utf8'))
  .lessons.find((l) => l.id === 'follow-a-token');
const stations = ['prompt', 'tokenizer', 'h2d', 'mesh', 'sampler', 'd2h', 'detok', 'screen'];

const api = (page, fn, ...args) => page.evaluate(([f, a]) => window.tokenJourney[f](...a), [fn, args]);
const state = (page) => api(page, 'state');

// The follow's state once the follow has started (or ended: on false), as `what` says.
const following = (page, on, what) => waitState(page, (s, want) => !!s.follow === want, on, what);
// The camera has caught up with the followed parcel: it is near the map's centre.
const cameraOn = (page, what) => waitState(page, (s) => s.follow &&
  Math.hypot(s.follow.x - s.follow.centre[0], s.follow.y - s.follow.centre[1]) < 60, null, what);

// No word of the map lies under the follow's card. The words keep clear of the card as
// it was drawn the frame before (it is sized as it is drawn, after them), so where the
// card has just changed (a new stop's caption, the language) the check waits a few
// frames for the words to follow before it fails.
function wordsUnderCard(s) {
  const under = [];
  const [cx, cy, cw, ch] = s.follow ? s.follow.card : [0, 0, 0, 0];
  if (!(cw > 0 && ch > 0)) return under;
  for (const [id, l] of Object.entries(s.labels || {}))
    for (const [k, [x, y, w, h]] of l.parts.entries()) {
      const ox = Math.min(x + w, cx + cw) - Math.max(x, cx), oy = Math.min(y + h, cy + ch) - Math.max(y, cy);
      if (ox > 1 && oy > 1) under.push(`"${l.texts[k]}" (${id}) [${[x, y, w, h].map(Math.round)}] under the follow card [${[cx, cy, cw, ch].map(Math.round)}] at stop ${s.follow.stop}`);
    }
  for (const [id, l] of Object.entries(s.labels || {}))
    if (l.name === 'hidden') under.push(`${JSON.stringify(l.texts)} (${id}) shown without its station's name at stop ${s.follow && s.follow.stop}`);
  return under;
}
async function wordsOffCard(page, s) {
  for (const until = Date.now() + 5000; wordsUnderCard(s).length > 0; s = await state(page)) {
    if (Date.now() > until) assert.fail(wordsUnderCard(s).join('; '));
    await page.waitForTimeout(50);
  }
}

// Samples state().follow every 100 ms until the token is on the screen, or the lot with
// the customers (or the time is up).
async function followToScreen(page, onSample = async () => {}) {
  const samples = [];
  const until = Date.now() + 120000;
  while (Date.now() < until) {
    const s = await state(page);
    assert.ok(s.follow, 'still following');
    samples.push({ ...s.follow, pan: [s.view.pan_x, s.view.pan_y], wall: Date.now() });
    await wordsOffCard(page, s);
    await onSample(s.follow, samples);
    if (s.follow.done) return samples;
    await page.waitForTimeout(100);
  }
  assert.fail('the token did not reach the screen within two minutes');
}

// The follow lets go when asked: the run plays on at the lens it had. Then the page closes.
async function letGoAndClose(page, problems) {
  assert.equal(await api(page, 'follow', false), '');
  const s = await following(page, false, 'the follow to let go');
  assert.equal(s.follow, undefined);
  assert.equal(s.playing, true);
  assert.deepEqual(problems, []);
  await page.close();
}

test('T follows a token from the door to the screen, every stop captioned, the camera on it', async () => {
  const { page, problems } = await openScene(app.browser, app.url, 'token');
  await page.focus('#canvas');
  await page.keyboard.press('t');
  let s = await following(page, true, 'T to start a follow');
  assert.ok(s.follow, 'T starts a follow');
  assert.equal(s.follow.index, 1, 'the first token of the answer');
  assert.ok(s.time < 1e-3, `the run started again (t = ${s.time})`);
  assert.equal(s.playing, false, "the follow's own clock moves the run");
  let shot = false;
  const samples = await followToScreen(page, async (f, all) => {
    if (shots && !shot && f.stop === 2 && f.elapsed_s > 0) {  // on the link to the chip, mid-trip
      shot = true;
      await page.screenshot({ path: join(shots, 'web-follow-1280.png') });
    }
  });
  const seen = new Map();
  for (const f of samples) if (!seen.has(f.stop)) seen.set(f.stop, f);
  assert.deepEqual([...seen.keys()], [0, 1, 2, 3, 4, 5, 6, 7], 'every stop in order, from the door to the screen');
  for (const [stop, f] of seen) {
    assert.equal(f.caption, lesson.steps[stop].title.en, `stop ${stop} is captioned with its lesson step's title`);
    assert.equal(f.station, stations[stop], `stop ${stop} is at ${stations[stop]}`);
  }
  // Each stop is shown for seconds, however short it is on the chip.
  const first = (stop) => samples.find((f) => f.stop === stop).wall;
  for (let stop = 1; stop < 8; stop++)
    assert.ok(first(stop) - first(stop - 1) > 1500, `stop ${stop - 1} was shown for ${first(stop) - first(stop - 1)} ms`);
  // Once the camera has caught up (it glides there in the first second), the token's
  // parcel stays near the map's centre while it moves.
  const start = samples[0].wall;
  let moving = 0;
  for (let i = 1; i < samples.length; i++) {
    const f = samples[i];
    if (f.wall - start < 1500 || f.done) continue;
    const d = Math.hypot(f.x - f.centre[0], f.y - f.centre[1]);
    assert.ok(d < 60, `the parcel is ${d.toFixed(0)} px from the centre at stop ${f.stop}`);
    if (Math.hypot(f.pan[0] - samples[i - 1].pan[0], f.pan[1] - samples[i - 1].pan[1]) > 1) moving++;
  }
  assert.ok(moving > 10, `the map moves under the parcel, which stays at the centre (${moving} samples)`);
  s = await state(page);
  assert.equal(s.follow.done, true);
  assert.equal(s.follow.stop, 7);
  assert.ok(s.follow.total_s > 0 && Math.abs(s.follow.elapsed_s - s.follow.total_s) < 1e-9, 'at the screen, the whole trip');
  // The card's first button follows the answer's next token: it starts on the chip.
  const card = s.windows.find((w) => w.name.includes('##follow'));
  assert.ok(card, 'the card is a window');
  const [cx, cy, , ch] = card.rect;
  await page.mouse.click(cx + 30, cy + ch - 21);
  s = await waitState(page, (st) => st.follow && !st.follow.done, null, 'the card\'s button to follow the next token');
  assert.ok(s.follow.index > 1, `the next token of the answer (number ${s.follow.index})`);
  assert.equal(s.follow.seq, samples[0].seq);
  assert.equal(s.follow.done, false);
  assert.equal(s.follow.stop, 3, 'a later token starts at the cores');
  assert.equal(s.follow.caption, lesson.steps[3].title.en);
  if (shots) {
    await cameraOn(page, 'the camera on the next token');
    await page.screenshot({ path: join(shots, 'web-follow-next-1280.png') });
  }
  await letGoAndClose(page, problems);
});

test('the answer panel\'s button follows a token, as the menu item does', async () => {
  const { page, problems } = await openScene(app.browser, app.url, 'token');
  let s = await state(page);
  assert.equal(s.follow, undefined);
  const answer = s.windows.find((w) => w.name.endsWith('###token_answer'));
  assert.ok(answer, 'the answer panel is open');
  // The button is the panel's first line, under its title bar.
  const [x, y] = answer.rect;
  await page.mouse.click(x + 30, y + 44);
  s = await following(page, true, 'the click to start a follow');
  assert.ok(s.follow, 'the click starts a follow');
  assert.equal(s.follow.index, 1, 'the first token of the answer');
  assert.equal(s.follow.caption, lesson.steps[s.follow.stop].title.en, "captioned with the lesson's steps, as from the menu");
  assert.deepEqual(problems, []);
  await page.close();
});

test("the user's drag lets go of the camera until the next stop; the caption follows the language", async () => {
  const { page, problems } = await openScene(app.browser, app.url, 'token');
  assert.equal(await api(page, 'setLanguage', 'zh'), 'zh');
  assert.equal(await api(page, 'follow', true), '');
  let s = await following(page, true, 'the follow to start');
  assert.equal(s.follow.caption, lesson.steps[s.follow.stop].title.zh);
  // Drag the map at the tokenizer's stop.
  const [x, y] = (await waitState(page, (st) => st.follow.stop >= 1, null, 'the tokenizer\'s stop')).follow.centre;
  await page.mouse.move(x + 40, y + 40);
  await page.mouse.down();
  await page.mouse.move(x + 140, y + 90, { steps: 5 });
  await page.mouse.up();
  s = await waitState(page, (st) => !st.follow.camera, null, 'the drag to let go of the camera');
  assert.equal(s.follow.stop, 1, 'still at the tokenizer (each stop shows for seconds)');
  assert.equal(s.follow.camera, false, 'the drag lets go of the camera');
  assert.ok(Math.hypot(s.follow.x - s.follow.centre[0], s.follow.y - s.follow.centre[1]) > 60, 'the map went where the drag took it');
  s = await waitState(page, (st) => st.follow.stop >= 2 && st.follow.camera, null, 'the camera back at the next stop');
  assert.equal(s.follow.camera, true, 'the camera comes back at the next stop');
  if (shots) {
    await cameraOn(page, 'the camera on the token again');
    await page.screenshot({ path: join(shots, 'web-follow-1280-zh.png') });
  }
  // Play takes the clock back: the follow ends.
  await api(page, 'play', true);
  assert.equal((await following(page, false, 'play to end the follow')).follow, undefined);
  assert.deepEqual(problems, []);
  await page.close();
});

test('in the chain, follow takes a wafer lot from the fab to the customers, captioned in both languages', async () => {
  const { page, problems } = await openScene(app.browser, app.url, 'fab');
  const before = (await state(page)).time;
  assert.equal(await api(page, 'follow', true), '');
  let s = await following(page, true, 'the follow to start in the chain');
  assert.equal(s.scene, 'fab', 'it follows in the chain, not the token scene');
  assert.equal(s.follow.active, true);
  assert.equal(s.follow.station, 'fab', 'the lot starts at the wafer fab');
  assert.ok(s.time >= before, 'the chain is not started again: the next lot from now');
  assert.equal(s.playing, false, "the follow's own clock moves the run");
  // Half way, the page turns to Chinese: the caption follows.
  let zhFrom = -1;
  const samples = await followToScreen(page, async (f) => {
    if (zhFrom < 0 && f.station === 'pack') {
      zhFrom = f.stop;
      assert.equal(await api(page, 'setLanguage', 'zh'), 'zh');
    }
  });
  const seen = new Map();
  for (const f of samples) if (!seen.has(f.station)) seen.set(f.station, f);
  assert.deepEqual([...seen.keys()], ['fab', 'sort', 'pack', 'modtest', 'tray', 'rack', 'ship', 'cust'],
    'every station of the chain in order, from the fab to the customers');
  for (let i = 1; i < samples.length; i++) {
    assert.ok(samples[i].stop >= samples[i - 1].stop, 'the stop never goes back');
    assert.ok(samples[i].elapsed_s >= samples[i - 1].elapsed_s, 'the lot\'s time never goes back');
  }
  const first = (station) => samples.find((f) => f.station === station).wall;
  assert.ok(first('sort') - first('fab') > 1500, `the fab was shown for ${first('sort') - first('fab')} ms`);
  for (const f of samples) {
    assert.ok(f.caption.length > 10, `a caption at ${f.station}`);
    if (f.stop < zhFrom) assert.match(f.caption, /^[\x20-\x7e]+$/, `English at ${f.station}`);
    else if (f.stop > zhFrom) assert.match(f.caption, /[\u4e00-\u9fff]/, `Chinese at ${f.station}`);
  }
  s = await state(page);
  assert.equal(s.follow.done, true);
  assert.equal(s.follow.station, 'cust');
  assert.ok(s.follow.total_s > 8 * 604800, `weeks from wafer start to the customers (${s.follow.total_s / 604800} weeks)`);
  assert.ok(Math.abs(s.follow.elapsed_s - s.follow.total_s) < 1e-6, 'at the customers, the whole trip');
  if (shots) await page.screenshot({ path: join(shots, 'web-follow-lot-1280-zh.png') });
  await letGoAndClose(page, problems);
});

test('on a phone in 中文, the followed lot\'s map shows no station\'s figures without its name', async () => {
  const { page, problems } = await openApp(app.browser, app.url + '#s=fab', 390, 844,
    { hasTouch: true, isMobile: true, deviceScaleFactor: 3 });
  await waitFrames(page, 30);
  assert.equal(await api(page, 'setLanguage', 'zh'), 'zh');
  assert.equal(await api(page, 'follow', true), '');
  await following(page, true, 'the follow to start in the chain');
  const samples = await followToScreen(page);  // each sample checked as it is taken
  assert.ok(samples.length > 20 && samples.at(-1).station === 'cust', `the lot reached the customers (${samples.length} samples)`);
  await letGoAndClose(page, problems);
});
