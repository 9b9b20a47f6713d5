// race.test.mjs — compare as a race in the browser build: a classic pair puts A and
// B on two maps side by side (stacked on a tall, narrow window), each with its own
// parcels, named as the pair says, with the headline numbers' winners (the
// wafer-scale chip makes each token faster than the H100); a link carries the race
// to a new page; the chain races respin against no respin on two chain maps and stops
// a few weeks after the respin's backlog is gone, or where the speaker ends it, saying
// who finished ahead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useServedApp, openScene, waitState, nextFrame, imageStats } from './browser.mjs';

const shots = process.env.SHOTS;
const app = useServedApp();

const api = (page, fn, ...args) => page.evaluate(([f, a]) => window.tokenJourney[f](...a), [fn, args]);

// Waits until both maps have parcels and both runs a value for each of these
// headline numbers (all when none are named).
async function waitNumbers(page, metrics = []) {
  return waitState(page, (s, ids) => {
    const r = s.race;
    return r && r.numbers && r.maps.length === 2 && r.maps.every((m) => m.parcels > 0) &&
      r.numbers.filter((n) => !ids.length || ids.includes(n.metric)).every((n) => n.a > 0 && n.b > 0);
  }, metrics, `both maps' parcels and ${metrics.length ? metrics.join(', ') : 'every headline number'} for A and B`, 180000);
}

const overlap = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

