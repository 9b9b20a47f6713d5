// lesson_charts.test.mjs — the token lessons' charts show what their captions say: on
// every step that draws the staircase, the KV chart or the gaps chart (a question's once
// it is answered), the axes hold the chart's data and not much more; the staircase shows
// a window of steps few enough that each stair shows (about 20), the whole request as
// its context; the KV chart leaves its legend's band above the highest curve; the gaps
// chart's log axis starts near the shortest gap, not decades below it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useServedApp, openApp, waitFrames, waitVocab, waitState, waitRedrawn } from './browser.mjs';

const app = useServedApp();
const lessons = JSON.parse(readFileSync(new URL('../../assets/lessons.json', import.meta.url), 'utf8')).lessons;
const api = (page, fn, ...args) => page.evaluate(([f, a]) => window.tokenJourney[f](...a), [fn, args]);
const within = ([lo, hi], [a, b]) => lo <= a && b <= hi;

test('every staircase, KV and gaps chart of the token lessons fits its data', async () => {
  const { page, problems } = await openApp(app.browser, app.url);
  await waitFrames(page, 10);
  await waitVocab(page);
  const seen = { staircase: 0, kv: 0, gaps: 0 };
  for (let i = 0; i < lessons.length; i++) {
    if (lessons[i].scene !== 'token') continue;
    for (let k = 0; k < lessons[i].steps.length; k++) {
      const st = lessons[i].steps[k];
      if (!(st.chart in seen)) continue;
      const where = `${lessons[i].id} step ${k + 1} (${st.chart})`;
      assert.equal(await api(page, 'openLesson', i, k), '', where);
      let s = await waitState(page, (x, [id, step]) => x.lesson === id && x.lesson_step === step && x.jump_progress < 0,
        [lessons[i].id, k], `${where} at its moment`, 180000);
      if (st.predict) assert.equal(await api(page, 'lessonReveal'), '', where);
      s = await waitState(page, (x) => x.lesson_chart && !x.lesson_chart.waiting && x.lesson_chart.axes, null, `${where}: its chart drawn`);
      s = await waitRedrawn(page, s, `${where} drawn`);
      const a = s.lesson_chart.axes;
      seen[st.chart]++;
      const data = `axes x ${a.x} y ${a.y}, data x ${a.data_x} y ${a.data_y}`;
      assert.ok(within(a.x, a.data_x) && within(a.y, a.data_y), `${where}: the axes hold the data (${data})`);
      if (st.chart === 'staircase') {
        assert.ok(a.total >= 2, `${where}: the request has steps (${a.total})`);
        assert.ok(a.shown === Math.min(a.total, 20), `${where}: the window shows ${a.shown} of ${a.total} steps, at most 20`);
        assert.ok(a.y[1] <= a.shown * 8, `${where}: the stairs are a few tokens each, not a diagonal (${a.y[1]} tokens over ${a.shown} steps)`);
      } else if (st.chart === 'kv') {
        assert.ok(a.data_y[1] > 0, `${where}: the cache holds something`);
        assert.ok(a.y[1] >= a.data_y[1] * 1.1, `${where}: the legend's band is above the highest curve (${data})`);
        assert.ok(a.y[1] <= a.data_y[1] * 2, `${where}: the y axis fits the curves (${data})`);
      } else {
        // Log-spaced bins: the axis reaches about a decade past the data on each side, at most.
        assert.ok(a.x[0] > 0 && a.data_x[0] / a.x[0] <= 10 ** 1.25, `${where}: the axis starts near the shortest gap (${data})`);
        assert.ok(a.x[1] / a.data_x[1] <= 10 ** 1.25, `${where}: the axis ends near the longest gap (${data})`);
        for (const id of ['tpot_screen_p50_s', 'tpot_screen_p99_s'])
          assert.ok(a.x[0] <= s.metrics[id] && s.metrics[id] <= a.x[1], `${where}: ${id} ${s.metrics[id]} is on the axis (${data})`);
      }
    }
  }
  assert.ok(seen.staircase >= 3 && seen.kv >= 2 && seen.gaps >= 4, `charts checked: ${JSON.stringify(seen)}`);
  assert.deepEqual(problems, []);
  await page.close();
});
