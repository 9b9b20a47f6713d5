// class.test.mjs — class mode in the browser: token-journey-server serves the web build
// (WEB_ROOT) on 127.0.0.1; the presenter's page (desktop Chromium, ?class=&key=) opens
// a lesson step with a choice question and the next with a number, three phone pages
// (390x844, touch) answer each, the presenter's state().class histogram counts 3, the
// app's reveal reaches the phones with the lesson's answer (the number question's with
// the app's own truth against the class), a second vote keeps both histograms. Screenshots of the phones in both languages
// go to SHOTS. Skipped when the server is not built.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, openApp, waitFrames } from './browser.mjs';
import { startServer, stopServer } from '../server/class_client.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const bin = process.env.TJ_SERVER || join(repo, 'build/native/token-journey-server');
const webRoot = process.env.WEB_ROOT || join(repo, 'build/web/web');
const shots = process.env.SHOTS || join(repo, 'out/test');
const lessons = JSON.parse(readFileSync(join(repo, 'assets/lessons.json'), 'utf8')).lessons;
const api = (page, fn, ...args) => page.evaluate(([f, a]) => window.tokenJourney[f](...a), [fn, args]);
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

let browser, srv, dir;
before(async () => {
  if (!existsSync(bin)) return;
  dir = mkdtempSync(join(tmpdir(), 'tj-class-browser-'));
  srv = await startServer(bin, join(dir, 'class.db'), ['--web', webRoot, '--student', join(repo, 'web/student')]);
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
  if (srv) await stopServer(srv);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a presenter and three phones: question, answers, histogram, reveal', { timeout: 300000 }, async (t) => {
  if (!srv) return t.skip(`the class server is not built (${bin})`);
  const i = lessons.findIndex((l) => l.id === 'decode-is-logistics');
  const choiceStep = lessons[i].steps.findIndex((s) => s.predict && s.predict.choices);
  const guessStep = lessons[i].steps.findIndex((s) => s.predict && s.predict.guess);
  const { page, problems } = await openApp(browser, `${srv.base}/?class=${srv.code}&key=${srv.key}`);
  await waitFrames(page, 10);
  await page.waitForFunction(() => window.tokenJourney.state().class.online, null, { timeout: 10000 });
  const phones = [];
  for (let k = 0; k < 3; k++) {
    const p = await browser.newPage(phone);
    await p.goto(`${srv.base}/c/${srv.code}`);
    phones.push(p);
  }
  await page.waitForFunction(() => window.tokenJourney.state().class.connected === 3, null, { timeout: 10000 });

  // The choice question: pushed as the lesson player reaches it.
  assert.equal(await api(page, 'openLesson', i, choiceStep), '');
  await page.waitForFunction(() => window.tokenJourney.state().lesson_answer_held, null, { timeout: 120000 });
  for (const [k, p] of phones.entries()) {
    await p.waitForSelector('.choice', { timeout: 20000 });
    await p.locator('.choice').nth(k === 2 ? 1 : lessons[i].steps[choiceStep].predict.answer).tap();
    await p.waitForFunction(() => !document.getElementById('sent').hidden &&
      /✓/.test(document.getElementById('sent').textContent), null, { timeout: 10000 });
  }
  await page.waitForFunction(() => window.tokenJourney.state().class.answered === 3, null, { timeout: 10000 });
  const c = (await api(page, 'state')).class;
  assert.equal(c.histogram.reduce((a, b) => a + b, 0), 3);
  assert.equal(c.histogram[lessons[i].steps[choiceStep].predict.answer], 2);
  assert.equal(c.histogram[1], 1);
  // The lesson card on the projector shows the same answers under its choices.
  await page.waitForFunction((h) => { const l = window.tokenJourney.state().lesson_class;
    return l && l.answered === 3 && JSON.stringify(l.votes[0]) === JSON.stringify(h); }, c.histogram, { timeout: 10000 });
  await page.screenshot({ path: join(shots, 'class-presenter-card-en.png') });
  await phones[0].screenshot({ path: join(shots, 'class-phone-choice-en.png') });
  // The app's reveal (the clicker's "next") reaches the phones with the lesson's answer.
  await page.focus('#canvas');
  await page.keyboard.press('PageDown');
  await phones[0].waitForSelector('.choice.right', { timeout: 20000 });
  assert.equal(await phones[0].locator('.choice').nth(lessons[i].steps[choiceStep].predict.answer)
    .evaluate((b) => b.classList.contains('right')), true);
  await phones[0].screenshot({ path: join(shots, 'class-phone-reveal-en.png') });
  // A second vote after the reveal: both histograms kept; the panel's reveal closes it.
  await page.waitForFunction(() => window.tokenJourney.state().class.revealed, null, { timeout: 10000 });
  assert.equal(await api(page, 'classRevote'), '');
  await page.waitForFunction(() => window.tokenJourney.state().class.vote === 2, null, { timeout: 10000 });
  await phones[2].waitForSelector('.choice:not([disabled])', { timeout: 10000 });
  await phones[2].locator('.choice').nth(lessons[i].steps[choiceStep].predict.answer).tap();
  await page.waitForFunction(() => window.tokenJourney.state().class.answered === 1, null, { timeout: 10000 });
  const both = (await api(page, 'state')).class.histograms;
  assert.equal(both.length, 2);
  assert.deepEqual(both[0], c.histogram, 'the first vote is kept');
  assert.equal(both[1].reduce((a, b) => a + b, 0), 1);
  await page.waitForFunction((h) => { const l = window.tokenJourney.state().lesson_class;
    return l && l.votes.length === 2 && JSON.stringify(l.votes) === JSON.stringify(h); }, both, { timeout: 10000 });
  await page.screenshot({ path: join(shots, 'class-presenter-card-revote-en.png') });
  assert.equal(await api(page, 'classReveal'), '');
  await page.waitForFunction(() => window.tokenJourney.state().class.revealed, null, { timeout: 10000 });

  // The number question, answered on the log slider in 中文.
  assert.equal(await api(page, 'openLesson', i, guessStep), '');
  await page.waitForFunction(() => window.tokenJourney.state().class.q === 2, null, { timeout: 120000 });
  for (const p of phones) {
    await p.waitForSelector('#guess:not([hidden])', { timeout: 20000 });
    await p.locator('#lang').tap();
    await p.locator('#guess-send').tap();
  }
  await page.waitForFunction(() => window.tokenJourney.state().class.answered === 3, null, { timeout: 10000 });
  assert.equal((await api(page, 'state')).class.histogram.reduce((a, b) => a + b, 0), 3);
  await phones[1].screenshot({ path: join(shots, 'class-phone-guess-zh.png') });
  await page.keyboard.press('PageDown');
  await page.waitForFunction(() => window.tokenJourney.state().lesson_guess.truth > 0, null, { timeout: 120000 });
  const truth = (await api(page, 'state')).lesson_guess.truth;
  await phones[1].waitForFunction(() => !document.getElementById('explain').hidden, null, { timeout: 20000 });
  const said = await phones[1].locator('#explain').textContent();
  assert.match(said, /模型的结果/);
  await phones[1].screenshot({ path: join(shots, 'class-phone-guess-reveal-zh.png') });
  await page.screenshot({ path: join(shots, 'class-presenter.png') });
  const last = (await api(page, 'state')).class;
  assert.equal(last.revealed, true);
  assert.ok(truth > 0);
  assert.deepEqual(problems, []);
  for (const p of phones) await p.close();
  await page.close();
});
