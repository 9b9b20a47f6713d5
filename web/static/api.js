// api.js — window.tokenJourney, the page's JavaScript API (documented in the
// README): for tests, and for pages that embed the visualizer.
//   tokenJourney.ready()            -> true once the app has drawn its first frame
//   tokenJourney.frames()           -> frames drawn so far
//   tokenJourney.state()            -> {scene, time, seed, params: {...}, metrics: {...}, ...}
//   tokenJourney.setParam(id, v)    -> "" when applied, else why (the value is kept)
//   tokenJourney.setScene(id)       -> "" or why
//   tokenJourney.link()             -> the state as a link fragment ("s=token&seed=1&...")
//   tokenJourney.applyLink(frag)    -> "" when applied, else every problem (nothing changes)
//   tokenJourney.applyScenario(json) -> "" when applied, else every problem (nothing changes)
//   tokenJourney.openLesson(i, step) -> "" or why (i: index in the Lessons menu, from 0)
//   tokenJourney.play(on)           -> run or pause the current scene's simulation
//   tokenJourney.compare(on)        -> compare mode (runs A and B) on or off; returns whether on
//   tokenJourney.setLens(x)         -> simulated seconds per real second, clamped; returns it
//   tokenJourney.present(on)        -> presenter mode on or off
//   tokenJourney.metricsCsv()       -> the CSV that "Export metrics" writes
//   tokenJourney.setLanguage('en'|'zh')  (remembered in localStorage between visits)
//   tokenJourney.panelRate(hz)      -> how often the panels are redrawn when nothing
//                                      happens (default 15; 0: every frame, as for timing them)
//   tokenJourney.mapCache(on)       -> keep the map as a cached layer (default) or draw it every frame
//   tokenJourney.changesOnly(on)    -> draw only what changed each frame (default) or all of it
'use strict';
window.tokenJourney = {
  ready() { return !!(window.Module && Module.calledRun && this.frames() > 0); },
  frames() { return window.Module && Module.calledRun ? Module.ccall('tj_frames', 'number', [], []) : 0; },
  state() {
    if (!this.ready()) return null;
    return JSON.parse(Module.ccall('tj_state_json', 'string', [], []));
  },
  setParam(id, value) { return Module.ccall('tj_set_param', 'string', ['string', 'number'], [String(id), Number(value)]); },
  setLanguage(code) {
    try { localStorage.setItem('tj.lang', code); } catch (e) { /* storage may be off */ }
    return Module.ccall('tj_set_language', 'number', ['string'], [String(code)]) ? 'zh' : 'en';
  },
  link() { return Module.ccall('tj_link', 'string', [], []); },
  applyLink(fragment) { return Module.ccall('tj_apply_link', 'string', ['string'], [String(fragment)]); },
  applyScenario(json) { return Module.ccall('tj_apply_scenario_json', 'string', ['string'], [String(json)]); },
  openLesson(i, step = 0) { return Module.ccall('tj_open_lesson', 'string', ['number', 'number'], [i, step]); },
  play(on) { Module.ccall('tj_set_playing', null, ['number'], [on ? 1 : 0]); },
  compare(on) { return !!Module.ccall('tj_set_comparing', 'number', ['number'], [on ? 1 : 0]); },
  setLens(x) { return Module.ccall('tj_set_lens', 'number', ['number'], [Number(x)]); },
  present(on) { Module.ccall('tj_set_present', null, ['number'], [on ? 1 : 0]); },
  metricsCsv() { return Module.ccall('tj_metrics_csv', 'string', [], []); },
  setScene(id) { return Module.ccall('tj_set_scene', 'string', ['string'], [String(id)]); },
  mapCache(on) { Module.ccall('tj_set_map_cached', null, ['number'], [on ? 1 : 0]); },
  changesOnly(on) { Module.ccall('tj_set_changes_only', null, ['number'], [on ? 1 : 0]); },
  panelRate(hz) { Module.ccall('tj_set_panel_rate', null, ['number'], [Number(hz)]); },
};
