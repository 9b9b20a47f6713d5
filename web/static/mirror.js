// mirror.js — the canvas told again as real elements, for screen readers and the
// keyboard: landmarks and headings, the map's headline as a polite live region, the
// stations with their hover cards' lines, the menus as buttons (Share's files and races
// among them), the parameters as
// sliders, and an open lesson's card (its step, caption, figures, chart in a sentence,
// question, Reveal / Back / Next / Leave). Everything comes from tokenJourney.describe()
// (the app's own model, in the language shown) and every action goes through the
// page's JavaScript API, so the canvas and the mirror stay in step both ways.
//
// The mirror is visually hidden; a control that has the focus shows itself (with its
// label) in a box at the bottom left of the page (page.css, .m-item:focus-within).
// Sections are rebuilt only when what they say changed, and the focus stays on the
// control with the same id across a rebuild.
'use strict';
(function () {
  const api = () => window.tokenJourney;
  const kRefreshMs = 250;
  const kStationsMs = 2000;  // the stations' live numbers change every frame: read them calmly

  // --- small builders ---
  function el(tag, attrs = {}, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'text') e.textContent = v;
      else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? '' : v);
    }
    for (const k of kids) if (k) e.appendChild(k);
    return e;
  }
  const words = (d, key) => (d.words && d.words[key]) || key;
  const langTag = (d) => (d.language === 'zh' ? 'zh-Hans' : 'en');

  // A control with its label, in a box that shows while the control has the focus.
  function item(id, labelText, control, note) {
    control.id = id;
    const box = el('div', { class: 'm-item' }, el('label', { for: id, text: labelText }), control);
    if (note) box.appendChild(el('span', { class: 'm-note', text: note }));
    return box;
  }
  function button(id, text, onclick, extra = {}) {
    return el('button', Object.assign({ id, type: 'button', class: 'm-item', text, onclick }, extra));
  }

  // A slider over a parameter (or a guess): on a log scale its position runs 0..1000.
  const kLogSteps = 1000;
  function slider(id, p, label, onset) {
    const log = p.log && p.min > 0;
    const pos = (v) => (log ? Math.round(kLogSteps * Math.log(v / p.min) / Math.log(p.max / p.min)) : v);
    const value = (t) => (log ? p.min * Math.pow(p.max / p.min, t / kLogSteps) : t);
    const input = el('input', {
      type: 'range', min: log ? 0 : p.min, max: log ? kLogSteps : p.max,
      step: log ? 10 : p.integer ? 1 : (p.max - p.min) / 100, value: pos(p.value),
      'aria-valuetext': p.value_text,
    });
    input.addEventListener('change', () => {
      let v = value(+input.value);
      if (p.integer) v = Math.round(v);
      onset(Math.min(p.max, Math.max(p.min, v)));
    });
    const range = `${p.min_text || p.min} – ${p.max_text || p.max}${p.unit ? ' ' + p.unit : ''}`;
    return item(id, label, input, `${p.value_text} (${range})`);
  }
  function choiceSelect(id, p, onset) {
    const sel = el('select', { onchange: () => onset(+sel.value) });
    p.choices.forEach((c, i) => sel.appendChild(el('option', { value: i, text: c, selected: i === Math.round(p.value) })));
    return item(id, p.label, sel);
  }
  function paramControl(id, p, onset) {
    return p.choices.length ? choiceSelect(id, p, onset) : slider(id, p, p.unit ? `${p.label} (${p.unit})` : p.label, onset);
  }

  // --- the page's frame: built once ---
  const root = el('div', { id: 'mirror', class: 'mirror' });
  const nav = el('nav', { id: 'm-menu' });
  const header = el('header', {}, el('h1', { id: 'm-title' }), nav);
  const welcome = el('section', { id: 'm-welcome', 'aria-labelledby': 'm-welcome-h' });
  const lesson = el('section', { id: 'm-lesson', 'aria-labelledby': 'm-lesson-h' });
  const headline = el('p', { id: 'm-headline', 'aria-live': 'polite' });
  const stations = el('ul', { id: 'm-stations' });
  const map = el('section', { id: 'm-map', 'aria-labelledby': 'm-map-h' },
    el('h2', { id: 'm-map-h' }), el('h3', { id: 'm-headline-h' }), headline, el('h3', { id: 'm-stations-h' }), stations);
  const params = el('section', { id: 'm-params', 'aria-labelledby': 'm-params-h' });
  const announce = el('p', { id: 'm-announce', 'aria-live': 'polite', class: 'm-announce' });
  root.append(header, el('main', { id: 'm-main' }, welcome, lesson, map, params), announce);

  // --- sections ---
  // Rebuilds a section when its content's key changed, keeping the focus on the same id.
  const shown = new Map();
  function update(section, key, build) {
    if (shown.get(section) === key) return;
    shown.set(section, key);
    const focused = section.contains(document.activeElement) ? document.activeElement.id : '';
    const open = [...section.querySelectorAll('details[open]')].map((e) => e.id);
    section.replaceChildren(...build());
    for (const id of open) document.getElementById(id)?.setAttribute('open', '');
    if (!focused) return;
    // A control that went (Reveal after the reveal, Next on the last step) hands the
    // focus on to what took its place, else to the section's heading.
    const next = [focused, kFocusAfter[focused]].map((id) => id && document.getElementById(id))
      .find((e) => e && !e.disabled) || section.querySelector('h2');
    if (next && !next.matches('button, input, select, summary, details')) next.tabIndex = -1;
    next?.focus();
  }
  const kFocusAfter = { 'm-reveal': 'm-verdict', 'm-next': 'm-leave' };

  function menu(d) {
    const t = api();
    const kids = [];
    for (const s of d.scenes)
      kids.push(button(`m-scene-${s.id}`, s.title, () => t.setScene(s.id), { 'aria-pressed': String(s.id === d.scene) }));
    kids.push(button('m-lang', d.language === 'zh' ? 'English' : '中文', () => t.setLanguage(d.language === 'zh' ? 'en' : 'zh'),
      { lang: d.language === 'zh' ? 'en' : 'zh-Hans', 'aria-label': words(d, 'menu.language') }));
    if (!d.lesson) kids.push(button('m-play', words(d, d.playing ? 'ctl.pause' : 'ctl.play'), () => t.play(!d.playing)));
    kids.push(button('m-present', words(d, 'menu.present'), () => t.present(!d.present), { 'aria-pressed': String(d.present) }));
    kids.push(button('m-follow', d.follow_label, () => t.follow(true)));
    const list = el('ul', { class: 'm-lessons' });
    d.lessons.forEach((title, i) =>
      list.appendChild(el('li', {}, button(`m-lesson-${i}`, `${i + 1}. ${title}`, () => t.openLesson(i, 0)))));
    kids.push(el('details', { id: 'm-lessons' }, el('summary', { id: 'm-lessons-summary', text: words(d, 'menu.lessons') }), list));
    kids.push(button('m-start', words(d, 'menu.where_to_start'), () => t.welcome(true)));
    kids.push(shareMenu(d));
    kids.push(button('m-measure', words(d, 'measured.start'), () => { t.measuredCard(true); t.measureComputer(true); }));
    const keys = el('input', { type: 'checkbox', checked: d.shortcuts, onchange: () => t.shortcuts(keys.checked) });
    kids.push(item('m-keys', words(d, 'a11y.shortcuts'), keys));
    return kids;
  }

  // The Share menu: the link, A / B, the classic races, and the files (each through
  // tokenJourney.share, as the menu does: downloads, or a file picker to load).
  function shareMenu(d) {
    const t = api();
    const list = el('ul', { class: 'm-share' });
    const add = (b) => list.appendChild(el('li', {}, b));
    add(button('m-copy', words(d, 'menu.copy_link'), () => {
      location.hash = t.link();
      if (navigator.clipboard) navigator.clipboard.writeText(location.href).catch(() => {});
    }));
    add(button('m-compare', words(d, 'menu.compare'), () => t.compare(!d.comparing), { 'aria-pressed': String(d.comparing) }));
    for (const p of d.race_pairs)
      add(button(`m-race-${p.id}`, `${words(d, 'race.pairs')}: ${p.name}`, () => t.comparePair(p.id)));
    for (const action of ['export_csv', 'export_png', 'save_scenario', 'load_scenario'])
      add(button(`m-${action}`, words(d, `menu.${action}`), () => t.share(action)));
    return el('details', { id: 'm-share' }, el('summary', { id: 'm-share-summary', text: words(d, 'menu.share') }), list);
  }

  function welcomeCard(d) {
    if (!d.welcome) return [];
    return [el('h2', { id: 'm-welcome-h', text: words(d, 'a11y.welcome') }), el('p', { text: d.welcome_promise }),
      ...d.welcome_choices.map((c, i) =>
        button(`m-welcome-${i}`, `${i + 1}. ${c.title}`, () => api().welcomePick(i), { 'aria-description': c.help }))];
  }

  function lessonCard(d) {
    const l = d.lesson, t = api();
    if (!l) return [];
    const lang = langTag(d);
    const kids = [
      el('h2', { id: 'm-lesson-h', text: `${words(d, 'a11y.lesson')}: ${l.title}` }),
      el('p', { id: 'm-step', text: words(d, 'a11y.step').replace('{k}', l.step + 1).replace('{n}', l.steps) }),
      el('h3', { id: 'm-step-title', lang, text: l.step_title }),
      el('p', { id: 'm-caption', lang, text: l.text }),
    ];
    if (l.figures.length) {
      const table = el('table', { id: 'm-figures' }, el('caption', { text: words(d, 'a11y.figures') }));
      // A label the card sets on two lines is one line here: a screen reader reads it whole.
      for (const f of l.figures)
        table.appendChild(el('tr', {}, el('th', { scope: 'row', text: f.label.replace(/\s+/g, ' ') }), el('td', { text: f.value })));
      kids.push(table);
    }
    if (l.chart_text) kids.push(el('p', { id: 'm-chart', lang, text: l.chart_text }));
    const q = l.question;
    if (q) {
      // A choice question is a radio group, named by its legend ("radio group, 1 of 3").
      const group = el('fieldset', { id: 'm-question', role: q.kind === 'choice' ? 'radiogroup' : undefined },
        el('legend', { lang, text: q.text }));
      if (q.kind === 'choice') {
        q.choices.forEach((c, i) => {
          const r = el('input', { type: 'radio', name: 'm-choice', value: i, checked: q.chosen === i, disabled: q.revealed,
            onchange: () => t.lessonChoose(i) });
          const mark = q.revealed && q.answer === i ? ' ✓' : '';
          group.appendChild(item(`m-choice-${i}`, `${i + 1}. ${c}${mark}`, r));
        });
      } else {
        const g = q.guess;
        const p = { min: g.min, max: g.max, value: g.value, value_text: g.moved ? g.value_text : '?', log: true,
          min_text: g.min_text, max_text: g.max_text };
        const s = slider('m-guess', p, words(d, 'a11y.guess'), (v) => t.lessonGuess(v));
        if (q.revealed) s.querySelector('input').disabled = true;
        group.appendChild(s);
      }
      kids.push(group);
      if (!q.revealed) {
        const can = q.chosen >= 0 || (q.guess && q.guess.moved);
        kids.push(button('m-reveal', words(d, 'lesson.reveal'), () => t.lessonReveal(), { disabled: !can }));
      } else {
        kids.push(el('p', { id: 'm-verdict', lang, text: [q.verdict, q.guess && q.guess.truth_text].filter(Boolean).join(' ') }));
        if (q.explain) kids.push(el('p', { id: 'm-explain', lang, text: q.explain }));
      }
    }
    if (l.try) {
      kids.push(el('h4', { text: words(d, 'lesson.your_turn') }));
      kids.push(paramControl('m-try', l.try, (v) => t.lessonTry(v)));
    }
    kids.push(button('m-prev', words(d, 'lesson.prev'), () => t.openLesson(l.index, l.step - 1), { disabled: l.step === 0 }));
    kids.push(button('m-next', words(d, 'lesson.next'), () => t.openLesson(l.index, l.step + 1), { disabled: l.step + 1 >= l.steps }));
    kids.push(button('m-leave', words(d, 'lesson.leave'), () => t.leaveLesson()));
    return kids;
  }

  function paramList(d) {
    const t = api();
    const kids = [el('h2', { id: 'm-params-h', text: words(d, 'panel.params') })];
    const body = el('details', { id: 'm-params-body' }, el('summary', { id: 'm-params-summary', text: words(d, 'panel.params') }));
    let group = null, fieldset = null;
    for (const p of d.params) {
      if (p.group !== group) {
        group = p.group;
        fieldset = el('fieldset', {}, el('legend', { text: group }));
        body.appendChild(fieldset);
      }
      fieldset.appendChild(paramControl(`m-p-${p.id}`, p, (v) => t.setParam(p.id, v)));
    }
    kids.push(body);
    return kids;
  }

  // The stations: the list is built when its stations change; their live numbers are
  // written into the items in place, so a screen reader inside the list is not sent back
  // through all of it every time a number moves.
  const stationLines = (s) => [s.lesson, ...s.lines].filter(Boolean).map((x) => ' ' + x).join('.');
  function stationList(d) {
    return d.stations.map((s) => el('li', { 'data-id': s.id }, el('strong', { text: s.name }), el('span', { text: stationLines(s) })));
  }
  function stationNumbers(d) {
    for (const s of d.stations) {
      const span = stations.querySelector(`li[data-id="${s.id}"] span`);
      const text = stationLines(s);
      if (span && span.textContent !== text) span.textContent = text;
    }
  }

  // --- what changed is said once ---
  let last = null, stationsAt = 0, headlineSaid = '';
  function sayChanges(d) {
    const l = d.lesson, before = last && last.lesson;
    let say = '';
    if (l && (!before || before.id !== l.id || before.step !== l.step))
      say = `${words(d, 'a11y.step').replace('{k}', l.step + 1).replace('{n}', l.steps)}: ${l.step_title}`;
    else if (l && l.question && l.question.revealed && before && before.question && !before.question.revealed)
      say = words(d, 'a11y.revealed');  // the verdict is read where the focus goes (kFocusAfter)
    if (say) announce.textContent = say;
    // The headline's numbers move every frame; it is said again when its words change.
    const gist = d.headline.replace(/[\d.,%]+/g, '#');
    if (gist !== headlineSaid) { headlineSaid = gist; headline.textContent = d.headline; }
  }

  function refresh() {
    const t = api();
    if (!t || !t.ready()) return;
    const d = t.describe();
    if (!d) return;
    const lang = langTag(d);
    if (document.documentElement.lang !== lang) document.documentElement.lang = lang;
    document.getElementById('canvas').setAttribute('aria-label', words(d, 'a11y.canvas'));
    root.lang = lang;
    document.getElementById('m-title').textContent = words(d, 'app.title');
    nav.setAttribute('aria-label', words(d, 'a11y.controls'));
    map.querySelector('#m-map-h').textContent = words(d, 'a11y.map');
    map.querySelector('#m-headline-h').textContent = words(d, 'a11y.headline');
    map.querySelector('#m-stations-h').textContent = words(d, 'a11y.stations');
    const menuKey = JSON.stringify([d.language, d.scene, d.scenes, d.present, d.playing, !!d.lesson, d.shortcuts, d.lessons,
      d.comparing, d.race_pairs]);
    update(nav, menuKey, () => menu(d));
    update(welcome, JSON.stringify([d.language, d.welcome]), () => welcomeCard(d));
    welcome.hidden = !d.welcome;
    update(lesson, JSON.stringify([d.language, d.lesson]), () => lessonCard(d));
    lesson.hidden = !d.lesson;
    update(params, JSON.stringify([d.language, d.params]), () => paramList(d));
    const now = performance.now();
    update(stations, JSON.stringify([d.language, d.stations.map((s) => [s.id, s.name])]), () => stationList(d));
    if (now - stationsAt > kStationsMs) {
      stationsAt = now;
      stationNumbers(d);
    }
    sayChanges(d);
    last = d;
  }

  // Tab leaves the canvas: SDL would keep it (it stops the browser's own use of Tab).
  window.addEventListener('keydown', (e) => {
    if (e.key === 'Tab' && e.target && e.target.id === 'canvas') e.stopPropagation();
  }, true);

  function start() {
    document.body.appendChild(root);
    setInterval(refresh, kRefreshMs);
    // Act at once after an action, not only at the next refresh. On the document, not the
    // mirror: a listener on an ancestor makes a screen reader call every element "clickable".
    document.addEventListener('click', (e) => { if (root.contains(e.target)) setTimeout(refresh, 30); });
    document.addEventListener('change', (e) => { if (root.contains(e.target)) setTimeout(refresh, 30); });
  }
  window.TJMirror = { refresh };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
