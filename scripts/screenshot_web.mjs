// screenshot_web.mjs — screenshots of the browser build for review, and the frame
// rates the page measures itself. For each scene, size and language given:
//   node scripts/screenshot_web.mjs WEB_ROOT OUT_DIR [scene ...]
// writes OUT_DIR/web-<scene>-<w>x<h>-<lang>.png (and web-welcome-..., the first-visit
// card, and web-lesson-...) and prints fps per shot; the scenes "race-token" and
// "race-fab" are compare's race with a classic pair (H100 vs WSE-3, respin vs none),
// "follow" a token followed from the keyboard, seen mid-trip at the cores, and
// "follow-lot" a wafer lot followed from the fab, seen mid-trip at packaging (not
// among the default scenes: they take seven and ten seconds a shot), "present-token"
// and "present-fab" a scene in presenter mode (its large map labels);
// sizes: 1280x720, 1920x1080, a 390x844 phone and an 820x1180 tablet upright (touch,
// a phone's and a tablet's pixel ratio: the narrow layout, map on top, panels as tabs).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { serve, launch, openApp, waitFrames, measureFps } from '../tests/browser/browser.mjs';

const [root, out, ...scenesArg] = process.argv.slice(2);
const scenes = scenesArg.length ? scenesArg : ['token', 'fab', 'demo', 'race-token', 'race-fab'];
mkdirSync(out, { recursive: true });
const srv = await serve(root);
const browser = await launch();
try {
  const phone = { hasTouch: true, isMobile: true, deviceScaleFactor: 3 };
  const tablet = { hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
  for (const [w, h, device] of [[1280, 720, {}], [1920, 1080, {}], [390, 844, phone], [820, 1180, tablet]]) {
    for (const lang of ['en', 'zh']) {
      const { page, problems } = await openApp(browser, srv.url, w, h, device);
      await waitFrames(page, 10);
      // A fresh page is a first visit: the card that says where to start, then put away.
      await page.evaluate((l) => window.tokenJourney.setLanguage(l), lang);
      await page.waitForTimeout(2500);
      const welcome = join(out, `web-welcome-${w}x${h}-${lang}.png`);
      await page.screenshot({ path: welcome });
      console.log(welcome);
      await page.evaluate(() => window.tokenJourney.welcome(false));
      for (const scene of scenes) {
        // "race-token" and "race-fab": compare as a race, with the scene's classic pair.
        const race = scene.startsWith('race-') ? scene.slice(5) : '';
        // A follow: its scene, and the stop it is seen at (the token's link to the chip, the lot's packaging).
        const follow = { follow: ['token', 2], 'follow-lot': ['fab', 5] }[scene];
        const present = scene.startsWith('present-') ? scene.slice(8) : '';
        const err = await page.evaluate((s) => window.tokenJourney.setScene(s), race || present || (follow ? follow[0] : scene));
        if (err) { console.log(`${scene}: ${err}`); continue; }
        if (follow) {
          const why = await page.evaluate(() => window.tokenJourney.follow(true));
          if (why) { console.log(`${scene}: ${why}`); continue; }
          await page.waitForFunction((stop) => (window.tokenJourney.state().follow || {}).stop >= stop, follow[1], { timeout: 60000 });
        }
        if (race) {
          const why = await page.evaluate(([p, t]) => {
            const j = window.tokenJourney;
            // The chain's pair is shown at week 40, after the respin has cost its weeks.
            return j.comparePair(p) || (t ? j.applyLink(j.link().replace(/&t=[^&]*/, '') + '&t=' + t) : '');
          }, race === 'fab' ? ['respin', 40 * 604800] : ['h100_wse3', 0]);
          if (why) { console.log(`${scene}: ${why}`); continue; }
          await page.waitForFunction(() => window.tokenJourney.state().jump_progress < 0, null, { timeout: 120000 });
        }
        if (present) await page.evaluate(() => window.tokenJourney.present(true));
        await page.waitForTimeout(2500);
        const fps = await measureFps(page, 2000);
        const file = join(out, `web-${scene}-${w}x${h}-${lang}.png`);
        await page.screenshot({ path: file });
        console.log(`${file}  ${fps.toFixed(1)} fps`);
        if (race) await page.evaluate(() => window.tokenJourney.compare(false));
        if (follow) await page.evaluate(() => window.tokenJourney.follow(false));
        if (present) await page.evaluate(() => window.tokenJourney.present(false));
      }
      // A lesson step (the second of the third lesson: a predict-first question).
      if (!(await page.evaluate(() => window.tokenJourney.openLesson(2, 1)))) {
        await page.waitForTimeout(2500);
        const file = join(out, `web-lesson-${w}x${h}-${lang}.png`);
        await page.screenshot({ path: file });
        console.log(file);
        await page.keyboard.press('Escape');
      }
      if (problems.length) console.log('page problems:', problems.join('\n'));
      await page.close();
    }
  }
} finally {
  await browser.close();
  srv.server.close();
}
