// demo_scene.cpp — the parcel stress test: N parcels shuttle between twelve
// depots on fixed, seeded routes. It shows the renderer's promise (every parcel
// placed by the GPU from its route and times, one draw call) and measures it:
// the frame rate beside the parcel count is the benchmark in the browser tests.
#include <cmath>

#include "core/rng.h"
#include "app/ui/format.h"
#include "app/scene/panel_window.h"
#include "app/ui/i18n.h"
#include "app/ui/param_panel.h"
#include "app/scene/demo_scene.h"

namespace {
constexpr int kDepots = 12;
constexpr float kLoop = 8.0f;  // seconds of animation before the routes repeat

ImVec2 depot_pos(int i) {
    float a = float(i) / kDepots * 6.2831853f;
    return {800 + 620 * std::cos(a), 450 + 330 * std::sin(a)};
}

// The stress test's parameters: one registry for the program, as a model scene's is.
const tj::ParamRegistry& demo_registry() {
    static const tj::ParamRegistry reg = [] {
        tj::ParamRegistry r;
        r.group("demo", "Stress test", "压力测试");
        r.add({.id = "demo.parcels", .label_en = "Parcels", .label_zh = "包裹数", .unit = "", .min = 0,
               .max = 200000, .def = 2000, .integer = true, .group = "demo",
               .help_en = "How many parcels are on the road at once.", .help_zh = "同时在路上的包裹数量。",
               .source = "illustrative"});
        r.add({.id = "demo.speed", .label_en = "Speed", .label_zh = "速度", .unit = "x", .min = 0.05,
               .max = 5, .def = 1, .scale = tj::Scale::Log, .group = "demo",
               .help_en = "How fast time runs.", .help_zh = "时间走得多快。", .source = "illustrative"});
        return r;
    }();
    return reg;
}
}  // namespace

DemoScene::DemoScene() : setup_{tj::ParamValues(demo_registry())} {
    std::string err;
    renderer_.init(&err);  // a shader error shows as no parcels; the GL layer logs it
}

std::string DemoScene::set_param(const std::string& id, double value) {
    std::string err = setup_.values.set(id, value);
    if (err.empty() && id == "demo.parcels") dirty_ = true;
    return err;
}

void DemoScene::reset() {
    time_ = 0;
    dirty_ = true;
}

void DemoScene::update(double real_dt) {
    if (setup_.playing) time_ = std::fmod(time_ + real_dt * setup_.values.get("demo.speed"), double(kLoop));
    if (!dirty_) return;
    // Routes are seeded: the same count gives the same picture.
    tj::Rng rng(setup_.seed);
    size_t n = size_t(setup_.values.get("demo.parcels"));
    std::vector<ParcelInstance> inst(n);
    static const uint32_t palette[] = {0xFFE69F00u, 0xFF56B4E9u, 0xFF009E73u, 0xFFF0E442u, 0xFF0072B2u, 0xFFD55E00u, 0xFFCC79A7u};
    for (size_t i = 0; i < n; i++) {
        int a = int(rng.below(kDepots)), b = (a + 1 + int(rng.below(kDepots - 1))) % kDepots;
        ImVec2 p = depot_pos(a), q = depot_pos(b);
        float t0 = float(rng.uniform(0, kLoop - 2)), dur = float(rng.uniform(1.0, 2.0));
        uint32_t bgr = palette[rng.below(7)];  // palette written 0xAARRGGBB: swap to bytes r,g,b,a
        uint32_t rgba = (bgr & 0xFF00FF00u) | ((bgr & 0xFFu) << 16) | ((bgr >> 16) & 0xFFu);
        inst[i] = {p.x, p.y, q.x, q.y, t0, t0 + dur, rgba, n > 20000 ? 5.0f : 9.0f};
    }
    renderer_.upload(inst);
    dirty_ = false;
}

void DemoScene::draw_map(const FrameInput& in) {
    view_.update(ImGui::GetIO(), in.touch, in.origin, in.size, WorldBox{});
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    float z = view_.zoom();
    for (int i = 0; i < kDepots; i++) {
        ImVec2 c = view_.to_screen(depot_pos(i).x, depot_pos(i).y);
        dl->AddRectFilled({c.x - 40 * z, c.y - 28 * z}, {c.x + 40 * z, c.y + 28 * z}, IM_COL32(52, 60, 78, 255), 6 * z);
        dl->AddRect({c.x - 40 * z, c.y - 28 * z}, {c.x + 40 * z, c.y + 28 * z}, IM_COL32(140, 160, 190, 255), 6 * z, 0, 2);
    }
    in.parcels->add(dl, &renderer_, float(time_), view_.gl_view(in.fb_scale), in.fb_w, in.fb_h);
    seen_.parcels = renderer_.count();
    ImVec2 title = view_.to_screen(800, 450);
    const char* lesson = tr("demo.lesson");
    ImVec2 ts = ImGui::CalcTextSize(lesson, nullptr, false, 520 * z);
    dl->AddText(nullptr, 0, {title.x - ts.x / 2, title.y - ts.y / 2}, IM_COL32(235, 238, 245, 255), lesson, nullptr, 520 * z);
}

void DemoScene::draw_panels(const FrameInput& in) {
    if (!begin_panel(in, 0, tr("panel.params"), "demo_params", {in.origin.x + 10, in.origin.y + 10},
                     {ImGui::GetFontSize() * 20, 0}, 0))
        return;
    param_panel(panel_, setup_.values, [this](const std::string& id, double v) { return set_param(id, v); });
    seen_.param_controls = panel_.controls;
    ImGui::End();
}

std::vector<tj::Metric> DemoScene::metrics() const {
    return {{"parcels", setup_.values.get("demo.parcels"), "", "Parcels", "包裹数"},
            {"time_s", time_, "s", "Animation time", "动画时间"}};
}

std::vector<std::string> DemoScene::texts() const {
    std::vector<std::string> t;
    for (auto& d : demo_registry().defs()) t.insert(t.end(), {d.label_zh, d.help_zh});
    return t;
}

std::string DemoScene::apply(const tj::Scenario& s) {
    std::string err = tj::apply_scenario(s, setup_.values);  // all or nothing
    if (!err.empty()) return err;
    setup_.seed = s.seed;
    time_ = std::fmod(s.time, double(kLoop));
    dirty_ = true;
    return "";
}
