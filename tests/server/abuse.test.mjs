// abuse.test.mjs — every refusal of the class server says why and changes nothing:
// an unknown class code, a presenter's control without the key (or from a student),
// malformed and oversized messages, a flood from one socket, a class over its stated
// size, a second answer to a vote, answers off the question, the CSV without the key,
// paths out of the served folders. After each, the class's tally is what it was.
// Usage: node abuse.test.mjs path/to/token-journey-server   (loopback only)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadWs, startServer, stopServer, connect, student, presenter, tally, csv } from './class_client.mjs';

const ws = loadWs();
if (!ws) { console.log('SKIPPED: npm package ws missing (scripts/deps.sh --native installs it)'); process.exit(0); }
const bin = process.argv[2];
const kMaxStudents = 3;

const error = (c) => c.next((m) => m.type === 'error' || m.type === 'ack');

test('refusals are clear and change nothing', { timeout: 60000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tj-class-'));
  const srv = await startServer(bin, join(dir, 'class.db'), ['--max-students', String(kMaxStudents)]);
  try {
    const p = await presenter(ws, srv);
    p.send({ type: 'question', lesson: 'decode-is-logistics', step: 1 });
    await p.next((m) => m.type === 'question' && m.q === 1);
    const a = await student(ws, srv);
    assert.equal(a.question.q, 1, 'a student who joins gets the open question');
    a.send({ type: 'answer', q: 1, vote: 1, choice: 1 });
    assert.equal((await error(a)).type, 'ack');
    const before = await tally(p, (m) => m.answered === 1);
    const unchanged = async (what) => {
      const sheet = await csv(srv);
      assert.equal(sheet.text.trim().split('\n').length, 2, `${what}: still one stored answer`);
      p.send({ type: 'question', lesson: 'decode-is-logistics', step: 1 });  // asked already: a tally, no change
      const now = await tally(p, () => true);
      assert.deepEqual([now.q, now.vote, now.answered, now.histograms], [before.q, before.vote, before.answered, before.histograms],
        `${what}: the class is as it was`);
    };

    // Unknown class code: the socket is told and closed; the page is a 404 with a reason.
    const lost = await connect(ws, `${srv.ws}?c=ZZZZ&role=student`);
    const why = await lost.next((m) => m.type === 'error');
    assert.match(why.error, /no class ZZZZ/);
    assert.equal(why.fatal, true);
    assert.equal((await lost.closed).code, 1008);
    const page = await fetch(`${srv.base}/c/ZZZZ`);
    assert.equal(page.status, 404);
    assert.match(await page.text(), /no class ZZZZ/);

    // Controls without the key, or from a student's socket.
    const fake = await connect(ws, `${srv.ws}?c=${srv.code}&role=presenter&key=${'0'.repeat(32)}`);
    assert.match((await fake.next((m) => m.type === 'error')).error, /key is wrong/);
    assert.equal((await fake.closed).code, 1008);
    const nokey = await connect(ws, `${srv.ws}?c=${srv.code}&role=presenter`);
    assert.match((await nokey.next((m) => m.type === 'error')).error, /key is wrong/);
    for (const type of ['reveal', 'revote', 'question']) {
      a.send({ type, lesson: 'decode-is-logistics', step: 3 });
      assert.match((await error(a)).error, /a student sends only "answer"/);
    }
    await unchanged('controls without the key');

    // Malformed messages.
    for (const bad of ['{"type":"answer",', 'not json', '[1,2]', '{"type":3}', '{"type":"answer","q":1,"q":1}']) {
      a.send(bad);
      assert.match((await error(a)).error, /not JSON|JSON object with a "type"/, bad);
    }
    await unchanged('malformed messages');

    // Oversized: over 2048 bytes is refused with the limit named; over 64 KiB closes the socket.
    a.send({ type: 'answer', q: 1, vote: 1, choice: 0, pad: 'x'.repeat(3000) });
    assert.match((await error(a)).error, /over the limit of 2048 bytes/);
    await unchanged('an oversized message');
    const big = await student(ws, srv, a.sid);
    big.send('x'.repeat(100 * 1024));
    assert.equal((await big.closed).code, 1009, 'a frame over 64 KiB closes that socket');
    await unchanged('a frame over 64 KiB');

    // A second answer to the same vote, and answers off the question.
    a.send({ type: 'answer', q: 1, vote: 1, choice: 2 });
    assert.match((await error(a)).error, /answered this vote already/);
    const b = await student(ws, srv);
    for (const [msg, re] of [[{ type: 'answer', q: 1, vote: 1, choice: 7 }, /whole number from 0 to 2/],
      [{ type: 'answer', q: 1, vote: 1, choice: 1.5 }, /whole number/],
      [{ type: 'answer', q: 1, vote: 1, value: 0.1 }, /"choice"/],
      [{ type: 'answer', q: 9, vote: 1, choice: 0 }, /another question/],
      [{ type: 'answer', q: 1, vote: 2, choice: 0 }, /another vote/]]) {
      b.send(msg);
      assert.match((await error(b)).error, re, JSON.stringify(msg));
    }
    await unchanged('a second answer and answers off the question');

    // A flood from one socket (a fresh one, its bucket full): a burst of 20 taken, then
    // 5 a second; the rest refused.
    const f = await student(ws, srv, b.sid);
    for (let i = 0; i < 40; i++) f.send({ type: 'answer', q: 9, vote: 1, choice: 0 });
    const replies = [];
    for (let i = 0; i < 40; i++) replies.push((await error(f)).error);
    const limited = replies.filter((e) => /too many messages: at most 5 a second/.test(e)).length;
    assert.ok(limited >= 15 && limited <= 20, `${limited} of 40 refused by the rate limit`);
    await unchanged('a flood');
    // A flood that goes on is cut off.
    for (let i = 0; i < 200; i++) f.send('{}');
    assert.equal((await f.closed).code, 1008, 'a socket that keeps flooding is closed');
    b.sock.terminate();

    // More students than the class takes (a, b are two; the third fits, the fourth not).
    const c = await student(ws, srv);
    const d = await connect(ws, `${srv.ws}?c=${srv.code}&role=student`);
    assert.match((await d.next((m) => m.type === 'error')).error, new RegExp(`full: at most ${kMaxStudents} students`));
    assert.equal((await d.closed).code, 1008);
    const again = await student(ws, srv, c.sid);
    assert.equal(again.sid, c.sid, 'a student who reconnects is no new student');
    await unchanged('a full class');

    // The answers are the presenter's; files only from the served folders; a class only from this machine.
    assert.equal((await csv(srv, '')).status, 403);
    assert.equal((await csv(srv, 'f'.repeat(32))).status, 403);
    for (const path of ['/student/../../etc/passwd', '/%2e%2e/etc/passwd', '/../CMakeLists.txt']) {
      const res = await fetch(srv.base + path);
      assert.ok(res.status === 400 || res.status === 404, `${path}: ${res.status}`);
    }
    assert.equal((await fetch(`${srv.base}/api/class`)).status, 405, 'GET does not open a class');
    for (const x of [p, a, c, again]) x.sock.terminate();
  } finally {
    await stopServer(srv);
    rmSync(dir, { recursive: true, force: true });
  }
});
