// measure.test.mjs — "This computer on the roofline": the visitor's own machine
// measured in the page. With WebGPU (Chromium's SwiftShader adapter) the benchmark
// gives finite, positive figures, builds the hw.measured preset and shows the
// prediction card; without WebGPU (navigator.gpu hidden) it takes the WebAssembly
// path and says so; both in English and 中文. Bad input: a second start, junk, a page
// hidden mid-run: a clear message, the last good figures kept.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { serve, launch, openApp, waitFrames, waitState } from './browser.mjs';

const shots = process.env.SHOTS;
let server, url, gpuBrowser, plainBrowser;
before(async () => {
  if (!process.env.WEB_ROOT) throw new Error('WEB_ROOT must name the built web folder');
  ({ server, url } = await serve(process.env.WEB_ROOT));
  gpuBrowser = await launch(['--enable-unsafe-webgpu', '--use-webgpu-adapter=swiftshader']);
  plainBrowser = await launch();
});
after(async () => { await gpuBrowser?.close(); await plainBrowser?.close(); server?.close(); });

const api = (page, fn, ...args) => page.evaluate(([f, a]) => window.tokenJourney[f](...a), [fn, args]);

async function open(browser, lang, { hideGpu = false, width = 1280, height = 720 } = {}) {
  const page = await browser.newPage({ viewport: { width, height } });
  const problems = [];
  page.on('pageerror', (e) => problems.push('pageerror: ' + e.message));
  if (hideGpu) await page.addInitScript(() => { delete Navigator.prototype.gpu; });
  await page.goto(`${url}#s=token`);
  await waitFrames(page, 2);
  assert.equal(await api(page, 'setLanguage', lang), lang);
  return { page, problems };
}

function checkFigures(m, path) {
  assert.equal(m.done, true);
  assert.equal(m.path, path);
  for (const k of ['bandwidth_gbs', 'flops', 'memory_gb'])
    assert.ok(Number.isFinite(m[k]) && m[k] > 0, `${k} is finite and positive: ${m[k]}`);
  assert.ok(m.adapter.length > 0, 'the adapter is named');
  assert.equal(m.preset.label, 'This computer (measured)');
  assert.equal(m.preset['token.hbm.bw_gbs'], m.bandwidth_gbs, 'the preset carries the measured bandwidth');
  assert.equal(m.predictions.length, 6, 'three models at 4 and 16 bits');
  for (const p of m.predictions) {
    assert.equal(p.error, '');
    assert.ok(Number.isFinite(p.tok_s) && p.tok_s > 0, `${p.model} ${p.bits}: ${p.tok_s} tok/s`);
  }
}

