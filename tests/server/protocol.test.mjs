// protocol.test.mjs — one class through the whole protocol: the presenter asks a
// lesson's choice question, three students answer, the presenter's histogram and count
// follow, the reveal sends the lesson's answer, a second vote keeps both histograms;
// then a number question on its log scale, its bins and its revealed value; the CSV
// holds every answer; a student who comes back gets the question with their answer.
// Usage: node protocol.test.mjs path/to/token-journey-server   (loopback only)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { get } from 'node:http';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadWs, startServer, stopServer, student, presenter, tally, csv } from './class_client.mjs';

const ws = loadWs();
if (!ws) { console.log('SKIPPED: npm package ws missing (scripts/deps.sh --native installs it)'); process.exit(0); }
const bin = process.argv[2];
const lessons = JSON.parse(readFileSync(new URL('../../assets/lessons.json', import.meta.url))).lessons;
const lesson = lessons.find((l) => l.id === 'decode-is-logistics');

// A GET with the given Accept-Encoding: {status, headers, bytes} as sent (not decoded).
const raw = (url, accept) => new Promise((ok, fail) => {
  get(url, { headers: { 'Accept-Encoding': accept } }, (res) => {
    const parts = [];
    res.on('data', (d) => parts.push(d));
    res.on('end', () => ok({ status: res.statusCode, headers: res.headers, bytes: Buffer.concat(parts) }));
  }).on('error', fail);
});

