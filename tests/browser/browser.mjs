// browser.mjs — shared helpers for the browser tests and screenshot scripts:
// serve a folder on 127.0.0.1 (compressed, as scripts/run.sh does), start Debian's
// Chromium headless with flags that draw WebGL on the CPU (SwiftShader) on a closed
// network, open the page, collect console errors and page errors, wait until the app
// has drawn frames.
//
// A test waits for the condition it then asserts, never for a number of frames or a
// time: waitState(page, (s, arg) => ..., arg, 'what') for a state() field taking a
// value, waitRedrawn(page, s) for the screen to show state s (before a screenshot),
// nextFrame(page) for input the state does not report; each throws "timed out waiting
// for <what>". waitFrames(page, n) is only the page's readiness after it opens.
//
// Sections: serving and launching · the page and its GL messages · waiting · scenes ·
// images · frame rate · a test file's browser.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';

const require = createRequire(import.meta.url);
const cache = process.env.TJ_CACHE || join(process.env.HOME, '.cache/token-journey');
const { chromium } = require(join(cache, 'node/node_modules/playwright-core'));

// Serves root through scripts/serve.py, as scripts/run.sh does (compressed where the
// browser accepts it), so the tests load what a visitor loads. Returns {server, url};
// server.close() stops it.
export async function serve(root) {
  const script = fileURLToPath(new URL('../../scripts/serve.py', import.meta.url));
  const child = spawn('python3', [script, root, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  process.on('exit', () => child.kill());  // also when a test run ends early
  const url = await new Promise((ok, fail) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /^serving (http:\/\/\S+)/m.exec(out);
      if (m) ok(m[1]);
    });
    child.on('exit', (code) => fail(new Error(`scripts/serve.py ended (${code}) before serving ${root}`)));
  });
  return { server: { close: () => child.kill() }, url };
}

// extraArgs: more Chromium flags, e.g. WebGPU on SwiftShader for the measurement test
// ('--enable-unsafe-webgpu', '--use-webgpu-adapter=swiftshader').
// The app's WebGL draws on SwiftShader either way; the page around it is composited in
// software unless gpuCompositing. On this 2-core machine software compositing draws
// 1920x1080 at 45 frames a second where SwiftShader's drew 20 (1280x720: 56 against 33),
// but a phone's screen of three pixels per point at 27 against 43: it reads the whole
// canvas back every frame (see useServedApp).
export async function launch(extraArgs = [], { gpuCompositing = false } = {}) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
      '--ignore-gpu-blocklist', ...(gpuCompositing ? [] : ['--disable-gpu-compositing']), ...extraArgs],
  });
}

// Every message the graphics layer writes to the console, of any page any test
// opened, warnings included ("WebGL: INVALID_VALUE: bufferSubData: buffer overflow",
// "too many errors"): a refused GL call leaves stale pixels, so each test of a file
// that uses useServedApp fails on any (see there).
const glMessages = [];
// One is not the app's: composited in software (see launch), Chromium reads the canvas
// back to draw the page, and its driver notes the stall ("GL Driver Message (OpenGL,
// Performance, ...): GPU stall due to ReadPixels"); the app reads pixels only to export a picture.
const isHarnessReadback = (text) => /GL Driver Message \(OpenGL, Performance, [^)]*\): GPU stall due to ReadPixels/.test(text);
const isGlMessage = (text) => /WebGL|GL_INVALID|GL ERROR|GL_OUT_OF_MEMORY|glDraw|glBuffer/i.test(text) && !isHarnessReadback(text);

// Opens url at the given size; returns {page, problems}: problems collects console
// errors and page errors for the whole life of the page.
// device: extra page options, e.g. { hasTouch: true, isMobile: true } for a phone.
export async function openApp(browser, url, width = 1280, height = 720, device = {}) {
  const page = await browser.newPage({ viewport: { width, height }, ...device });
  const problems = [];
  page.on('console', (m) => {
    if (isGlMessage(m.text())) glMessages.push(`${m.type()}: ${m.text()} (${width}x${height} ${url.replace(/^[^#]*/, '')})`);
    if (m.type() === 'error') problems.push('console: ' + m.text());
  });
  page.on('pageerror', (e) => problems.push('pageerror: ' + e.message));
  await page.goto(url);
  return { page, problems };
}

// Waits until the app has drawn n frames since the page opened: a page's readiness
// ("it has drawn"), not a wait for what an action did (see waitFor).
export async function waitFrames(page, n, timeoutMs = 60000) {
  await waitFor(page, (k) => window.tokenJourney && window.tokenJourney.ready() &&
    window.tokenJourney.frames() >= k, n, `the app to draw ${n} frames`, timeoutMs);
}

// Waits until predicate(arg), run in the page every 100 ms, returns something truthy,
// and returns that value. A test waits for the condition it then asserts, never for a
// number of frames or a time: on a busy machine it only takes longer. After timeoutMs
// it throws "timed out waiting for <what>".
export async function waitFor(page, predicate, arg, what, timeoutMs = 60000) {
  try {
    const handle = await page.waitForFunction(predicate, arg, { timeout: timeoutMs, polling: 100 });
    return handle.jsonValue();
  } catch (e) {
    if (e.name === 'TimeoutError') throw new Error(`timed out waiting for ${what} (${timeoutMs / 1000} s)`);
    throw e;
  }
}

