// lessons_guess.test.mjs — a question that asks for a number (core/lesson.h "guess"):
// before the reveal the card's figures stay "?" and no truth is known; → / ← nudge the
// guess on its log scale and the page's lessonGuess() sets it; the reveal moves the
// marker from the guess to the model's value at the step's moment over about a second,
// then the verdict says how far off the guess was; revealing without a guess is neutral.
// On a phone (390x844, touch) a finger dragged along the scale moves the guess.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useServedApp, openApp, waitFrames, waitState, waitRedrawn, touchDrag } from './browser.mjs';

const app = useServedApp();
const lessons = JSON.parse(readFileSync(new URL('../../assets/lessons.json', import.meta.url), 'utf8')).lessons;

const api = (page, fn, ...args) => page.evaluate(([f, a]) => window.tokenJourney[f](...a), [fn, args]);
// The ratio as the card writes it (app/ui/format.h format_ratio).
const ratio = (r) => (r >= 10 ? r.toFixed(0) : r >= 2 ? r.toFixed(1) : r.toFixed(2));

// Opens the step and waits until it holds at its moment and its card is drawn.
async function openStep(page, i, k) {
  assert.equal(await api(page, 'openLesson', i, k), '');
  const s = await waitState(page, (st) => st.jump_progress < 0, null, `step ${k + 1} at its moment`, 120000);
  return waitRedrawn(page, s, `step ${k + 1} drawn`);
}

