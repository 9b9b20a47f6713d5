// weight.test.mjs — a light page. Measured in the page with Resource Timing: what the
// default scene transfers before its first frame (the app marks it, "tj-first-frame")
// stays within 1.2 MB, compressed as scripts/serve.py sends it; the cl100k vocabulary
// comes after that frame and the real tokenizer takes over from the stand-in; o200k
// comes only when it is chosen; a lesson opened before it arrives shows its step again
// with the real tokenizer; vocabulary data that does not parse is named on screen and
// the stand-in stays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useServedApp, openApp, waitFrames, waitVocab, waitState } from './browser.mjs';

const app = useServedApp();
const kBudget = 1.2e6;  // bytes before the first frame (issue 20)

const state = (page) => page.evaluate(() => window.tokenJourney.state());

// Waits until the token model runs with tokenizer `used` (0 stand-in, 1 cl100k, 2 o200k).
async function waitTokenizer(page, used) {
  await waitState(page, (s, u) => s.metrics.tokenizer_in_use === u, used, `the run to use tokenizer ${used}`);
}

// Every download so far: name, start (ms), bytes on the wire and after decoding.
async function downloads(page) {
  return page.evaluate(() => {
    const mark = performance.getEntriesByName('tj-first-frame')[0];
    const all = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
    return {
      firstFrame: mark ? mark.startTime : -1,
      entries: all.map((e) => ({ name: new URL(e.name).pathname, start: e.startTime, wire: e.transferSize,
        body: e.decodedBodySize })),
    };
  });
}

test('at most 1.2 MB before the first frame; the vocabulary follows and the tokenizer becomes real', async () => {
  const { page, problems } = await openApp(app.browser, app.url);
  await waitFrames(page, 1);
  assert.equal(await waitVocab(page, 'cl100k_base'), 'ready');
  await waitTokenizer(page, 1);
  const { firstFrame, entries } = await downloads(page);
  assert.ok(firstFrame > 0, 'the page marked the first frame');
  const before = entries.filter((e) => e.start < firstFrame);
  const wire = before.reduce((a, e) => a + e.wire, 0);
  const body = before.reduce((a, e) => a + e.body, 0);
  for (const e of entries) console.log(`  ${e.start < firstFrame ? 'before' : 'after '} ${e.name}: ${e.wire} bytes (${e.body} decoded)`);
  console.log(`  before the first frame: ${wire} bytes transferred, ${body} decoded`);
  assert.ok(before.every((e) => e.wire > 0), 'every download before the first frame was counted');
  assert.ok(before.some((e) => e.name.endsWith('/app.wasm')), 'the wasm is among them');
  assert.ok(wire <= kBudget, `${wire} bytes transferred before the first frame (at most ${kBudget})`);
  const wasm = before.find((e) => e.name.endsWith('/app.wasm'));
  assert.ok(wasm.wire < wasm.body * 0.6, `the wasm travels compressed (${wasm.wire} of ${wasm.body} bytes)`);
  // The vocabulary: after the first frame, compressed, and in use.
  const vocab = entries.filter((e) => e.name.includes('/vocab/'));
  assert.deepEqual(vocab.map((e) => e.name), ['/vocab/cl100k_base.tjbpe'], 'only the default tokenizer\'s vocabulary');
  assert.ok(vocab[0].start >= firstFrame, 'it is fetched after the first frame');
  assert.ok(vocab[0].body > 500000 && vocab[0].wire < vocab[0].body, `it travels compressed (${vocab[0].wire} of ${vocab[0].body})`);
  let s = await state(page);
  assert.equal(s.vocab.o200k_base.state, 'idle', 'o200k is not fetched until it is chosen');
  // Choosing o200k fetches it, and the run uses it.
  assert.equal(await page.evaluate(() => window.tokenJourney.setParam('token.run.tokenizer', 2)), '');
  assert.equal(await waitVocab(page, 'o200k_base'), 'ready');
  await waitTokenizer(page, 2);
  s = await state(page);
  assert.equal(s.message, '', 'nothing went wrong on screen');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a lesson opened before the vocabulary arrives runs its step again with the real tokenizer', async () => {
  const lessons = JSON.parse(readFileSync(new URL('../../assets/lessons.json', import.meta.url), 'utf8')).lessons;
  const i = lessons.findIndex((l) => l.id === 'last-mile');
  assert.ok(i >= 0);
  const step = lessons[i].steps.length - 1;
  const { page, problems } = await openApp(app.browser, app.url);
  let release;
  const held = new Promise((ok) => { release = ok; });
  await page.route('**/vocab/cl100k_base.tjbpe', async (route) => { await held; await route.continue(); });
  await waitFrames(page, 1);
  assert.equal(await page.evaluate(([k, st]) => window.tokenJourney.openLesson(k, st), [i, step]), '');
  let s = await waitState(page, (st) => st.jump_progress < 0, null, 'the lesson step at its moment', 120000);
  assert.equal(s.vocab.cl100k_base.state, 'loading');
  assert.equal(s.metrics.tokenizer_in_use, 0, 'meanwhile the stand-in cuts the answer');
  release();
  await waitTokenizer(page, 1);
  s = await waitState(page, (st) => st.jump_progress < 0, null, 'the step run again to its moment', 120000);
  assert.equal(s.lesson, 'last-mile', 'the lesson stays open');
  assert.equal(s.lesson_step, step, 'at the same step');
  const run = lessons[i].steps[step].run;
  assert.ok(Math.abs(s.time - run) <= run * 1e-6, `run again to the step's moment (${s.time} s, the step says ${run} s)`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a vocabulary that does not parse is named on screen and the stand-in stays', async () => {
  const { page, problems } = await openApp(app.browser, app.url);
  // The server's file cut short, as a broken download would leave it.
  await page.route('**/vocab/cl100k_base.tjbpe', async (route) => {
    const res = await route.fetch();
    const body = await res.body();
    await route.fulfill({ status: 200, contentType: 'application/octet-stream', body: body.subarray(0, body.length >> 1) });
  });
  await waitFrames(page, 1);
  assert.equal(await waitVocab(page, 'cl100k_base'), 'failed');
  const s = await state(page);
  assert.match(s.message, /cl100k_base/, 'the message names the vocabulary');
  assert.equal(s.metrics.tokenizer_in_use, 0, 'the stand-in cuts the text');
  const later = await waitState(page, (st, t) => st.time > t, s.time, 'the run to go on');
  assert.ok(later.time > s.time, 'the run goes on');
  assert.deepEqual(problems, []);
  await page.close();
});
