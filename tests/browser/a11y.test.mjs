// a11y.test.mjs — the page for a screen reader and the keyboard (web/static/mirror.js):
// axe-core finds no serious or critical violation on the token scene, the chain, a
// lesson step, the first-visit card and presenter mode; a lesson is taken from its first
// step to its end with the keyboard alone (its questions answered, one slider moved), the
// canvas following; the accessibility tree of a lesson step holds its caption, its figures
// with their values, its question and its choices, in English and in 中文.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useServedApp, openApp, waitFrames, waitVocab, waitState, waitRedrawn, nextFrame } from './browser.mjs';

const app = useServedApp();
const lessons = JSON.parse(readFileSync(new URL('../../assets/lessons.json', import.meta.url), 'utf8')).lessons;
const cache = process.env.TJ_CACHE || join(process.env.HOME, '.cache/token-journey');
const axeSource = readFileSync(join(cache, 'node/node_modules/axe-core/axe.min.js'), 'utf8');
const shots = process.env.SHOTS;

const api = (page, fn, ...args) => page.evaluate(([f, a]) => window.tokenJourney[f](...a), [fn, args]);
const shot = async (page, name) => { if (shots) await page.screenshot({ path: join(shots, name) }); };

// Waits until the mirror has caught up with the app (it refreshes four times a second).
// The screen redrawn after what was asked, then the mirror brought up to date from it
// (refresh is synchronous: the elements are there when it returns).
const settle = async (page) => {
  await waitRedrawn(page, await api(page, 'state'), 'the screen redrawn before the mirror is read');
  await page.evaluate(() => window.TJMirror.refresh());
};

// The serious and critical violations axe-core finds on the page, as "rule: target" lines.
async function axeViolations(page) {
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(axeSource);
  // The lessons' list and the parameters open, so their controls are checked too.
  await page.evaluate(() => document.querySelectorAll('#mirror details').forEach((d) => { d.open = true; }));
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${v.help}`));
}

test('axe-core: no serious or critical violation on the token scene, the chain, a lesson step, the first-visit card, presenter mode', async () => {
  const views = [];
  // A first visit (no link, nothing remembered) shows the card that says where to start.
  {
    const { page, problems } = await openApp(app.browser, app.url);
    await waitFrames(page, 20);
    assert.equal((await api(page, 'state')).welcome, true, 'the first-visit card is up');
    await settle(page);
    assert.ok(await page.locator('#m-welcome button').count() === 3, 'the card\'s three choices are buttons');
    views.push(['first-visit card', await axeViolations(page)]);
    await page.close();
    assert.deepEqual(problems, []);
  }
  const { page, problems } = await openApp(app.browser, app.url + '#s=token');
  await waitFrames(page, 30);
  await waitVocab(page);
  await settle(page);
  views.push(['token scene', await axeViolations(page)]);
  await shot(page, 'a11y-token.png');
  assert.equal(await api(page, 'setScene', 'fab'), '');
  await waitState(page, (st) => st.scene === 'fab', null, 'the chain scene');
  await settle(page);
  views.push(['chain', await axeViolations(page)]);
  assert.equal(await api(page, 'openLesson', 0, 1), '');
  await page.waitForFunction(() => window.tokenJourney.state().jump_progress < 0, null, { timeout: 120000 });
  await settle(page);
  views.push(['lesson step', await axeViolations(page)]);
  assert.equal(await api(page, 'leaveLesson'), '');
  assert.equal(await api(page, 'present', true), '');
  await waitState(page, (st) => st.present && st.lesson === '', null, 'presenter mode, the lesson left');
  await settle(page);
  views.push(['presenter mode', await axeViolations(page)]);
  for (const [view, found] of views) console.log(`axe ${view}: ${found.length} serious or critical`);
  assert.deepEqual(views.filter(([, found]) => found.length), [], 'serious or critical violations');
  assert.deepEqual(problems, []);
});

// Presses Tab (Shift-Tab with back) until the element with this id has the focus.
async function tabTo(page, id, back = false, most = 120) {
  for (let i = 0; i < most; i++) {
    if (await page.evaluate((x) => document.activeElement && document.activeElement.id === x, id)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  assert.fail(`Tab never reached #${id} (the focus is on #${await page.evaluate(() => document.activeElement.id)})`);
}
const text = (page, sel) => page.locator(sel).innerText();
const stepShown = (page) => page.locator('#m-step').innerText();
async function nextStep(page, k) {
  await tabTo(page, 'm-next');
  await page.keyboard.press('Enter');
  await page.waitForFunction((s) => document.getElementById('m-step')?.innerText.startsWith(`Step ${s} `), k, { timeout: 120000 });
}

