// measured_card.cpp — this computer's benchmark state and its card. See measured_card.h.
#include "app/token/measured_card.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

#include "app/ui/font.h"
#include "app/ui/format.h"
#include "app/ui/i18n.h"
#include "app/ui/palette.h"
#include "app/ui/plots.h"
#include "core/token/token_params.h"
#include "imgui.h"

namespace {

std::string fmt(const char* f, double x) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, x);
    return buf;
}

// A speed as the card writes it: two significant figures, more above 100.
std::string speed(double tok_s) { return tok_s >= 100 ? fmt("%.0f", tok_s) : tok_s >= 1 ? fmt("%.1f", tok_s) : fmt("%.2g", tok_s); }

// A prediction's range, "12-31 tok/s": the engines' lowest share of the bandwidth, then all of
// it; one figure where the arithmetic, not the bandwidth, sets the speed (a CPU thread's).
std::string speeds(const tj::Prediction& p) {
    const std::string low = speed(p.tok_s_low), high = speed(p.tok_s);
    return (low == high ? high : low + "-" + high) + " " + tr("measured.tok_s");
}

// Which side of the ridge sets a prediction's speed: at the measured bandwidth (the top
// of its range) and at the engines' share of it (the bottom). A step can be bound by
// arithmetic at the top and by memory at the bottom, where the bandwidth is lower.
const char* bound_key(const tj::Prediction& p) {
    const bool top_memory = p.intensity < p.ridge, low_memory = p.intensity < p.ridge / tj::kEngineBwShareLow;
    return top_memory ? "measured.memory_bound" : low_memory ? "measured.mixed_bound" : "measured.compute_bound";
}

// This computer's roofline: its bandwidth's slanted roof, its arithmetic's flat one, and
// one dot for decoding at 4 bits and one at 16, each on the roof at its intensity.
void measured_roofline(const tj::token::MeasuredFigures& f, const std::vector<tj::Prediction>& ps, float height) {
    const double bw = f.bandwidth_gbs * 1e9;
    std::vector<RoofPoint> pts;
    for (const tj::Prediction& p : ps)
        if (p.model == "Llama-3.1-8B" && p.intensity > 0)
            pts.push_back({p.intensity, std::min(f.flops, p.intensity * bw),
                           std::string(p.weight_bits < 8 ? "4 " : "16 ") + tr("measured.bits")});
    roofline("measured_roof", {ImGui::GetContentRegionAvail().x, height}, f.flops,
             {{tr("measured.roof_memory"), bw, pal::kSky}}, pts);
}

// Puts the next button on this line when it fits there, else on the next.
void same_line_if_room(const char* label) {
    ImGuiStyle& st = ImGui::GetStyle();
    float w = ImGui::CalcTextSize(label).x + st.FramePadding.x * 2;
    float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (ImGui::GetItemRectMax().x + st.ItemSpacing.x + w <= right) ImGui::SameLine();
}

}  // namespace

MeasuredComputer& measured_computer() {
    static MeasuredComputer mc;
    return mc;
}

bool MeasuredComputer::start() {
    if (running_) {
        message_ = tr("measured.already");
        return false;
    }
    running_ = true;
    progress_ = 0;
    note_.clear();
    message_.clear();
    return true;
}

void MeasuredComputer::progress(double share, const std::string& note) {
    if (!running_ || !std::isfinite(share)) return;
    progress_ = std::fmin(1, std::fmax(progress_, share));
    if (note.rfind("measured.note_", 0) == 0 && note.size() <= 64) note_ = note;  // a string-table key, else kept
}

std::string MeasuredComputer::finish(const tj::token::MeasuredFigures& f) {
    running_ = false;
    std::string err = tj::token::install_measured_preset(f);
    if (!err.empty()) {
        message_ = std::string(tr("measured.refused")) + err;
        return err;
    }
    figures_ = f;
    measured_ = true;
    progress_ = 1;
    predictions_ = tj::predict_measured(f);
    message_.clear();
    news_ = true;
    return "";
}

void MeasuredComputer::fail(const std::string& why) {
    running_ = false;
    bool key = why.rfind("measured.why_", 0) == 0 && why.size() <= 64;  // the page's own reasons, in the language shown
    message_ = std::string(tr("measured.failed")) + (key ? std::string(tr(why.c_str())) : why.substr(0, 300));
}