// Waits until test(state, arg) holds for the app's state() (test runs in the page, so it
// may use only its arguments) and returns that state.
export async function waitState(page, test, arg, what, timeoutMs = 60000) {
  return waitFor(page, ([source, a]) => {
    const app = window.tokenJourney;
    if (!app || !app.ready()) return false;
    const s = app.state();
    return new Function(`return (${source})`)()(s, a) ? s : false;
  }, [test.toString(), arg ?? null], what, timeoutMs);
}

// Calls tokenJourney[fn](...args) and counts, in the page, the app's frames until the
// panel layer has been redrawn: how soon a change shows. (A wait set up from here
// starts some frames after the call, too late to count them.)
export async function framesToRedraw(page, fn, args, what, timeoutMs = 60000) {
  return page.evaluate(([f, a, label, limit]) => new Promise((done, fail) => {
    const app = window.tokenJourney, s0 = app.state(), t0 = performance.now();
    app[f](...a);
    const tick = () => {  // after the app's own frame: its callback was asked for first
      const s = app.state();
      if (s.panel_refreshes > s0.panel_refreshes) done(s.frames - s0.frames);
      else if (performance.now() - t0 > limit) fail(new Error(`timed out waiting for ${label} (${limit / 1000} s)`));
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }), [fn, args, what, timeoutMs]);
}

// Waits until the app has drawn a frame after this call, so it has taken in the input
// sent before it (a frame reads the events at its start); returns the state then. For
// input whose effect the state does not report (one move of a drag).
export async function nextFrame(page, what = 'the app to take in the input') {
  const f = await page.evaluate(() => window.tokenJourney.frames());
  return waitState(page, (s, k) => s.frames > k, f, what);
}

// Touch points through the DevTools protocol (Playwright has no multi-finger touch),
// each taken in by the app before the next is sent, so it sees every move.
export async function touch(page, cdp, type, points) {
  await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
  await nextFrame(page, `the app to take in a ${type}`);
}

// One finger from `from` to `to` in `steps` moves.
export async function touchDrag(page, cdp, from, to, steps = 8) {
  await touch(page, cdp, 'touchStart', [from]);
  for (let i = 1; i <= steps; i++)
    await touch(page, cdp, 'touchMove', [[from[0] + (to[0] - from[0]) * i / steps, from[1] + (to[1] - from[1]) * i / steps]]);
  await touch(page, cdp, 'touchEnd', []);
}

// Waits until the screen shows what state s reports: the panel layer (captions,
// cards, panels, labels over the map) redrawn after s's frame, or, where the panels
// are not cached, any later frame (each frame then draws everything). The map layer
// is brought up to date every frame. Returns the state then.
export async function waitRedrawn(page, s, what = 'the screen to be redrawn') {
  return waitState(page, (now, was) => (now.panels_cached && now.panel_hz > 0 && now.layers_cached
    ? now.panel_refreshes > was.refreshes : now.frames > was.frames),
  { refreshes: s.panel_refreshes, frames: s.frames }, what);
}

// Waits until the simulation has reached simulated time t (seconds): tests wait for
// what the model did, not for wall-clock time, so a slow machine only takes longer.
export async function waitSimulated(page, t, timeoutMs = 180000) {
  await page.waitForFunction((k) => window.tokenJourney && window.tokenJourney.ready() &&
    window.tokenJourney.state().time >= k, t, { timeout: timeoutMs, polling: 100 });
}

// Waits until a tokenizer vocabulary ('cl100k_base', 'o200k_base') has arrived after
// the first frame and been parsed (or failed: the state says which); returns its state.
// A test that counts real tokens waits for it, not for the stand-in.
export async function waitVocab(page, name = 'cl100k_base', timeoutMs = 60000) {
  await page.waitForFunction((n) => window.tokenJourney && window.tokenJourney.ready() &&
    ['ready', 'failed'].includes(window.tokenJourney.state().vocab[n].state), name, { timeout: timeoutMs, polling: 100 });
  return page.evaluate((n) => window.tokenJourney.state().vocab[n].state, name);
}

// Opens the app on a scene (by link, then by setScene) and waits until it has drawn.
export async function openScene(browser, url, scene, fragment = `#s=${scene}`, width = 1280, height = 720) {
  const opened = await openApp(browser, url + fragment, width, height);
  await waitFrames(opened.page, 30);
  await waitVocab(opened.page);
  assert.equal(await opened.page.evaluate((s) => window.tokenJourney.setScene(s), scene), '');
  await waitRedrawn(opened.page, await opened.page.evaluate(() => window.tokenJourney.state()), `the ${scene} scene drawn`);
  return opened;
}

// The checks every scene passes once open: it is the scene asked for, its registry
// has at least minParams parameters and each has a control, the map area (clip) is
// not blank, and the simulation runs. Returns the state.
export async function checkSceneBasics(page, scene, minParams, clip) {
  const s = await page.evaluate(() => window.tokenJourney.state());
  assert.equal(s.scene, scene);
  assert.ok(s.param_count > minParams, `the ${scene} registry has its parameters (${s.param_count})`);
  // Only open groups draw their controls: "." (in every id) opens them all, and a
  // filter that matches nothing must leave none drawn.
  const controlsWith = async (text) => {
    assert.equal(await page.evaluate((t) => window.tokenJourney.filterParams(t), text), '');
    // The panels answer a call at their next redraw.
    const typed = await page.evaluate(() => window.tokenJourney.state());
    return (await waitRedrawn(page, typed, `the parameter panel filtered by "${text}"`)).param_controls;
  };
  assert.equal(await controlsWith('.'), s.param_count, 'one drawn control per registry parameter');
  assert.equal(await controlsWith('no parameter is called this'), 0, 'a filter that matches nothing draws none');
  await controlsWith('');
  const stats = await imageStats(page, await page.screenshot({ clip }));
  assert.ok(stats.variance > 100, `map looks blank (luminance variance ${stats.variance.toFixed(1)})`);
  assert.ok(s.time > 0, 'the simulation runs');
  return s;
}

// Installs window.tjPixels(base64 PNG) -> RGBA bytes in the page, once, for the
// image checks below (Node has no PNG decoder without a library).
async function installPixelReader(page) {
  await page.evaluate(() => {
    window.tjPixels ??= async (data) => {
      const img = new Image();
      img.src = 'data:image/png;base64,' + data;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width; c.height = img.height;
      const g = c.getContext('2d');
      g.drawImage(img, 0, 0);
      return g.getImageData(0, 0, c.width, c.height).data;
    };
  });
}

// Mean and variance of the screenshot's luminance, computed in the page.
export async function imageStats(page, png) {
  await installPixelReader(page);
  return page.evaluate(async (data) => {
    const px = await window.tjPixels(data);
    let sum = 0, sum2 = 0, n = 0;
    for (let i = 0; i < px.length; i += 16) {
      const y = 0.2126 * px[i] + 0.7152 * px[i + 1] + 0.0722 * px[i + 2];
      sum += y; sum2 += y * y; n++;
    }
    const mean = sum / n;
    return { mean, variance: sum2 / n - mean * mean };
  }, png.toString('base64'));
}

// How two screenshots of the same size differ, computed in the page: the share of
// pixels where some channel differs by more than `tolerance`, and the largest
// difference of any channel.
export async function imageDiff(page, pngA, pngB, tolerance = 3) {
  await installPixelReader(page);
  return page.evaluate(async ([a, b, tol]) => {
    const pa = await window.tjPixels(a), pb = await window.tjPixels(b);
    if (pa.length !== pb.length) return { share: 1, max: 255 };
    let differing = 0, max = 0;
    for (let i = 0; i < pa.length; i += 4) {
      const d = Math.max(Math.abs(pa[i] - pb[i]), Math.abs(pa[i + 1] - pb[i + 1]), Math.abs(pa[i + 2] - pb[i + 2]));
      if (d > tol) differing++;
      if (d > max) max = d;
    }
    return { share: differing / (pa.length / 4), max };
  }, [pngA.toString('base64'), pngB.toString('base64'), tolerance]);
}

// Frames per second measured by the page itself over ms milliseconds.
export async function measureFps(page, ms = 3000) {
  return page.evaluate(async (dur) => {
    const f0 = window.tokenJourney.frames(), t0 = performance.now();
    await new Promise((r) => setTimeout(r, dur));
    return (window.tokenJourney.frames() - f0) * 1000 / (performance.now() - t0);
  }, ms);
}

// For a test file: serves WEB_ROOT before its tests and stops it after. Returns {browser,
// url} (filled in once the tests start): browser.newPage(options) opens a page of a
// dense screen (deviceScaleFactor over 1: a phone's, a tablet's) in a Chromium that
// composites on SwiftShader, any other in one that composites in software, whichever
// draws it faster (see launch); each started at its first page, closed after the tests.
export function useServedApp() {
  const ctx = { browser: null, url: '', server: null };
  const started = {};
  const browserFor = (dense) => (started[dense] ??= launch([], { gpuCompositing: dense }));
  before(async () => {
    if (!process.env.WEB_ROOT) throw new Error('WEB_ROOT must name the built web folder');
    const srv = await serve(process.env.WEB_ROOT);
    ctx.server = srv.server;
    ctx.url = srv.url;
    ctx.browser = { newPage: async (options = {}) => (await browserFor((options.deviceScaleFactor ?? 1) > 1)).newPage(options) };
  });
  after(async () => {
    for (const b of Object.values(started)) await (await b).close();
    ctx.server?.close();
  });
  afterEach(() => {
    const seen = glMessages.splice(0);
    assert.deepEqual(seen, [], `the console has ${seen.length} GL message(s) from this test`);
  });
  return ctx;
}