test('a number question: nudge the guess, reveal, the marker moves to the truth and the verdict is a ratio', async () => {
  const { page, problems } = await openApp(app.browser, app.url);
  await waitFrames(page, 10);
  const i = lessons.findIndex((l) => l.id === 'decode-is-logistics');
  const k = lessons[i].steps.findIndex((st) => st.predict && st.predict.guess);
  assert.ok(k >= 0, 'the lesson asks for a number');
  const g = lessons[i].steps[k].predict.guess;
  assert.equal(g.metric, 'decode_step_s');

  let s = await openStep(page, i, k);
  assert.ok(s.lesson_guess, 'the state reports the guess');
  assert.equal(s.lesson_guess.moved, false);
  assert.equal(s.lesson_guess.revealed, false);
  assert.equal(s.lesson_guess.truth, -1, 'no truth before the reveal');
  assert.ok(s.lesson_figures.length > 0 && s.lesson_figures.every((f) => f === '?'),
    `the card's figures stay hidden: ${JSON.stringify(s.lesson_figures)}`);
  const middle = Math.sqrt(g.min * g.max);
  assert.ok(Math.abs(s.lesson_guess.value / middle - 1) < 1e-9, 'the slider starts in the middle of its scale');

  // → three times, ← once: two twentieths of the log scale up.
  await page.focus('#canvas');
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowLeft']) await page.keyboard.press(key);
  const nudged = middle * (g.max / g.min) ** (2 / 20);
  s = await waitState(page, (st, v) => st.lesson_guess && Math.abs(st.lesson_guess.value / v - 1) < 1e-9, nudged,
    'the four arrow keys to nudge the guess');
  assert.equal(s.lesson_step, k, 'the arrows nudge the guess, they do not change the step');
  assert.equal(s.lesson_guess.moved, true);
  assert.ok(Math.abs(s.lesson_guess.value / nudged - 1) < 1e-9, `nudged to ${s.lesson_guess.value}, not ${nudged}`);

  // The page's call: refused off the scale or for a bad value, taken on it.
  assert.match(await api(page, 'lessonGuess', g.max * 2), /on the scale/);
  assert.match(await api(page, 'lessonGuess', NaN), /finite number/);
  assert.match(await api(page, 'lessonGuess', '0.05'), /must be a number/);
  const guess = 0.064;
  assert.equal(await api(page, 'lessonGuess', guess), '');

  // Reveal with the clicker's "next": the truth arrives once the step holds at its moment.
  await page.keyboard.press('PageDown');
  s = await waitState(page, (st) => st.lesson_guess.truth > 0, null, 'the reveal to bring the truth', 120000);
  const seen = [];
  for (;;) {  // every frame's state while the marker moves
    seen.push(s.lesson_guess.progress);
    if (s.lesson_guess.progress >= 1) break;
    assert.equal(s.lesson_guess.verdict, '', 'no verdict while the marker moves');
    s = await waitState(page, (st, f) => st.frames > f, s.frames, 'the next frame of the moving marker');
  }
  assert.ok(seen.some((p) => p > 0 && p < 1), `the marker was seen on its way (progress ${seen.join(', ')})`);
  const truth = s.lesson_guess.truth;
  assert.equal(s.lesson_guess.revealed, true);
  assert.equal(s.lesson_guess.marker, truth, 'the marker ends at the truth');
  assert.ok(Math.abs(truth / s.metrics.decode_step_s - 1) < 1e-12, `the truth ${truth} is the model's ${s.metrics.decode_step_s}`);
  assert.ok(s.lesson_figures.every((f) => f !== '?'), 'the figures are shown');
  const expected = guess > truth * 1.5 ? `${ratio(guess / truth)}× too high.` : `The right size: within ${ratio(guess / truth)}× of the model's figure.`;
  assert.equal(s.lesson_guess.verdict, expected);
  assert.match(await api(page, 'lessonGuess', 0.01), /already revealed/);
  // The verdict follows the language.
  await api(page, 'setLanguage', 'zh');
  const zh = await waitState(page, (st, en) => st.lesson_guess.verdict !== en, s.lesson_guess.verdict,
    'the verdict in Chinese');
  assert.equal(zh.lesson_guess.verdict, `猜高了：你的估计是模型结果的 ${ratio(guess / truth)} 倍。`);
  await api(page, 'setLanguage', 'en');

  // Revealed without a guess: the truth, no verdict.
  s = await openStep(page, i, k);
  assert.equal(s.lesson_guess.moved, false);
  await page.focus('#canvas');
  await page.keyboard.press('PageDown');
  s = await waitState(page, (st) => st.lesson_guess.truth > 0 && st.lesson_guess.progress >= 1, null,
    'the reveal without a guess to put the marker at the truth', 120000);
  assert.equal(s.lesson_guess.progress, 1);
  assert.equal(s.lesson_guess.marker, s.lesson_guess.truth);
  assert.equal(s.lesson_guess.verdict, '', 'no verdict without a guess');

  // A step that asks for no number has no guess, and refuses one.
  s = await openStep(page, i, 0);
  assert.equal(s.lesson_guess, undefined);
  assert.match(await api(page, 'lessonGuess', 0.01), /asks for no number/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('on a phone a finger dragged along the scale moves the guess (390x844, touch)', async () => {
  const { page, problems } = await openApp(app.browser, app.url, 390, 844, { hasTouch: true, isMobile: true, deviceScaleFactor: 3 });
  const cdp = await page.context().newCDPSession(page);
  await waitFrames(page, 10);
  const i = lessons.findIndex((l) => l.id === 'decode-is-logistics');
  const k = lessons[i].steps.findIndex((st) => st.predict && st.predict.guess);
  const g = lessons[i].steps[k].predict.guess;
  let s = await openStep(page, i, k);
  assert.equal(s.narrow, true, "the phone's layout: the card under the map");
  const card = s.windows.find((w) => w.name.endsWith('###lesson')).rect;
  // A finger scrolls the card until the scale is in its view.
  const inView = (st) => st.lesson_guess.track[1] > card[1] + 20 && st.lesson_guess.track[1] < card[1] + card[3] - 20;
  for (let tries = 0; tries < 10 && !inView(s); tries++) {
    const x = card[0] + card[2] * 0.5, y = card[1] + card[3] * 0.7;
    await touchDrag(page, cdp, [x, y], [x, y - card[3] * 0.3]);
    s = await api(page, 'state');
  }
  assert.ok(inView(s), `the scale ${JSON.stringify(s.lesson_guess.track)} is in the card ${JSON.stringify(card)}`);
  assert.equal(s.lesson_guess.moved, false);
  // A finger swiping up over the scale scrolls the card; it does not take the guess.
  let [x0, y, x1] = s.lesson_guess.track;
  await touchDrag(page, cdp, [x0 + (x1 - x0) * 0.2, y], [x0 + (x1 - x0) * 0.2, y - 60]);
  s = await api(page, 'state');
  assert.equal(s.lesson_guess.moved, false, `a swipe up or down leaves the guess (${s.lesson_guess.value})`);
  for (let tries = 0; tries < 10 && !inView(s); tries++) {  // back to the scale if the swipe scrolled it away
    const x = card[0] + card[2] * 0.5, yy = card[1] + card[3] * 0.3;
    await touchDrag(page, cdp, [x, yy], [x, yy + card[3] * 0.2]);
    s = await api(page, 'state');
  }
  [x0, y, x1] = s.lesson_guess.track;
  // From the knob in the middle to three quarters of the way: the guess follows the finger.
  await touchDrag(page, cdp, [(x0 + x1) / 2, y], [x0 + (x1 - x0) * 0.75, y]);
  s = await api(page, 'state');
  assert.equal(s.lesson_step, k, 'the drag stays on the step');
  assert.equal(s.lesson_guess.moved, true, 'the finger moved the guess');
  const expected = g.min * (g.max / g.min) ** 0.75;
  assert.ok(Math.abs(Math.log(s.lesson_guess.value / expected)) < Math.log(g.max / g.min) * 0.03,
    `the guess ${s.lesson_guess.value} is where the finger lifted (about ${expected})`);
  assert.equal(s.lesson_guess.revealed, false, 'a drag does not reveal');
  assert.deepEqual(problems, []);
  await page.close();
});

test('class mode on a number question: the card takes the class\'s ten bins of its log scale, in both votes', async () => {
  const { page, problems } = await openApp(app.browser, app.url);
  await waitFrames(page, 10);
  const i = lessons.findIndex((l) => l.id === 'decode-is-logistics');
  const k = lessons[i].steps.findIndex((st) => st.predict && st.predict.guess);
  await openStep(page, i, k);
  const votes = [[0, 1, 3, 5, 2, 0, 0, 1, 0, 0], [0, 0, 1, 2, 6, 3, 0, 0, 0, 0]];
  const tally = { lesson: lessons[i].id, step: k, students: 14, answered: 12, histograms: votes };
  assert.equal(await api(page, 'classVotes', JSON.stringify(tally)), '');
  const s = await waitState(page, (st) => st.lesson_class && st.lesson_class.votes.length === 2, null, 'the class on the card');
  assert.deepEqual(s.lesson_class.votes, votes);
  assert.equal(s.lesson_class.answered, 12);
  // Eleven bins are not the card's scale: refused, the last good tally kept.
  const eleven = { ...tally, histograms: [[...votes[0], 1]] };
  assert.match(await api(page, 'classVotes', JSON.stringify(eleven)), /at most 10 counts/);
  assert.deepEqual((await api(page, 'state')).lesson_class.votes, votes);
  if (process.env.SHOTS) {
    await waitRedrawn(page, await api(page, 'state'), 'the bins drawn');
    await page.screenshot({ path: `${process.env.SHOTS}/class-guess-bins.png` });
  }
  await page.close();
  assert.deepEqual(problems, []);
});