for (const lang of ['en', 'zh']) {
  test(`WebGPU on SwiftShader (${lang}): the benchmark's figures, the preset, the card`, async () => {
    const { page, problems } = await open(gpuBrowser, lang);
    let s = await page.evaluate(() => window.tokenJourney.state());
    assert.equal(s.measured.done, false, 'nothing is measured on load');
    assert.equal(s.measured.running, false);
    assert.match(await api(page, 'measureComputer', 'yes'), /true or false/);
    assert.equal(await api(page, 'measureComputer', true), '');
    assert.equal(await api(page, 'measureComputer', true), 'a measurement is already under way');
    s = await page.evaluate(() => window.tokenJourney.state());
    assert.equal(s.measured.running, true, 'the first run goes on');
    assert.match(s.measured.message, lang === 'en' ? /already under way/ : /已有一次测量/);
    const t0 = Date.now();
    s = await waitState(page, (st) => !st.measured.running, null, 'the measurement to end', 120000);
    console.log(`webgpu (${lang}): ${s.measured.adapter}: ${s.measured.bandwidth_gbs.toFixed(2)} GB/s, ` +
      `${(s.measured.flops / 1e9).toFixed(1)} GFLOP/s f32, f16 ${(s.measured.flops_f16 / 1e9).toFixed(1)}, ` +
      `${s.measured.memory_gb} GB; ${s.measured.predictions.map((p) => `${p.model}/${p.bits}: ${p.tok_s.toPrecision(3)}`).join(', ')}`);
    console.log(`webgpu (${lang}): the run took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    assert.equal(s.measured.message, '', 'the run ended with figures');
    checkFigures(s.measured, 'webgpu');
    assert.ok(s.measured.predictions.every((p) => p.tok_s > 0));
    assert.equal(s.measured.card, true, 'the card is up');
    if (shots) await page.screenshot({ path: join(shots, `measure-card-gpu-${lang}.png`) });
    // A page hidden mid-run stops it; the last good figures stay.
    const before = s.measured.bandwidth_gbs;
    assert.equal(await api(page, 'measureComputer', true), '');
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    s = await waitState(page, (st) => !st.measured.running, null, 'the hidden run to stop', 120000);
    assert.match(s.measured.message, lang === 'en' ? /hidden/ : /隐藏/);
    assert.equal(s.measured.done, true);
    assert.equal(s.measured.bandwidth_gbs, before, 'the last good figures are kept');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test(`without WebGPU (${lang}): the CPU path from WebAssembly, and the lesson's prediction`, async () => {
    const { page, problems } = await open(plainBrowser, lang, { hideGpu: true });
    assert.equal(await page.evaluate(() => 'gpu' in navigator), false);
    assert.equal(await api(page, 'measureComputer', true), '');
    const s = await waitState(page, (st) => !st.measured.running, null, 'the measurement to end', 120000);
    assert.equal(s.measured.message, '');
    checkFigures(s.measured, 'wasm');
    assert.match(s.measured.adapter, /^WebAssembly, 1 thread/);
    console.log(`wasm (${lang}): ${s.measured.adapter}: ${s.measured.bandwidth_gbs.toFixed(2)} GB/s, ` +
      `${(s.measured.flops / 1e9).toFixed(2)} GFLOP/s; ${s.measured.predictions.map((p) => `${p.model}/${p.bits}: ${p.tok_s.toPrecision(3)}`).join(', ')}`);
    // Raced against an H100, then carried by a link to a page that never measured: labelled measured elsewhere.
    assert.equal(await api(page, 'comparePair', 'measured_h100'), '');
    // The race and the figures' origin, each as it settles (on a loaded machine the origin
    // was once read a frame before the measured figures were in use).
    const race = await waitState(page, (st) => st.race && st.race.maps.length === 2 && st.measured.in_use.from === 'this computer',
      null, 'the race of this computer and an H100, on this computer\'s figures');
    assert.equal(race.race.maps[0].label, lang === 'en' ? 'This computer (measured)' : '本机（实测）');
    const link = await api(page, 'link');
    assert.ok(link.includes(`p.token.hbm.bw_gbs=${s.measured.bandwidth_gbs}`), 'the link carries the measured bandwidth');
    const other = await open(plainBrowser, lang);
    assert.equal(await api(other.page, 'applyLink', link), '');
    const there = await waitState(other.page, (st) => st.measured.in_use.from === 'a link', null, 'the link\'s figures told apart');
    assert.equal(there.measured.done, false, 'that page measured nothing itself');
    assert.equal(there.measured.in_use.bandwidth_gbs, s.measured.bandwidth_gbs);
    await other.page.close();
    assert.equal(await api(page, 'compare', false), false);
    const lessons = (await page.evaluate(() => window.tokenJourney.describe())).lessons;
    const i = lessons.findIndex((t) => t === (lang === 'en' ? 'Your computer on the roofline' : '你的电脑在屋顶线上'));
    assert.ok(i >= 0, 'the lesson is in the menu');
    assert.equal(await api(page, 'measuredCard', false), '');
    assert.equal(await api(page, 'openLesson', i, 2), '');
    const l = await waitState(page, (st) => st.lesson === 'your-computer-roofline' && st.lesson_step === 2 &&
      st.lesson_chart && st.lesson_chart.id === 'measured', null, 'the lesson\'s last step with its card');
    assert.ok(l.lesson_chart.rect[2] > 0);
    // The step runs on this computer's figures; its question keeps the speed back, and the
    // benchmark's own window stays off the lesson card (the card holds it once).
    assert.equal(l.params['token.hbm.bw_gbs'], s.measured.bandwidth_gbs, 'the step runs on the measured bandwidth');
    assert.equal(l.lesson_answer_held, true, 'the question holds the answer');
    assert.deepEqual(l.lesson_figures.slice(-1), ['?']);
    assert.ok(!l.windows.some((w) => w.name.endsWith('###measured')), 'no benchmark window over the lesson card');
    if (shots) await page.screenshot({ path: join(shots, `measure-lesson-cpu-${lang}.png`) });
    assert.equal(await api(page, 'lessonGuess', 5), '');
    assert.equal(await api(page, 'lessonReveal'), '');
    const r = await waitState(page, (st) => st.lesson_guess && st.lesson_guess.truth > 0 && st.lesson_guess.verdict, null,
      'the reveal of this computer\'s speed');
    const q4 = s.measured.predictions.find((p) => p.model === 'Llama-3.1-8B' && p.bits < 8);
    console.log(`lesson (${lang}): truth ${r.lesson_guess.truth} tok/s; card ${q4.tok_s_low}-${q4.tok_s}`);
    // A range where the bandwidth sets the speed; one figure where the arithmetic does
    // (one WebAssembly thread's multiply-adds are slow beside its memory).
    if (q4.intensity < q4.ridge) assert.ok(q4.tok_s_low < q4.tok_s * 0.9, 'bandwidth-bound: the card gives a range');
    else assert.ok(q4.tok_s_low <= q4.tok_s && q4.tok_s_low > q4.tok_s * 0.95, 'compute-bound: the range is one figure');
    assert.ok(r.lesson_guess.truth > q4.tok_s_low * 0.99 && r.lesson_guess.truth < q4.tok_s * 1.05,
      `the revealed speed ${r.lesson_guess.truth} is the card's top (${q4.tok_s}), above its bottom (${q4.tok_s_low})`);
    if (shots) await page.screenshot({ path: join(shots, `measure-lesson-cpu-revealed-${lang}.png`) });
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('the RTX 4090 lesson names its memory GDDR6X on the map, en and 中文', async () => {
  const { page, problems } = await open(plainBrowser, 'en');
  const lessons = (await page.evaluate(() => window.tokenJourney.describe())).lessons;
  const i = lessons.indexOf('Your computer on the roofline');
  for (const lang of ['en', 'zh']) {
    assert.equal(await api(page, 'setLanguage', lang), lang);
    assert.equal(await api(page, 'openLesson', i, 0), '');
    // The step's preset in force (a frame or two after the call): the far memory's label says GDDR6X.
    const s = await waitState(page, (st) => st.lesson_step === 0 && st.jump_progress < 0 && st.labels && st.labels.hbm &&
      /GDDR6X/.test(st.labels.hbm.texts.join(' ')), null, `the far memory labelled GDDR6X (${lang})`);
    assert.doesNotMatch(s.labels.hbm.texts.join(' '), /HBM/);
  }
  assert.deepEqual(problems, []);
  await page.close();
});
