// page.js — the page around the wasm app: the loading bar, clear messages when
// WebGL2 is missing or loading fails, and WebGL context loss (the page reloads
// with the app's state in the URL, so the run continues where it was), and the
// tokenizer vocabularies, fetched after the first frame when the app asks for them.
'use strict';
(function () {
  const overlay = document.getElementById('overlay');
  const status = document.getElementById('status');
  const fill = document.getElementById('bar-fill');
  const detail = document.getElementById('detail');
  const canvas = document.getElementById('canvas');
  const kMaxLink = 64 * 1024;  // core/scenario.h kMaxScenarioText

  const TJPage = {
    errors: [],
    fail(en, zh, more) {
      overlay.classList.remove('hidden');
      overlay.classList.add('error');
      status.textContent = en + '\n' + zh;
      detail.textContent = more || '';
      TJPage.errors.push(en + (more ? ': ' + more : ''));
    },
    progress(done, total) {
      if (total > 0) fill.style.width = Math.round(100 * done / total) + '%';
    },
    ready() { overlay.classList.add('hidden'); overlay.setAttribute('aria-hidden', 'true'); },
    // A short message over the running app, closed by a click.
    notice(en, zh) {
      const box = document.createElement('div');
      box.className = 'notice';
      box.textContent = en + '\n' + zh;
      box.title = 'Click to close · 点击关闭';
      box.onclick = () => box.remove();
      document.body.appendChild(box);
      TJPage.errors.push(en);
    },
    // A tokenizer vocabulary, fetched when the app asks for it (after the first frame,
    // app/token/vocab_loader.h): its progress, then its bytes, go to the app, which
    // checks them and names any failure on screen.
    async fetchVocab(name) {
      try {
        const res = await fetch(`vocab/${name}.tjbpe`);
        if (!res.ok) throw new Error(`vocab/${name}.tjbpe: HTTP ${res.status}`);
        // A compressed response's Content-Length counts the compressed bytes; then the
        // size comes from X-Unencoded-Length (scripts/serve.py), or stays unknown.
        const total = +res.headers.get(res.headers.get('Content-Encoding') ? 'X-Unencoded-Length' : 'Content-Length') || 0;
        const reader = res.body.getReader();
        const parts = [];
        let done = 0;
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) break;
          parts.push(chunk.value);
          done += chunk.value.length;
          Module.ccall('tj_vocab_progress', null, ['string', 'number', 'number'], [name, done, total]);
        }
        const ptr = Module._malloc(Math.max(done, 1));
        if (!ptr) throw new Error('out of memory');
        let at = ptr;
        for (const p of parts) { Module.HEAPU8.set(p, at); at += p.length; }  // HEAPU8 after malloc: it may grow
        const why = Module.ccall('tj_vocab_arrived', 'string', ['string', 'number', 'number'], [name, ptr, done]);
        Module._free(ptr);
        if (why) TJPage.errors.push(why);
      } catch (e) {
        Module.ccall('tj_vocab_failed', null, ['string', 'string'], [name, String(e && e.message || e)]);
      }
    },
    // "Load scenario file": the browser's file picker, then the app checks the file.
    pickScenarioFile() {
      const input = document.createElement('input');
      input.type = 'file';
      input.accept = '.json,application/json';
      input.onchange = async () => {
        const f = input.files && input.files[0];
        if (!f) return;
        if (f.size > kMaxLink) {
          TJPage.notice('This file is too large to be a scenario (over 64 KiB).', '此文件过大，不是情景文件（超过 64 KiB）。');
          return;
        }
        window.tokenJourney.applyScenario(await f.text());  // the app shows what it refused
      };
      input.click();
    },
  };
  window.TJPage = TJPage;

  // WebGL2 check before anything downloads.
  const probe = document.createElement('canvas').getContext('webgl2');
  if (!probe) {
    TJPage.fail('This browser cannot draw WebGL2, which Token Journey needs.',
                '此浏览器不支持 WebGL2，词元之旅需要它才能绘图。',
                'Try a current Chrome, Edge, Firefox or Safari, and check that hardware acceleration is on.');
    window.Module = { noInitialRun: true };  // do not start the app
    return;
  }

  // Context loss: reload with the whole state in the link, but at most kMaxReloads
  // times in a minute (a driver that keeps losing it would otherwise loop forever).
  const kMaxReloads = 3;
  canvas.addEventListener('webglcontextlost', (e) => {
    e.preventDefault();
    let recent = [];
    try { recent = JSON.parse(sessionStorage.getItem('tj.reloads') || '[]').filter((t) => Date.now() - t < 60000); }
    catch (err) { recent = []; }
    if (recent.length >= kMaxReloads) {
      TJPage.fail('The graphics context was lost again and again, so the page stopped reloading.',
                  '图形上下文反复丢失，页面已停止自动重新加载。',
                  'The graphics driver keeps resetting. Close other tabs that use 3D graphics, then reload by hand.\n' +
                  '显卡驱动不断重置。请关闭其他使用 3D 图形的标签页，然后手动重新加载。');
      return;
    }
    recent.push(Date.now());
    try { sessionStorage.setItem('tj.reloads', JSON.stringify(recent)); } catch (err) { /* storage may be off */ }
    TJPage.fail('The graphics context was lost. Reloading with your state…', '图形上下文丢失，正在带着当前状态重新加载…');
    const state = window.tokenJourney && window.tokenJourney.link ? window.tokenJourney.link() : location.hash.slice(1);
    setTimeout(() => { location.hash = state; location.reload(); }, 800);
  });

  // Ask the browser to keep the canvas's pixels from one frame to the next, so a
  // frame need only draw what changed (the app checks whether it was granted).
  const getContext = canvas.getContext.bind(canvas);
  canvas.getContext = (type, attrs) =>
    getContext(type, type === 'webgl2' ? Object.assign({}, attrs, { preserveDrawingBuffer: true }) : attrs);

  window.Module = {
    canvas,
    // A shared link's state travels in the address's #fragment, as it is (the app
    // reads its %XX escapes itself and names anything it cannot read, then starts
    // from the defaults). "embed=1" in it asks for minimal chrome (an iframe in
    // slides), "present=1" for presenter mode.
    arguments: (() => {
      const fragment = location.hash.slice(1);
      if (fragment.length > kMaxLink) {
        TJPage.notice(`The link is too long to be a Token Journey link (${fragment.length} characters, at most ${kMaxLink}); starting from the defaults.`,
                      `链接过长，不是词元之旅的链接（${fragment.length} 个字符，最多 ${kMaxLink} 个）；从默认状态开始。`);
        return [];
      }
      if (fragment) return ['--state', fragment];
      // A first visit without a link gets the card that says where to start, once.
      let welcomed = false;
      try { welcomed = !!localStorage.getItem('tj.welcomed'); } catch (e) { /* storage may be off */ }
      return welcomed ? [] : ['--welcome'];
    })(),
    print: (t) => console.log(t),
    printErr: (t) => console.warn(t),
    // Emscripten reports preload progress as "Downloading data... (done/total)".
    setStatus: (t) => {
      const m = /\((\d+(?:\.\d+)?)\/(\d+)\)/.exec(t || '');
      if (m) TJPage.progress(+m[1], +m[2]);
      if (t) status.textContent = 'Loading… · 加载中… ' + t.replace(/\(.*\)/, '');
    },
    onFirstFrame: () => performance.mark('tj-first-frame'),
    monitorRunDependencies: (left) => { if (left === 0) TJPage.progress(1, 1); },
    onAppReady: () => {
      let lang = null;
      try { lang = localStorage.getItem('tj.lang'); } catch (e) { /* storage may be off */ }
      if (lang === 'zh') Module.ccall('tj_set_language', 'number', ['string'], ['zh']);
      let keys = null;
      try { keys = localStorage.getItem('tj.keys'); } catch (e) { /* storage may be off */ }
      if (keys === '0') Module.ccall('tj_set_shortcuts', null, ['number'], [0]);
      // Less motion where the system asks for it, now and when it changes.
      const still = matchMedia('(prefers-reduced-motion: reduce)');
      const pass = () => Module.ccall('tj_set_reduced_motion', null, ['number'], [still.matches ? 1 : 0]);
      pass();
      still.addEventListener('change', pass);
      TJPage.ready();
      // The app has the keyboard until the reader moves on (Tab reaches the page's mirror),
      // without a ring round the whole picture; Tab back to the canvas brings the ring.
      if (document.activeElement === document.body) canvas.focus({ focusVisible: false });
    },
    onAbort: (what) => TJPage.fail('The program stopped with an error.', '程序因错误而停止。', String(what)),
  };
  window.addEventListener('error', (e) => {
    if (e.target && e.target.tagName === 'SCRIPT') return;  // handled by the script's onerror
  });
})();
