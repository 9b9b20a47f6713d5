// token_scene.h — the token logistics scene: the route of a token from the
// prompt to the screen drawn as a map (host stations left and right, the chip
// large in the middle with its mesh of cores, SRAM warehouses, 3D-stacked DRAM
// and HBM), parcels from the model's segments, and the panels that explain it
// (numbers, charts, the staircase of steps, the streamed answer, a token's blame).
//
// The picture and the numbers read the same TokenModel at the same simulated
// time: the map from tj::token::TokenView, the numbers from metrics().
//
// Files: token_scene.cpp (layout, parcels, shared helpers), token_map.cpp (the
// map), token_panels.cpp (the windows and charts), token_follow.cpp (following one
// token with the camera).
//
// Usage: the scene list (app/shell/scene_list.cpp) makes it with make_token_scene().
#pragma once
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/token/token_follow.h"
#include "core/token/token_model.h"
#include "app/scene/model_scene.h"
#include "app/token/token_chips.h"
#include "app/token/token_race.h"
#include "app/ui/draw.h"
#include "app/ui/font.h"
#include "app/ui/map_labels.h"

std::unique_ptr<Scene> make_token_scene();

namespace tokenui {

// Where each thing sits on the map (world units, box 0..1000 x 0..700), as the chain's
// ChainLayout: a box per station, and the chip, mesh and door.
struct TokenLayout {
    WorldBox station[tj::token::kStationCount];  // one box per station (SRAM: the mesh itself)
    WorldBox chip, mesh;
    WorldBox door;  // admission: the queue at the door and the KV warehouse's room
    bool sampler_on_host = false;
};
TokenLayout token_layout(bool sampler_on_host);
// The world the map is fitted to: the stations fill 0..1000 x 20..690; the margin above
// holds the bottleneck banner, and the legend takes a band of its own below (its size is
// the text's, which presenter mode makes larger than any margin of the map's would be).
constexpr WorldBox kMapWorld{0, -60, 1000, 700};
// A core waiting for data (and the legend's key for it); a memory slab's body.
constexpr ImU32 kWaitFill = IM_COL32(70, 74, 86, 255);
constexpr ImU32 kStoreFill = IM_COL32(40, 52, 70, 255);

// The map's bodies, for any run (the scene's own, a race's): the chip's and the hosts'
// frames, the route's arrows and the stations' cards; the memories under the mesh and the
// host's, each with its bar of weights and KV (empty where held: a question is open).
void draw_station_frames(ImDrawList* dl, const WorldView& v, const TokenLayout& lay);
void draw_memory_levels(ImDrawList* dl, const WorldView& v, const TokenLayout& lay, const tj::token::TokenView& t, bool held);
// Each run's map in the race (token_race_map.cpp): the scene's stations, chip and
// memories, each warehouse's bar of weights and KV (where a wafer keeps its weights, in
// the cores' SRAM, and an H100, in HBM), its words placed as on the scene's map, and the
// run's clock in the corner.
RaceMapLook race_map_look();
// A warehouse's bar: weights (orange) then KV (purple) over its capacity (0: their sum).
void draw_fill_bar(ImDrawList* dl, const WorldView& v, const WorldBox& r, double weights, double kv, double capacity,
                   bool vertical);

// The screen split: controls on the left, numbers on the right, the staircase and
// the answer under the map (logical pixels). Without panels the map takes it all.
struct TokenAreas {
    ImVec2 map_min, map_size;
    ImVec2 left_min, left_size, right_min, right_size, bottom_min, bottom_size;
};
TokenAreas token_areas(const FrameInput& in);

// How the trip chart and the follow card show a stop of a token's trip (tj::token::TripStop):
// its name (string key), the metric of its mean time, its colour.
struct TripStopLook {
    const char* name;
    const char* metric;
    ImU32 color;
};
const TripStopLook& trip_stop_look(int stop);

// What a number on screen is: a model output, an input, or an illustrative assumption.
enum class Provenance { Output, Input, Assumption };

// Shared drawing helpers of the token scene (token_scene.cpp).
const char* provenance_tag(Provenance p);
ImU32 provenance_color(Provenance p);
// Text centred on a point, at a size in world units scaled by the view, never under
// min_px times the text scale (presenter mode, the text size), drawn at once.
void map_text(ImDrawList* dl, const WorldView& v, ImVec2 world, float world_size, ImU32 col, const char* text,
              float align_x = 0.5f, float min_px = kMapMinPx);
// A station's name (id: the station's, or a zone's), sized as map_text, placed on labels;
// short_text where it is too wide for its box (MapLabels::name).
void map_name(MapLabels& labels, const std::string& id, const WorldView& v, ImVec2 world, float world_size, ImU32 col,
              const std::string& text, float align_x = 0.5f, const std::string& short_text = "");
// A detail under a station's name (its inputs, what it holds): as map_name, but left
// out where it would run into a label already placed, and, but in presenter mode, when
// the map is so far zoomed out that the text would be drawn at more than 1 / 0.45 of its
// world size (a phone's whole-map view); a pinch brings it back.
void map_detail(MapLabels& labels, const std::string& id, const WorldView& v, ImVec2 world, float world_size, ImU32 col,
                const std::string& text, float align_x = 0.5f, const std::string& short_text = "");
bool map_detail_shown(const WorldView& v, float world_size);
float map_font_px(const WorldView& v, float world_size, float min_px = kMapMinPx);

// "59 waiting (1 pre-empted)": the door's queue as the metrics count it, one count for
// the map, the race and the card.
std::string waiting_text(const std::vector<tj::Metric>& metrics);
// Under the door, at world height y: who waits (red while any does) and, a line below,
// how many requests are running.
void place_door_queue(MapLabels& labels, const WorldView& v, const WorldBox& door, const std::vector<tj::Metric>& metrics,
                      int running, float y);

// A host or link station's words in its box: its name and the inputs that set its cost.
// short_name, short_detail: the forms where the whole ones do not fit ("" for none);
// foot: world units kept clear at the box's foot.
struct StationWords {
    std::string name, detail, short_name, short_detail;
    float foot = 0;
};
// The words of the prompt, tokenizer, link to the chip, sampler, link back or
// detokenizer for a run's parameters (the scene's map and each map of the race).
StationWords station_words(int station, const tj::ParamValues& pv, bool sampler_on_host, Lang lang);
// Places them in the station's box: the name in its band, the inputs tagged under it,
// on two lines where the box has room for two, else the first one-line form that fits.
void place_station_words(MapLabels& labels, const WorldView& v, const WorldBox& box, const std::string& id, const StationWords& w);
// Host memory's name and what spilled there (held: a question open, "?" for it).
void place_host_memory_words(MapLabels& labels, const WorldView& v, const WorldBox& box, const std::string& id,
                             const tj::token::TokenView& t, bool held);

}  // namespace tokenui

