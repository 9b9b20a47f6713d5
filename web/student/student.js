// student.js — the student page of class mode. Joins the class named in the address
// (/c/CODE) over WebSocket, keeps its student id in localStorage so a reconnect is the
// same student, shows the question the teacher is on (choices, or a guess on the
// question's log scale), sends one answer per vote and says once the server has
// stored it, shows the reveal, and reconnects by itself (1 s, doubling to 15 s).
'use strict';
(function () {
  const code = decodeURIComponent(location.pathname.split('/').pop() || '').toUpperCase();
  const sidKey = 'tj.class.' + code + '.sid';
  const $ = (id) => document.getElementById(id);
  const words = {
    connecting: { en: 'Connecting…', zh: '正在连接…' },
    waiting: { en: 'Waiting for the teacher’s question.', zh: '等待老师提问。' },
    reconnecting: { en: 'Connection lost, trying again…', zh: '连接中断，正在重试…' },
    vote: { en: (n) => `Vote ${n}`, zh: (n) => `第 ${n} 轮投票` },
    sent: { en: 'Answer sent ✓', zh: '答案已提交 ✓' },
    sending: { en: 'Sending…', zh: '正在提交…' },
    revealed: { en: 'The answer:', zh: '答案：' },
    model: { en: 'The model says', zh: '模型的结果' },
    closed: { en: 'This vote is closed.', zh: '本轮投票已结束。' },
  };
  let lang = localStorage.getItem('tj.lang') || (/^zh/i.test(navigator.language) ? 'zh' : 'en');
  let sock = null, retry = 1000, question = null, fatal = '', sending = false, status = 'connecting';

  const say = (w) => (w[lang] !== undefined ? w[lang] : w.en);
  const num = (x) => (x >= 100 ? x.toFixed(0) : String(Number(x.toPrecision(3))));
  // A number in its metric's unit (the id's tail: _s seconds, _weeks weeks).
  function fmt(x) {
    const metric = (question && question.metric) || '';
    if (/_s$/.test(metric)) {
      if (x >= 1) return num(x) + ' s';
      if (x >= 1e-3) return num(x * 1e3) + ' ms';
      return num(x * 1e6) + ' µs';
    }
    if (/_weeks$/.test(metric)) return num(x) + (lang === 'zh' ? ' 周' : ' weeks');
    return num(x);
  }
  const toValue = (t) => Math.min(question.hi, Math.max(question.lo, question.lo * Math.pow(question.hi / question.lo, t / 1000)));

  function render() {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
    $('lang').textContent = lang === 'zh' ? 'EN' : '中文';
    for (const el of document.querySelectorAll('[data-en]')) el.textContent = el.dataset[lang];
    $('code').textContent = code;
    const st = $('status');
    st.className = fatal ? 'problem' : '';
    st.textContent = fatal || (status !== 'open' ? say(words[status]) : question && question.q ? '' : say(words.waiting));
    const q = question;
    $('card').hidden = !q || !q.q;
    if (!q || !q.q) return;
    $('vote').textContent = say(words.vote)(q.vote);
    $('question').textContent = say(q.text);
    const answered = !!q.mine;
    const closed = answered || q.revealed || sending;
    const box = $('choices');
    box.hidden = q.kind !== 'choice';
    box.textContent = '';
    if (q.kind === 'choice') {
      q.choices.forEach((c, i) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'choice' + (answered && q.mine.choice === i ? ' mine' : '') + (q.revealed && q.answer === i ? ' right' : '');
        b.textContent = say(c);
        b.disabled = closed;
        b.onclick = () => send({ choice: i });
        box.appendChild(b);
      });
    }
    $('guess').hidden = q.kind !== 'guess';
    if (q.kind === 'guess') {
      $('guess-lo').textContent = fmt(q.lo);
      $('guess-hi').textContent = fmt(q.hi);
      const range = $('guess-range');
      if (answered) range.value = String(Math.round(1000 * Math.log(q.mine.value / q.lo) / Math.log(q.hi / q.lo)));
      range.disabled = closed;
      $('guess-send').disabled = closed;
      $('guess-value').textContent = fmt(toValue(Number(range.value)));
    }
    const sent = $('sent');
    sent.hidden = !answered && !sending && !q.revealed;
    sent.textContent = answered ? say(words.sent) : sending ? say(words.sending) : say(words.closed);
    const ex = $('explain');
    ex.hidden = !q.revealed;
    if (q.revealed) {
      const head = q.kind === 'guess' ? `${say(words.model)}: ${fmt(q.truth)}. ` : `${say(words.revealed)} ${say(q.choices[q.answer])}. `;
      ex.textContent = head + say(q.explain);
    }
  }

  function send(answer) {
    if (!sock || sock.readyState !== 1 || !question) return;
    sending = true;
    sock.send(JSON.stringify({ type: 'answer', q: question.q, vote: question.vote, ...answer }));
    question.pending = answer;
    render();
  }

  function connect() {
    const sid = localStorage.getItem(sidKey) || '';
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    sock = new WebSocket(`${scheme}://${location.host}/ws?c=${encodeURIComponent(code)}&role=student&sid=${sid}`);
    sock.onopen = () => { retry = 1000; status = 'open'; render(); };
    sock.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === 'welcome') localStorage.setItem(sidKey, m.sid);
      else if (m.type === 'question') { question = m; sending = false; }
      else if (m.type === 'ack' && question && question.q === m.q && question.vote === m.vote) {
        question.mine = question.pending;
        sending = false;
      } else if (m.type === 'error') {
        sending = false;
        if (m.fatal) fatal = m.error;
        else $('status').textContent = m.error;
        if (!m.fatal) return;
      }
      render();
    };
    sock.onclose = () => {
      sending = false;
      if (fatal) return render();
      status = 'reconnecting';
      render();
      setTimeout(connect, retry);
      retry = Math.min(15000, retry * 2);
    };
  }

  $('lang').onclick = () => {
    lang = lang === 'zh' ? 'en' : 'zh';
    localStorage.setItem('tj.lang', lang);
    render();
  };
  $('guess-range').oninput = () => { if (question) $('guess-value').textContent = fmt(toValue(Number($('guess-range').value))); };
  $('guess-send').onclick = () => send({ value: toValue(Number($('guess-range').value)) });
  render();
  connect();
})();
