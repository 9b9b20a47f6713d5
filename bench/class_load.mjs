// class_load.mjs — the class server's load benchmark (not a test): N simulated students
// (default 300) on loopback join a class and answer R questions (default 3), each
// question twice: once with the answers spread over a few seconds as a class answers,
// once all at once. It reports the time from a student's answer to the presenter's
// histogram counting it (p50, p99; the k-th tally against the k-th answer sent) and the
// server's memory (resident now, and its peak). Only 127.0.0.1; it stops by itself.
// Usage: node bench/class_load.mjs [--server build/native/token-journey-server]
//          [--students 300] [--rounds 3] [--spread-ms 3000]
// Ends with exit 1 if any answer went uncounted.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadWs, startServer, stopServer, student, presenter } from '../tests/server/class_client.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) =>
  (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const bin = args.server || new URL('../build/native/token-journey-server', import.meta.url).pathname;
const N = Number(args.students || 300);
const rounds = Number(args.rounds || 3);
const spreadMs = Number(args['spread-ms'] || 3000);
const ws = loadWs();
if (!ws) { console.log('SKIPPED: npm package ws missing (scripts/deps.sh --native installs it)'); process.exit(0); }

// Choice questions of the lessons, one per round.
const questions = JSON.parse(readFileSync(new URL('../assets/lessons.json', import.meta.url))).lessons
  .flatMap((l) => l.steps.map((s, step) => ({ lesson: l.id, step, p: s.predict })))
  .filter((q) => q.p && q.p.choices).slice(0, rounds);

const memory = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)[1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
};
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

const dir = mkdtempSync(join(tmpdir(), 'tj-class-bench-'));
const srv = await startServer(bin, join(dir, 'class.db'), ['--max-students', String(N)]);
let failed = 0;
try {
  const idle = memory(srv.proc.pid);
  const p = await presenter(ws, srv);
  const kids = [];
  for (let i = 0; i < N; i += 50)  // join in groups of 50, as a class does in its first minute
    kids.push(...await Promise.all(Array.from({ length: Math.min(50, N - i) }, () => student(ws, srv))));
  const joined = memory(srv.proc.pid);
  const results = { spread: [], burst: [] };
  let q = 0;
  for (const question of questions) {
    q++;  // a new question's number; its second vote keeps it
    for (const mode of ['spread', 'burst']) {
      const vote = mode === 'spread' ? 1 : 2;
      const got = kids.map((k) => k.next((m) => m.type === 'question' && m.q === q && m.vote === vote, 20000));
      p.send(mode === 'spread' ? { type: 'question', lesson: question.lesson, step: question.step } : { type: 'revote' });
      await Promise.all(got);
      const sent = [];
      const counted = new Map();
      p.inbox.length = 0;
      const done = new Promise((ok, fail) => {
        const timer = setTimeout(() => fail(new Error(`${mode}: ${counted.size} of ${N} answers counted in 60 s`)), 60000);
        p.sock.on('message', function onTally(data) {
          const t = JSON.parse(data.toString());
          if (t.type !== 'tally' || t.q !== q || t.vote !== vote) return;
          // A tally waiting to be sent is replaced by a newer one: it counts all answers up to its count.
          for (let k = counted.size + 1; k <= t.answered; k++) counted.set(k, performance.now());
          if (t.answered === N) { clearTimeout(timer); p.sock.off('message', onTally); ok(); }
        });
      });
      const n = question.p.choices.length;
      await Promise.all(kids.map(async (k, i) => {
        if (mode === 'spread') await sleep(Math.random() * spreadMs);
        sent.push(performance.now());
        k.send({ type: 'answer', q, vote, choice: i % n });
      }));
      await done;
      sent.sort((a, b) => a - b);
      for (let k = 1; k <= N; k++) results[mode].push(counted.get(k) - sent[k - 1]);
    }
  }
  const end = memory(srv.proc.pid);
  console.log(`class_load: ${N} students, ${questions.length} questions x 2 votes, loopback ` +
    `(load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores: the clients share them with the server)`);
  for (const mode of ['spread', 'burst'])
    console.log(`  ${mode === 'spread' ? `answers over ${spreadMs / 1000} s` : 'answers all at once'}: ` +
      `answer -> presenter's histogram p50 ${pct(results[mode], 0.5).toFixed(1)} ms, ` +
      `p99 ${pct(results[mode], 0.99).toFixed(1)} ms, max ${Math.max(...results[mode]).toFixed(1)} ms`);
  console.log(`  server memory: ${idle.rss.toFixed(1)} MB idle, ${joined.rss.toFixed(1)} MB with ${N} students, ` +
    `${end.rss.toFixed(1)} MB after ${N * questions.length * 2} answers (peak ${end.peak.toFixed(1)} MB)`);
  for (const k of [p, ...kids]) k.sock.terminate();
} catch (e) {
  console.error('class_load: ' + e.message);
  failed = 1;
} finally {
  await stopServer(srv);
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed);