class TokenScene : public ModelScene {
public:
    TokenScene();
    const char* id() const override { return "token"; }
    const char* title_key() const override { return "scene.token"; }
    void update(double real_dt) override;           // token_scene.cpp
    std::vector<std::string> texts() const override;
    void draw_map(const FrameInput& in) override;     // token_map.cpp
    void draw_panels(const FrameInput& in) override;  // token_panels.cpp
    // Under the hardware picker: the preset in use against published figures (published_checks.h).
    std::string preset_note(const std::string& kind) const override;  // token_panels.cpp
    const tj::Preset* preset_in_use(const std::string& kind) const override;  // token_panels.cpp
    std::vector<const char*> panel_tabs() const override { return {"tab.run", "tab.numbers", "tab.steps", "tab.answer"}; }
    // Links and files also carry the user's own prompt and answer.
    tj::Scenario scenario() const override;  // token_scene.cpp
    std::string apply(const tj::Scenario& s) override;
    // The tokenizer vocabularies (vocab_loader.h): token_scene.cpp.
    DownloadNews follow_downloads(bool rerun) override;
    std::string download_note() const override;
    std::vector<DownloadState> downloads() const override;
    bool draw_lesson_chart(const std::string& id, ImVec2 size) override;  // token_panels.cpp
    ChartAxes lesson_chart_axes() const override { return chart_axes_; }
    // This computer's card: its Measure button is needed before the question is answered.
    bool lesson_chart_holds_answer(const std::string& id) const override { return id == "measured"; }
    std::string follow(bool on, const std::vector<tj::Text2>& captions) override;  // token_follow.cpp
    bool follow_asked() override { return std::exchange(follow_asked_, false); }
    const std::vector<RacePair>& race_pairs() const override { return tokenui::race_pairs(); }
    const std::vector<RaceHeadline>& race_headlines() const override { return tokenui::race_headlines(); }
    RaceMapLook race_map_look() override { return tokenui::race_map_look(); }
    const char* follow_words_key() const override { return "welcome.follow"; }
    const char* follow_lesson() const override { return "follow-a-token"; }
    std::string headline() const override;  // token_scene.cpp: headline_text()'s two lines as one
    // What the map's headline says, computed once for the map and the page's mirror:
    // its line ("Bottleneck in decode: …"), what that means (empty while a question
    // holds it back), and the stage it names (outlined on the map).
    struct HeadlineText {
        std::string line, why;
        int stage;
    };
    HeadlineText headline_text() const;
    HeadlineState headline_state() const override;  // the same measure: station, share, phase, window
    // The pile at the detokenizer as the map writes it ("?" while a question holds it).

protected:
    ImVec2 station_position(size_t station) const override;
    bool marker_box(const std::string& place_id, WorldBox* box) const override;
    ParcelStyle parcel_style(uint16_t kind) const override;
    std::vector<std::string> station_lines(const tj::Model& run, const std::vector<tj::Metric>& metrics,
                                           size_t station) const override;  // token_map.cpp

private:
    const tj::token::TokenModel& tm() const { return model_as<tj::token::TokenModel>(); }
    const tj::token::TokenView& tv() const { return tm().view(); }
    double metric(const char* id) const;  // a metric by id (0 when absent)
    const tj::Metric* find_metric(const char* id) const;
    int station_of_stage(int stage) const;  // the station a bottleneck stage is drawn on
    // A stage's busy share over the bottleneck's window as every place writes it ("59%").
    std::string stage_share_text(int stage) const;
    // A string-table word, naming the far memory as the hardware's kind (token.hbm.kind):
    // "token.map.hbm", "token.stage.3", "token.bn.3" and "token.level.hbm" say GDDR6X on a
    // GeForce card and this computer's memory on the measured one.
    const char* far_memory_word(const char* key) const;

