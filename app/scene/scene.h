// scene.h — what the app asks of a scene (the parcel stress test, the token
// logistics scene, the production-chain scene). The app owns the window, the menu,
// the language and presenter mode; a scene owns its simulation, its map and panels.
// The scenes built on a core model (ModelScene) keep their run in a RunController
// (app/scene/run_controller.h): the clock, parameter restarts, seek and compare
// calls below are handed on to it.
//
// A scene is updated once per frame with the real time that passed, draws its map
// into ImGui's background draw list (parcels through the parcel renderer, queued in
// the frame's FrameInput::parcels) and its panels as ImGui windows. Parameter changes
// come from its panels, from the JavaScript API and from links, all through set_param().
//
// The contract with the renderer (app/render/layer_cache.h), the one place it is stated:
// - What draw_map draws before its parcel pass is the map layer: kept in a texture and
//   brought up to date every frame on the 16-pixel tiles whose drawing changed. A map
//   that animates only where something moves costs only those tiles.
// - Everything after the parcel pass (labels over parcels, captions, every window) is
//   the panel layer: brought up to date 15 times a second, and at once after input or
//   a moved view. Panels must not need a faster rate to look right.
// - One parcel pass a frame is cached as above. Compare's race queues two, one per map
//   (app/scene/compare_race.h): a frame with more than one is drawn directly, uncached,
//   as ImGui's backend alone would, every pass in its place in the draw order. Each
//   pass must be queued inside its map's clip rectangle, after something drawn there:
//   the backend leaves that scissor set when it runs the pass, so each map's parcels
//   stay on that map. Such a frame costs a whole redraw: the race is for comparing,
//   not for the slowest machines' default view.
// - Panels beside the map use kPanelWindow (no background of their own): the clear
//   colour shows through and software GL fills fewer pixels.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/lesson.h"
#include "core/model.h"
#include "core/params.h"
#include "core/scenario.h"
#include "core/metric_history.h"
#include "imgui.h"
#include "app/platform/touch_input.h"
#include "app/render/parcel_pass.h"
#include "app/scene/race_pairs.h"
#include "app/ui/map_labels.h"
#include "app/ui/plots.h"

// A scene's panels sit beside the map, not over it (see the contract above).
constexpr ImGuiWindowFlags kPanelWindow = ImGuiWindowFlags_NoBackground;

struct FrameInput {
    double real_dt = 0;          // seconds since the last frame, clamped
    ImVec2 origin{0, 0};         // the map's screen rectangle (logical pixels)
    ImVec2 size{0, 0};
    float fb_scale = 1;          // framebuffer pixels per logical pixel
    float ui_scale = 1;          // how much larger text is drawn (presenter mode): parcels grow with it
    int fb_w = 0, fb_h = 0;
    bool panels = true;          // false in presenter mode: draw the map only
    ParcelPasses* parcels = nullptr;  // the frame's parcel passes, owned by the App
    TouchInput touch;            // two fingers pinch and pan the map (touch_gesture.h)
    // A narrow screen (a phone, a tablet upright): the map alone above (origin, size),
    // the panels one at a time in a sheet under it, the one the tabs picked
    // (begin_panel in panel_window.h places them).
    bool narrow = false;
    int sheet_tab = 0;
    ImVec2 sheet_min{0, 0}, sheet_size{0, 0};
};

// Compare's race as last drawn (for tests and the JS API's state): each map's
// rectangle (logical pixels), its label, parcels and view, and each headline number's verdict.
struct RaceMapState {
    std::string label;
    float x = 0, y = 0, w = 0, h = 0;
    size_t parcels = 0;
    float zoom = 1, pan_x = 0, pan_y = 0;  // the map's WorldView
    std::string hovered;  // the id of the station under the pointer on this map ("": none)
    std::vector<std::pair<std::string, ImVec2>> stations;  // each station's dot on screen, by id
    std::vector<MapLabelBox> labels;  // the scene's own map's words, where it draws its own (the chain's)
    ImVec4 map_area{};  // where the map draws under the run's header: x, y, w, h
};
struct RaceNumberState {
    std::string metric;
    double a = 0, b = 0;
    int winner = -1;  // 0: A, 1: B, -1: even or nothing yet
    double ratio = 1;
    std::string words;  // "B 9.8× faster"
};
struct RaceState {
    std::vector<RaceMapState> maps;
    std::vector<RaceNumberState> numbers;
    std::string finished;  // once the race has ended: "Race over: B finished ahead by 211k GPUs (Shipped)"
};

