// class.js — the presenter's side of class mode on the main page. Opened with
// ?class=CODE&key=KEY (the address token-journey-server prints), it connects to the
// server as the presenter, pushes the open lesson's question to the students' phones
// when the lesson player reaches it (read from tokenJourney.state(): lesson,
// lesson_step, lesson_answer_held), sends the reveal when the app reveals (a number
// question's truth is the app's lesson_guess.truth), and shows the class on a small
// panel: the join address and its QR code, students, answers, the live histogram of
// each vote, the model's answer against the class, and a button for a second vote.
// tokenJourney.state().class is {code, join, online, students, connected, answered,
// vote, q, kind, revealed, histogram, histograms}; tokenJourney.classRevote() asks for
// a second vote, tokenJourney.classReveal() reveals a vote opened after the app's own
// reveal ("" or why). Without ?class= it does nothing.
'use strict';
(function () {
  const params = new URLSearchParams(location.search);
  const code = params.get('class') || '', key = params.get('key') || '';
  if (!/^[A-Z0-9]{4}$/.test(code) || !/^[0-9a-f]{32}$/.test(key)) return;
  const join = `${location.protocol}//${location.host}/c/${code}`;
  const words = {
    cls: { en: 'Class', zh: '课堂' },
    open: { en: 'Students open', zh: '学生打开' },
    waiting: { en: 'The class sees the lesson’s next question here.', zh: '课程的下一个问题会在这里推送给全班。' },
    offline: { en: 'Not connected to the class server, trying again…', zh: '未连接课堂服务器，正在重试…' },
    counts: { en: (s, a) => `${s} students · ${a} answered`, zh: (s, a) => `${s} 名学生 · ${a} 人已作答` },
    vote: { en: (v) => `Vote ${v}`, zh: (v) => `第 ${v} 轮` },
    revote: { en: 'Second vote', zh: '再投一次' },
    reveal: { en: 'Reveal to the class', zh: '向全班揭晓' },
    model: { en: 'model', zh: '模型' },
  };
  let sock = null, retry = 1000, online = false, question = null, tally = null, pushed = '', problem = '';

  const api = window.tokenJourney;
  const appState = api.state.bind(api);
  const lang = () => { const s = appState(); return s && s.language === 'zh' ? 'zh' : 'en'; };
  const say = (w) => w[lang()];
  function classState() {
    const t = tally || {};
    return { code, join, online, students: t.students || 0, connected: t.connected || 0, answered: t.answered || 0,
      vote: t.vote || 0, q: t.q || 0, kind: question && question.kind, revealed: !!(question && question.revealed),
      histogram: t.histogram || [], histograms: t.histograms || [] };
  }
  api.state = function () {
    const s = appState();
    if (s) s.class = classState();
    return s;
  };
  api.classRevote = function () {
    if (!online) return 'not connected to the class server';
    if (!question || !question.q) return 'no question yet';
    send({ type: 'revote' });
    return '';
  };

  function send(msg) { if (sock && sock.readyState === 1) sock.send(JSON.stringify(msg)); }
  function connect() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    sock = new WebSocket(`${scheme}://${location.host}/ws?c=${code}&role=presenter&key=${key}`);
    sock.onopen = () => { online = true; retry = 1000; pushed = ''; draw(); };
    sock.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === 'question') question = m;
      else if (m.type === 'tally') tally = m;
      if (m.type === 'question' || m.type === 'tally') toCard();
      else if (m.type === 'error') { problem = m.error; if (m.fatal) retry = 60000; }
      draw();
    };
    sock.onclose = () => { online = false; draw(); setTimeout(connect, retry); retry = Math.min(15000, retry * 2); };
  }

  // The class's answers on the lesson card too: beside the choices, or for a number
  // question its ten bins under the card's guess scale.
  function toCard() {
    if (!question || !question.q) return;
    const c = classState();
    api.classVotes(JSON.stringify({ lesson: question.lesson, step: question.step, students: c.students,
      answered: Math.min(c.answered, c.students), histograms: c.histograms }));
  }

  // The lesson player's question, pushed when it opens; the app's reveal (the question
  // held, then shown) passed on. A vote opened after the app has revealed is revealed
  // from the panel's button.
  let heldAt = '', appShown = false;
  function reveal(s) {
    const guess = s.lesson_guess;
    if (question.kind === 'guess' && !(guess && guess.truth > 0)) return false;  // the truth is on its way
    send(question.kind === 'guess' ? { type: 'reveal', truth: guess.truth } : { type: 'reveal' });
    return true;
  }
  function follow() {
    const s = appState();
    if (!s || !online) return;
    const at = s.lesson ? `${s.lesson}#${s.lesson_step}` : '';
    if (at && s.lesson_answer_held && at !== pushed) {
      pushed = at;
      problem = '';
      send({ type: 'question', lesson: s.lesson, step: s.lesson_step });
    }
    if (s.lesson_answer_held) heldAt = at;
    const ours = !!(question && question.q && `${question.lesson}#${question.step}` === at);
    const shown = ours && !s.lesson_answer_held;
    if (shown !== appShown) { appShown = shown; draw(); }
    if (shown && heldAt === at && !question.revealed && reveal(s)) heldAt = '';
  }
  api.classReveal = function () {
    const s = appState();
    if (!online || !question || !question.q || question.revealed) return 'no open vote to reveal';
    if (!s || s.lesson_answer_held) return 'the app has not revealed this question yet';
    return reveal(s) ? '' : 'the model\'s value is not known yet';
  };

  // --- the panel ---
  const panel = document.createElement('aside');
  panel.id = 'tj-class';
  panel.style.cssText = 'position:fixed;left:8px;bottom:8px;width:300px;z-index:20;background:rgba(16,20,28,.92);' +
    'color:#e8ecf2;font:14px/1.4 system-ui,sans-serif;border:1px solid #3d4962;border-radius:10px;padding:10px;';
  const esc = (t) => String(t).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
  let bigQr = false;
  function bars(h1, h2, labels, right) {
    const most = Math.max(1, ...h1, ...(h2 || []));
    return labels.map((label, i) => {
      const bar = (h, colour) => `<div style="height:9px;margin:1px 0;width:${(100 * h[i]) / most}%;background:${colour}"></div>`;
      return `<div style="margin:4px 0"><div style="display:flex;justify-content:space-between">` +
        `<span style="${i === right ? 'color:#3fc47a;font-weight:600' : ''}">${esc(label)}</span>` +
        `<span>${h2 ? `${h1[i]} → ${h2[i]}` : h1[i]}</span></div>` +
        bar(h1, h2 ? '#5b6b8c' : '#5b8cff') + (h2 ? bar(h2, '#5b8cff') : '') + '</div>';
    }).join('');
  }
  function guessBars(q, h1, h2) {
    const n = q.bins, most = Math.max(1, ...h1, ...(h2 || []));
    const col = (h, colour, i) => `<div style="flex:1;align-self:flex-end;height:${(60 * h[i]) / most}px;background:${colour};margin:0 1px"></div>`;
    let cols = '';
    for (let i = 0; i < n; i++) cols += h2 ? col(h1, '#5b6b8c', i) + col(h2, '#5b8cff', i) : col(h1, '#5b8cff', i);
    const truth = q.revealed && q.truth > 0 ? Math.log(q.truth / q.lo) / Math.log(q.hi / q.lo) : -1;
    const marker = truth >= 0 && truth <= 1
      ? `<div style="position:absolute;left:${100 * truth}%;top:0;bottom:0;border-left:2px solid #3fc47a"></div>` +
        `<div style="position:absolute;left:${100 * truth}%;top:-16px;color:#3fc47a;font-size:12px">${say(words.model)}</div>` : '';
    return `<div style="position:relative;display:flex;height:64px;margin-top:18px;border-bottom:1px solid #3d4962">${cols}${marker}</div>` +
      `<div style="display:flex;justify-content:space-between;color:#a9b4c6;font-size:12px"><span>${q.lo}</span><span>${q.hi}</span></div>`;
  }
  function draw() {
    const c = classState();
    let html = `<div style="display:flex;justify-content:space-between;align-items:center">` +
      `<b>${say(words.cls)} <span style="font-family:monospace;letter-spacing:2px;color:#9fc4ff">${code}</span></b>` +
      `<span style="width:10px;height:10px;border-radius:5px;background:${online ? '#3fc47a' : '#ff8f8f'}"></span></div>` +
      `<div style="display:flex;gap:8px;align-items:center;margin:6px 0">` +
      `<img id="tj-class-qr" alt="QR" src="/api/class/${code}/qr.svg" style="width:${bigQr ? 280 : 84}px;background:#fff;cursor:zoom-in">` +
      (bigQr ? '' : `<div style="font-size:12px;color:#a9b4c6">${say(words.open)}<br><span style="color:#e8ecf2;word-break:break-all">${esc(join)}</span></div>`) +
      `</div>`;
    if (!online) html += `<div style="color:#ff8f8f">${say(words.offline)}</div>`;
    html += `<div>${say(words.counts)(c.students, c.answered)}</div>`;
    const q = question;
    if (q && q.q) {
      const hs = c.histograms;
      const h1 = hs[0] || [], h2 = hs.length > 1 ? hs[1] : null;
      html += `<div style="margin-top:6px;color:#9fc4ff">${say(words.vote)(q.vote)} · ${esc(q.text[lang()])}</div>`;
      html += q.kind === 'choice' ? bars(h1, h2, q.choices.map((t) => t[lang()]), q.revealed ? q.answer : -1) : guessBars(q, h1, h2);
      const button = (id, text) => `<button id="${id}" type="button" style="margin-top:8px;width:100%;min-height:36px;` +
        `font:inherit;color:inherit;background:#2d5bd7;border:0;border-radius:8px;cursor:pointer">${text}</button>`;
      if (!q.revealed && appShown) html += button('tj-class-reveal', say(words.reveal));
      else if (q.vote < 2) html += button('tj-class-revote', say(words.revote));
    } else {
      html += `<div style="color:#a9b4c6;margin-top:6px">${say(words.waiting)}</div>`;
    }
    if (problem) html += `<div style="color:#ff8f8f;margin-top:6px">${esc(problem)}</div>`;
    panel.innerHTML = html;
    panel.querySelector('#tj-class-qr').onclick = () => { bigQr = !bigQr; draw(); };
    const rv = panel.querySelector('#tj-class-revote');
    if (rv) rv.onclick = () => api.classRevote();
    const rl = panel.querySelector('#tj-class-reveal');
    if (rl) rl.onclick = () => api.classReveal();
  }
  let lastLang = '';
  setInterval(() => {
    follow();
    if (lang() !== lastLang) { lastLang = lang(); draw(); }
  }, 200);
  document.body.appendChild(panel);
  draw();
  connect();
})();
