// token_scene.cpp — the token scene's layout, parcel styles and shared helpers.
// See token_scene.h; the map is drawn in token_map.cpp, the windows in
// token_panels.cpp.
#include "app/token/token_scene.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/scenes/scenes.h"
#include "core/token/token_text.h"
#include "app/token/vocab_loader.h"
#include "app/ui/font.h"
#include "app/ui/format.h"
#include "app/ui/i18n.h"
#include "app/ui/palette.h"

using namespace tj::token;
using namespace tokenui;

namespace {
// The time lens: the model's natural time unit is 1 ms and a decode step at the
// default hardware lasts about 3 ms, so 5 units per real second show each step
// for about half a second, and the first token reaches the screen in seconds.
constexpr TimeLens kLens{1e-7, 1.0, 5e-3, "on the chip", "芯片上"};
}  // namespace

std::unique_ptr<Scene> make_token_scene() { return std::make_unique<TokenScene>(); }

TokenScene::TokenScene() : ModelScene(tj::make_model("token"), kLens) {}

const std::vector<std::string>& TokenScene::answer_tokens() {
    int lang = int(values().get("token.run.answer_lang")), choice = int(values().get("token.run.tokenizer"));
    const std::string& over = tm().answer_override();
    std::string key = std::to_string(lang) + "/" + std::to_string(choice) + "/" + over;
    if (key != answer_key_) {
        int used = 0;
        std::string note;
        answer_tokens_ = tokenize_text(over.empty() ? tj::token::answer_text(lang) : over, choice, &used, &note).token_bytes;
        answer_key_ = key;
    }
    return answer_tokens_;
}

const char* TokenScene::far_memory_word(const char* key) const {
    const double kind = values().get("token.hbm.kind");
    static const char* const suffix[] = {"", "_gddr6x", "_own", "_lpddr5", "_gddr6"};
    if (!(kind >= 1 && kind <= 4)) return tr(key);  // most hardware: no other word
    const std::string k = key;
    bool named = k == "token.map.hbm" || k == "token.stage.3" || k == "token.bn.3" || k == "token.level.hbm";
    return tr(named ? (k + suffix[int(kind)]).c_str() : key);
}

TokenScene::HeadlineText TokenScene::headline_text() const {
    // The bottleneck of the phase that took the device's recent time, as the model
    // measures it (pace.h): named with its busy share and the window, shifting between
    // two stages, or none binding.
    const PaceMeasure& p = tm().pace();
    const char* title = p.phase == kPhaseDecode ? "token.map.bottleneck_decode"
                        : p.mixed               ? "token.map.bottleneck_mixed"
                                                : "token.map.bottleneck_prompts";
    if (p.steps == 0) return {std::string(tr("token.map.bottleneck")) + ": " + tr("token.map.no_step_yet"), "", -1};
    if (answer_hidden()) {  // the open question's mark, as the chain's headline writes it
        char held[160];
        std::snprintf(held, sizeof held, tr("lesson.held_mark"), held_words("lesson.answer_held", "lesson.answer_held_next"));
        return {join_magnitudes(std::string(tr(title)) + ": " + held), "", -1};
    }
    const std::string window = pace_window_words(p, language() == Lang::Zh);
    char key[24], what[256], line[400];
    if (p.stage >= 0) {
        std::snprintf(key, sizeof key, "token.stage.%d", p.stage);
        std::snprintf(what, sizeof what, tr("token.map.busy_window"), stage_share_text(p.stage).c_str(), window.c_str());
        std::snprintf(line, sizeof line, tr("token.map.headline"), tr(title), far_memory_word(key), what);
        std::snprintf(key, sizeof key, "token.bn.%d", p.stage);
        return {line, far_memory_word(key), p.stage};
    }
    if (p.shifting) {
        char a[24], b[24];
        std::snprintf(a, sizeof a, "token.stage.%d", p.between[0]);
        std::snprintf(b, sizeof b, "token.stage.%d", p.between[1]);
        std::snprintf(what, sizeof what, tr("token.map.shifting"), far_memory_word(a), far_memory_word(b));
    } else {
        std::snprintf(what, sizeof what, "%s", tr("token.map.none_binds"));
    }
    std::snprintf(line, sizeof line, tr("token.map.headline"), tr(title), what, window.c_str());
    return {line, "", -1};
}