// A question answered with keys alone: the arrows pick the choice in the radio group,
// Tab reaches Reveal, Enter reveals, and the verdict says it was right.
async function answerByKeys(page, answer) {
  await tabTo(page, 'm-choice-0');
  for (let i = 0; i < answer; i++) await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => !document.getElementById('m-reveal')?.disabled);
  assert.equal(await page.isChecked(`#m-choice-${answer}`), true, 'the right answer is picked');
  await tabTo(page, 'm-reveal');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#m-verdict');
  assert.match(await text(page, '#m-verdict'), /Right/);
}

test('the keyboard alone takes decode-is-logistics from its first step to its end: answers, a guess, a slider', async () => {
  const { page, problems } = await openApp(app.browser, app.url + '#s=token');
  await waitFrames(page, 30);
  await waitVocab(page);
  await settle(page);
  const lesson = lessons.findIndex((l) => l.id === 'decode-is-logistics');
  const steps = lessons[lesson].steps;
  // Lessons menu: Enter opens the list, then the lesson's own button.
  await tabTo(page, 'm-lessons-summary');
  await page.keyboard.press('Enter');
  await tabTo(page, `m-lesson-${lesson}`);
  await shot(page, 'a11y-focus-lesson-button.png');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.getElementById('m-step')?.innerText.startsWith('Step 1 '), null, { timeout: 120000 });
  assert.equal(await text(page, '#m-step-title'), steps[0].title.en);

  // Step 2 asks for a choice: arrows pick it in the radio group, then Reveal.
  await nextStep(page, 2);
  await answerByKeys(page, steps[1].predict.answer);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'm-verdict', 'the focus goes on to the verdict');
  assert.match(await text(page, '#m-announce'), /Answer revealed/);
  const s2 = await api(page, 'state');  // the canvas agrees (read only)
  assert.equal(s2.lesson_choice, steps[1].predict.answer);
  assert.equal(s2.lesson_answer_held, false);

  await nextStep(page, 3);
  // Step 4 asks for a number: the guess slider moves with the arrows, on the card's log scale.
  await nextStep(page, 4);
  await tabTo(page, 'm-guess');
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => !document.getElementById('m-reveal')?.disabled);
  const guessed = await api(page, 'state');
  assert.equal(guessed.lesson_guess.moved, true, 'the canvas has the guess');
  assert.ok(guessed.lesson_guess.value < 0.0316 * 0.5, `the guess went down (${guessed.lesson_guess.value} s)`);
  await shot(page, 'a11y-focus-guess.png');
  await tabTo(page, 'm-reveal');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /×|within/.test(document.getElementById('m-verdict')?.innerText || ''), null, { timeout: 30000 });

  // The last step asks once more (a choice), then "your turn" moves the batch with the
  // arrows; the card's figures follow.
  await nextStep(page, 5);
  await answerByKeys(page, steps[4].predict.answer);
  const before = await api(page, 'state');
  await tabTo(page, 'm-try');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((b) => window.tokenJourney.state().params['token.run.batch'] !== b,
    before.params['token.run.batch'], { timeout: 30000 });
  await page.waitForFunction(() => window.tokenJourney.state().jump_progress < 0, null, { timeout: 120000 });
  assert.ok((await api(page, 'state')).params['token.run.batch'] > before.params['token.run.batch'], 'the slider moved the batch up');
  assert.equal(await page.locator('#m-next').isDisabled(), true, 'the last step has no Next');
  await tabTo(page, 'm-leave');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.tokenJourney.state().lesson === '', null, { timeout: 60000 });
  assert.deepEqual(problems, []);
});