test('H100 against WSE-3: two maps with their own parcels, the winner per number', async () => {
  const { page, problems } = await openScene(app.browser, app.url, 'token');
  assert.equal(await api(page, 'comparePair', 'h100_wse3'), '');
  // Until both runs have a time per token, a number that waits for tokens is neither shown
  // nor judged: one token's static energy over a few microseconds read "A 214× less energy".
  const early = await page.evaluate(() => new Promise((done, fail) => {
    const seen = [], t0 = performance.now();
    const tick = () => {
      const [tpot, , energy] = window.tokenJourney.state().race?.numbers ?? [];
      if (tpot && (tpot.a === 0 || tpot.b === 0)) seen.push({ a: energy.a, b: energy.b, winner: energy.winner });
      if (tpot && tpot.a > 0 && tpot.b > 0) done(seen);
      else if (performance.now() - t0 > 180000) fail(new Error('timed out waiting for both runs\' time per token (180 s)'));
      else requestAnimationFrame(tick);
    };
    tick();
  }));
  assert.ok(early.length > 0, 'the race is seen before its first time per token');
  for (const e of early) assert.deepEqual(e, { a: 0, b: 0, winner: '' }, 'energy per token waits for the time per token');
  const s = await waitNumbers(page);
  assert.equal(s.comparing, true);
  const [a, b] = s.race.maps;
  assert.equal(s.race.maps.length, 2);
  assert.equal(a.label, 'NVIDIA H100 SXM');
  assert.equal(b.label, 'Cerebras WSE-3');
  assert.equal(s.params['token.mesh.x'], 12, "A's parameters are the H100's");
  assert.ok(!overlap(a, b), 'the maps do not overlap');
  assert.ok(b.x >= a.x + a.w && Math.abs(a.y - b.y) < 1, 'side by side on a wide window');
  for (const m of s.race.maps) {
    assert.ok(m.x >= 0 && m.y >= 0 && m.x + m.w <= 1280 && m.y + m.h <= 720, `map inside the window: ${JSON.stringify(m)}`);
    assert.ok(m.w > 500 && m.h > 500, `a map large enough to read: ${m.w} x ${m.h}`);
    assert.ok(m.parcels > 0, `parcels on the ${m.label} map`);
    // The stations' names, placed by the maps' one placer: several shown, none over another.
    const names = Object.entries(m.labels ?? {});
    assert.ok(names.length >= 5, `${m.label}: the stations are named (${names.length})`);
    for (const [ia, a] of names)
      for (const [ib, b] of names)
        assert.ok(ia === ib || !overlap({ x: a.rect[0], y: a.rect[1], w: a.rect[2], h: a.rect[3] }, { x: b.rect[0], y: b.rect[1], w: b.rect[2], h: b.rect[3] }),
          `${m.label}: ${ia} overlaps ${ib}`);
    const clip = { x: m.x + 10, y: m.y + m.h * 0.35, width: m.w - 20, height: m.h * 0.6 };
    const stats = await imageStats(page, await page.screenshot({ clip }));
    assert.ok(stats.variance > 100, `the ${m.label} map is drawn (variance ${stats.variance.toFixed(1)})`);
  }
  const tpot = s.race.numbers.find((n) => n.metric === 'tpot_chip_mean_s');
  assert.ok(tpot.b < tpot.a, `B's time per token ${tpot.b} below A's ${tpot.a}`);
  assert.equal(tpot.winner, 'B', 'the wafer-scale chip is faster per token');
  assert.ok(Math.abs(tpot.ratio - tpot.a / tpot.b) < 1e-6 * tpot.ratio, 'the ratio is A over B');
  assert.match(tpot.words, /^B \d[\d.]*× faster$/);
  assert.deepEqual(s.race.numbers.map((n) => n.metric), ['tpot_chip_mean_s', 'tok_s_total', 'energy_pj_per_token_total']);
  if (shots) await page.screenshot({ path: join(shots, 'web-race-token.png') });

  // A link carries the race: a new page shows the same pair, named the same.
  const link = await api(page, 'link');
  assert.match(link, /cmp=1/);
  const { page: again, problems: againProblems } = await openScene(app.browser, app.url, 'token', '#' + link);
  const t = await waitNumbers(again);
  assert.deepEqual(t.race.maps.map((m) => m.label), ['NVIDIA H100 SXM', 'Cerebras WSE-3']);
  assert.equal(t.race.numbers[0].winner, 'B');
  assert.deepEqual(againProblems, []);
  await again.close();

  // Unknown pairs and pairs of the other scene are refused; compare off leaves no race.
  assert.match(await api(page, 'comparePair', 'respin'), /unknown pair/);
  assert.match(await api(page, 'comparePair', 'nope'), /unknown pair/);
  assert.equal((await api(page, 'state')).race.maps[0].label, 'NVIDIA H100 SXM', 'a refusal changes nothing');
  assert.equal(await api(page, 'compare', false), false);
  assert.equal((await waitState(page, (st) => st.race === undefined, null, 'compare off to end the race')).race, undefined);
  assert.deepEqual(problems, []);
  await page.close();
});

