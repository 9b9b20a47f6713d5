// teaching.test.mjs — what a teacher and a speaker rely on, in the browser build:
// lessons open and the clicker keys (PageDown / PageUp) step through them, presenter
// mode hides the panels, the metrics CSV has its header and rows, a link replays to
// the same metrics after the same simulated time, and compare mode runs both sets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useServedApp, openApp, waitFrames, waitSimulated, imageStats, waitVocab } from './browser.mjs';

const shots = process.env.SHOTS;
const app = useServedApp();

const api = (page, fn, ...args) => page.evaluate(([f, a]) => window.tokenJourney[f](...a), [fn, args]);

test('a lesson opens and the clicker keys step through it', async () => {
  const { page, problems } = await openApp(app.browser, app.url);
  await waitFrames(page, 10);
  await waitVocab(page);
  const s0 = await api(page, 'state');
  assert.ok(s0.lessons >= 10, `${s0.lessons} lessons loaded`);
  assert.equal(await api(page, 'openLesson', 0, 0), '');
  await waitFrames(page, s0.frames + 5);
  let s = await api(page, 'state');
  assert.equal(s.lesson_step, 0);
  const lesson = s.lesson;
  assert.ok(lesson.length > 0);
  await page.focus('#canvas');
  // A question step takes two presses: the first reveals the answer.
  for (let i = 0; i < 3 && s.lesson_step === 0; i++) {
    await page.keyboard.press('PageDown');
    await waitFrames(page, s.frames + 3);
    s = await api(page, 'state');
  }
  assert.equal(s.lesson_step, 1, 'PageDown advances the lesson');
  await page.keyboard.press('PageUp');
  await waitFrames(page, s.frames + 3);
  s = await api(page, 'state');
  assert.equal(s.lesson_step, 0, 'PageUp goes back');
  assert.equal(s.lesson, lesson);
  if (shots) await page.screenshot({ path: join(shots, 'web-lesson.png') });
  await page.keyboard.press('Escape');
  // Counted from now: the screenshot above may have taken longer than a few frames.
  await waitFrames(page, (await api(page, 'state')).frames + 3);
  assert.equal((await api(page, 'state')).lesson, '', 'Esc leaves the lesson');
  assert.deepEqual(problems, []);
  await page.close();
});

test('presenter mode hides the panels', async () => {
  const { page, problems } = await openApp(app.browser, app.url);
  await waitFrames(page, 10);
  await waitVocab(page);
  const before = await imageStats(page, await page.screenshot());
  await api(page, 'present', true);
  const s = await api(page, 'state');
  await waitFrames(page, s.frames + 10);
  const st = await api(page, 'state');
  assert.equal(st.present, true);
  assert.equal(st.panels, false);
  const shot = await page.screenshot();
  if (shots) await page.screenshot({ path: join(shots, 'web-present.png') });
  const after = await imageStats(page, shot);
  assert.ok(after.variance > 20, 'the map is still drawn');
  assert.notEqual(after.mean.toFixed(2), before.mean.toFixed(2), 'the picture changed when the panels went');
  assert.deepEqual(problems, []);
  await page.close();
});

test('metrics CSV has a header and a row per metric', async () => {
  const { page } = await openApp(app.browser, app.url);
  await waitFrames(page, 30);
  await waitVocab(page);
  const csv = await api(page, 'metricsCsv');
  const lines = csv.split('\n');
  assert.equal(lines[0], 'metric,value,unit,label');
  const s = await api(page, 'state');
  const rows = lines.slice(1).filter((l) => l && !l.startsWith('time_s')).length;
  assert.ok(rows >= Object.keys(s.metrics).length, `${rows} rows for ${Object.keys(s.metrics).length} metrics`);
  await page.close();
});

test('a link replays to the same metrics after the same simulated time', async () => {
  const a = await openApp(app.browser, app.url);
  await waitFrames(a.page, 30);
  await waitVocab(a.page);  // both pages count with the real tokenizer
  const scene = (await api(a.page, 'state')).scene;
  const reg = Object.keys((await api(a.page, 'state')).params);
  // Change one parameter to a value it did not have, let it run, pause, take the link.
  const id = 'token.run.output_tokens';
  assert.ok(reg.includes(id));
  const before = (await api(a.page, 'state')).params[id];
  const value = before === 200 ? 300 : 200;
  assert.equal(await api(a.page, 'setParam', id, value), '');
  const t0 = (await api(a.page, 'state')).time;
  await waitSimulated(a.page, t0 + 0.0075);  // 1.5 s at the token scene's default lens (5 ms a second)
  await api(a.page, 'play', false);
  const f = (await api(a.page, 'state')).frames;
  await waitFrames(a.page, f + 3);
  const sa = await api(a.page, 'state');
  const link = await api(a.page, 'link');
  assert.match(link, new RegExp(`s=${scene}`));

  const b = await openApp(app.browser, app.url);
  await waitFrames(b.page, 5);
  await waitVocab(b.page);
  await api(b.page, 'play', false);
  assert.equal(await api(b.page, 'applyLink', link), '');
  const fb = (await api(b.page, 'state')).frames;
  await waitFrames(b.page, fb + 3);
  const sb = await api(b.page, 'state');
  assert.equal(sb.scene, sa.scene);
  assert.equal(sb.params[id], value, 'the changed parameter survives the link');
  assert.notEqual(sb.params[id], before);
  assert.equal(sb.time, sa.time);
  assert.deepEqual(sb.metrics, sa.metrics, 'same metrics after the same simulated time');
  assert.deepEqual(a.problems.concat(b.problems), []);
  await a.page.close();
  await b.page.close();
});

test('compare mode runs both parameter sets', async () => {
  const { page, problems } = await openApp(app.browser, app.url);
  await waitFrames(page, 10);
  await waitVocab(page);
  assert.equal(await api(page, 'compare', true), true);
  const s = await api(page, 'state');
  await waitFrames(page, s.frames + 20);
  const st = await api(page, 'state');
  assert.equal(st.comparing, true);
  assert.ok(st.compare_metrics && Object.keys(st.compare_metrics).length > 0, 'B reports its metrics');
  if (shots) await page.screenshot({ path: join(shots, 'web-compare.png') });
  assert.deepEqual(problems, []);
  await page.close();
});
