// token.test.mjs — the token logistics scene in the browser build (headless
// Chromium): it draws (the map is not blank), setParam from JavaScript changes the
// numbers the page reports, every registry parameter has a control, and a minute at
// the fastest time lens leaves no console or page error and finite numbers, and on
// every step of every token lesson the headline names the bottleneck the model's method
// names, with the share and window the station's card writes.
// Run: WEB_ROOT=<build>/web node --test tests/browser/token.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { useServedApp, waitSimulated, waitState, waitRedrawn, waitVocab, openScene, checkSceneBasics, imageStats } from './browser.mjs';

const app = useServedApp();
const shots = process.env.SHOTS;

const state = (page) => page.evaluate(() => window.tokenJourney.state());

// Waits until a question's reveal has applied its setting (id = value) and the step holds
// at its moment (run seconds); returns the state.
const waitRevealed = (page, id, value, run) => waitState(page, (s, [p, v, t]) =>
  !s.lesson_answer_held && s.params[p] === v && s.jump_progress < 0 && Math.abs(s.time - t) <= t * 1e-6, [id, value, run],
  `the reveal to set ${id} = ${value} and hold at ${run} s`, 120000);

const openToken = (width = 1280, height = 720) => openScene(app.browser, app.url, 'token', '#s=token', width, height);

test('the map draws, and every registry parameter has a control', async () => {
  const { page, problems } = await openToken();
  // The map's own area: between the side panels, above the staircase.
  await checkSceneBasics(page, 'token', 20, { x: 300, y: 40, width: 640, height: 440 });
  assert.deepEqual(problems, []);
  await page.close();
});

test('setParam from JavaScript changes the numbers the page reports', async () => {
  const { page, problems } = await openToken();
  const before = await state(page);
  const cores = before.params['token.mesh.x'] * before.params['token.mesh.y'] * before.params['token.mesh.chips'];
  assert.ok(Math.abs(before.metrics.roofline_peak_flops - cores * before.params['token.mesh.core_tflops'] * 1e12) <
    1e-6 * before.metrics.roofline_peak_flops, 'peak FLOP/s = cores x per-core peak');
  const tflops = before.params['token.mesh.core_tflops'] * 2;
  assert.equal(await page.evaluate((v) => window.tokenJourney.setParam('token.mesh.core_tflops', v), tflops), '');
  const after = await waitState(page, (s, peak) => s.metrics.roofline_peak_flops !== peak, before.metrics.roofline_peak_flops,
    'the reported peak to follow the per-core peak');
  assert.equal(after.params['token.mesh.core_tflops'], tflops);
  assert.ok(Math.abs(after.metrics.roofline_peak_flops / before.metrics.roofline_peak_flops - 2) < 1e-9,
    'doubling the per-core peak doubles the reported peak');

  // A structural change (the batch size) restarts the run: simulated time starts over.
  // Read, set and read again in one call: frames drawn between two calls from here
  // would move a restarted run on past a t0 read just after it had started.
  await waitState(page, (st) => st.time > 0, null, 'the run to move');
  const [t0, answer, restarted] = await page.evaluate(() => {
    const app = window.tokenJourney, t = app.state().time;
    return [t, app.setParam('token.run.batch', 16), app.state()];
  });
  assert.equal(answer, '');
  assert.ok(restarted.time < t0 || t0 === 0, 'a structural change restarts the run');
  assert.equal(restarted.params['token.run.batch'], 16);
  assert.match(await page.evaluate(() => window.tokenJourney.setParam('token.run.batch', 0)), /token\.run\.batch/);
  assert.deepEqual(problems, []);
  await page.close();
});

// TJ_SOAK_LENSES: how many seconds of animation the soak runs (10 here; 300 as a benchmark).
const soakSeconds = Math.max(4, Number(process.env.TJ_SOAK_LENSES) || 10);