void MeasuredComputer::note_token_values(const tj::ParamValues& v) {
    tj::token::MeasuredFigures f;
    if (!tj::token::measured_figures_in(v, &f)) {
        in_use_ = InUse::kNone;
        return;
    }
    // By bandwidth and arithmetic rate: a lesson may give the weights room in memory
    // (your-computer-roofline's last step) and still run on this computer's figures.
    using tj::token::same_figure;
    auto same = [](const tj::token::MeasuredFigures& a, const tj::token::MeasuredFigures& b) {
        return same_figure(a.bandwidth_gbs, b.bandwidth_gbs) && same_figure(a.flops, b.flops);
    };
    // One of the two still this computer's (or the stand-in's): the other was moved by hand,
    // as a lesson's "your turn" does; a link brings both.
    auto one_same = [](const tj::token::MeasuredFigures& a, const tj::token::MeasuredFigures& b) {
        return same_figure(a.bandwidth_gbs, b.bandwidth_gbs) || same_figure(a.flops, b.flops);
    };
    const tj::token::MeasuredFigures stand_in = tj::token::stand_in_figures();
    in_use_figures_ = f;
    in_use_ = measured_ && same(f, figures_)                                 ? InUse::kHere
              : same(f, stand_in)                                            ? InUse::kStandIn
              : (measured_ && one_same(f, figures_)) || one_same(f, stand_in) ? InUse::kMoved
                                                                             : InUse::kLink;
}

std::string MeasuredComputer::state_json() const {
    nlohmann::json j;
    j["card"] = open_;
    j["running"] = running_;
    j["done"] = measured_;
    j["progress"] = measured_ && !running_ ? 1.0 : progress_;
    j["note"] = note_;
    j["message"] = message_;
    j["bandwidth_gbs"] = measured_ ? figures_.bandwidth_gbs : 0;
    j["flops"] = measured_ ? figures_.flops : 0;
    j["flops_f16"] = measured_ ? figures_.flops_f16 : 0;
    j["memory_gb"] = measured_ ? figures_.memory_gb : 0;
    j["adapter"] = measured_ ? figures_.adapter : "";
    j["path"] = measured_ ? figures_.path : "";
    // The registry's hw.measured as it stands: the preset a lesson, a race or a link uses.
    if (const tj::Preset* p = tj::token::token_registry().find_preset(kPreset)) {
        j["preset"] = {{"label", p->label_en}};
        for (auto& [id, v] : p->values)
            if (id == "token.hbm.bw_gbs" || id == "token.mesh.core_tflops" || id == "token.hbm.capacity_gb") j["preset"][id] = v;
    }
    static const char* kInUse[] = {"none", "this computer", "a link", "stand-in", "moved by hand"};
    j["in_use"] = {{"from", kInUse[int(in_use_)]}, {"bandwidth_gbs", in_use_figures_.bandwidth_gbs},
                   {"flops", in_use_figures_.flops}, {"memory_gb", in_use_figures_.memory_gb}};
    j["predictions"] = nlohmann::json::array();
    for (const tj::Prediction& p : predictions_)
        j["predictions"].push_back({{"model", p.model}, {"bits", p.weight_bits}, {"need_gb", p.need_gb}, {"fits", p.fits},
                                    {"tok_s", p.tok_s}, {"tok_s_low", p.tok_s_low}, {"closed_form", p.closed_form}, {"intensity", p.intensity},
                                    {"ridge", p.ridge}, {"error", p.error}});
    return j.dump();
}

