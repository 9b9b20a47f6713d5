// held_answers.test.mjs — a question keeps its answer back everywhere: for every question
// of the token lessons, while it is open the map writes no model output (no figure
// tagged [out], no share of the time computing, no bytes a warehouse holds, no pile at
// the detokenizer), the hover cards of describe().stations keep their outputs back, the
// card's figures read "?" and its chart waits; after the reveal they are there. The
// leaks found on the map before are checked by name on their steps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useServedApp, openApp, waitFrames, waitVocab, waitState, waitRedrawn } from './browser.mjs';

const app = useServedApp();
const lessons = JSON.parse(readFileSync(new URL('../../assets/lessons.json', import.meta.url), 'utf8')).lessons;
const api = (page, fn, ...args) => page.evaluate(([f, a]) => window.tokenJourney[f](...a), [fn, args]);

// Model outputs as the token map writes them: a figure with the output tag, the
// enlarged core's share of the time computing, the bytes in a warehouse, the door's counts.
const OUT = '[out]';
const outputs = [
  /computing \d/,               // the enlarged core: "computing 0%"
  /KV [\d.]+ ?[kMGT]?B/,         // what a warehouse holds: "KV 4.3 GB"
  /weights [\d.]+ ?[kMGT]?B/i,
  /\d+ waiting/,                 // the door's queue, the detokenizer's pile
  /[\d.]+ ?[kMGT]?B spilled/,    // host memory
];
const figures = (text) => outputs.filter((re) => re.test(text)).map(String);

// The map's words, the hover cards' lines and the piles, as last drawn.
async function shown(page) {
  const s = await api(page, 'state');
  const d = await api(page, 'describe');
  const labels = Object.entries(s.labels ?? {}).flatMap(([id, l]) => (l.texts ?? []).map((t) => ({ id, t })));
  return {
    s,
    labels,
    // An output-tagged line with a "?" keeps its output back (the door's "KV ? / 146 GB":
    // the warehouse's size is an input).
    mapOutputs: labels.filter(({ t }) => figures(t).length > 0 || (t.includes(OUT) && !t.includes('?'))).map(({ id, t }) => `${id}: ${t}`),
    cardOutputs: d.stations.flatMap((st) => st.lines.filter((l) => l.includes(OUT)).map((l) => `${st.id}: ${l}`)),
    piles: s.piles ?? {},
    figures: s.lesson_figures ?? [],
    figureLabels: d.lesson?.figures?.map((f) => f.label) ?? [],
    text: (id) => labels.filter((l) => l.id === id).map((l) => l.t).join(' | '),
  };
}

// The leaks found before, by lesson and 0-based step: what the map must keep back while
// the question is open (before) and show once it is answered (after). (The enlarged core
// writes its share computing alone, over its green bar, where "computing 0.7%" is wider
// than the core right of its SRAM bar.)
const named = {
  'decode-is-logistics/1': { id: 'sram', before: /computing \?/, after: /computing \d+(\.\d+)?%|(^| \| )\d+(\.\d+)?%( \| |$)/ },
  'history-weighs/1': { id: 'hbm', before: /KV \?/, after: /KV [\d.]+ ?[kMG]B/ },
  'history-weighs/2': { id: 'dram3d', before: /KV \?/, after: /KV [\d.]+ ?[kMG]B/ },
  'kv-warehouse-full/1': { id: 'hbm', before: /weights \? {2}\+ {2}KV \?/, after: /KV [\d.]+ ?[kMG]B/ },
  'last-mile/3': { pile: 'detok', before: /^\?$/, after: /^[1-9][\d,]* tokens on the way/ },
};

async function atMoment(page, i, k, what) {
  assert.equal(await api(page, 'openLesson', i, k), '', what);
  const s = await waitState(page, (st, [id, step]) => st.lesson === id && st.lesson_step === step && st.jump_progress < 0,
    [lessons[i].id, k], `${what} at its moment`, 180000);
  return waitRedrawn(page, s, `${what} drawn`);
}

