// fault.test.mjs — the class server killed with SIGKILL in the middle of a vote and
// started again on the same database: every answer a student was told was stored is
// there, nothing twice, the question and vote go on, students who come back (with
// their ids) see their own answers, the others answer, and the presenter's histogram
// counts them all.
// Usage: node fault.test.mjs path/to/token-journey-server   (loopback only)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadWs, startServer, stopServer, student, presenter, tally, csv } from './class_client.mjs';

const ws = loadWs();
if (!ws) { console.log('SKIPPED: npm package ws missing (scripts/deps.sh --native installs it)'); process.exit(0); }
const bin = process.argv[2];
const kStudents = 20;

const sidsOf = (sheet) => sheet.text.trim().split('\n').slice(1).map((r) => r.split(',')[5]);

test('SIGKILL mid-vote loses no stored answer and the class goes on', { timeout: 60000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tj-class-'));
  const db = join(dir, 'class.db');
  let srv = await startServer(bin, db);
  try {
    const code = srv.code;
    let p = await presenter(ws, srv);
    p.send({ type: 'question', lesson: 'speculative-decoding', step: 1 });
    await p.next((m) => m.type === 'question' && m.q === 1);
    const kids = [];
    for (let i = 0; i < kStudents; i++) kids.push(await student(ws, srv));
    const sids = kids.map((k) => k.sid);
    const choiceOf = (i) => i % 4;

    // All send; the server is killed once half of them have heard "stored".
    const acked = new Set();
    let half;
    const halfAcked = new Promise((ok) => { half = ok; });
    kids.forEach((k, i) => k.next((m) => m.type === 'ack', 10000).then(() => {
      acked.add(sids[i]);
      if (acked.size >= kStudents / 2) half();
    }, () => {}));
    kids.forEach((k, i) => k.send({ type: 'answer', q: 1, vote: 1, choice: choiceOf(i) }));
    await halfAcked;
    const ackedBeforeKill = new Set(acked);
    const exit = await stopServer(srv, 'SIGKILL');
    assert.equal(exit.signal, 'SIGKILL');
    await Promise.all(kids.map((k) => k.closed));

    // Started again on the same database: the same class, resumed.
    srv = await startServer(bin, db);
    assert.equal(srv.code, code);
    assert.match(srv.out, new RegExp(`resumed class ${code} \\(${kStudents} students`));
    const stored = sidsOf(await csv(srv));
    assert.equal(new Set(stored).size, stored.length, 'no answer stored twice');
    for (const sid of ackedBeforeKill) assert.ok(stored.includes(sid), `the acknowledged answer of ${sid} is stored`);
    for (const sid of stored) assert.ok(sids.includes(sid));
    console.log(`# killed with ${ackedBeforeKill.size} answers acknowledged; ${stored.length} stored`);

    // Everyone comes back; the question is sent again, with each one's own answer if stored.
    p = await presenter(ws, srv);
    assert.equal(p.question.q, 1);
    assert.equal(p.question.vote, 1);
    const back = [];
    for (let i = 0; i < kStudents; i++) back.push(await student(ws, srv, sids[i]));
    back.forEach((b, i) => {
      assert.equal(b.sid, sids[i], 'a returning student keeps their id');
      assert.equal(b.question.q, 1);
      if (stored.includes(sids[i])) assert.deepEqual(b.question.mine, { choice: choiceOf(i) });
      else assert.equal(b.question.mine, null);
    });
    const missing = back.filter((b, i) => !stored.includes(sids[i]));
    for (const b of missing) b.send({ type: 'answer', q: 1, vote: 1, choice: choiceOf(sids.indexOf(b.sid)) });
    for (const b of missing) assert.equal((await b.next((m) => m.type === 'ack' || m.type === 'error')).type, 'ack');
    const t = await tally(p, (m) => m.answered === kStudents);
    assert.deepEqual(t.histogram, [5, 5, 5, 5]);
    assert.equal(t.students, kStudents);
    const all = sidsOf(await csv(srv));
    assert.deepEqual([...all].sort(), [...sids].sort(), 'every student answered exactly once');
    for (const x of [p, ...back]) x.sock.terminate();
  } finally {
    await stopServer(srv);
    rmSync(dir, { recursive: true, force: true });
  }
});
