// class_client.mjs — what the class server's tests and its load benchmark share:
// start token-journey-server on 127.0.0.1 with a port of its choosing and a given
// database, read the addresses it prints, and talk to it over WebSocket (npm's ws,
// installed by scripts/deps.sh into the cache, as the browser tests' packages are).
//
// Usage:
//   const ws = loadWs();                       // null when ws is not installed
//   const srv = await startServer(bin, dbPath, ['--max-students', '3']);
//   const p = await connect(ws, `${srv.ws}?c=${srv.code}&role=presenter&key=${srv.key}`);
//   p.send({ type: 'question', lesson: 'decode-is-logistics', step: 1 });
//   const tally = await p.next((m) => m.type === 'tally' && m.answered === 3);
//   await stopServer(srv, 'SIGKILL');
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

export function loadWs() {
  const cache = process.env.TJ_CACHE || join(process.env.HOME, '.cache/token-journey');
  try {
    return require(join(cache, 'node/node_modules/ws'));
  } catch {
    return null;
  }
}

// Starts the server; resolves once it has printed its addresses (within 10 s).
export function startServer(bin, db, extra = []) {
  const proc = spawn(bin, ['--bind', '127.0.0.1', '--port', '0', '--db', db, ...extra],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  process.on('exit', () => proc.kill('SIGKILL'));
  let out = '';
  proc.stderr.on('data', (d) => { out += d; });
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('the server printed no addresses in 10 s:\n' + out)), 10000);
    proc.stdout.on('data', (d) => {
      out += d;
      const base = /^serving (http:\/\/127\.0\.0\.1:\d+)\//m.exec(out);
      const cls = /class ([A-Z0-9]{4}) \(/.exec(out);
      const key = /\/\?class=[A-Z0-9]{4}&key=([0-9a-f]+)/.exec(out);
      if (base && cls && key && /Answers as CSV/.test(out)) {
        clearTimeout(timer);
        ok({ proc, out, base: base[1], ws: base[1].replace('http:', 'ws:') + '/ws', code: cls[1], key: key[1],
          exited: new Promise((done) => proc.on('exit', (code, signal) => done({ code, signal }))) });
      }
    });
    proc.on('exit', (code) => { clearTimeout(timer); fail(new Error(`the server ended (${code}):\n${out}`)); });
  });
}

export async function stopServer(srv, signal = 'SIGTERM') {
  srv.proc.kill(signal);
  return srv.exited;
}

// A WebSocket client that keeps every message it gets: next(pred) waits for the
// first message not yet taken that matches pred (and takes it).
export function connect(ws, url, timeoutMs = 5000) {
  const sock = new ws(url);
  const inbox = [];
  const waiters = [];
  const client = {
    sock, inbox,
    closed: new Promise((done) => sock.on('close', (code, reason) => done({ code, reason: reason.toString() }))),
    send(obj) { sock.send(typeof obj === 'string' ? obj : JSON.stringify(obj)); },
    next(pred = () => true, ms = timeoutMs) {
      const i = inbox.findIndex(pred);
      if (i >= 0) return Promise.resolve(inbox.splice(i, 1)[0]);
      return new Promise((ok, fail) => {
        const w = { pred, ok, fail, timer: setTimeout(() => {
          waiters.splice(waiters.indexOf(w), 1);
          fail(new Error(`no matching message in ${ms} ms; got ${JSON.stringify(inbox).slice(0, 600)}`));
        }, ms) };
        waiters.push(w);
      });
    },
    close() { sock.close(); return client.closed; },
  };
  sock.on('close', () => {  // nothing more will come: waiters fail now, not at their timeout
    for (const w of waiters.splice(0)) {
      clearTimeout(w.timer);
      w.fail(new Error(`the socket closed; got ${JSON.stringify(inbox).slice(0, 600)}`));
    }
  });
  sock.on('message', (data) => {
    const msg = JSON.parse(data.toString());
    const w = waiters.find((x) => x.pred(msg));
    if (w) {
      waiters.splice(waiters.indexOf(w), 1);
      clearTimeout(w.timer);
      w.ok(msg);
    } else inbox.push(msg);
  });
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('no connection in ' + timeoutMs + ' ms')), timeoutMs);
    sock.on('open', () => { clearTimeout(timer); ok(client); });
    sock.on('error', (e) => { clearTimeout(timer); fail(e); });
  });
}

// A student who joins (optionally as an earlier sid) and has read its welcome and question.
export async function student(ws, srv, sid = '') {
  const c = await connect(ws, `${srv.ws}?c=${srv.code}&role=student${sid ? '&sid=' + sid : ''}`);
  c.sid = (await c.next((m) => m.type === 'welcome')).sid;
  c.question = await c.next((m) => m.type === 'question');
  return c;
}

export async function presenter(ws, srv) {
  const c = await connect(ws, `${srv.ws}?c=${srv.code}&role=presenter&key=${srv.key}`);
  c.question = await c.next((m) => m.type === 'question');
  return c;
}

// The last tally the presenter has that matches pred, waiting for one if none yet.
export async function tally(p, pred) {
  for (;;) {
    const t = await p.next((m) => m.type === 'tally');
    if (pred(t)) return t;
  }
}

export async function csv(srv, key = srv.key) {
  const res = await fetch(`${srv.base}/api/class/${srv.code}/answers.csv?key=${key}`);
  return { status: res.status, text: await res.text() };
}
