// bottleneck.test.mjs — the chain's one bottleneck, measured one way (active_period.h):
// every step of every chain lesson, after its question's reveal, names a station in
// state().headline only when the method names one (the model's bottleneck_station and
// bottleneck_shifting say so), and each station's busy share is the same number on the
// map (state().labels texts), on its hover card (describe().stations lines) and in the
// model (<station>_busy, last 8 weeks); the headline's share is the named station's; a
// caption that names a station the bottleneck names the headline's station.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useServedApp, openApp, waitFrames, waitState, nextFrame } from './browser.mjs';

const app = useServedApp();
const lessons = JSON.parse(readFileSync(new URL('../../assets/lessons.json', import.meta.url), 'utf8')).lessons;
const chain = lessons.map((l, i) => ({ l, i })).filter(({ l }) => l.scene === 'fab');

const api = (page, fn, ...args) => page.evaluate(([f, a]) => window.tokenJourney[f](...a), [fn, args]);
const overlaps = (a, b) =>
  Math.min(a[0] + a[2], b[0] + b[2]) - Math.max(a[0], b[0]) > 0.5 && Math.min(a[1] + a[3], b[1] + b[3]) - Math.max(a[1], b[1]) > 0.5;
const busyOf = (text) => { const m = /busy (\d+(?:\.\d)?)%/.exec(text); return m ? Number(m[1]) : null; };

// The station a caption names as the bottleneck ("packaging is the bottleneck", "rack
// integration becomes the bottleneck", "the bottleneck returns to packaging", and the same
// in 中文), per language: a sentence (or clause after a colon) that says so and names
// exactly one station; null when none does.
const NAMES = {
  en: { 'wafer fab': 'fab', 'HBM supply': 'hbm', 'interposer and substrate supply': 'substrate', packaging: 'pack',
    'rack integration': 'rack' },
  zh: { '晶圆厂': 'fab', 'HBM 供应': 'hbm', '中介层与基板供应': 'substrate', '封装': 'pack', '整机柜集成': 'rack' },
};
const SAYS = { en: /\b(?:is|becomes) the bottleneck\b|\bbottleneck (?:returns|moves|moved) to\b/i, zh: /成为瓶颈|就是瓶颈|瓶颈回到|瓶颈移到/ };
function captionBottleneck(step, lang) {
  const texts = [step.text[lang], step.predict ? step.predict.explain[lang] : ''];
  const named = new Set();
  for (const sentence of texts.join(' ').split(lang === 'zh' ? /[。；：]/ : /(?<=[.;:])\s/)) {
    if (!SAYS[lang].test(sentence)) continue;
    const ids = Object.entries(NAMES[lang]).filter(([name]) => sentence.toLowerCase().includes(name.toLowerCase())).map(([, id]) => id);
    if (ids.length === 1) named.add(ids[0]);
  }
  assert.ok(named.size <= 1, `one station named as the bottleneck, not ${[...named]}`);
  return named.size ? [...named][0] : null;
}

// Opens the step, waits for its moment, reveals its question (if it has one) and waits
// for a frame drawn after the reveal.
async function revealed(page, i, k, where) {
  assert.equal(await api(page, 'openLesson', i, k), '', where);
  let s = await waitState(page, (st, step) => st.jump_progress < 0 && st.lesson_step === step, k, `${where} at its moment`, 180000);
  if (s.lesson_answer_held) {
    assert.equal(await api(page, 'lessonReveal'), '', `${where}: the reveal`);
    s = await waitState(page, (st) => !st.lesson_answer_held, null, `${where}: revealed`);
  }
  await nextFrame(page, `${where}: drawn after the reveal`);
  await nextFrame(page, `${where}: labels of that frame`);
  return api(page, 'state');
}

