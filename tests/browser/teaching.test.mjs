// teaching.test.mjs — what a teacher and a speaker rely on, in the browser build:
// lessons open and the clicker keys (PageDown / PageUp) step through them, presenter
// mode hides the panels, the metrics CSV has its header and rows, a link replays to
// the same metrics after the same simulated time, and compare mode runs both sets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useServedApp, openApp, waitFrames, waitSimulated, waitState, waitRedrawn, imageStats, waitVocab } from './browser.mjs';

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
  let s = await waitState(page, (st) => st.lesson !== '' && st.jump_progress < 0, null, 'the first lesson at its first step');
  assert.equal(s.lesson_step, 0);
  const lesson = s.lesson;
  assert.ok(lesson.length > 0);
  await page.focus('#canvas');
  // A question step takes two presses: the first reveals the answer.
  for (let i = 0; i < 3 && s.lesson_step === 0; i++) {
    await page.keyboard.press('PageDown');
    s = await waitState(page, (st, [k, held]) => st.lesson_step !== k || st.lesson_answer_held !== held,
      [s.lesson_step, s.lesson_answer_held], 'PageDown to reveal or advance');
  }
  assert.equal(s.lesson_step, 1, 'PageDown advances the lesson');
  await page.keyboard.press('PageUp');
  s = await waitState(page, (st, k) => st.lesson_step !== k, s.lesson_step, 'PageUp to change the step');
  assert.equal(s.lesson_step, 0, 'PageUp goes back');
  assert.equal(s.lesson, lesson);
  if (shots) await page.screenshot({ path: join(shots, 'web-lesson.png') });
  await page.keyboard.press('Escape');
  assert.equal((await waitState(page, (st) => st.lesson === '', null, 'Esc to leave the lesson')).lesson, '',
    'Esc leaves the lesson');
  assert.deepEqual(problems, []);
  await page.close();
});

test('presenter mode hides the panels', async () => {
  const { page, problems } = await openApp(app.browser, app.url);
  await waitFrames(page, 10);
  await waitVocab(page);
  const before = await imageStats(page, await page.screenshot());
  await api(page, 'present', true);
  const st = await waitRedrawn(page, await waitState(page, (x) => x.present && !x.panels, null, 'presenter mode without panels'),
    'presenter mode drawn');
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
  const sa = await waitRedrawn(a.page, await waitState(a.page, (st) => !st.playing, null, 'A paused'), 'A drawn paused');
  const link = await api(a.page, 'link');
  assert.match(link, new RegExp(`s=${scene}`));

  const b = await openApp(app.browser, app.url);
  await waitFrames(b.page, 5);
  await waitVocab(b.page);
  await api(b.page, 'play', false);
  assert.equal(await api(b.page, 'applyLink', link), '');
  const replayed = await waitState(b.page, (st, [p, v]) => st.jump_progress < 0 && st.params[p] === v, [id, value],
    'B to replay the link');
  const sb = await waitRedrawn(b.page, replayed, 'B drawn after the replay');
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
  const st = await waitState(page, (x) => x.comparing && x.compare_metrics && Object.keys(x.compare_metrics).length > 0, null,
    'B to report its metrics');
  assert.equal(st.comparing, true);
  assert.ok(st.compare_metrics && Object.keys(st.compare_metrics).length > 0, 'B reports its metrics');
  if (shots) await page.screenshot({ path: join(shots, 'web-compare.png') });
  assert.deepEqual(problems, []);
  await page.close();
});
