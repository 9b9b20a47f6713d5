// api.js — window.tokenJourney, the page's JavaScript API (documented in the
// README): for tests, and for pages that embed the visualizer.
//   tokenJourney.ready()            -> true once the app has drawn its first frame
//   tokenJourney.frames()           -> frames drawn so far
//   tokenJourney.state()            -> {scene, time, seed, params: {...}, metrics: {...}, ...}
//   tokenJourney.setParam(id, v)    -> "" when applied, else why (the value is kept)
//   tokenJourney.setScene(id)       -> "" or why
//   tokenJourney.link()             -> the state as a link fragment ("s=token&seed=1&...")
//   tokenJourney.applyLink(frag)    -> "" when applied, else every problem (nothing changes)
//   tokenJourney.setLanguage('en'|'zh')  (remembered in localStorage between visits)
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
  setScene(id) { return Module.ccall('tj_set_scene', 'string', ['string'], [String(id)]); },
};