std::string TokenScene::stage_share_text(int stage) const {
    const PaceMeasure& p = tm().pace();
    return format_share(p.share[std::clamp(stage, 0, kStageCount - 1)]);
}

HeadlineState TokenScene::headline_state() const {
    const PaceMeasure& p = tm().pace();
    HeadlineState h;
    if (p.steps == 0) return h;
    h.phase = p.phase == kPhasePrefill ? "prefill" : "decode";
    h.window = pace_window_words(p, language() == Lang::Zh);
    if (answer_hidden()) return h;  // a question open: the named station waits for the reveal
    const auto& st = model().stations();
    auto id = [&](int stage) { return std::string(st[size_t(station_of_stage(stage))].id); };
    if (p.stage >= 0) {
        h.station = id(p.stage);
        h.share = p.share[p.stage];
    }
    h.shifting = p.shifting;
    if (p.shifting) h.shifting_between = {id(p.between[0]), id(p.between[1])};
    return h;
}

std::string TokenScene::headline() const {
    const HeadlineText h = headline_text();
    return h.why.empty() ? h.line : h.line + " " + h.why;
}

tj::Scenario TokenScene::scenario() const {
    tj::Scenario s = ModelScene::scenario();
    if (prompt_.prompt != std::string(PromptPanelState().prompt)) s.prompt = prompt_.prompt;
    s.answer = tm().answer_override();
    return s;
}

std::string TokenScene::apply(const tj::Scenario& s) {
    // The texts are set first (the answer takes effect at the restart apply makes)
    // and put back if the rest is refused.
    PromptPanelState kept_prompt = prompt_;
    std::string kept_answer = tm().answer_override();
    const std::string& prompt = s.prompt.empty() ? std::string(PromptPanelState().prompt) : s.prompt;
    std::snprintf(prompt_.prompt, sizeof prompt_.prompt, "%s", prompt.c_str());
    std::snprintf(prompt_.answer, sizeof prompt_.answer, "%s", s.answer.c_str());
    model_as_mut<TokenModel>().set_answer_override(s.answer);
    std::string err = ModelScene::apply(s);
    if (!err.empty()) {
        prompt_ = kept_prompt;
        model_as_mut<TokenModel>().set_answer_override(kept_answer);
    }
    return err;
}

// The chosen tokenizer's vocabulary is asked for; a failure is told once (the stand-in
// goes on); when one arrives, what the stand-in cut is cut again.
DownloadNews TokenScene::follow_downloads(bool rerun) {
    DownloadNews news;
    vocab_request(int(values().get("token.run.tokenizer")));
    for (int c = tj::token::kTokenizerCl100k; c <= tj::token::kTokenizerO200k; c++) {
        const VocabStatus st = vocab_status(c);
        if (st.state != VocabState::Failed || (vocab_failures_shown_ & (1u << c))) continue;
        vocab_failures_shown_ |= 1u << c;
        news.failed = std::string(tr("vocab.failed")) + " · " + vocab_name(c) + "\n" + st.problem + "\n" + tr("vocab.standin");
    }
    if (vocab_arrivals() == vocab_seen_) return news;
    vocab_seen_ = vocab_arrivals();
    news.arrived = true;
    answer_key_.clear();
    prompt_.tokenized_with = -2;
    if (rerun)
        for (const tj::Metric& m : metrics())
            if (m.id == "tokenizer_in_use" && int(m.value) != int(values().get("token.run.tokenizer"))) apply(scenario());
    return news;
}

std::string TokenScene::download_note() const {
    for (int c = tj::token::kTokenizerCl100k; c <= tj::token::kTokenizerO200k; c++)
        if (std::string note = vocab_progress_text(c); !note.empty()) return note;
    return "";
}

