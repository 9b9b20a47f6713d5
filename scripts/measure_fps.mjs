// measure_fps.mjs — frame rates of the browser build as the page measures them: the
// parcel stress test at several parcel counts, then what each tier of the layer
// cache (app/render/layer_cache.h) buys, at 1280x720.
//   node scripts/measure_fps.mjs WEB_ROOT [counts...]     (default 0 10000 100000)
//   REPEATS=5 node scripts/measure_fps.mjs WEB_ROOT       (tiers measured 5 times, default 3)
// The tiers: each switched off alone, and all of them (everything drawn directly),
// for the token scene, the chain and a lesson, each from a fresh start of its default
// scenario. The settings take turns in every repeat, so a busy spell of the machine
// falls on all of them; a table gives the median frame rate and its ratio to all
// tiers on, and the median milliseconds of CPU a frame spends drawing.
import { serve, launch, openApp, waitFrames, measureFps } from '../tests/browser/browser.mjs';

const [root, ...countArgs] = process.argv.slice(2);
const counts = countArgs.length ? countArgs.map(Number) : [0, 10000, 100000];
const repeats = Number(process.env.REPEATS || 3);
const allOn = 'tokenJourney.panelRate(15); tokenJourney.mapCache(true); tokenJourney.panelCache(true); ' +
  'tokenJourney.tileHash(true); tokenJourney.changesOnly(true)';
const tiers = [
  ['all on', ''],
  ['panel layer off', 'tokenJourney.panelCache(false)'],
  ['map layer off', 'tokenJourney.mapCache(false)'],
  ['tile hashing off', 'tokenJourney.tileHash(false)'],
  ['changes-only frames off', 'tokenJourney.changesOnly(false)'],
  ['all off (drawn directly)', 'tokenJourney.panelRate(0)'],
];
const scenes = [
  ['token', (t) => t.applyLink('s=token')],
  ['fab', (t) => t.applyLink('s=fab')],
  ['lesson 1, step 2', (t) => t.openLesson(0, 1)],
];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const srv = await serve(root);
const browser = await launch([], { gpuCompositing: true });  // the page composited as a visitor's GPU does
try {
  const { page, problems } = await openApp(browser, srv.url, 1280, 720);
  await waitFrames(page, 10);
  await page.evaluate(() => window.tokenJourney.welcome(false));  // the first-visit card would dim the scene
  if (await page.evaluate(() => window.tokenJourney.setScene('demo')) === '') {
    for (const n of counts) {
      const err = await page.evaluate((k) => window.tokenJourney.setParam('demo.parcels', k), n);
      if (err) throw new Error(err);
      await page.waitForTimeout(1500);
      console.log(`demo parcels=${n}: ${(await measureFps(page, 4000)).toFixed(1)} fps`);
    }
  }
  const fps = {}, ms = {};  // by scene, then tier: one value per repeat
  for (let r = 0; r < repeats; r++) {
    for (const [scene, open] of scenes) {
      for (const [tier, js] of tiers) {
        const err = await page.evaluate(`(${open})(window.tokenJourney)`);
        if (err) throw new Error(`${scene}: ${err}`);
        await page.evaluate(`${allOn}; ${js}`);
        await page.waitForTimeout(1500);
        const f = await measureFps(page, 4000);
        const s = await page.evaluate(() => window.tokenJourney.state());
        ((fps[scene] ??= {})[tier] ??= []).push(f);
        ((ms[scene] ??= {})[tier] ??= []).push(s.render_ms);
        process.stderr.write(`${r + 1}/${repeats} ${scene}, ${tier}: ${f.toFixed(1)} fps, ${s.render_ms.toFixed(2)} ms\n`);
      }
    }
  }
  console.log(`\nmedians of ${repeats} (1280x720)`);
  console.log('| scene | tier off | fps | fps with all on | ratio (off / all on) | draw ms a frame | with all on |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const [scene] of scenes) {
    const on = median(fps[scene]['all on']), onMs = median(ms[scene]['all on']);
    for (const [tier] of tiers) {
      const f = median(fps[scene][tier]), m = median(ms[scene][tier]);
      console.log(`| ${scene} | ${tier} | ${f.toFixed(1)} | ${on.toFixed(1)} | ${(f / on).toFixed(2)} | ${m.toFixed(2)} | ${onMs.toFixed(2)} |`);
    }
  }
  if (problems.length) console.log('page problems:\n' + problems.join('\n'));
} finally {
  await browser.close();
  srv.server.close();
}
