// measure_fps.mjs — frame rates of the browser build as the page measures them,
// for the parcel stress test at several parcel counts (and any scene given).
//   node scripts/measure_fps.mjs WEB_ROOT [counts...]     (default 0 10000 100000)
// Prints one line per setting; the empty scene's rate comes from the same run.
import { serve, launch, openApp, waitFrames, measureFps } from '../tests/browser/browser.mjs';

const [root, ...countArgs] = process.argv.slice(2);
const counts = countArgs.length ? countArgs.map(Number) : [0, 10000, 100000];
const srv = await serve(root);
const browser = await launch();
try {
  const { page, problems } = await openApp(browser, srv.url);
  await waitFrames(page, 10);
  await page.evaluate(() => window.tokenJourney.welcome(false));  // the first-visit card would dim the scene
  await page.evaluate(() => window.tokenJourney.setScene('demo'));
  for (const n of counts) {
    const err = await page.evaluate((k) => window.tokenJourney.setParam('demo.parcels', k), n);
    if (err) throw new Error(err);
    await page.waitForTimeout(1500);
    const fps = await measureFps(page, 4000);
    console.log(`demo parcels=${n}: ${fps.toFixed(1)} fps`);
  }
  // The scenes as drawn by default (cached layers, and only the changed tiles of each
  // frame where the canvas keeps its pixels), with whole frames from the cached
  // layers, and with everything redrawn every frame; each from a fresh start of its
  // default scenario.
  const modes = [
    ['default', 'tokenJourney.panelRate(15); tokenJourney.changesOnly(true)'],
    ['whole frames', 'tokenJourney.panelRate(15); tokenJourney.changesOnly(false)'],
    ['all redrawn every frame', 'tokenJourney.panelRate(0)'],
  ];
  for (const [how, js] of modes) {
    for (const [scene, label, setup] of [['token', 'token default', null], ['token', 'token 64 sequences', ['token.run.batch', 64]],
      ['fab', 'fab default', null]]) {
      if (await page.evaluate((s) => window.tokenJourney.setScene(s), scene)) continue;
      const err = await page.evaluate((s) => window.tokenJourney.applyLink(`s=${s}`), scene);  // defaults, from t = 0
      if (err) throw new Error(err);
      if (setup) await page.evaluate(([id, v]) => window.tokenJourney.setParam(id, v), setup);
      await page.evaluate(js);
      await page.waitForTimeout(1500);
      const fps = await measureFps(page, 4000);
      const share = (await page.evaluate(() => window.tokenJourney.state())).screen_drawn_share;
      console.log(`${label} (${how}): ${fps.toFixed(1)} fps, ${(share * 100).toFixed(0)}% of the screen drawn a frame`);
    }
  }
  if (problems.length) console.log('page problems:\n' + problems.join('\n'));
} finally {
  await browser.close();
  srv.server.close();
}