std::vector<DownloadState> TokenScene::downloads() const {
    static const char* const kStates[] = {"idle", "loading", "ready", "failed"};
    std::vector<DownloadState> out;
    for (int c = tj::token::kTokenizerCl100k; c <= tj::token::kTokenizerO200k; c++) {
        const VocabStatus st = vocab_status(c);
        out.push_back({vocab_name(c), kStates[int(st.state)], st.done, st.total});
    }
    return out;
}

void TokenScene::update(double real_dt) {
    ModelScene::update(real_dt);  // a follow moves the run first, before the metrics are read
    metrics_now_ = metrics();

    lay_ = token_layout(values().get("token.run.sampler") >= 0.5);
}

const tj::Metric* TokenScene::find_metric(const char* id) const {
    for (const tj::Metric& m : metrics_now_)
        if (m.id == id) return &m;
    return nullptr;
}

double TokenScene::metric(const char* id) const {
    const tj::Metric* m = find_metric(id);
    return m ? m->value : 0;
}

ImVec2 TokenScene::station_position(size_t i) const {
    if (i >= kStationCount) return {500, 350};
    const WorldBox& r = lay_.station[i];
    // Fetches from each core's SRAM start at the top of the mesh; 3D DRAM rises from
    // the slab under it; HBM enters through the bottom edge of the mesh.
    if (i == kStSram) return {r.center().x, r.min_y + 14};
    // Tokens and text reach the screen at its top edge, not over the answer it shows.
    if (i == kStScreen) return {r.center().x, r.min_y + 2};
    return r.center();
}

// IM_COL32 packs bytes r, g, b, a in memory, as rgba_u32 does: palette colours pass as they are.
ParcelStyle TokenScene::parcel_style(uint16_t kind) const {
    if (kind == kSegPromptTokens) return {pal::kSky, 10};
    if (kind == kSegOutputToken) return {pal::kSky, 12};
    if (kind == kSegText) return {pal::kYellow, 11};
    if (kind >= kSegWeightFetch && kind < kSegKvFetch) return {pal::kOrange, 10};
    if (kind >= kSegKvFetch && kind < kSegText) return {pal::kPurple, 10};
    return {pal::kGrey, 10};
}

int TokenScene::station_of_stage(int stage) const {
    // Stages: StepPart 0..7, then 8 h2d, 9 d2h, 10 tokenizer, 11 detokenizer, 12 sampler.
    static const int map[] = {kStMesh, kStSram, kStDram3d, kStHbm, kStHostMem, kStMesh, kStMesh,
                              kStMesh, kStH2d,  kStD2h,    kStTokenizer, kStDetok, kStSampler};
    return stage >= 0 && stage < int(sizeof map / sizeof map[0]) ? map[stage] : -1;
}

std::vector<std::string> TokenScene::texts() const {
    std::vector<std::string> t = ModelScene::texts();
    for (int lang = 0; lang < 2; lang++) t.push_back(tj::token::answer_text(lang));
    return t;
}

