// abuse.test.mjs — hostile and mangled input, as a careless link or a hostile page
// would send it: every case gets a clear refusal (or works), the app keeps drawing,
// and its state is what it was. Each case is one that once froze or crashed the app.
// Run: node --test tests/browser/  (WEB_ROOT = the built web folder)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServedApp, openApp, waitFrames, waitVocab, waitState } from './browser.mjs';

const app = useServedApp();

const state = (page) => page.evaluate(() => window.tokenJourney.state());
const call = (page, fn) => page.evaluate(fn);

// The app still draws: more frames come (the app's frame count is what is checked).
async function stillDrawing(page) {
  const f = await page.evaluate(() => window.tokenJourney.frames());
  await waitState(page, (s, k) => s.frames >= k, f + 5, 'the app to draw five more frames');
}

test('a fragment that does not decode starts the app with defaults and a message', async () => {
  const fresh = await openApp(app.browser, app.url);
  await waitFrames(fresh.page, 10, 60000);
  const defaults = (await state(fresh.page)).params;
  await fresh.page.close();
  for (const fragment of ['#s=token&p.token.spec.alpha=50%', '#%E4', '#s=token&t=1000000000000', '#s=fab&t=1e12']) {
    const { page, problems } = await openApp(app.browser, app.url + fragment);
    await waitFrames(page, 10, 60000);
    const s = await state(page);
    assert.deepEqual(s.params, defaults, `${fragment}: the defaults are kept`);
    assert.ok(s.time < 600, `${fragment}: no jump was started (time ${s.time})`);
    assert.equal(s.jump_progress, -1, `${fragment}: no jump under way`);
    assert.ok(s.message.length > 0, `${fragment}: a message says what was refused`);
    await stillDrawing(page);
    assert.deepEqual(problems, [], fragment);
    await page.close();
  }
});

test('hostile JavaScript calls are refused with a reason and change nothing', async () => {
  const { page, problems } = await openApp(app.browser, app.url + '#s=token');
  await waitFrames(page, 20);
  await waitVocab(page);
  await call(page, () => window.tokenJourney.play(false));
  const link = await call(page, () => window.tokenJourney.link());
  const cases = [
    [() => window.tokenJourney.setParam('token.spec.draft_k', null), /must be a number/],
    [() => window.tokenJourney.setParam('token.run.batch', '0x10'), /must be a number/],
    [() => window.tokenJourney.setParam('token.run.batch', NaN), /finite/],
    [() => window.tokenJourney.setParam({}, 3), /must be a string/],
    [() => window.tokenJourney.setParam('token.run.batch', 1e300), /token\.run\.batch/],
    [() => window.tokenJourney.applyScenario('{"scene":"token","scene":"fab"}'), /appears twice/],
    [() => window.tokenJourney.applyLink('s=token\0&bogus=1'), /NUL/],
    [() => window.tokenJourney.applyLink('a'.repeat(2000000)), /too long/],
    [() => window.tokenJourney.applyScenario('{' + ' '.repeat(3000000) + '}'), /too long/],
    [() => window.tokenJourney.applyLink('s=token&t=1000000000000'), /longest run/],
    [() => window.tokenJourney.applyLink('s=fab&t=1000000000000'), /longest run/],
    [() => window.tokenJourney.applyLink(42), /must be a string/],
    [() => window.tokenJourney.panelRate(NaN), /finite/],
    [() => window.tokenJourney.panelRate(-1), /from 0 to 240/],
    [() => window.tokenJourney.setLens('fast'), /must be a number/],
    [() => window.tokenJourney.play('yes'), /true or false/],
    [() => window.tokenJourney.follow('yes'), /true or false/],
    [() => window.tokenJourney.setLanguage('fr'), /'en' or 'zh'/],
    [() => window.tokenJourney.openLesson(1.5, 0), /whole number/],
    [() => window.tokenJourney.setScene('x'.repeat(100000)), /too long/],
    [() => window.tokenJourney.filterParams('x'.repeat(64)), /too long/],
    [() => window.tokenJourney.filterParams(7), /must be a string/],
  ];
  for (const [fn, expect] of cases) {
    const answer = await call(page, fn);
    assert.match(String(answer), expect, `${fn.toString()} -> ${answer}`);
  }
  assert.equal(await call(page, () => window.tokenJourney.link()), link, 'the state is unchanged');
  // The panels still refresh after a refused rate.
  const r0 = (await state(page)).panel_refreshes;
  await page.mouse.move(200, 200);
  await page.mouse.move(300, 300);
  await waitState(page, (s, n) => s.panel_refreshes > n, r0, 'the panels to refresh after a refused rate');
  await stillDrawing(page);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a lesson step that does not exist leaves the open lesson as it was', async () => {
  const { page, problems } = await openApp(app.browser, app.url + '#s=token');
  await waitFrames(page, 20);
  await waitVocab(page);
  assert.equal(await call(page, () => window.tokenJourney.openLesson(0, 4)), '');
  const before = await state(page);
  assert.match(await call(page, () => window.tokenJourney.openLesson(3, 99)), /no step 99/);
  const after = await state(page);
  assert.equal(after.lesson, before.lesson);
  assert.equal(after.lesson_step, before.lesson_step);
  await stillDrawing(page);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a long time jump returns at once, runs over frames with a progress bar, and can be stopped', async () => {
  const { page, problems } = await openApp(app.browser, app.url + '#s=token');
  await waitFrames(page, 20);
  await waitVocab(page);
  // No wall clock here (the machine may be busy): the call has returned while the jump
  // is still under way, and the jump then moves on across frames.
  assert.equal(await call(page, () => window.tokenJourney.applyLink('s=token&p.token.run.batch=256&t=300')), '');
  const s = await state(page);
  if (s.jump_progress >= 0) {  // still under way: frames keep coming, it advances, and it can be stopped
    await stillDrawing(page);
    await waitState(page, (now, p) => now.jump_progress < 0 || now.jump_progress > p, s.jump_progress,
      'the jump to move on across frames');
    await call(page, () => window.tokenJourney.cancelJump());
    const stopped = await state(page);
    assert.equal(stopped.jump_progress, -1);
    assert.ok(stopped.time <= 300, 'a stopped jump is where it was stopped, at most at its end');
  } else {
    assert.equal(s.time, 300);
  }
  await stillDrawing(page);
  assert.deepEqual(problems, []);
  await page.close();
});
