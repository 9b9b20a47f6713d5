// api.js — window.tokenJourney, the page's JavaScript API (documented in the
// README): for tests, and for pages that embed the visualizer.
//   tokenJourney.ready()            -> true once the app has drawn its first frame
//   tokenJourney.frames()           -> frames drawn so far
//   tokenJourney.state()            -> {scene, time, seed, params: {...}, metrics: {...}, ...}
//   tokenJourney.setParam(id, v)    -> "" when applied, else why (the value is kept)
//   tokenJourney.setScene(id)       -> "" or why
//   tokenJourney.link()             -> the state as a link fragment ("s=token&seed=1&...")
//   tokenJourney.applyLink(frag)    -> "" when applied, else every problem (nothing changes);
//                                      a long time jump goes on over frames (state().jump_progress)
//   tokenJourney.applyScenario(json) -> the same for a scenario file's text
//   tokenJourney.cancelJump()       -> stops a time jump under way where it is
//   tokenJourney.openLesson(i, step) -> "" or why (i: index in the Lessons menu, from 0)
//   tokenJourney.play(on)           -> run or pause the current scene's simulation
//   tokenJourney.compare(on)        -> compare mode (runs A and B) on or off; returns whether on
//   tokenJourney.comparePair(id)    -> starts a classic pair as A and B ("h100_wse3", "batch_1_64",
//                                      "spec_k4", "prefill_mixed"; the chain: "respin"); "" or why.
//                                      state().race: the two maps (rectangles, labels, parcels) and
//                                      the headline numbers' winners
//   tokenJourney.raceEnd()          -> ends the race where it stands ("End here"): "" or why;
//                                      state().race.finished then says who finished ahead
//   tokenJourney.share(action)      -> what the Share menu does: "export_csv", "export_png",
//                                      "save_scenario" (each a download), "load_scenario" (a file
//                                      picker); "" or why
//   tokenJourney.setLens(x)         -> simulated seconds per real second, clamped; returns it
//   tokenJourney.present(on)        -> presenter mode on or off
//   tokenJourney.welcome(on)        -> the first-visit card up (not over a lesson, presenter
//                                      mode or embed) or closed without a pick; state().welcome says which
//   tokenJourney.metricsCsv()       -> the CSV that "Export metrics" writes
//   tokenJourney.setLanguage('en'|'zh')  -> the language now shown (remembered between visits)
//   tokenJourney.panelRate(hz)      -> how often the panels are redrawn when nothing
//                                      happens (default 15; 0: every frame, as for timing them)
//   tokenJourney.mapCache(on)       -> keep the map as a cached layer (default) or draw it every frame
//   tokenJourney.changesOnly(on)    -> draw only what changed each frame (default) or all of it
//   tokenJourney.panelCache(on)     -> keep the panels as a cached layer (default) or draw them every frame
//   tokenJourney.tileHash(on)       -> a layer update redraws only changed tiles (default) or the whole layer
//   tokenJourney.filterParams(text) -> types text into the parameter panel's filter box
//                                      (at most 63 bytes); "" or why
//   tokenJourney.describe()         -> what the page's mirror shows as elements (README: describe)
//   tokenJourney.lessonChoose(c)    -> picks choice c of the open question; true when taken
//   tokenJourney.lessonReveal()     -> reveals the open question's answer; "" or why
//   tokenJourney.leaveLesson()      -> leaves the lesson (what the user had comes back)
//   tokenJourney.lessonTry(value)   -> "your turn": sets the step's parameter to try; "" or why
//   tokenJourney.welcomePick(i)     -> a pick on the first-visit card (0 follow, 1 lesson, 2 explore)
//   tokenJourney.shortcuts(on)      -> single-key shortcuts on or off (remembered between visits)
//   tokenJourney.measureComputer(on) -> measure this computer (web/static/measure.js; a few seconds,
//                                      nothing sent) or stop the run; "" or why. state().measured:
//                                      {bandwidth_gbs, flops, adapter, path, progress, done, ...}
//
// This is the one door for values from a page: every argument is checked here before
// it crosses into wasm (numbers must be finite numbers, flags true/false or 1/0,
// texts strings without NUL and within the app's caps), and texts travel on the wasm
// heap, not its small stack. A refused call returns the reason and changes nothing.
'use strict';
(function () {
  const kMaxText = 64 * 1024;  // core/scenario.h kMaxScenarioText: links and scenario files
  const kMaxId = 256;          // parameter, scene and language ids are short
  const kMaxFilter = 63;       // app/ui/param_panel.h: the filter box's size
  const kNotReady = 'the app is not ready yet';

  const started = () => !!(window.Module && Module.calledRun);
  const kind = (v) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v);

  function textProblem(name, v, cap) {
    if (typeof v !== 'string') return `${name} must be a string, not ${kind(v)}`;
    if (v.includes('\0')) return `${name} must not contain a NUL character`;
    const bytes = Module.lengthBytesUTF8(v);
    if (bytes > cap) return `${name} is too long: ${bytes} bytes, at most ${cap}`;
    return '';
  }
  function numberProblem(name, v) {
    if (typeof v !== 'number') return `${name} must be a number, not ${kind(v)}`;
    if (!Number.isFinite(v)) return `${name} must be a finite number, not ${v}`;
    return '';
  }
  function integerProblem(name, v, min, max) {
    return numberProblem(name, v) ||
      (Number.isInteger(v) && v >= min && v <= max ? '' : `${name} must be a whole number from ${min} to ${max}`);
  }
  function flagProblem(name, v) {
    return v === true || v === false || v === 0 || v === 1 ? '' : `${name} must be true or false, not ${kind(v)}`;
  }
  // Sets an on/off flag through the C function `fn` (no return value); '' or the reason it was refused.
  function setFlag(name, fn, on) {
    if (!started()) return kNotReady;
    const why = flagProblem(name, on);
    if (!why) Module.ccall(fn, null, ['number'], [on ? 1 : 0]);
    return why;
  }
  // Calls the C function `fn` (returning text) with `text` copied onto the wasm heap.
  function callWithText(fn, text, more = [], moreTypes = []) {
    const size = Module.lengthBytesUTF8(text) + 1;
    const ptr = Module._malloc(size);
    if (!ptr) return 'out of memory';
    try {
      Module.stringToUTF8(text, ptr, size);
      return Module.ccall(fn, 'string', ['number'].concat(moreTypes), [ptr].concat(more));
    } finally {
      Module._free(ptr);
    }
  }

  window.tokenJourney = {
    ready() { return started() && this.frames() > 0; },
    frames() { return started() ? Module.ccall('tj_frames', 'number', [], []) : 0; },
    state() {
      if (!this.ready()) return null;
      return JSON.parse(Module.ccall('tj_state_json', 'string', [], []));
    },
    setParam(id, value) {
      if (!started()) return kNotReady;
      const why = textProblem('the parameter id', id, kMaxId) || numberProblem('the value', value);
      return why || callWithText('tj_set_param', id, [value], ['number']);
    },
    setLanguage(code) {
      if (code !== 'en' && code !== 'zh') return `the language must be 'en' or 'zh', not ${JSON.stringify(code)}`;
      try { localStorage.setItem('tj.lang', code); } catch (e) { /* storage may be off */ }
      if (!started()) return kNotReady;
      return Module.ccall('tj_set_language', 'number', ['string'], [code]) ? 'zh' : 'en';
    },
    link() { return started() ? Module.ccall('tj_link', 'string', [], []) : ''; },
    applyLink(fragment) {
      if (!started()) return kNotReady;
      return textProblem('the link', fragment, kMaxText) || callWithText('tj_apply_link', fragment);
    },
    classVotes(json) {  // class mode's tally for the lesson card (app/shell/class_votes.h)
      if (!started()) return kNotReady;
      return textProblem('the class\'s votes', json, 4096) || callWithText('tj_class_votes', json);
    },
    applyScenario(json) {
      if (!started()) return kNotReady;
      return textProblem('the scenario', json, kMaxText) || callWithText('tj_apply_scenario_json', json);
    },
    cancelJump() { if (started()) Module.ccall('tj_cancel_jump', null, [], []); return ''; },
    openLesson(i, step = 0) {
      if (!started()) return kNotReady;
      const why = integerProblem('the lesson index', i, 0, 1000) || integerProblem('the step', step, 0, 10000);
      return why || Module.ccall('tj_open_lesson', 'string', ['number', 'number'], [i, step]);
    },
    lessonGuess(value) {
      if (!started()) return kNotReady;
      return numberProblem('the guess', value) || Module.ccall('tj_lesson_guess', 'string', ['number'], [value]);
    },
    play(on) { return setFlag('play', 'tj_set_playing', on); },
    compare(on) {
      if (!started()) return kNotReady;
      return flagProblem('compare', on) || !!Module.ccall('tj_set_comparing', 'number', ['number'], [on ? 1 : 0]);
    },
    comparePair(id) {
      if (!started()) return kNotReady;
      return textProblem('the pair id', id, kMaxId) || callWithText('tj_compare_pair', id);
    },
    raceEnd() { return started() ? Module.ccall('tj_race_end', 'string', [], []) : kNotReady; },
    share(action) {
      if (!started()) return kNotReady;
      return textProblem('the share action', action, kMaxId) || callWithText('tj_share', action);
    },
    setLens(x) {
      if (!started()) return kNotReady;
      return numberProblem('the lens', x) || Module.ccall('tj_set_lens', 'number', ['number'], [x]);
    },
    present(on) { return setFlag('present', 'tj_set_present', on); },
    welcome(on) { return setFlag('welcome', 'tj_show_welcome', on); },
    follow(on) {
      if (!started()) return kNotReady;
      return flagProblem('follow', on) || Module.ccall('tj_follow', 'string', ['number'], [on ? 1 : 0]);
    },
    metricsCsv() { return started() ? Module.ccall('tj_metrics_csv', 'string', [], []) : ''; },
    setScene(id) {
      if (!started()) return kNotReady;
      return textProblem('the scene id', id, kMaxId) || callWithText('tj_set_scene', id);
    },
    filterParams(text) {
      if (!started()) return kNotReady;
      return textProblem('the filter', text, kMaxFilter) || callWithText('tj_filter_params', text);
    },
    describe() {
      if (!this.ready()) return null;
      return JSON.parse(Module.ccall('tj_describe_json', 'string', [], []));
    },
    lessonChoose(c) {
      if (!started()) return kNotReady;
      return integerProblem('the choice', c, 0, 100) || !!Module.ccall('tj_lesson_choose', 'number', ['number'], [c]);
    },
    lessonReveal() { return started() ? Module.ccall('tj_lesson_reveal', 'string', [], []) : kNotReady; },
    leaveLesson() { if (started()) Module.ccall('tj_lesson_leave', null, [], []); return started() ? '' : kNotReady; },
    lessonTry(value) {
      if (!started()) return kNotReady;
      return numberProblem('the value', value) || Module.ccall('tj_lesson_try', 'string', ['number'], [value]);
    },
    welcomePick(i) {
      if (!started()) return kNotReady;
      const why = integerProblem('the pick', i, 0, 2);
      if (!why) Module.ccall('tj_welcome_pick', null, ['number'], [i]);
      return why;
    },
    shortcuts(on) {
      const why = flagProblem('shortcuts', on);
      if (why) return why;
      try { localStorage.setItem('tj.keys', on ? '1' : '0'); } catch (e) { /* storage may be off */ }
      return setFlag('shortcuts', 'tj_set_shortcuts', on);
    },
    measureComputer(on) {
      if (!started()) return kNotReady;
      const why = flagProblem('measureComputer', on);
      if (why) return why;
      if (!window.TJMeasure) return 'the page has no measurement script';
      return on ? TJMeasure.start() : TJMeasure.stop();
    },
    measuredCard(on) { return setFlag('measuredCard', 'tj_measure_card', on); },
    mapCache(on) { return setFlag('mapCache', 'tj_set_map_cached', on); },
    changesOnly(on) { return setFlag('changesOnly', 'tj_set_changes_only', on); },
    panelCache(on) { return setFlag('panelCache', 'tj_set_panels_cached', on); },
    tileHash(on) { return setFlag('tileHash', 'tj_set_tiles_hashed', on); },
    panelRate(hz) {
      if (!started()) return kNotReady;
      const why = numberProblem('the panel rate', hz) ||
        (hz >= 0 && hz <= 240 ? '' : 'the panel rate must be from 0 to 240 per second');
      if (!why) Module.ccall('tj_set_panel_rate', null, ['number'], [hz]);
      return why;
    },
  };
})();