void MeasuredComputer::draw_card(bool compact, bool held) {
    ImGui::BeginDisabled(running_);
    if (ImGui::Button(tr(measured_ ? "measured.again" : "measured.start"))) {
#ifdef __EMSCRIPTEN__
        EM_ASM({ if (window.tokenJourney) window.tokenJourney.measureComputer(true); });
#else
        message_ = tr("measured.browser_only");
#endif
    }
    ImGui::EndDisabled();
    if (measured_ && !compact) {  // a lesson's card keeps to the lesson's step
        same_line_if_room(tr("measured.use"));
        if (ImGui::Button(tr("measured.use"))) use_ = true;
        same_line_if_room(tr("measured.race"));
        if (ImGui::Button(tr("measured.race"))) race_ = true;
    }
    if (in_use_ == InUse::kHere) text_wrapped(tr("measured.in_use_here"), IM_COL32(140, 220, 140, 255));
    if (in_use_ == InUse::kStandIn) text_wrapped(tr("measured.in_use_stand_in"), IM_COL32(255, 180, 90, 255));
    if (in_use_ == InUse::kLink || in_use_ == InUse::kMoved)
        text_wrapped(std::string(tr(in_use_ == InUse::kLink ? "measured.in_use_link" : "measured.in_use_moved")) + format_si(in_use_figures_.bandwidth_gbs * 1e9, "B/s") + ", " +
                         format_si(in_use_figures_.flops, "FLOP/s") + ", " + fmt("%.3g GB", in_use_figures_.memory_gb) +
                         "  [" + tr("measured.tag") + "]",
                     IM_COL32(140, 200, 255, 255));
    if (running_) {
        ImGui::ProgressBar(float(progress_), ImVec2(-1, 0), note_.empty() ? nullptr : tr(note_.c_str()));
        text_wrapped(tr("measured.running"));
    }
    if (!message_.empty()) text_wrapped(message_, IM_COL32(255, 180, 90, 255));
    if (!measured_) {
        if (!running_ && !compact) text_wrapped(tr("measured.intro"));  // a lesson's caption says it
        return;
    }
    const tj::token::MeasuredFigures& f = figures_;
    bool gpu = f.path == "webgpu";
    text_wrapped(std::string(tr(gpu ? "measured.on_gpu" : "measured.on_cpu")) + f.adapter);
    text_wrapped(std::string(tr("measured.bandwidth")) + format_si(f.bandwidth_gbs * 1e9, "B/s") + "  [" + tr("measured.tag") + "]");
    std::string rate = std::string(tr("measured.rate")) + format_si(f.flops, "FLOP/s") + " f32";
    if (f.flops_f16 > 0) rate += ", " + format_si(f.flops_f16, "FLOP/s") + " f16";
    text_wrapped(rate + "  [" + tr("measured.tag") + "]");
    if (f.memory_gb > 0) text_wrapped(std::string(tr("measured.memory")) + fmt("%.3g GB", f.memory_gb));
    else text_wrapped(std::string(tr("measured.memory_unknown")) + fmt("%.3g GB", tj::token::kAssumedMemoryGb));
    if (!compact) text_wrapped(tr(gpu ? "measured.method_gpu" : "measured.method_cpu"), IM_COL32(190, 190, 200, 255));
    ImGui::Spacing();
    if (held) {
        text_wrapped(tr("measured.held"), IM_COL32(255, 180, 90, 255));
        return;
    }
    text_wrapped(tr("measured.predict_head"));
    // A lesson's card (compact) shows the model its question asks about, Llama-3.1-8B; the
    // full card all six cases.
    auto shown = [&](const tj::Prediction& p) { return !compact || p.model == "Llama-3.1-8B"; };
    if (ImGui::GetContentRegionAvail().x < ImGui::GetFontSize() * 26) {  // a phone: one line per case
        for (const tj::Prediction& p : predictions_) {
            if (!shown(p)) continue;
            std::string line = p.model + " · " + (p.weight_bits < 8 ? "4" : "16") + " " + tr("measured.bits") + " · " +
                               fmt("%.3g GB", p.need_gb) + (p.fits ? "" : std::string(" ") + tr("measured.too_big")) +
                               ": " + (p.error.empty() ? speeds(p) : "—") + " (" + tr(bound_key(p)) + ")";
            text_wrapped(line);
        }
    } else if (ImGui::BeginTable("predictions", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
        for (const char* h : {"measured.col_model", "measured.col_bits", "measured.col_need", "measured.col_speed",
                              "measured.col_bound"})
            ImGui::TableSetupColumn(tr(h));
        ImGui::TableHeadersRow();
        for (const tj::Prediction& p : predictions_) {
            if (!shown(p)) continue;
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(p.model.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(p.weight_bits < 8 ? "4" : "16");
            ImGui::TableNextColumn();
            std::string need = fmt("%.3g GB", p.need_gb);
            if (!p.fits) need += std::string(" ") + tr("measured.too_big");
            ImGui::TextUnformatted(need.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(p.error.empty() ? speeds(p).c_str() : "—");
            ImGui::TableNextColumn();
            text_wrapped(tr(bound_key(p)));
        }
        ImGui::EndTable();
    }
    if (compact) {  // the lesson's caption names the range's lower end: the card says where it comes from
        text_wrapped(fill_slot(tr("measured.range_short"), "{low}", fmt("%.2f", tj::kEngineBwShareLow)), IM_COL32(190, 190, 200, 255));
    } else {
        text_wrapped(tr("measured.range"), IM_COL32(190, 190, 200, 255));
    }
    if (!predictions_.empty() && !compact) {
        measured_roofline(f, predictions_, ImGui::GetFontSize() * 10);
        text_wrapped(std::string(tr("measured.roofline")) + fmt("%.2g FLOP/B", predictions_[0].ridge) +
                     tr("measured.roofline_tail"));
    }
    text_wrapped(tr(compact ? "measured.method_where" : "measured.stack"), IM_COL32(190, 190, 200, 255));
}

void MeasuredComputer::draw_window(int win_w, int win_h) {
    float fs = ImGui::GetFontSize();
    // Centred every frame: the card grows when the figures arrive, and stays on screen (it scrolls past 90%).
    ImGui::SetNextWindowPos({float(win_w) * 0.5f, float(win_h) * 0.5f}, ImGuiCond_Always, {0.5f, 0.5f});
    ImGui::SetNextWindowSize({std::min(float(win_w) * 0.94f, fs * 36), 0}, ImGuiCond_Always);
    ImGui::SetNextWindowSizeConstraints({0, 0}, {float(win_w), float(win_h) * 0.9f});
    ImGui::Begin((std::string(tr("measured.title")) + "###measured").c_str(), &open_, ImGuiWindowFlags_NoCollapse);
    draw_card(false, false);
    ImGui::End();
}