test('the web build compressed where the browser takes it, the student page light', { timeout: 30000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tj-class-'));
  const web = join(dir, 'web');
  mkdirSync(web);
  const page = '<!doctype html><title>t</title>' + 'x'.repeat(4000);
  writeFileSync(join(web, 'index.html'), page);
  writeFileSync(join(web, 'index.html.gz'), gzipSync(page));
  const srv = await startServer(bin, join(dir, 'class.db'), ['--web', web]);
  try {
    const gz = await raw(`${srv.base}/`, 'gzip, br');
    assert.equal(gz.status, 200);
    assert.equal(gz.headers['content-encoding'], 'gzip', 'no .br copy here: gzip');
    assert.equal(gz.headers['x-unencoded-length'], String(page.length));
    assert.ok(gz.bytes.length < page.length / 10);
    const plain = await raw(`${srv.base}/index.html`, 'gzip;q=0');
    assert.equal(plain.headers['content-encoding'], undefined, 'q=0 refuses gzip');
    assert.equal(plain.bytes.toString(), page);
    // The student page and everything it loads: well under 100 KB, no WebAssembly.
    const html = await raw(`${srv.base}/c/${srv.code}`, 'identity');
    assert.equal(html.status, 200);
    const text = html.bytes.toString();
    assert.ok(!/wasm/i.test(text));
    const assets = [...text.matchAll(/(?:src|href)="(\/student\/[^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(assets.sort(), ['/student/student.css', '/student/student.js']);
    let total = html.bytes.length;
    for (const a of assets) {
      const r = await raw(srv.base + a, 'identity');
      assert.equal(r.status, 200, a);
      total += r.bytes.length;
    }
    assert.ok(total < 30 * 1024, `the student page is ${total} bytes`);
    // SIGTERM with sockets open ends the server cleanly (exit 0; under the sanitizers too).
    const open = [await presenter(ws, srv), await student(ws, srv)];
    const exit = await stopServer(srv);
    assert.deepEqual(exit, { code: 0, signal: null });
    await Promise.all(open.map((c) => c.closed));
  } finally {
    srv.proc.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('question, answers, histogram, reveal, second vote, number guess, CSV', { timeout: 60000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tj-class-'));
  const srv = await startServer(bin, join(dir, 'class.db'));
  try {
    const p = await presenter(ws, srv);
    assert.equal(p.question.q, 0, 'no question before the presenter asks');
    const kids = [await student(ws, srv), await student(ws, srv), await student(ws, srv)];
    assert.equal(new Set(kids.map((k) => k.sid)).size, 3, 'each student gets an id of their own');
    const join = /Students open: +(\S+)/.exec(srv.out)[1];
    assert.equal(join, `${srv.base}/c/${srv.code}`, 'the join address holds the code and nothing else');

    // Vote 1 on a choice question.
    p.send({ type: 'question', lesson: 'decode-is-logistics', step: 1 });
    const qs = await Promise.all(kids.map((k) => k.next((m) => m.type === 'question' && m.q === 1)));
    for (const q of qs) {
      assert.equal(q.kind, 'choice');
      assert.equal(q.vote, 1);
      assert.equal(q.choices.length, lesson.steps[1].predict.choices.length);
      assert.equal(q.text.en, lesson.steps[1].predict.question.en);
      assert.equal(q.text.zh, lesson.steps[1].predict.question.zh);
      assert.equal(q.answer, undefined, 'the answer waits for the reveal');
      assert.equal(q.mine, null);
    }
    const picks = [0, 2, 2];
    kids.forEach((k, i) => k.send({ type: 'answer', q: 1, vote: 1, choice: picks[i] }));
    for (const k of kids) assert.equal((await k.next((m) => m.type === 'ack' || m.type === 'error')).type, 'ack');
    let t = await tally(p, (m) => m.answered === 3);
    assert.deepEqual(t.histogram, [1, 0, 2]);
    assert.equal(t.students, 3);
    assert.equal(t.connected, 3);

    // Reveal: the lesson's answer and its explanation reach the students.
    p.send({ type: 'reveal' });
    const rev = await kids[0].next((m) => m.type === 'question' && m.revealed);
    assert.equal(rev.answer, lesson.steps[1].predict.answer);
    assert.equal(rev.explain.en, lesson.steps[1].predict.explain.en);
    assert.deepEqual(rev.mine, { choice: 0 });

    // Vote 2 after discussion: a fresh histogram, the first one kept.
    p.send({ type: 'revote' });
    const v2 = await Promise.all(kids.map((k) => k.next((m) => m.type === 'question' && m.vote === 2)));
    assert.ok(v2.every((q) => q.mine === null && !q.revealed));
    kids.forEach((k) => k.send({ type: 'answer', q: 1, vote: 2, choice: 2 }));
    for (const k of kids) assert.equal((await k.next((m) => m.type === 'ack' || m.type === 'error')).type, 'ack');
    t = await tally(p, (m) => m.vote === 2 && m.answered === 3);
    assert.deepEqual(t.histograms, [[1, 0, 2], [0, 0, 3]]);

    // A number question: bins of equal width on the log scale [0.001, 1].
    p.send({ type: 'question', lesson: 'decode-is-logistics', step: 3 });
    const g = await kids[0].next((m) => m.type === 'question' && m.q === 2);
    assert.equal(g.kind, 'guess');
    assert.equal(g.lo, lesson.steps[3].predict.guess.min);
    assert.equal(g.hi, lesson.steps[3].predict.guess.max);
    assert.equal(g.bins, 10);
    [0.001, 0.2, 1].forEach((v, i) => kids[i].send({ type: 'answer', q: 2, vote: 1, value: v }));
    t = await tally(p, (m) => m.q === 2 && m.answered === 3);
    assert.deepEqual(t.histogram, [1, 0, 0, 0, 0, 0, 0, 1, 0, 1]);  // 0.2: 10 log(200)/log(1000) = 7.7
    p.send({ type: 'reveal' });
    assert.match((await p.next((m) => m.type === 'error')).error, /needs "truth"/);
    p.send({ type: 'reveal', truth: 0.0123 });
    const gr = await kids[1].next((m) => m.type === 'question' && m.q === 2 && m.revealed);
    assert.equal(gr.truth, 0.0123);

    // A student who comes back (same id) finds the question and their own answer.
    await kids[1].close();
    const back = await student(ws, srv, kids[1].sid);
    assert.equal(back.sid, kids[1].sid);
    assert.equal(back.question.q, 2);
    assert.deepEqual(back.question.mine, { value: 0.2 });

    // The CSV: a header and nine answers, by student id, no names.
    const sheet = await csv(srv);
    assert.equal(sheet.status, 200);
    const rows = sheet.text.trim().split('\n');
    assert.equal(rows[0], 'class,question,lesson,step,vote,student,choice,value,time_ms');
    assert.equal(rows.length, 10);
    assert.equal(rows.filter((r) => r.includes(',decode-is-logistics,3,1,')).length, 3);
    for (const c of [p, back, kids[0], kids[2]]) c.sock.terminate();
  } finally {
    await stopServer(srv);
    rmSync(dir, { recursive: true, force: true });
  }
});

// The QR code a phone scans: the server's SVG, drawn to pixels at 8 per module, read by
// ZBar (zbarimg, a decoder independent of the encoder): it gives back the join address.
test('the QR code scans back to the students\' join address', { timeout: 30000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tj-class-'));
  const srv = await startServer(bin, join(dir, 'class.db'));
  try {
    const joinUrl = /Students open:\s+(\S+)/.exec(srv.out)[1];
    assert.equal(joinUrl, `${srv.base}/c/${srv.code}`);
    const svg = (await raw(`${srv.base}/api/class/${srv.code}/qr.svg`, 'identity')).bytes.toString();
    const n = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)[1]);
    const scale = 8, side = n * scale;
    const pixels = Buffer.alloc(side * side, 255);
    let dark = 0;
    for (const [, x, y] of svg.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
      dark++;
      for (let dy = 0; dy < scale; dy++) pixels.fill(0, (Number(y) * scale + dy) * side + Number(x) * scale, (Number(y) * scale + dy) * side + (Number(x) + 1) * scale);
    }
    assert.ok(dark > n, `the code has dark modules (${dark} of ${n * n})`);
    const pgm = join(dir, 'qr.pgm');
    writeFileSync(pgm, Buffer.concat([Buffer.from(`P5\n${side} ${side}\n255\n`), pixels]));
    let read;
    try {
      read = execFileSync('zbarimg', ['--raw', '-q', pgm], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
    } catch (e) {
      throw new Error(`zbarimg could not read the QR code (scripts/deps.sh --native installs zbar-tools): ${e.message}`);
    }
    assert.equal(read, joinUrl, 'the decoded QR code is the join address');
  } finally {
    await stopServer(srv);
    rmSync(dir, { recursive: true, force: true });
  }
});
