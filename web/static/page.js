// page.js — the page around the wasm app: the loading bar, clear messages when
// WebGL2 is missing or loading fails, and WebGL context loss (the page reloads
// with the app's state in the URL, so the run continues where it was).
'use strict';
(function () {
  const overlay = document.getElementById('overlay');
  const status = document.getElementById('status');
  const fill = document.getElementById('bar-fill');
  const detail = document.getElementById('detail');
  const canvas = document.getElementById('canvas');

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
    ready() { overlay.classList.add('hidden'); },
    // "Load scenario file": the browser's file picker, then the app checks the file.
    pickScenarioFile() {
      const input = document.createElement('input');
      input.type = 'file';
      input.accept = '.json,application/json';
      input.onchange = async () => {
        const f = input.files && input.files[0];
        if (!f) return;
        if (f.size > 65536) { alert('This file is too large to be a scenario (over 64 KiB).'); return; }
        Module.ccall('tj_apply_scenario_json', 'string', ['string'], [await f.text()]);
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

  canvas.addEventListener('webglcontextlost', (e) => {
    e.preventDefault();
    TJPage.fail('The graphics context was lost. Reloading with your state…', '图形上下文丢失，正在带着当前状态重新加载…');
    const state = window.tokenJourney && window.tokenJourney.link ? window.tokenJourney.link() : location.hash;
    setTimeout(() => { location.hash = state; location.reload(); }, 800);
  });

  // Ask the browser to keep the canvas's pixels from one frame to the next, so a
  // frame need only draw what changed (the app checks whether it was granted).
  const getContext = canvas.getContext.bind(canvas);
  canvas.getContext = (type, attrs) =>
    getContext(type, type === 'webgl2' ? Object.assign({}, attrs, { preserveDrawingBuffer: true }) : attrs);

  window.Module = {
    canvas,
    // A shared link's state travels in the address's #fragment; the app reads it as
    // --state. "embed=1" in it asks for minimal chrome (for an iframe in slides).
    arguments: (() => {
      const parts = decodeURIComponent(location.hash.slice(1)).split('&').filter((p) => p.length);
      const embed = parts.includes('embed=1');
      const state = parts.filter((p) => p !== 'embed=1').join('&');
      return (state ? ['--state', state] : []).concat(embed ? ['--embed'] : []);
    })(),
    print: (t) => console.log(t),
    printErr: (t) => console.warn(t),
    // Emscripten reports preload progress as "Downloading data... (done/total)".
    setStatus: (t) => {
      const m = /\((\d+(?:\.\d+)?)\/(\d+)\)/.exec(t || '');
      if (m) TJPage.progress(+m[1], +m[2]);
      if (t) status.textContent = 'Loading… · 加载中… ' + t.replace(/\(.*\)/, '');
    },
    monitorRunDependencies: (left) => { if (left === 0) TJPage.progress(1, 1); },
    onAppReady: () => {
      let lang = null;
      try { lang = localStorage.getItem('tj.lang'); } catch (e) { /* storage may be off */ }
      if (lang === 'zh') Module.ccall('tj_set_language', 'number', ['string'], ['zh']);
      TJPage.ready();
    },
    onAbort: (what) => TJPage.fail('The program stopped with an error.', '程序因错误而停止。', String(what)),
  };
  window.addEventListener('error', (e) => {
    if (e.target && e.target.tagName === 'SCRIPT') return;  // handled by the script's onerror
  });
})();
