// lessons.test.mjs — every lesson, opened one after the other in one page: the page
// keeps drawing frames (the app's own count and the browser's requestAnimationFrame
// both advance), each step reaches its moment and holds still there, and the wasm heap
// stays bounded (a second pass through all the lessons ends near where the first did).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useServedApp, openApp, waitFrames, waitVocab, waitState, waitRedrawn } from './browser.mjs';

const app = useServedApp();
const lessons = JSON.parse(readFileSync(new URL('../../assets/lessons.json', import.meta.url), 'utf8')).lessons;

const api = (page, fn, ...args) => page.evaluate(([f, a]) => window.tokenJourney[f](...a), [fn, args]);

// Counts the browser's animation frames, apart from the app's own count.
async function countAnimationFrames(page) {
  await page.evaluate(() => {
    if (window.tjRaf !== undefined) return;
    window.tjRaf = 0;
    const tick = () => { window.tjRaf++; requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  });
}

// Opens lesson i at step k, waits until the step has reached its moment, and checks
// that frames keep coming while it holds still there (watch false: only that it is there).
async function openAndHold(page, i, k, watch = true) {
  const where = `${lessons[i].id} step ${k + 1}`;
  assert.equal(await api(page, 'openLesson', i, k), '', where);
  const s = await waitState(page, (st) => st.jump_progress < 0, null, `${where} at its moment`, 120000);
  if (!watch) {
    assert.equal(s.lesson, lessons[i].id, where);
    return s;
  }
  const raf = await page.evaluate(() => window.tjRaf);
  // What is checked here is that nothing moves while frames come: 20 of the app's frames
  // are the span watched, not a wait for something to happen.
  await waitFrames(page, s.frames + 20);
  // The browser's own count, apart from the app's: 20 more animation frames within 10 s.
  await page.waitForFunction((r) => window.tjRaf >= r + 20, raf, { timeout: 10000, polling: 50 })
    .catch(() => assert.fail(`${where}: the browser stopped animating`));
  const after = await api(page, 'state');
  assert.equal(after.lesson, lessons[i].id, where);
  const run = lessons[i].steps[k].run ?? 0;
  if (run > 0) {
    assert.ok(Math.abs(after.time - run) <= run * 1e-6, `${where}: at its moment (${after.time} s, the step says ${run} s)`);
    assert.equal(after.time, s.time, `${where}: time holds still once the step is reached`);
  }
  return after;
}

test('every lesson opens in turn, frames keep coming, steps hold still, the heap stays bounded', async () => {
  const { page, problems } = await openApp(app.browser, app.url);
  await waitFrames(page, 10);
  await waitVocab(page);  // the last-mile lessons count cl100k's tokens
  await countAnimationFrames(page);
  assert.equal((await api(page, 'state')).lessons, lessons.length);
  const heapAfterPass = [];
  for (let pass = 0; pass < 2; pass++) {  // the second pass is for the heap: steps not watched again
    for (let i = 0; i < lessons.length; i++) {
      await openAndHold(page, i, 0, pass === 0);
      await openAndHold(page, i, lessons[i].steps.length - 1, pass === 0);
    }
    heapAfterPass.push((await api(page, 'state')).heap_bytes);
  }
  const [first, second] = heapAfterPass;
  assert.ok(second <= first * 1.25 + (8 << 20),
    `the heap grew from ${(first / 2 ** 20).toFixed(1)} MiB to ${(second / 2 ** 20).toFixed(1)} MiB over a second pass`);
  // Leaving a lesson lets the scene run again, and the map keeps drawing.
  await page.focus('#canvas');
  await page.keyboard.press('Escape');
  const s = await waitState(page, (st) => st.lesson === '', null, 'Escape to leave the lesson');
  assert.equal(s.lesson, '');
  const t0 = s.time;
  const later = await waitState(page, (st, t) => st.time > t, t0, 'the run to go on outside the lesson');
  assert.ok(later.time > t0, 'outside a lesson the run goes on');
  assert.deepEqual(problems, []);
  await page.close();
});

test('keys 1-4 pick a choice; a chain step holds its week while the class reads it', async () => {
  const { page, problems } = await openApp(app.browser, app.url);
  await waitFrames(page, 10);
  await waitVocab(page);  // the last-mile lessons count cl100k's tokens
  await countAnimationFrames(page);
  const i = lessons.findIndex((l) => l.id === 'respin-weakest-link');
  assert.ok(i >= 0);
  const held = await openAndHold(page, i, 3);
  await waitFrames(page, held.frames + 120);  // the span watched: no week may pass in it
  assert.equal((await api(page, 'state')).time, held.time, 'no week passes after the step is reached');
  assert.equal(held.playing, false);
  const q = lessons[i].steps.findIndex((st) => st.predict && st.predict.choices.length >= 3);
  assert.ok(q >= 0);
  const asked = await openAndHold(page, i, q);
  assert.equal(asked.lesson_choice, -1, 'nothing is picked before the class answers');
  await page.focus('#canvas');
  for (const [key, pick] of [['3', 2], ['1', 0]]) {
    await page.keyboard.press(key);
    const s = await waitState(page, (st, p) => st.lesson_choice === p, pick, `key ${key} to pick choice ${pick + 1}`);
    assert.equal(s.lesson_choice, pick, `key ${key} picks choice ${pick + 1}`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('H in a lesson keeps the panels away (they would cover the card and show what a question holds) and says why', async () => {
  const { page, problems } = await openApp(app.browser, app.url);
  await waitFrames(page, 10);
  await countAnimationFrames(page);
  const i = lessons.findIndex((l) => l.id === 'decode-is-logistics');
  const q = lessons[i].steps.findIndex((st) => st.predict);
  await openAndHold(page, i, q);
  assert.equal((await api(page, 'state')).panels, false, 'a lesson opens without the panels');
  await page.focus('#canvas');
  await page.keyboard.press('h');
  const s = await waitState(page, (st) => st.notice !== '', null, 'the note on H in a lesson');
  assert.equal(s.panels, false, 'the panels stay away while the lesson is open');
  assert.match(s.notice, /leave the lesson/);
  assert.equal(s.lesson_answer_held, true, 'the question still holds its answer');
  await page.keyboard.press('Escape');
  const left = await waitState(page, (st) => st.lesson === '', null, 'the lesson left');
  await page.keyboard.press('h');
  await waitState(page, (st, was) => st.panels === !was, left.panels, 'H to toggle the panels once the lesson is left');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a question shows its own set-up at its moment; the reveal shows the answer without running again', async () => {
  const { page, problems } = await openApp(app.browser, app.url);
  await waitFrames(page, 10);
  await countAnimationFrames(page);
  // sram-too-small step 4 asks what limits Groq's chips: the map shows Groq's set-up.
  const i = lessons.findIndex((l) => l.id === 'sram-too-small');
  const k = lessons[i].steps.findIndex((st) => st.predict && (st.preset ?? []).includes('hw.groq_lpu'));
  assert.ok(i >= 0 && k > 0);
  const asked = await openAndHold(page, i, k);
  assert.equal(asked.lesson_answer_held, true, 'the answer is held while the question is open');
  assert.equal(asked.params['token.mesh.chips'], 576, 'the map shows the question\'s set-up (576 LPUs), not the step before');
  await page.focus('#canvas');
  await page.keyboard.press('PageDown');  // the clicker's "next" reveals the answer first
  const shown = await waitState(page, (st) => !st.lesson_answer_held, null, 'PageDown to reveal the held answer');
  assert.equal(shown.lesson_step, k, 'the reveal stays on the step');
  assert.equal(shown.lesson_answer_held, false, 'the reveal shows what was held');
  assert.equal(shown.params['token.mesh.chips'], 576);
  assert.equal(shown.time, asked.time, 'nothing runs again: the map was already at the moment');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a chain question keeps its piles back on the map until the reveal', async () => {
  const { page, problems } = await openApp(app.browser, app.url);
  await waitFrames(page, 10);
  await countAnimationFrames(page);
  // bottleneck-moves asks where a new pile grows: the piles on the map are the answer.
  const i = lessons.findIndex((l) => l.id === 'bottleneck-moves');
  const k = lessons[i].steps.findIndex((st) => st.predict && /pile grow/.test(st.predict.question.en));
  assert.ok(i >= 0 && k > 0, "the lesson asks where a new pile grows");
  const asked = await openAndHold(page, i, k);
  assert.equal(asked.lesson_answer_held, true);
  assert.ok(Object.keys(asked.piles).length >= 8, `the map reports its piles: ${JSON.stringify(asked.piles)}`);
  for (const [id, text] of Object.entries(asked.piles))
    assert.equal(text, '?', `while the question is open the ${id} pile's size is not written (${text})`);
  await page.focus('#canvas');
  await page.keyboard.press('PageDown');  // the reveal
  // The map writes the piles again at its next frame after the reveal.
  const shown = await waitState(page, (st) => !st.lesson_answer_held && Object.values(st.piles || {}).every((t) => t !== '?'),
    null, 'the reveal to write the piles\' sizes');
  assert.equal(shown.lesson_answer_held, false);
  assert.deepEqual(Object.keys(shown.piles).sort(), Object.keys(asked.piles).sort(), 'the same piles');
  for (const [id, text] of Object.entries(shown.piles))
    assert.match(text, /^[0-9]/, `after the reveal the ${id} pile's size is written (${text})`);
  assert.ok(shown.metrics.buf_trays_units > 0, 'trays pile up: the answer is on the map now');
  assert.notEqual(shown.piles.trays, '0');
  assert.deepEqual(problems, []);
  await page.close();
});

// The rectangle of the lesson's caption card, as the page reports its windows.
const cardRect = (s) => s.windows.find((w) => w.name.endsWith('###lesson'))?.rect;
const inside = ([x, y, w, h], [cx, cy, cw, ch]) => x >= cx && y >= cy && x + w <= cx + cw && y + h <= cy + ch;

// Opens a step that names a chart and checks that the card draws it inside itself, at
// most of the card's width and several lines high (a question's chart waits for the answer).
// Beside the map the whole card is in view; on a phone, under the map, the card scrolls
// and a finger's scroll brings the chart in: down where it is below the card's edge, up
// where a reveal has left it above (the card was scrolled to the question's foot).
async function scrollChartIntoCard(page, s, where) {
  const card = cardRect(s);
  for (let tries = 0; tries < 16 && s.narrow && card && s.lesson_chart && !inside(s.lesson_chart.rect, card); tries++) {
    const r = s.lesson_chart.rect;
    await page.mouse.move(card[0] + card[2] / 2, card[1] + card[3] / 2);
    await page.mouse.wheel(0, r[1] < card[1] ? -card[3] / 4 : card[3] / 4);
    s = await waitRedrawn(page, s, `${where}: the card redrawn after the wheel`);
  }
  return s;
}

async function chartOnCard(page, id, k, chart, where) {
  const i = lessons.findIndex((l) => l.id === id);
  assert.ok(i >= 0, id);
  assert.equal(lessons[i].steps[k].chart, chart, `${where}: the lesson names the chart`);
  const s = await scrollChartIntoCard(page, await openAndHold(page, i, k), where);
  const card = cardRect(s);
  assert.ok(card, `${where}: the caption card is up`);
  assert.ok(s.lesson_chart, `${where}: the state reports the step's chart`);
  assert.equal(s.lesson_chart.id, chart, where);
  const r = s.lesson_chart.rect;
  assert.ok(inside(r, card), `${where}: the chart ${JSON.stringify(r)} is inside the card ${JSON.stringify(card)}`);
  assert.ok(r[2] >= card[2] * 0.7, `${where}: the chart spans the card (${r[2]} of ${card[2]} px)`);
  // On a phone a chart held by an open question is one line saying it comes with the
  // answer, so the question and its buttons stay on the first screen.
  if (s.narrow && s.lesson_chart.waiting) assert.ok(r[3] < 60, `${where}: on a phone the held chart is one line (${r[3]} px)`);
  else assert.ok(r[3] >= 80, `${where}: the chart is tall enough to read (${r[3]} px)`);
  return s;
}

for (const [width, height] of [[1280, 720], [390, 844]]) {
  test(`a step that names a chart draws it on the card, live and inside it (${width}x${height})`, async () => {
    const { page, problems } = await openApp(app.browser, app.url, width, height);
    await waitFrames(page, 10);
    await countAnimationFrames(page);
    await chartOnCard(page, 'decode-is-logistics', 2, 'roofline', 'the roofline step');
    // A step without a chart reports none.
    const plain = lessons.findIndex((l) => l.id === 'decode-is-logistics');
    assert.equal(lessons[plain].steps[0].chart, undefined);
    const none = await openAndHold(page, plain, 0);
    assert.equal(none.lesson_chart, undefined, 'a step without a chart reports none');
    // A question's chart waits for the answer, then is drawn.
    const asked = await chartOnCard(page, 'judge-continuity', 1, 'gaps', 'the p99 question');
    assert.equal(asked.lesson_chart.waiting, true, 'the chart waits while the question is open');
    await page.focus('#canvas');
    await page.keyboard.press('PageDown');  // the clicker's "next" reveals the answer first
    const s = await scrollChartIntoCard(page, await waitState(page, (st) => st.jump_progress < 0 && st.lesson_chart && !st.lesson_chart.waiting, null,
      'the reveal to bring the p99 chart', 120000), 'the revealed p99 chart');
    assert.equal(s.lesson_step, 1);
    assert.equal(s.lesson_chart.waiting, false, 'the revealed answer brings the chart');
    assert.ok(inside(s.lesson_chart.rect, cardRect(s)));
    assert.ok(s.lesson_chart.rect[3] >= 80, `the revealed chart is tall enough to read (${s.lesson_chart.rect[3]} px)`);
    await chartOnCard(page, 'respin-weakest-link', 3, 'flow', 'the chain step');
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('the card grows with a large window: at 1920x1080 its text and chart are about 1.33 times those at 1280x720', async () => {
  const sizes = {};
  for (const [width, height] of [[1280, 720], [1920, 1080]]) {
    const { page, problems } = await openApp(app.browser, app.url, width, height);
    await waitFrames(page, 10);
    await countAnimationFrames(page);
    const s = await chartOnCard(page, 'decode-is-logistics', 2, 'roofline', `${width}x${height}`);
    sizes[width] = { card: cardRect(s), chart: s.lesson_chart.rect };
    assert.deepEqual(problems, []);
    await page.close();
  }
  const grew = sizes[1920].chart[3] / sizes[1280].chart[3];
  assert.ok(grew > 1.25 && grew < 1.4, `the chart, lines of the card's text high, grew ${grew.toFixed(2)} times`);
  assert.ok(sizes[1920].card[2] > sizes[1280].card[2] * 1.4, `the card widened with its text (${sizes[1280].card[2]} -> ${sizes[1920].card[2]} px)`);
});

test('a lesson moving the map shows no hover card until the pointer moves', async () => {
  const { page, problems } = await openApp(app.browser, app.url);
  await waitFrames(page, 10);
  await countAnimationFrames(page);
  const i = lessons.findIndex((l) => l.id === 'judge-continuity');
  assert.ok(i >= 0);
  let s = await openAndHold(page, i, 0);
  const inside = (r, [x, y]) => x > r[0] + 2 && y > r[1] + 2 && x < r[0] + r[2] - 2 && y < r[1] + r[3] - 2;
  const target = Object.entries(s.stations).find(([, p]) => inside(s.map_rect, p));
  assert.ok(target, 'a station is on the map');
  const [x, y] = target[1];
  await page.mouse.move(x, y);
  s = await waitState(page, (st, id) => st.card === id, target[0], `the card of ${target[0]} under the pointer`);
  assert.equal(s.card, target[0], `the pointer moved onto ${target[0]}: its card`);
  // The step again: the camera moves to the same place, under a pointer that stays.
  s = await openAndHold(page, i, 0);
  s = await waitRedrawn(page, s, 'the step drawn again under the still pointer');
  assert.equal(s.card, '', 'no card for a pointer that did not move');
  await page.mouse.move(x + 1, y);
  s = await waitState(page, (st, id) => st.card === id, target[0], `the card of ${target[0]} after the pointer moved`);
  assert.equal(s.card, target[0], 'the pointer moves: the card is back');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the ring goes around the place a step points at, the door included', async () => {
  const { page, problems } = await openApp(app.browser, app.url);
  await waitFrames(page, 10);
  await countAnimationFrames(page);
  const at = (id, k) => [lessons.findIndex((l) => l.id === id), k];
  const ringOf = async (id, k) => {
    const [i] = at(id, k);
    assert.ok(i >= 0, id);
    await openAndHold(page, i, k);
    const s = await waitState(page, (st) => Array.isArray(st.ring), null, `${id} step ${k + 1}: the ring drawn`);
    assert.ok(Array.isArray(s.ring), `${id} step ${k + 1}: a ring is drawn`);
    return s;
  };
  const holds = (r, [x, y]) => x > r[0] && y > r[1] && x < r[2] && y < r[3];
  // A station: the ring holds its point, and is a box around it, not a disc over its figures.
  for (const [id, k, station] of [['decode-is-logistics', 1, 'hbm'], ['respin-weakest-link', 0, 'pack']]) {
    const s = await ringOf(id, k);
    assert.ok(holds(s.ring, s.stations[station]), `${id} step ${k + 1}: the ring ${s.ring} holds ${station}`);
  }
  // The door between the link to the chip and host memory, where requests queue under load.
  const s = await ringOf('kv-warehouse-full', 1);
  const [cx, cy] = [(s.ring[0] + s.ring[2]) / 2, (s.ring[1] + s.ring[3]) / 2];
  assert.ok(cy > s.stations.h2d[1] && cy < s.stations.host_mem[1], `the door's ring (${s.ring}) is below the link, above host memory`);
  assert.ok(Math.abs(cx - s.stations.h2d[0]) < 5, 'and in their column');
  assert.ok(!holds(s.ring, s.stations.prompt), 'not on the prompt');
  assert.deepEqual(problems, []);
  await page.close();
});
