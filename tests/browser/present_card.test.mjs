// present_card.test.mjs — presenter mode on a projector's 1920x1080: the longest step
// (the respin lesson's last, answered, with its "your turn" slider) fits its card with
// Back and Next in view, its text shrunk only as far as it must be; a short step keeps
// the card's full size. On a laptop's 1280x720 the longest card's text never shrinks
// under 14 px (past that it would scroll).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useServedApp, openApp, waitFrames } from './browser.mjs';

const shots = process.env.SHOTS;
const app = useServedApp();
const api = (page, fn, ...args) => page.evaluate(([f, a]) => window.tokenJourney[f](...a), [fn, args]);
const respin = 13;  // index of respin-weakest-link in the Lessons menu
const kvFull = 10;  // kv-warehouse-full: its third step, a chart and a slider, is among the longest

// Waits until the card has settled: a step's fit changes a few frames at a time.
async function cardSettled(page) {
  let last = null;
  for (let i = 0; i < 100; i++) {
    const f = (await api(page, 'state')).frames;
    await waitFrames(page, f + 5);
    const c = (await api(page, 'state')).lesson_card;
    if (last && c && c.fit === last.fit && c.content_h === last.content_h) return c;
    last = c;
  }
  throw new Error(`the lesson card never settled: ${JSON.stringify(last)}`);
}

for (const lang of ['en', 'zh']) {
  test(`${lang}: presenter mode at 1920x1080 fits the longest step's card, Back and Next included`, async () => {
    const { page, problems } = await openApp(app.browser, app.url, 1920, 1080);
    await waitFrames(page, 30);
    assert.equal(await api(page, 'setLanguage', lang), lang);
    await api(page, 'present', true);
    assert.equal(await api(page, 'openLesson', respin, 0), '');
    let c = await cardSettled(page);
    assert.equal(c.fit, 1, `a short step keeps the card's full size (${JSON.stringify(c)})`);
    assert.equal(await api(page, 'openLesson', respin, 4), '');
    await page.waitForFunction(() => window.tokenJourney.state().jump_progress < 0, null, { timeout: 120000 });
    // Its choices are long ("About 87,000: little more is lost once the fix is in the fab"):
    // each stays inside the card, wrapped in its button, never cut at the card's edge.
    c = await cardSettled(page);
    const s = await api(page, 'state');
    const card = s.windows.find((w) => w.name.endsWith('###lesson')).rect;
    const choices = s.controls.filter((x) => /^[1-3]\. /.test(x.label));
    assert.equal(choices.length, 3, JSON.stringify(s.controls.map((x) => x.label)));
    for (const x of choices)
      assert.ok(x.rect[0] >= card[0] && x.rect[0] + x.rect[2] <= card[0] + card[2] + 0.5,
        `choice "${x.label}" at ${x.rect.map(Math.round)} inside the card at ${card.map(Math.round)}`);
    await page.focus('#canvas');
    await page.keyboard.press('1');         // a choice, then the clicker's "next" reveals the answer
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => !window.tokenJourney.state().lesson_answer_held, null, { timeout: 60000 });
    c = await cardSettled(page);
    assert.ok(c.content_h <= c.room_h, `the answered step fits its card: ${c.content_h} px of ${c.room_h}`);
    assert.ok(c.fit < 1 && c.fit >= 0.6, `its text shrank to fit, no further than 60% (${c.fit})`);
    if (shots) await page.screenshot({ path: join(shots, `web-present-card-1920-${lang}.png`) });
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('1280x720: the longest answered step keeps its card text at 14 px or more', async () => {
  const { page, problems } = await openApp(app.browser, app.url, 1280, 720);
  await waitFrames(page, 30);
  assert.equal(await api(page, 'openLesson', kvFull, 2), '');
  await page.waitForFunction(() => window.tokenJourney.state().jump_progress < 0, null, { timeout: 120000 });
  if ((await api(page, 'state')).lesson_answer_held) {  // answered, the card at its longest
    await page.focus('#canvas');
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => !window.tokenJourney.state().lesson_answer_held, null, { timeout: 60000 });
  }
  const c = await cardSettled(page);
  assert.ok(c.fit * 18 >= 14 - 1e-3, `the card's text at ${(c.fit * 18).toFixed(1)} px (fit ${c.fit})`);
  const s = await api(page, 'state');
  for (const name of ['← Back', 'Next →'])
    assert.ok(s.controls.some((x) => x.label === name), `${name} on the card: ${JSON.stringify(s.controls.map((x) => x.label))}`);
  assert.deepEqual(problems, []);
  await page.close();
});