// Walks every question of the scene's lessons: opens the step at its moment, hands what
// is shown with the question open to before(), answers and reveals it, and hands what is
// shown after to after(). Returns how many questions it asked.
async function eachQuestion(page, scene, before, after) {
  let asked = 0;
  for (let i = 0; i < lessons.length; i++) {
    if (lessons[i].scene !== scene) continue;
    for (let k = 0; k < lessons[i].steps.length; k++) {
      const st = lessons[i].steps[k];
      if (!st.predict) continue;
      asked++;
      const where = `${lessons[i].id} step ${k + 1}`;
      await atMoment(page, i, k, where);
      const open = await shown(page);
      assert.equal(open.s.lesson_answer_held, true, `${where}: the question holds its answer`);
      before(open, where, st, `${lessons[i].id}/${k}`);
      if (st.predict.guess) assert.equal(await api(page, 'lessonGuess', Math.sqrt(st.predict.guess.min * st.predict.guess.max)), '');
      else assert.equal(await api(page, 'lessonChoose', 0), true, where);
      assert.equal(await api(page, 'lessonReveal'), '', where);
      const revealed = await waitState(page, (s) => !s.lesson_answer_held && (s.lesson_figures ?? []).every((f) => f !== '?'), null,
        `${where}: the answer revealed`);
      await waitRedrawn(page, revealed, `${where}: the revealed step drawn`);
      after(await shown(page), where, st, `${lessons[i].id}/${k}`);
    }
  }
  return asked;
}

// The card's figures wait, all but those the step's text states ("given"), which show.
const cardFiguresWait = (shownNow, where, st) => {
  const given = st.given ?? [];
  assert.equal(shownNow.figures.length, st.evidence.length, `${where}: one figure per evidence (${shownNow.figures})`);
  assert.ok(given.length < st.evidence.length, `${where}: the question holds a figure back`);
  st.evidence.forEach((id, i) => {
    if (given.includes(id)) assert.notEqual(shownNow.figures[i], '?', `${where}: ${id}, stated by the text, is shown`);
    else assert.equal(shownNow.figures[i], '?', `${where}: ${id} waits (${shownNow.figures[i]})`);
  });
};

const pilesWait = (shownNow, where) => {
  for (const [id, text] of Object.entries(shownNow.piles))
    assert.ok(text === '?' || text === '', `${where}: the pile at ${id} waits (${text})`);
};

test('every question of the token lessons keeps its answer off the map, the cards and the card until the reveal', async () => {
  const { page, problems } = await openApp(app.browser, app.url);
  await waitFrames(page, 10);
  await waitVocab(page);  // the last-mile questions count cl100k's tokens
  const asked = await eachQuestion(page, 'token', (before, where, st, key) => {
    assert.deepEqual(before.mapOutputs, [], `${where}: the map writes no model output while the question is open`);
    assert.deepEqual(before.cardOutputs, [], `${where}: no hover card shows a model output while the question is open`);
    cardFiguresWait(before, where, st);
    if (st.chart) assert.equal(before.s.lesson_chart?.waiting, true, `${where}: the chart waits`);
    pilesWait(before, where);
    // A stage's busy share keeps the stage's name back too, on the card and the page's mirror.
    st.evidence.forEach((id, i) => {
      if (id.startsWith('share_') && !(st.given ?? []).includes(id))
        assert.match(before.figureLabels[i] ?? '', /which part: with the answer/, `${where}: ${id}'s label names no stage (${before.figureLabels[i]})`);
    });
    const leak = named[key];
    if (leak?.id) assert.match(before.text(leak.id), leak.before, `${where}: ${leak.id} keeps its figure back`);
    if (leak?.pile) assert.match(before.piles[leak.pile] ?? '', leak.before, `${where}: the pile at ${leak.pile} waits`);
  }, (after, where, st, key) => {
    assert.ok(after.cardOutputs.length > 0, `${where}: the hover cards show the model's outputs once answered`);
    assert.ok(after.mapOutputs.length > 0 || after.labels.some(({ t }) => /computing \d|idle/.test(t)),
      `${where}: the map writes the model's outputs once answered`);
    if (st.chart) assert.equal(after.s.lesson_chart?.waiting, false, `${where}: the chart is drawn once answered`);
    st.evidence.forEach((id, i) => {
      if (id.startsWith('share_')) assert.doesNotMatch(after.figureLabels[i] ?? '', /whose/, `${where}: ${id} names its stage once answered`);
    });
    const leak = named[key];
    if (leak?.id) assert.match(after.text(leak.id), leak.after, `${where}: ${leak.id} shows its figure once answered`);
    if (leak?.pile) assert.match(after.piles[leak.pile] ?? '', leak.after, `${where}: the pile at ${leak.pile} shows once answered`);
  });
  assert.ok(asked >= 30, `the token lessons ask ${asked} questions`);
  assert.deepEqual(problems, []);
  await page.close();
});