test('each map takes only its own pointer: a drag pans the map it started on, a wheel zooms the map under it', async () => {
  const { page, problems } = await openScene(app.browser, app.url, 'token');
  assert.equal(await api(page, 'comparePair', 'h100_wse3'), '');
  const s = await waitNumbers(page);
  const [a, b] = s.race.maps;
  const views = async () => (await api(page, 'state')).race.maps.map((m) => ({ zoom: m.zoom, x: m.pan_x, y: m.pan_y }));
  const before = await views();
  // A drag that starts low on A's map and ends on B's.
  const y = a.y + a.h * 0.8;
  await page.mouse.move(a.x + a.w * 0.5, y);
  await page.mouse.down();
  for (let k = 1; k <= 10; k++) await page.mouse.move(a.x + a.w * 0.5 + (b.x + b.w * 0.5 - (a.x + a.w * 0.5)) * k / 10, y);
  await page.mouse.up();
  await nextFrame(page, 'the drag taken in');
  await waitState(page, (st, x) => st.race.maps[0].pan_x > x + 100, before[0].x, 'A to pan with the drag');
  const dragged = await views();
  assert.ok(dragged[0].x > before[0].x + 100, `A pans with the drag that started on it: ${before[0].x} -> ${dragged[0].x}`);
  assert.deepEqual(dragged[1], before[1], 'B does not pan for a drag that started on A');
  // A wheel over B's map zooms B alone.
  await page.mouse.move(b.x + b.w * 0.5, b.y + b.h * 0.8);
  await page.mouse.wheel(0, -300);
  await waitState(page, (st, z) => st.race.maps[1].zoom > z * 1.1, dragged[1].zoom, 'B to zoom under the wheel');
  const wheeled = await views();
  assert.ok(wheeled[1].zoom > dragged[1].zoom * 1.1, `B zooms under the wheel: ${dragged[1].zoom} -> ${wheeled[1].zoom}`);
  assert.deepEqual(wheeled[0], dragged[0], 'A does not zoom for a wheel over B');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a station under the pointer on either map brings up its card, with that run\'s numbers', async () => {
  const { page, problems } = await openScene(app.browser, app.url, 'fab');
  assert.equal(await api(page, 'comparePair', 'respin'), '');
  const s = await waitNumbers(page, ['cum_shipped_gpus']);
  for (const side of [1, 0]) {
    const [x, y] = s.race.maps[side].stations.pack;
    await page.mouse.move(x - 30, y - 30);
    await page.mouse.move(x + 2, y + 1, { steps: 4 });
    const t = await waitState(page, (st, k) => st.race.maps[k].hovered === 'pack' && st.card === 'pack', side,
      `the packaging card of map ${side ? 'B' : 'A'}`);
    assert.equal(t.card, 'pack', 'the packaging card is up');
    assert.equal(t.race.maps[1 - side].hovered, '', 'the other map has no station under the pointer');
    if (shots && side === 1) await page.screenshot({ path: join(shots, 'web-race-card.png') });
  }
  // Away from every station: no card.
  const b = s.race.maps[1];
  await page.mouse.move(b.x + 4, b.y + 4, { steps: 4 });
  await waitState(page, (st) => st.card === '', null, 'the card gone away from every station');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a tall, narrow window stacks the maps; batch 1 against 64 names the batch', async () => {
  const { page, problems } = await openScene(app.browser, app.url, 'token', '#s=token', 600, 900);
  assert.equal(await api(page, 'comparePair', 'batch_1_64'), '');
  const s = await waitNumbers(page);
  const [a, b] = s.race.maps;
  assert.ok(b.y >= a.y + a.h && Math.abs(a.x - b.x) < 1, `stacked: ${JSON.stringify(s.race.maps)}`);
  assert.match(a.label, /= 1 seq$/);
  assert.match(b.label, /= 64 seq$/);
  const perSecond = s.race.numbers.find((n) => n.metric === 'tok_s_total');
  assert.equal(perSecond.winner, 'B', 'batch 64 makes more tokens per second');
  if (shots) await page.screenshot({ path: join(shots, 'web-race-stacked.png') });
  assert.deepEqual(problems, []);
  await page.close();
});

test('the chain races respin against no flaw on two chain maps, ends after the backlog with who finished ahead, in Chinese too', async () => {
  const { page, problems } = await openScene(app.browser, app.url, 'fab');
  assert.equal(await api(page, 'comparePair', 'respin'), '');
  const s = await waitNumbers(page, ['cum_shipped_gpus']);
  assert.deepEqual(s.race.maps.map((m) => m.label), ['2024 record (illustrative)', 'No flaw (no respin)']);
  assert.deepEqual(s.race.numbers.map((n) => n.metric), ['cum_shipped_gpus', 'backlog_gpus', 'peak_backlog_gpus']);
  // Each run on the chain's own map: its buildings' names and states, its piles, its week.
  for (const m of s.race.maps) {
    const words = m.labels ?? {};
    assert.deepEqual(words.pack?.texts[0], 'Packaging', `${m.label}: the buildings are named`);
    assert.ok(Object.keys(words).filter((id) => id.startsWith('pile:')).length >= 8, `${m.label}: the piles are counted`);
    assert.match(words.week?.texts[0] ?? '', /^Week \d+$/, `${m.label}: the week`);
  }
  assert.equal(s.race.finished, '', 'the race has not ended');
  // Run fast: the race pauses a few weeks after the respin's backlog is gone, and says who finished ahead.
  await api(page, 'setLens', 1e12);
  const end = await waitState(page, (st) => st.race.finished !== '', null, 'the race ended', 180000);
  const [shipped, backlog] = end.race.numbers;
  assert.equal(end.playing, false, 'the race paused at its end');
  assert.ok(backlog.a === 0 && backlog.b === 0, `both backlogs gone (${backlog.a}, ${backlog.b})`);
  assert.ok(end.metrics.week > 100 && end.metrics.week < 156, `the race ended in week ${end.metrics.week}`);
  assert.match(end.race.finished, /^Race over: B finished ahead by [\d.]+k GPUs \(Shipped\); A's backlog peaked at 1[\d.]+k GPUs$/);
  assert.equal(shipped.winner, 'B');
  assert.match(shipped.words, /^B [\d.]+k GPUs more$/, 'ahead by how many, not how many times');
  assert.ok(end.race.numbers[2].a > 50000 && end.race.numbers[2].b === 0, 'the respin\'s peak backlog stays in view');
  // The maps' words, placed as on the scene's map: none over another station's.
  const apart = (a, b) => Math.min(a[0] + a[2], b[0] + b[2]) - Math.max(a[0], b[0]) <= 0.5 ||
    Math.min(a[1] + a[3], b[1] + b[3]) - Math.max(a[1], b[1]) <= 0.5;
  for (const m of end.race.maps) {
    const parts = Object.entries(m.labels).flatMap(([id, l]) => l.parts.map((rect) => ({ id, rect })));
    for (const a of parts)
      for (const b of parts)
        assert.ok(a.id === b.id || apart(a.rect, b.rect), `${m.label}: ${a.id} [${a.rect.map(Math.round)}] overlaps ${b.id}`);
  }
  if (shots) await page.screenshot({ path: join(shots, 'web-race-fab-end.png') });
  assert.equal(await api(page, 'setLanguage', 'zh'), 'zh');
  const z = await waitState(page, (st, en) => st.race.maps[1].label !== en, s.race.maps[1].label, 'the race in Chinese');
  assert.equal(z.race.maps[1].label, '无缺陷（无需重新流片）');
  if (shots) await page.screenshot({ path: join(shots, 'web-race-fab-zh.png') });
  assert.deepEqual(problems, []);
  await page.close();
});

test('"End here" ends a race where the speaker stops it: paused at that week, with who is ahead', async () => {
  const { page, problems } = await openScene(app.browser, app.url, 'fab');
  assert.match(await api(page, 'raceEnd'), /no race under way/, 'no race to end before compare');
  assert.equal(await api(page, 'comparePair', 'respin'), '');
  await waitNumbers(page, ['cum_shipped_gpus']);
  // Run fast to the middle of the story, past the respin's hold: B (no flaw) is ahead.
  await api(page, 'setLens', 1e7);
  const mid = await waitState(page, (st) => st.metrics.week > 60, null, 'the race past week 60', 180000);
  assert.equal(mid.race.finished, '', 'the race has not ended by itself');
  assert.equal(await api(page, 'raceEnd'), '');
  const end = await waitState(page, (st) => st.race.finished !== '', null, 'the race ended where asked');
  assert.equal(end.playing, false, 'the race paused at the end asked for');
  assert.ok(end.metrics.week < 100, `ended where asked, in week ${end.metrics.week}, not after the backlog`);
  assert.match(end.race.finished, /^Race over: B finished ahead by [\d.]+k GPUs \(Shipped\)/);
  assert.deepEqual(problems, []);
  await page.close();
});