// A follow as last drawn (the token scene's: one token from the keyboard to the
// screen; the chain's: one wafer lot from the fab to the customers; the camera on
// it), for tests and the JS API's state.
struct FollowState {
    bool active = false;
    bool done = false;       // the token is on the screen, the lot with the customers
    bool camera = false;     // the camera is on it (the user's own pan or zoom lets go of it)
    int stop = -1;           // the stop it is at (tj::token::TripStop; in the chain a tj::fab::FabStation), and its station's id
    std::string station;
    std::string caption;     // the stop's caption as shown
    uint32_t seq = 0, index = 0;  // the token: its answer and its number in it; the lot: 0 and its number (the card follows the next)
    double elapsed_s = 0;    // simulated time since its trip began
    double total_s = 0;      // the whole trip, known from its start
    float x = 0, y = 0;      // the token's parcel on screen (logical pixels)
    float centre_x = 0, centre_y = 0;  // where the camera holds the traveller: the map's centre, or what a card leaves
    ImVec4 card{0, 0, 0, 0};  // the card on screen as last drawn: x0, y0, x1, y1 (logical pixels)
};

// What the page's mirror of the map (web/static/mirror.js) says of one station: its name,
// what it teaches and its hover card's lines, in the language shown.
struct StationText {
    std::string id, name, lesson;
    std::vector<std::string> lines;
};

// The map's headline as a measure (state().headline): the station the scene's
// bottleneck method names (its id, "" when none binds or while a question keeps it
// back), its busy share over the stated window, the phase measured ("decode",
// "prefill", "" in the chain), the window in words ("last 8 weeks") and whether the
// bottleneck is shifting between stations rather than held by one.
struct HeadlineState {
    std::string station;
    double share = 0;
    std::string phase;
    std::string window;
    bool shifting = false;
    std::vector<std::string> shifting_between;  // the stations it shifts between, by id
};

// What a scene drew in its last frame, for state() and the page's tests: filled by its
// draw functions from what they drew (nothing the product draws reads it back), read by
// the shell through Scene::inspection(). The per-frame parts (a hover card, the ring)
// are cleared by the scene's update, once a frame, before it draws.
struct SceneInspection {
    size_t parcels = 0;        // parcels drawn (the status line's count too)
    int param_controls = 0;    // parameter controls its panel drew (a collapsed group draws none)
    ImVec2 map_min{0, 0}, map_max{0, 0};  // the area the map draws in (between the panels), none: 0
    bool has_view = false;     // the map's camera: logical pixels per world unit, and world (0, 0) on screen
    float zoom = 1;
    ImVec2 pan{0, 0};
    std::string card_station;  // the station whose hover card is up, "" when none
    bool ring = false;         // a lesson's highlight ring was drawn, there
    ImVec2 ring_min{0, 0}, ring_max{0, 0};
    std::vector<std::pair<std::string, ImVec2>> stations;  // each station on screen (logical pixels), by id: a test's tap
    std::vector<MapLabelBox> labels;  // what each station's words (name and figures) covered
    std::vector<std::pair<std::string, ImVec4>> station_boxes;  // the boxes other stations' words keep off (x0, y0, x1, y1)
    std::vector<std::pair<std::string, ImVec4>> obstacles;  // what is drawn that other ids' figures keep off (a pile), the same
    ImVec4 legend{0, 0, 0, 0};  // what the map's legend covers (x0, y0, x1, y1), all 0 for none
    // What the map writes on each pile of work in process, by id ("?" while a lesson's
    // question keeps the piles back; "" where its count gave way to another label).
    std::vector<std::pair<std::string, std::string>> piles;
    FollowState follow;        // a follow as last drawn
    RaceState race;            // compare's race as last drawn (no maps when not comparing)
};