// A step that shows the very state the next question is asked on ("holds_next_answer")
// keeps that answer off the map too, while its card shows its own figures.
test('a step that sets up the next question keeps its answer off the map', async () => {
  const { page, problems } = await openApp(app.browser, app.url);
  await waitFrames(page, 10);
  let held = 0;
  for (let i = 0; i < lessons.length; i++) {
    for (let k = 0; k < lessons[i].steps.length; k++) {
      if (!lessons[i].steps[k].holds_next_answer) continue;
      held++;
      const where = `${lessons[i].id} step ${k + 1}`;
      const now = await shown(await atMoment(page, i, k, where).then(() => page));
      assert.equal(now.s.lesson_answer_held, false, `${where}: no question of its own is open`);
      assert.deepEqual(now.mapOutputs, [], `${where}: the map writes no model output the next question asks for`);
      const headline = (await page.evaluate(() => window.tokenJourney.describe())).headline;
      assert.match(headline, /kept for the next question/, `${where}: the headline says why its "?" waits (${headline})`);
      assert.ok(now.figures.length > 0 && now.figures.every((f) => f !== '?'), `${where}: the card shows its own figures (${now.figures})`);
      const leak = named[`${lessons[i].id}/${k + 1}`];
      if (leak?.id) assert.match(now.text(leak.id), leak.before, `${where}: ${leak.id} keeps the next answer back`);
    }
  }
  assert.ok(held >= 1, `${held} steps set up the next question`);
  assert.deepEqual(problems, []);
  await page.close();
});

// The chain: while a question is open the timeline under the map keeps its weeks of
// shipments and its event marks back (when volume came, what a respin cost, where a dip
// was), every pile waits and no parcel moves (an empty road downstream, or a path
// into Customers, says what ships); after the reveal the marks and the parcels are there again.
test('every question of the chain lessons keeps the timeline, the piles and the flows back until the reveal', async () => {
  const { page, problems } = await openApp(app.browser, app.url + '#s=fab');
  await waitFrames(page, 10);
  let marked = 0;
  const asked = await eachQuestion(page, 'fab', (before, where, st) => {
    cardFiguresWait(before, where, st);
    const marks = before.labels.filter(({ id }) => id.startsWith('timeline:mark')).map(({ t }) => t);
    assert.deepEqual(marks, [], `${where}: no event mark on the timeline while the question is open`);
    assert.ok(before.labels.some(({ id }) => id === 'timeline:held'), `${where}: the timeline's shipments wait`);
    pilesWait(before, where);
    assert.equal(before.s.parcels, 0, `${where}: no parcel moves on the map while the question is open`);
  }, (after, where) => {
    assert.ok(!after.labels.some(({ id }) => id === 'timeline:held'), `${where}: the timeline is drawn once answered`);
    assert.ok(after.s.parcels > 0, `${where}: the parcels move again once answered`);
    if (after.labels.some(({ id }) => id.startsWith('timeline:mark'))) marked++;
  });
  assert.ok(asked >= 10, `the chain lessons ask ${asked} questions`);
  assert.ok(marked >= 5, `${marked} revealed chain steps show their timeline's marks`);
  assert.deepEqual(problems, []);
  await page.close();
});