// The accessibility tree of the lesson card holds the step as the canvas shows it.
async function checkSnapshot(page, lang, lesson, k) {
  const st = lessons[lesson].steps[k];
  await settle(page);
  const tree = await page.locator('#m-lesson').ariaSnapshot();
  // The snapshot is YAML: a line with an apostrophe is single-quoted, the apostrophe doubled.
  const has = (s, what) => assert.ok(tree.includes(s) || tree.includes(s.replaceAll("'", "''")),
    `${lang}: the tree has ${what} "${s}":\n${tree}`);
  has(st.text[lang], 'the caption');
  has(st.predict.question[lang], 'the question');
  for (const c of st.predict.choices) has(c[lang], 'a choice');
  const d = await api(page, 'describe');
  const figures = (await api(page, 'state')).lesson_figures;
  assert.equal(d.lesson.figures.length, figures.length);
  d.lesson.figures.forEach((f, i) => {
    assert.equal(f.value, figures[i], 'the mirror\'s figure is the card\'s');
    assert.notEqual(f.value, '?', 'revealed: the figures have values');
    has(`rowheader "${f.label}"`, 'a figure\'s name');
    has(`cell "${f.value}"`, 'a figure\'s value');
  });
  assert.equal(await page.getAttribute('#m-caption', 'lang'), lang === 'zh' ? 'zh-Hans' : 'en');
  return tree;
}

test('the accessibility tree of a lesson step: caption, figures with values, question and choices, in English and 中文', async () => {
  const { page, problems } = await openApp(app.browser, app.url + '#s=token');
  await waitFrames(page, 30);
  await waitVocab(page);
  const lesson = lessons.findIndex((l) => l.id === 'decode-is-logistics');
  assert.equal(await api(page, 'openLesson', lesson, 1), '');
  assert.equal(await api(page, 'lessonChoose', 2), true);
  assert.equal(await api(page, 'lessonReveal'), '');
  await page.waitForFunction(() => window.tokenJourney.state().lesson_figures.every((f) => f !== '?'), null, { timeout: 60000 });
  const en = await checkSnapshot(page, 'en', lesson, 1);
  assert.equal(await api(page, 'setLanguage', 'zh'), 'zh');
  await waitRedrawn(page, await waitState(page, (st) => st.language === 'zh', null, '中文'), 'the card redrawn in 中文');
  await page.evaluate(() => window.TJMirror.refresh());
  const zh = await checkSnapshot(page, 'zh', lesson, 1);
  assert.match(zh, /第 2 步，共 5 步/);
  await shot(page, 'a11y-lesson-zh.png');
  if (shots) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(shots, 'a11y-lesson-tree.txt'), `${en}\n\n${zh}\n`);
  }
  assert.deepEqual(problems, []);
});

