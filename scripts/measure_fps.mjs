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
  await page.evaluate(() => window.tokenJourney.setScene('demo'));
  for (const n of counts) {
    const err = await page.evaluate((k) => window.tokenJourney.setParam('demo.parcels', k), n);
    if (err) throw new Error(err);
    await page.waitForTimeout(1500);
    const fps = await measureFps(page, 4000);
    console.log(`demo parcels=${n}: ${fps.toFixed(1)} fps`);
  }
  // The scenes with the panel cache (the default) and with every panel redrawn
  // every frame, each from a fresh start of its default scenario.
  for (const rate of [15, 0]) {
    await page.evaluate((r) => window.tokenJourney.panelRate(r), rate);
    const how = rate ? `panels cached, ${rate}/s` : 'panels every frame';
    for (const [scene, label, setup] of [['token', 'token default', null], ['token', 'token 64 sequences', ['token.run.batch', 64]],
      ['fab', 'fab default', null]]) {
      if (await page.evaluate((s) => window.tokenJourney.setScene(s), scene)) continue;
      const err = await page.evaluate((s) => window.tokenJourney.applyLink(`s=${s}`), scene);  // defaults, from t = 0
      if (err) throw new Error(err);
      if (setup) await page.evaluate(([id, v]) => window.tokenJourney.setParam(id, v), setup);
      await page.waitForTimeout(1500);
      console.log(`${label} (${how}): ${(await measureFps(page, 4000)).toFixed(1)} fps`);
    }
  }
  if (problems.length) console.log('page problems:\n' + problems.join('\n'));
} finally {
  await browser.close();
  srv.server.close();
}