namespace tokenui {

TokenLayout token_layout(bool sampler_on_host) {
    // Fixed boxes; only the sampler moves (on the chip or on the host).
    TokenLayout L;
    L.sampler_on_host = sampler_on_host;
    L.chip = {200, 40, 800, 680};
    L.mesh = {225, 100, 625, 400};
    L.station[kStPrompt] = {20, 60, 170, 140};
    L.station[kStTokenizer] = {20, 190, 170, 270};
    L.station[kStH2d] = {20, 320, 170, 400};
    L.station[kStHostMem] = {20, 520, 170, 650};
    L.door = {20, 408, 170, 512};
    L.station[kStMesh] = L.mesh;
    L.station[kStSram] = L.mesh;
    L.station[kStDram3d] = {225, 430, 625, 480};
    L.station[kStHbm] = {225, 545, 625, 665};
    L.station[kStSampler] = L.sampler_on_host ? WorldBox{830, 60, 980, 140} : WorldBox{650, 100, 780, 180};
    L.station[kStD2h] = {830, 190, 980, 270};
    L.station[kStDetok] = {830, 320, 980, 400};
    L.station[kStScreen] = {830, 475, 980, 670};
    return L;
}

TokenAreas token_areas(const FrameInput& in) {
    TokenAreas a;
    float w = in.size.x, h = in.size.y;
    if (!in.panels) {
        a.map_min = in.origin;
        a.map_size = in.size;
        return a;
    }
    float left = std::floor(w * 0.22f), right = std::floor(w * 0.28f), bottom = std::floor(h * 0.27f);
    a.left_min = in.origin;
    a.left_size = {left, h};
    a.right_min = {in.origin.x + w - right, in.origin.y};
    a.right_size = {right, h};
    a.bottom_min = {in.origin.x + left, in.origin.y + h - bottom};
    a.bottom_size = {w - left - right, bottom};
    a.map_min = {in.origin.x + left, in.origin.y};
    a.map_size = {w - left - right, h - bottom};
    return a;
}

const TripStopLook& trip_stop_look(int stop) {
    static const TripStopLook looks[tj::token::kTripStops] = {{"token.chart.trip_door", "queue_wait_s", pal::kGrey},
                                                       {"token.map.tokenizer", "trip_tokenizer_s", pal::kPurple},
                                                       {"token.map.h2d", "trip_h2d_s", pal::kSky},
                                                       {"token.chart.trip_step", "trip_step_s", pal::kGreen},
                                                       {"token.map.sampler", "trip_sampler_s", pal::kBlue},
                                                       {"token.map.d2h", "trip_d2h_s", pal::kSky},
                                                       {"token.map.detok", "trip_detok_s", pal::kYellow},
                                                       {"token.chart.trip_flush", "trip_flush_s", pal::kVermillion}};
    return looks[std::clamp(stop, 0, tj::token::kTripStops - 1)];
}

const char* provenance_tag(Provenance p) {
    switch (p) {
        case Provenance::Output: return tr("token.tag.out");
        case Provenance::Input: return tr("token.tag.in");
        default: return tr("token.tag.assumed");
    }
}

ImU32 provenance_color(Provenance p) {
    switch (p) {
        case Provenance::Output: return pal::kSky;
        case Provenance::Input: return pal::kTextDim;
        default: return pal::kYellow;
    }
}

float map_font_px(const WorldView& v, float world_size, float min_px) {
    const float floor = min_px * text_scale();
    return std::max(presenter_text() ? std::max(floor, presenter_min_px()) : floor, world_size * v.zoom());
}

bool map_detail_shown(const WorldView& v, float world_size) {
    // Presenter mode gives every figure (the zoom rule of a phone's whole-map view left
    // the door's box empty); the placer leaves out one its box cannot hold.
    constexpr float kDetailMinShare = 0.45f;
    return presenter_text() || world_size * v.zoom() >= kDetailMinShare * kMapMinPx * text_scale();
}

void map_name(MapLabels& labels, const std::string& id, const WorldView& v, ImVec2 world, float world_size, ImU32 col,
              const std::string& text, float align_x, const std::string& short_text) {
    labels.name(id, v.to_screen(world.x, world.y), map_font_px(v, world_size), col, text, align_x, false, short_text);
}

void map_detail(MapLabels& labels, const std::string& id, const WorldView& v, ImVec2 world, float world_size, ImU32 col,
                const std::string& text, float align_x, const std::string& short_text) {
    if (map_detail_shown(v, world_size))
        labels.detail(id, v.to_screen(world.x, world.y), map_font_px(v, world_size), col, text, align_x, false, short_text);
}

void map_text(ImDrawList* dl, const WorldView& v, ImVec2 world, float world_size, ImU32 col, const char* text,
              float align_x, float min_px) {
    float px = map_font_px(v, world_size, min_px);
    ImFont* f = ImGui::GetFont();
    ImVec2 sz = f->CalcTextSizeA(px, FLT_MAX, 0, text);
    ImVec2 s = v.to_screen(world.x, world.y);
    ImVec2 p{std::floor(s.x - sz.x * align_x), std::floor(s.y - sz.y * 0.5f)};
    dl->AddText(f, px, p, col, text);
}

}  // namespace tokenui