test('every chain lesson step: the headline names a station only when the method does, and one busy share everywhere', async () => {
  const { page, problems } = await openApp(app.browser, app.url);
  await waitFrames(page, 10);
  assert.ok(chain.length >= 5, `${chain.length} chain lessons`);
  let named = 0, checked = 0, captioned = 0;
  for (const { l, i } of chain) {
    for (let k = 0; k < l.steps.length; k++) {
      const where = `${l.id} step ${k + 1}`;
      const s = await revealed(page, i, k, where);
      const d = await api(page, 'describe');
      const ids = d.stations.map((x) => x.id);
      const h = s.headline;
      assert.equal(h.window, 'last 8 weeks', `${where}: the window is stated`);
      const bn = s.metrics.bottleneck_station, shifting = s.metrics.bottleneck_shifting === 1;
      for (const lang of ['en', 'zh']) {
        const said = captionBottleneck(l.steps[k], lang);
        if (said === null) continue;
        captioned++;
        assert.equal(h.station, said, `${where} (${lang}): the caption names ${said} the bottleneck, the headline ${h.station || 'none'}`);
      }
      if (h.station) {
        named++;
        // Its tag on the map reads clear of every pile (between packaging's die and HBM
        // piles it lay over both).
        const label = s.labels[h.station];
        const tags = label.parts.filter((_, p) => /BOTTLENECK/.test(label.texts[p]));
        assert.equal(tags.length, 1, `${where}: ${h.station} is tagged the bottleneck once (${label.texts})`);
        for (const [pile, r] of Object.entries(s.obstacles))
          assert.ok(!overlaps(tags[0], r), `${where}: the bottleneck's tag [${tags[0].map(Math.round)}] over ${pile} [${r.map(Math.round)}]`);
        assert.equal(h.station, ids[bn], `${where}: the headline names the method's station`);
        assert.equal(h.shifting, false, `${where}: a named station is not shifting`);
        assert.ok(Math.abs(h.share - s.metrics[`${h.station}_busy`]) < 1e-9, `${where}: the headline's share is the station's busy share`);
      } else if (h.shifting) {
        assert.ok(shifting && bn < 0, `${where}: shifting only when the method says so`);
        assert.equal(h.shifting_between.length, 2, `${where}: shifting between two stations`);
      } else {
        assert.ok(bn < 0 && !shifting, `${where}: none binds only when the method names none (${bn})`);
      }
      // The same rounded number on the map, on the card and in the model, for every station that shows one.
      for (const st of d.stations) {
        const label = s.labels[st.id];
        const onMap = label ? label.texts.map(busyOf).find((x) => x !== null) : undefined;
        const onCard = st.lines.map(busyOf).find((x) => x !== null);
        if (onMap === undefined || onMap === null) continue;
        checked++;
        const model = 100 * s.metrics[`${st.id}_busy`];
        assert.ok(Math.abs(onMap - model) <= 0.5 + 1e-9, `${where}: ${st.id} busy ${onMap}% on the map, ${model.toFixed(2)}% in the model`);
        assert.equal(onCard, onMap, `${where}: ${st.id} busy on its card and on the map`);
        if (st.id === h.station) assert.ok(Math.abs(onMap - 100 * h.share) <= 0.5 + 1e-9, `${where}: the headline's share on the map`);
      }
    }
  }
  assert.ok(named >= 10, `${named} steps name a station`);
  assert.ok(checked >= 100, `${checked} busy shares compared`);
  assert.ok(captioned >= 6, `${captioned} captions name a bottleneck, each the headline's`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('bottleneck-moves step 5: the named bottleneck is busy, not the idle station of the since-week-0 shares', async () => {
  const { page, problems } = await openApp(app.browser, app.url);
  await waitFrames(page, 10);
  const i = lessons.findIndex((l) => l.id === 'bottleneck-moves');
  const s = await revealed(page, i, 4, 'bottleneck-moves step 5');
  assert.equal(s.headline.station, 'pack', 'the bottleneck returns to packaging');
  assert.ok(s.headline.share > 0.9, `packaging busy ${s.headline.share}`);
  const rack = s.labels.rack.texts.map(busyOf).find((x) => x !== null);
  assert.ok(rack !== undefined, 'rack integration writes its busy share');
  assert.ok(!s.labels.rack.texts.some((t) => /BOTTLENECK/.test(t)), 'rack integration is not tagged the bottleneck');
  assert.ok(s.labels.pack.texts.some((t) => /BOTTLENECK/.test(t)), 'packaging is tagged the bottleneck');
  assert.deepEqual(problems, []);
  await page.close();
});

test('each chain question keeps its answer back on the map, the piles, the cards and the headline until the reveal', async () => {
  const { page, problems } = await openApp(app.browser, app.url);
  await waitFrames(page, 10);
  let questions = 0;
  for (const { l, i } of chain) {
    for (let k = 0; k < l.steps.length; k++) {
      if (!l.steps[k].predict) continue;
      questions++;
      const where = `${l.id} step ${k + 1}`;
      assert.equal(await api(page, 'openLesson', i, k), '', where);
      await waitState(page, (st, step) => st.jump_progress < 0 && st.lesson_step === step && st.lesson_answer_held, k,
        `${where}: the question open at its moment`, 180000);
      await nextFrame(page, `${where}: drawn with the question open`);
      let s = await api(page, 'state');
      let d = await api(page, 'describe');
      const texts = (st) => Object.values(st.labels).flatMap((b) => b.texts);
      assert.equal(s.headline.station, '', `${where}: no station named while open`);
      for (const [id, text] of Object.entries(s.piles)) assert.equal(text, '?', `${where}: pile ${id} held (${text})`);
      for (const t of texts(s)) {
        assert.equal(busyOf(t), null, `${where}: no busy share on the map while open (${t})`);
        assert.ok(!/BOTTLENECK/.test(t), `${where}: no bottleneck tag while open`);
      }
      for (const st of d.stations)
        assert.deepEqual(st.lines, ['shown with the answer'], `${where}: ${st.id}'s card held (${st.lines.join(' | ')})`);
      assert.equal(await api(page, 'lessonReveal'), '', `${where}: the reveal`);
      await waitState(page, (st) => !st.lesson_answer_held, null, `${where}: revealed`);
      await nextFrame(page, `${where}: drawn after the reveal`);
      await nextFrame(page, `${where}: labels of that frame`);
      s = await api(page, 'state');
      d = await api(page, 'describe');
      assert.ok(texts(s).some((t) => busyOf(t) !== null), `${where}: busy shares on the map after the reveal`);
      for (const [id, text] of Object.entries(s.piles)) assert.match(text, /^[0-9]/, `${where}: pile ${id} written after the reveal`);
      assert.ok(d.stations.some((st) => st.lines.some((x) => busyOf(x) !== null)), `${where}: the cards' figures after the reveal`);
      assert.ok(s.headline.station !== '' || s.headline.shifting || s.metrics.bottleneck_station < 0,
        `${where}: the headline after the reveal`);
    }
  }
  assert.ok(questions >= 13, `the chain lessons ask ${questions} questions, one at least at the end of each`);
  assert.deepEqual(problems, []);
  await page.close();
});