// The mirror is off the screen, all of it: a table row wider than its box once showed its
// last figure at a phone's left edge, over the lesson card ("s/week").
test('no word of the mirror reaches the screen, on a phone, in a chain lesson and in the token scene', async () => {
  const page = await app.browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  for (const hash of ['s=fab&lesson=respin-weakest-link&step=0', 's=token&lesson=decode-is-logistics&step=2', 's=fab']) {
    await page.goto(app.url + '#' + hash);
    await waitFrames(page, 30);
    await settle(page);
    const seen = await page.evaluate(() => {
      const out = [];
      for (const el of document.querySelectorAll('#mirror *')) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && r.height > 0 && r.right > 0 && r.left < innerWidth && r.bottom > 0 && r.top < innerHeight &&
            el.childNodes.length && [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
          out.push(`${el.tagName} "${el.textContent.trim().slice(0, 40)}" at [${[r.left, r.top, r.width, r.height].map(Math.round)}]`);
      }
      return out;
    });
    assert.deepEqual(seen, [], `${hash}: the mirror's words on screen`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('keys: SDL takes them only on the canvas, Tab leaves it, and single-key shortcuts can be turned off', async () => {
  const { page, problems } = await openApp(app.browser, app.url + '#s=token');
  await waitFrames(page, 30);
  await settle(page);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'canvas', 'the canvas has the keyboard at first');
  assert.equal(await page.evaluate(() => document.getElementById('canvas').matches(':focus-visible')), false,
    'no ring round the whole picture at first');
  const present = async () => (await api(page, 'state')).present;
  const press = async (key) => {  // the key taken in by whoever has it: the app reads it at its next frame
    await page.keyboard.press(key);
    await nextFrame(page, `the app to take in ${key}`);
  };
  await press('p');
  assert.equal(await present(), true, 'P on the canvas: presenter mode');
  await press('p');
  assert.equal(await present(), false);
  // A key pressed on a control of the page stays there.
  await press('Tab');
  assert.notEqual(await page.evaluate(() => document.activeElement.id), 'canvas', 'Tab leaves the canvas');
  await press('p');
  assert.equal(await present(), false, 'P on a page control does not reach the app');
  await tabTo(page, 'canvas', true);
  assert.deepEqual(await page.evaluate(() => {
    const c = document.getElementById('canvas');
    return [c.matches(':focus-visible'), getComputedStyle(c).outlineStyle, getComputedStyle(c).outlineWidth];
  }), [true, 'solid', '3px'], 'the canvas shows a ring when the keyboard brings the focus back to it');
  await shot(page, 'a11y-focus-canvas.png');
  // Shortcuts off (the mirror's checkbox, Space): P does nothing, Esc and the arrows still act.
  await tabTo(page, 'm-keys');
  await press('Space');
  assert.equal((await api(page, 'describe')).shortcuts, false);
  await tabTo(page, 'canvas', true);
  await press('p');
  assert.equal(await present(), false, 'with the shortcuts off P does nothing');
  assert.equal(await api(page, 'openLesson', 0, 0), '');
  await press('ArrowRight');
  assert.equal((await api(page, 'state')).lesson_step, 1, 'the arrows still move through a lesson');
  await press('Escape');
  assert.equal((await api(page, 'state')).lesson, '', 'Esc still leaves it');
  assert.deepEqual(problems, []);
});

// The distances (CSS px) between the followed token and the map's centre over 40 frames
// once the camera is on it.
const followDistances = (page) => page.evaluate(() => new Promise((done) => {
  const out = [];
  const tick = () => {
    const f = window.tokenJourney.state().follow;
    if (f && f.camera) out.push(Math.hypot(f.x - f.centre[0], f.y - f.centre[1]));
    if (out.length >= 40) done(out); else requestAnimationFrame(tick);
  };
  tick();
}));

test('reduced motion: the follow camera cuts to the token instead of gliding', async () => {
  const far = {};
  for (const reduce of [false, true]) {
    const { page, problems } = await openApp(app.browser, app.url + '#s=token', 1280, 720, reduce ? { reducedMotion: 'reduce' } : {});
    await waitFrames(page, 30);
    await waitVocab(page);
    assert.equal((await api(page, 'state')).reduced_motion, reduce);
    assert.equal(await api(page, 'follow', true), '');
    const d = await followDistances(page);
    far[reduce] = Math.max(...d.slice(0, 10));
    if (reduce) await shot(page, 'a11y-reduced-motion-follow.png');
    await page.close();
    assert.deepEqual(problems, []);
  }
  console.log(`follow: the token's largest distance from the centre in the first frames: glide ${far.false.toFixed(1)} px, cut ${far.true.toFixed(1)} px`);
  assert.ok(far.false > 8, `without reduced motion the camera glides (${far.false} px)`);
  assert.ok(far.true < 1, `with reduced motion the camera is on the token from its first frame (${far.true} px)`);
});

// The controls on the canvas smaller than 24 x 24 CSS px that are not spaced apart
// either (WCAG 2.5.8: a 24 px circle on an undersized target's centre meets no other
// target, nor another undersized target's circle), as "label WxH" lines.
function crowdedSmallTargets(controls) {
  const centre = (r) => [r[0] + r[2] / 2, r[1] + r[3] / 2];
  const small = controls.filter((c) => c.rect[2] < 24 - 1e-3 || c.rect[3] < 24 - 1e-3);
  const meets = (c, r) => {  // the 12 px circle on c's centre against the box r
    const [x, y] = centre(c.rect);
    const dx = Math.max(r[0] - x, 0, x - (r[0] + r[2])), dy = Math.max(r[1] - y, 0, y - (r[1] + r[3]));
    return dx * dx + dy * dy < 144;
  };
  return small.filter((c) => controls.some((o) => o !== c && (meets(c, o.rect) ||
    (small.includes(o) && Math.hypot(...centre(c.rect).map((v, i) => v - centre(o.rect)[i])) < 24))))
    .map((c) => `${c.label || '(no label)'} ${c.rect[2].toFixed(1)}x${c.rect[3].toFixed(1)} at ${c.rect[0].toFixed(0)},${c.rect[1].toFixed(0)}`);
}

// Clicks the middle of a control as a hand would: the pointer over it, pressed and
// released, each taken in by the app before the next.
async function clickControl(page, c) {
  await page.mouse.move(c.rect[0] + c.rect[2] / 2, c.rect[1] + c.rect[3] / 2);
  await nextFrame(page, `the pointer over ${c.label}`);
  await page.mouse.down();
  await nextFrame(page, `${c.label} pressed`);
  await page.mouse.up();
  await nextFrame(page, `${c.label} released`);
}

test('targets: every control on the canvas is at least 24 x 24 CSS px or spaced apart (WCAG 2.5.8), menus open, on a phone and in presenter mode', async () => {
  const found = [];
  const check = async (page, view) => {
    const s = await api(page, 'state');
    assert.ok(s.controls.length > 0 || s.present, `${view}: state().controls lists the canvas's controls`);
    found.push(...crowdedSmallTargets(s.controls).map((t) => `${view}: ${t}`));
    return s;
  };
  const lesson = lessons.findIndex((l) => l.id === 'decode-is-logistics');
  {
    // A tall window: more of the panels' controls on the screen.
    const { page, problems } = await openApp(app.browser, app.url + '#s=token', 1280, 1200);
    await waitFrames(page, 30);
    assert.equal(await api(page, 'setParam', 'token.run.batch', 3), '');  // its slider gets a reset button
    assert.equal(await api(page, 'filterParams', 'batch'), '');  // the filter shows the slider, its group open
    const s = await waitState(page, (st) => st.controls.some((c) => c.label === '↺'), null, 'the reset button beside a moved slider');
    await check(page, 'token scene');
    for (const menu of ['Lessons', 'Share', 'View', 'Help']) {  // each menu of the bar, opened
      const c = s.controls.find((x) => x.label === menu);
      assert.ok(c, `the menu bar has ${menu}`);
      await clickControl(page, c);
      await waitState(page, (st, n) => st.controls.length > n, s.controls.length, `the ${menu} menu open`);
      await check(page, `${menu} menu`);
      await clickControl(page, c);  // a second click closes it
      await waitState(page, (st, n) => st.controls.length === n, s.controls.length, `the ${menu} menu closed`);
    }
    assert.equal(await api(page, 'setScene', 'fab'), '');
    await waitState(page, (st) => st.scene === 'fab' && st.controls.length > 0, null, 'the chain scene');
    await check(page, 'chain');
    assert.equal(await api(page, 'openLesson', lesson, 1), '');
    await waitState(page, (st) => st.lesson_step === 1 && st.jump_progress < 0, null, 'a lesson step with a question', 120000);
    await check(page, 'lesson question');
    await page.close();
    assert.deepEqual(problems, []);
  }
  for (const [view, w, h, device, present] of [['phone', 390, 844, { hasTouch: true, isMobile: true }, false],
    ['presenter', 1920, 1080, {}, true]]) {
    const { page, problems } = await openApp(app.browser, app.url + '#s=token', w, h, device);
    await waitFrames(page, 30);
    if (present) assert.equal(await api(page, 'present', true), '');
    assert.equal(await api(page, 'openLesson', lesson, 1), '');
    // The card drawn: its choices, Reveal, Back and Next are among the controls.
    await waitState(page, (st) => st.lesson_step === 1 && st.jump_progress < 0 && st.controls.length >= 4, null,
      `${view}: the question's card`, 120000);
    await check(page, `${view} lesson`);
    await page.close();
    assert.deepEqual(problems, []);
  }
  assert.deepEqual(found, [], 'controls under 24 x 24 px that are not spaced apart');
});

test('the Share menu with the keyboard alone: A / B on and off, a classic race, the metrics and the scenario saved, the scenario loaded', async () => {
  const { page, problems } = await openApp(app.browser, app.url + '#s=token');
  await waitFrames(page, 30);
  await settle(page);
  await tabTo(page, 'm-share-summary');
  await page.keyboard.press('Enter');
  // A / B: the button says whether it is pressed, and the canvas runs the race.
  await tabTo(page, 'm-compare');
  await page.keyboard.press('Enter');
  await waitState(page, (st) => st.comparing === true, null, 'compare mode on from the mirror');
  await settle(page);
  assert.equal(await page.getAttribute('#m-compare', 'aria-pressed'), 'true');
  await page.keyboard.press('Enter');
  await waitState(page, (st) => st.comparing === false, null, 'compare mode off again');
  await settle(page);
  // A classic race by its name.
  const pairs = (await api(page, 'describe')).race_pairs;
  assert.ok(pairs.length >= 4, 'the token scene has its classic pairs');
  await tabTo(page, `m-race-${pairs[0].id}`);
  await page.keyboard.press('Enter');
  await waitState(page, (st) => st.comparing === true, null, `the race ${pairs[0].id} started from the mirror`);
  assert.equal(await api(page, 'compare', false), false);
  // The files: each a download, as the menu's.
  const download = async (id) => {
    await tabTo(page, id);
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') };
  };
  const csv = await download('m-export_csv');
  assert.match(csv.name, /^token-journey-token-metrics.*\.csv$/);
  assert.ok(csv.text.split('\n').length > 10, 'the metrics CSV has rows');
  const saved = await download('m-save_scenario');
  assert.match(saved.name, /\.json$/);
  assert.equal(JSON.parse(saved.text).scene, 'token');
  // Load it back over a changed batch: the picker opens from the mirror's button.
  const batch = (await api(page, 'state')).params['token.run.batch'];
  assert.equal(await api(page, 'setParam', 'token.run.batch', batch === 3 ? 5 : 3), '');
  await tabTo(page, 'm-load_scenario');
  // Playwright catches the picker only once its listener has reached the browser: a round
  // trip to the page after setting it up, then the key.
  const picked = page.waitForEvent('filechooser');
  await nextFrame(page, 'the file picker\'s listener in place');
  await page.keyboard.press('Enter');
  const chooser = await picked;
  await chooser.setFiles({ name: saved.name, mimeType: 'application/json', buffer: Buffer.from(saved.text) });
  await waitState(page, (st, b) => st.params['token.run.batch'] === b, batch, 'the saved batch back from the loaded scenario');
  assert.equal(await api(page, 'share', 'print'), "unknown share action 'print' (export_csv, export_png, save_scenario, load_scenario)");
  await page.close();
  assert.deepEqual(problems, []);
});
