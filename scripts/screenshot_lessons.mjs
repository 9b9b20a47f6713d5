// screenshot_lessons.mjs — walks every step of the lessons named (all when none) in the
// browser build and writes a PNG of each, as a class would see it: the step at its
// moment, and for a question also the card after the answer is revealed (a number to
// guess is nudged four steps up its scale first).
//   node scripts/screenshot_lessons.mjs WEB_ROOT OUT_DIR [--size 1280x720] [--lang en|zh] [lesson-id ...]
// writes OUT_DIR/lesson-<id>-<step>[-answer]-<w>x<h>-<lang>.png (steps from 1). A size
// under 900 wide is a phone or a tablet upright: touch and a pixel ratio of 3 (2 from 600 wide).
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve, launch, openApp, waitFrames } from '../tests/browser/browser.mjs';

const args = process.argv.slice(2);
const [root, out] = args;
let size = '1280x720', lang = 'en';
const wanted = [];
for (let i = 2; i < args.length; i++) {
  if (args[i] === '--size') size = args[++i];
  else if (args[i] === '--lang') lang = args[++i];
  else wanted.push(args[i]);
}
const [w, h] = size.split('x').map(Number);
const lessons = JSON.parse(readFileSync(new URL('../assets/lessons.json', import.meta.url), 'utf8')).lessons;
mkdirSync(out, { recursive: true });

const api = (page, fn, ...a) => page.evaluate(([f, x]) => window.tokenJourney[f](...x), [fn, a]);
// The step has reached its moment once no jump is under way and the clock holds still.
async function settle(page) {
  await page.waitForFunction(() => window.tokenJourney.state().jump_progress < 0, null, { timeout: 120000 });
  let last = -1;
  for (let tries = 0; tries < 100; tries++) {
    const s = await api(page, 'state');
    await waitFrames(page, s.frames + 10);
    if (s.time === last) return;
    last = s.time;
  }
}

const srv = await serve(root);
const browser = await launch();
try {
  const touch = w < 900 ? { hasTouch: true, isMobile: true, deviceScaleFactor: w < 600 ? 3 : 2 } : {};
  const { page, problems } = await openApp(browser, srv.url, w, h, touch);
  await waitFrames(page, 10);
  if (lang === 'zh') await api(page, 'setLanguage', 'zh');
  for (let i = 0; i < lessons.length; i++) {
    const l = lessons[i];
    if (wanted.length && !wanted.includes(l.id)) continue;
    for (let k = 0; k < l.steps.length; k++) {
      const why = await api(page, 'openLesson', i, k);
      if (why) { console.log(`${l.id} step ${k + 1}: ${why}`); continue; }
      await settle(page);
      const base = join(out, `lesson-${l.id}-${k + 1}`);
      await page.screenshot({ path: `${base}-${w}x${h}-${lang}.png` });
      console.log(`${base}-${w}x${h}-${lang}.png`);
      if (l.steps[k].predict) {  // the clicker's "next" reveals the answer first
        await page.focus('#canvas');
        // A number to guess: four nudges up the scale first, so the answer shows a verdict.
        if (l.steps[k].predict.guess) for (let n = 0; n < 4; n++) await page.keyboard.press('ArrowRight');
        await page.keyboard.press('PageDown');
        await settle(page);
        if (l.steps[k].predict.guess) {  // the marker on its way from the guess to the truth, then the card redrawn
          await page.waitForFunction(() => window.tokenJourney.state().lesson_guess.progress >= 1, null, { timeout: 120000 });
          await waitFrames(page, (await api(page, 'state')).frames + 10);
        }
        await page.screenshot({ path: `${base}-answer-${w}x${h}-${lang}.png` });
        console.log(`${base}-answer-${w}x${h}-${lang}.png`);
      }
    }
  }
  if (problems.length) console.log('page problems:', problems.join('\n'));
  await page.close();
} finally {
  await browser.close();
  srv.server.close();
}