    // token_map.cpp
    void draw_mesh(ImDrawList* dl);
    void station_boxes(MapLabels& labels) const;
    void draw_door(ImDrawList* dl, MapLabels& labels);
    void draw_streams(ImDrawList* dl);
    void draw_pipeline(ImDrawList* dl, MapLabels& labels);
    void draw_tokens_on_host(ImDrawList* dl, MapLabels& labels);
    // Names and figures on labels, drawn with the ones the door and the pipeline placed.
    void draw_captions(ImDrawList* dl, MapLabels& labels, const HeadlineText& head, const FrameInput& in);
    // Where the legend's parts go this frame (legend_layout), before the map is fitted above it.
    struct LegendLayout {
        struct Key { ImU32 col; const char* text; ImVec2 at; };
        std::vector<Key> keys;
        std::string lens;  // presenter mode's time lens ("" with the panels)
        float fs = 0, rule_fs = 0, x0 = 0, wrap = 0, rule_y = 0, top = 0, bottom = 0, width = 0;
        float band = 0;  // the map's height it takes, from the map's bottom
    };
    LegendLayout legend_layout(const FrameInput& in) const;
    void draw_headline_and_legend(ImDrawList* dl, const HeadlineText& head, const LegendLayout& lg, const FrameInput& in);
    void fill_bar(ImDrawList* dl, const WorldBox& r, double weights, double kv, double capacity, bool vertical);
    void hover_cards(const FrameInput& in);
    // The built-in answer is in the other language than the interface's: the key of the
    // words that say which ("answer in English"), else nullptr. Its language is a model
    // setting (it changes the token counts), so it never follows the interface's.
    const char* answer_language_key() const;

    // token_follow.cpp: one token followed stop by stop (Scene::follow) on the model
    // scenes' shared follow (model_scene.h).
    std::string start_follow(uint32_t seq, uint32_t index);
    std::string follow_another() override;
    std::string follow_caption(int stop) const override;
    ImU32 follow_stop_color(int stop) const override;
    int follow_station(int stop) const override;
    bool follow_bar_cell(int stop) const override { return true; }  // the stops a later token skips show, dim
    uint16_t follow_waiting_kind(const tj::TripPoint& at) const override;
    FollowCard follow_card(const tj::TripShown& shown, bool done) const override;

    // token_panels.cpp
    void numbers_window(const FrameInput& in);
    void key_numbers();
    void charts();
    // The charts the numbers panel and a lesson's card share, drawn at the cursor.
    void roofline_chart(ImVec2 size);
    void kv_chart(ImVec2 size);
    void trip_chart(ImVec2 size);  // one token's stops, filled up to the station in the lesson's ring
    bool itl_chart(ImVec2 size, bool zeros_note = false);  // false when no gap has reached the screen yet
    void staircase_window(const FrameInput& in);
    // The steps so far as staircases; from_prefill: the latest request from its prefill.
    void staircase(ImVec2 size, bool from_prefill = false);
    void answer_text();
    void blame();
    int itl_bin_of(const tj::token::TokenJourney& j) const;  // histogram bin of a journey's gap, or -1
    double gap_before(size_t journey) const;         // inter-token gap at the screen, or -1

    // The answer's token bytes as the model cuts them (same text, same tokenizer), for
    // the labels of token parcels and the blame; recut only when those inputs change.
    const std::vector<std::string>& answer_tokens();
    void prompt_section();

    tokenui::TokenLayout lay_ = tokenui::token_layout(false);
    std::vector<std::string> answer_tokens_;
    std::string answer_key_;  // language, tokenizer and override the tokens were cut for
    tokenui::PromptPanelState prompt_;
    bool has_selection_ = false;              // a token picked for blame
    bool blame_too_old_ = false;              // the picked character's token is no longer kept
    tj::token::TokenJourney selected_{};
    int selected_bin_ = -1;
    std::vector<tj::Metric> metrics_now_;     // this frame's metrics (metric() looks them up)
    bool follow_asked_ = false;  // the answer panel's follow button was clicked
    uint64_t vocab_seen_ = 0;          // vocab_arrivals() already acted on
    unsigned vocab_failures_shown_ = 0;  // bit c: the failure of choice c was told
    ChartAxes chart_axes_;       // the last chart drawn with axes (the staircase, KV, gaps)
    // A narrow map's band for the headline above, in pixels, as last drawn: the stations
    // fit between it and the legend's (the headline's lines depend on the language).
    float narrow_head_px_ = 0;
    std::vector<ImVec4> plates_;  // the headline's and the legend's plates as last drawn: x0, y0, x1, y1
};