test('seconds of the fastest time lens: no errors, finite numbers, the answer keeps coming', async () => {
  const { page, problems } = await openToken();
  // The fastest lens the scene allows (setLens clamps to its range).
  const lens = await page.evaluate(() => window.tokenJourney.setLens(1e9));
  assert.ok(lens >= 0.5, `fastest lens ${lens} s per second`);
  // Waits are on simulated time: soakSeconds of the fastest lens, however long the machine takes.
  const a = await state(page);
  await waitSimulated(page, a.time + 3 * lens);
  const b = await state(page);
  await waitSimulated(page, b.time + (soakSeconds - 3) * lens, 300000 + 20000 * soakSeconds);
  const c = await state(page);
  assert.ok(c.frames > b.frames + 30, 'frames keep coming');
  assert.ok(c.metrics.tokens_at_screen > b.metrics.tokens_at_screen, 'tokens keep reaching the screen');
  for (const [id, v] of Object.entries(c.metrics)) assert.ok(Number.isFinite(v), `${id} is finite`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a pipeline of chips is drawn: stages under the mesh, the token crossing them', async () => {
  const { page, problems } = await openToken();
  // Groq as its maker runs it (the pipeline lesson's step, no question first): 576 chips in 8 stages.
  assert.equal(await page.evaluate(() => window.tokenJourney.openLesson(9, 3)), '');
  const s = await waitRedrawn(page, await waitState(page, (st) => st.jump_progress < 0 && st.metrics.tok_s_per_seq > 0, null,
    'the pipeline step at its moment, tokens coming out'), 'the pipeline step drawn');
  assert.equal(s.lesson, 'token-crosses-pipeline');
  assert.equal(s.metrics.pipeline_stages, 8);
  assert.ok(s.metrics.tok_s_per_seq > 0, 'tokens come out of the pipeline');
  const shot = await page.screenshot();
  if (shots) await page.screenshot({ path: join(shots, 'web-token-pipeline.png') });
  const stats = await imageStats(page, shot);
  assert.ok(stats.variance > 20, 'the map is drawn');
  // The wafer with 32 users: 32 layer regions, the pipeline full of tokens.
  assert.equal(await page.evaluate(() => window.tokenJourney.openLesson(9, 2)), '');
  await page.focus('#canvas');
  await page.keyboard.press('PageDown');  // reveal the answer: the step's settings run
  const w = await waitRevealed(page, 'token.run.batch', 32, 1);
  assert.equal(w.metrics.pipeline_stages, 32);
  await waitRedrawn(page, w, 'the wafer pipeline drawn');
  if (shots) await page.screenshot({ path: join(shots, 'web-token-wafer-pipeline.png') });
  assert.deepEqual(problems, []);
  await page.close();
});

test('a full KV warehouse: the door shows the queue, and the KV is never read over PCIe', async () => {
  const { page, problems } = await openToken();
  // The lesson "kv-warehouse-full", step 1: a hundred users, 70B in FP8 on two H100s.
  const s0 = await state(page);
  let opened = -1;
  for (let i = 0; i < s0.lessons && opened < 0; i++) {
    assert.equal(await page.evaluate((k) => window.tokenJourney.openLesson(k, 1), i), '');
    if ((await state(page)).lesson === 'kv-warehouse-full') opened = i;
  }
  assert.ok(opened >= 0, 'the KV warehouse lesson is listed');
  // The step asks first: "next" reveals the answer, which applies the hundred users and runs them.
  await page.keyboard.press('PageDown');
  const s = await waitRevealed(page, 'token.run.batch', 100, 200);
  assert.equal(s.lesson_step, 1, 'the answer is revealed on the same step');
  assert.ok(s.metrics.kv_used_fraction > 0.9, `KV blocks in use ${s.metrics.kv_used_fraction}`);
  assert.ok(s.metrics.queue_len > 0, `${s.metrics.queue_len} requests wait at the door`);
  assert.ok(s.metrics.requests_running < 100);
  assert.equal(s.metrics.kv_bytes_host, 0);
  await waitRedrawn(page, s, 'the full warehouse drawn');
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/web-token-kv-full.png` });
  assert.deepEqual(problems, []);
  await page.close();
});

// The station each bottleneck stage is drawn on (TokenScene::station_of_stage), by the
// model's stage number: the step's parts, then the links and the host stages.
const kStageStation = ['mesh', 'sram', 'dram3d', 'hbm', 'host_mem', 'mesh', 'mesh', 'mesh', 'h2d', 'd2h', 'tokenizer',
  'detok', 'sampler'];
const kStageId = ['compute', 'sram', 'dram3d', 'hbm', 'host_memory', 'noc', 'chip_link', 'overhead', 'h2d_link', 'd2h_link',
  'tokenizer', 'detokenizer', 'sampler'];

test('every token lesson step, after its reveal: the headline names the method\'s station, its share as the card writes it',
  async () => {
    const { page, problems } = await openToken();
    await waitVocab(page);  // the last-mile lessons count cl100k's tokens
    const lessons = JSON.parse(readFileSync(new URL('../../assets/lessons.json', import.meta.url), 'utf8')).lessons;
    const api = (fn, ...args) => page.evaluate(([f, a]) => window.tokenJourney[f](...a), [fn, args]);
    const seen = {};
    for (let i = 0; i < lessons.length; i++) {
      if (lessons[i].scene !== 'token') continue;
      for (let k = 0; k < lessons[i].steps.length; k++) {
        const where = `${lessons[i].id} step ${k}`;
        const step = lessons[i].steps[k];
        assert.equal(await api('openLesson', i, k), '', where);
        let s = await waitState(page, (st, kk) => st.lesson_step === kk && st.jump_progress < 0, k, `${where} at its moment`,
          120000);
        if (step.holds_next_answer) {  // it shows the next question's state: that answer waits here too
          assert.equal(s.headline.station, '', `${where}: the next question's bottleneck is kept back`);
          continue;
        }
        if (step.predict) {
          assert.equal(s.headline.station, '', `${where}: an open question keeps the bottleneck back`);
          if (step.predict.guess) await api('lessonGuess', Math.sqrt(step.predict.guess.min * step.predict.guess.max));
          else assert.equal(await api('lessonChoose', step.predict.answer), true, where);
          assert.equal(await api('lessonReveal'), '', where);
          s = await waitState(page, (st) => !st.lesson_answer_held && st.jump_progress < 0, null, `${where} revealed`, 120000);
        }
        const d = await api('describe');
        const h = s.headline, named = s.metrics.bottleneck;
        // Named only when the method names it, and then the station it names.
        assert.equal(h.station, named >= 0 ? kStageStation[named] : '', `${where}: "${d.headline}"`);
        assert.equal(h.shifting, s.metrics.bottleneck_shifting === 1, where);
        assert.equal(h.phase, s.metrics.bottleneck_phase === 1 ? 'prefill' : 'decode', where);
        assert.ok(h.window.length > 0, `${where}: the window is stated`);
        seen[where] = h.station;
        if (named < 0) {
          assert.doesNotMatch(d.headline, /busy/, `${where}: no share without a station named`);
          continue;
        }
        // One number: the headline's share, the state's and the card's.
        const m = d.headline.match(/busy ([\d.]+%) over (.*?)\)/);
        assert.ok(m, `${where}: the headline gives the share and the window: "${d.headline}"`);
        assert.equal(m[2], h.window, `${where}: the headline's window is the state's`);
        assert.equal(h.share, s.metrics[`share_${kStageId[named]}`], where);
        assert.ok(Math.abs(parseFloat(m[1]) - h.share * 100) <= 0.5, `${where}: ${m[1]} is the share ${h.share}`);
        // The picture agrees: a part of the step named compute exactly when the map's cores
        // compute for most of the step shown.
        const now = d.stations.find((c) => c.id === 'mesh').lines.find((l) => l.startsWith('Cores computing right now'));
        if (named < kStageStation.indexOf('h2d') && now) {
          const computing = parseFloat(now.split(': ')[1]);
          assert.equal(named === 0, computing >= 50, `${where}: the headline names ${kStageId[named]}, the cores compute ${computing}%`);
        }
        const card = d.stations.find((c) => c.id === h.station);
        assert.ok(card, `${where}: the station ${h.station} has a card`);
        assert.ok(card.lines.some((l) => l.includes(`(${h.window}): ${m[1]} `)),
          `${where}: the card writes ${m[1]} over ${h.window}: ${JSON.stringify(card.lines)}`);
      }
    }
    // The detokenizer is busy for part of each step and waits for the pipeline: not the bottleneck.
    assert.notEqual(seen['token-crosses-pipeline step 3'], 'detok');
    assert.deepEqual(problems, []);
    await page.close();
  });