// What a scene's downloads did this frame, and where each one stands.
struct DownloadNews {
    bool arrived = false;  // something arrived and what ran without it was redone
    std::string failed;    // a failure to tell the user (said once), "" when none
};
struct DownloadState {
    std::string name;      // "cl100k_base"
    std::string state;     // "idle", "loading", "ready", "failed"
    double done = 0, total = 0;  // bytes so far and in all (total 0: not known)
};

class Scene {
public:
    virtual ~Scene() = default;
    virtual const char* id() const = 0;          // "demo", "token", "fab"
    virtual const char* title_key() const = 0;   // i18n key of its name
    virtual const tj::ParamValues& values() const = 0;
    // Sets one parameter: "" when applied, else a message (and nothing changes).
    virtual std::string set_param(const std::string& id, double value) = 0;
    virtual void reset() = 0;
    virtual void set_playing(bool playing) {}
    // Simulated seconds per real second (clamped to the scene's range); returns it.
    virtual double set_lens(double sim_per_s) { return 1; }
    // Compare mode: a second run B with its own parameter set, the same clock and seed.
    // While comparing, the app calls draw_compare instead of draw_map and draw_panels:
    // it draws the race (A's and B's maps, their headline numbers and winners) in the
    // frame's area, and with panels its controls and the detail table.
    virtual bool comparing() const { return false; }
    virtual void set_comparing(bool on) {}
    virtual void draw_compare(const FrameInput& in) {}
    virtual std::vector<tj::Metric> compare_metrics() const { return {}; }
    // The classic pairs of this scene's race (app/scene/race_pairs.h), for the menus, and
    // starting one of them as A and B: "" or why.
    virtual const std::vector<RacePair>& race_pairs() const {
        static const std::vector<RacePair> none;
        return none;
    }
    virtual std::string compare_pair(const std::string& pair_id) { return "this scene has no pairs"; }
    // Ends the race where it stands, with its verdict (the race bar's "End here"): "" or why not.
    virtual std::string end_race() { return "this scene has no race"; }
    // A long time jump (a link's time, a lesson step, a rewind) runs over several
    // frames: its progress in [0, 1], or -1 when none is under way; cancel stops it
    // where it is.
    virtual double jump_progress() const { return -1; }
    virtual void cancel_jump() {}
    // Lessons hold time still: a step runs to its moment and stays there. seek moves
    // the run to simulated time t (replaying from the start when t is earlier); "" or
    // why not. replay_to plays the run again from 0 to t in about real_s seconds and
    // stops at t (a run too long for the scene's fastest lens is jumped through).
    virtual std::string seek(double t) { return "this scene has no clock"; }
    virtual std::string replay_to(double t, double real_s) { return seek(t); }
    virtual bool playing() const { return false; }
    virtual void update(double real_dt) = 0;
    virtual void draw_map(const FrameInput& in) = 0;
    virtual void draw_panels(const FrameInput& in) = 0;
    // Short names (i18n keys) of its panels, in the order draw_panels numbers them:
    // the tabs of a narrow screen.
    virtual std::vector<const char*> panel_tabs() const = 0;
    // What it drew in its last frame (SceneInspection), for state() and the tests.
    const SceneInspection& inspection() const { return seen_; }
    // For the page's mirror: every station with its hover card's lines (as a card would show
    // them now, a question's answer kept back), and the map's headline in words.
    virtual std::vector<StationText> station_texts() const { return {}; }
    virtual std::string headline() const { return ""; }
    // The headline as a measure, read from the run now (not as drawn: a lesson's step may
    // have moved the run since the last frame, and the metrics state() reports are now's).
    virtual HeadlineState headline_state() const { return {}; }
    virtual std::vector<tj::Metric> metrics() const = 0;
    // Metrics sampled over the run (for the CSV export), or nullptr.
    virtual const tj::MetricHistory* history() const { return nullptr; }
    virtual double sim_time() const = 0;
    virtual uint64_t seed() const = 0;
    // Its parameter panel's filter box, set as if typed (the browser test opens every group with ".").
    virtual void filter_params(const std::string& text) {}
    // Links and files: the scene's whole state, and the way back (all or nothing:
    // "" when applied, else every problem and nothing changes).
    virtual tj::Scenario scenario() const = 0;
    virtual std::string apply(const tj::Scenario& s) = 0;
    // Lessons point at the map: ring a station or place and move the camera to one
    // (ids from Model::stations() or tj::lesson_places(); "" clears). Scenes without
    // stations ignore them.
    virtual void set_highlight(const std::string& place_id) {}
    virtual void focus(const std::string& place_id, float zoom) {}
    // While a lesson's question is open the map keeps back what would answer it: the
    // headline's bottleneck and every model output on the map (figures, how full each
    // store is, how wide each flow, the piles), "?" where a figure stood; the map shows
    // the step's set-up (its inputs), and parcels keep moving. A step without a question
    // of its own may keep back what the next step asks of the same run (next_question):
    // the map then says the figures wait for that question, not for an answer here.
    enum class AnswerHold { none, open_question, next_question };
    virtual void hold_answer(AnswerHold hold) {}
    // A lesson's card shows the chart its step names (tj::lesson_charts(): "roofline",
    // "flow", ...) with the code the scene's own panel draws it with, live, at the
    // current window's cursor and in the given size; false when the scene has no such chart.
    virtual bool draw_lesson_chart(const std::string& id, ImVec2 size) { return false; }
    // What the chart draw_lesson_chart drew last spans on its axes and where its data lies
    // (drawn false for a chart without such axes).
    virtual ChartAxes lesson_chart_axes() const { return {}; }
    // Whether the chart keeps a question's answer back itself (and so is drawn while the
    // question is open, e.g. because it holds a button the question needs), rather than
    // waiting for the answer as a whole.
    virtual bool lesson_chart_holds_answer(const std::string& id) const { return false; }
    // Follow one traveller stop by stop. The token scene starts the run again and
    // follows the first token of its first answer from the keyboard, with each stop's
    // caption from captions (tj::TripStop order); the chain follows the next wafer lot
    // the fab starts to the customers, with captions of its own. Off lets go. "" or why not.
    virtual std::string follow(bool on, const std::vector<tj::Text2>& captions) { return "nothing to follow here"; }
    // What "Follow" is called here (an i18n key: "Follow a token", "Follow a wafer lot"),
    // nullptr when there is nothing to follow; and the lesson whose step titles caption
    // the stops ("" when the scene captions them itself).
    virtual const char* follow_words_key() const { return nullptr; }
    virtual const char* follow_lesson() const { return ""; }
    // Puts a follow's clock a little way into one of its stops (0-based), as if the
    // stops before had been shown: a screenshot of that stop.
    virtual void follow_skip_to(int stop) {}
    // The scene's own panels asked for a follow (the button beside the watched answer):
    // true once per click; the App then starts it as its menu item does.
    virtual bool follow_asked() { return false; }
    // Every text the scene may show, both languages (for the font's glyphs).
    virtual std::vector<std::string> texts() const = 0;
    // Data a scene fetches after the first frame (the token scene's vocabularies,
    // app/token/vocab_loader.h). The App calls follow_downloads once a frame after the
    // first: the scene asks for what it needs now and, when something arrived, redoes
    // what ran without it (with rerun: a run that used a stand-in starts again and
    // returns to the moment it had reached; without, as in a lesson, the App shows the
    // step again). download_note is the line shown while one is on its way
    // ("Loading vocabulary… 45%"), downloads() each one's state for state().
    virtual DownloadNews follow_downloads(bool rerun) { return {}; }
    virtual std::string download_note() const { return ""; }
    virtual std::vector<DownloadState> downloads() const { return {}; }

protected:
    SceneInspection seen_;  // filled as the scene draws (inspection())
};
