// app.cpp — see app.h.
#include "app.h"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "font.h"
#include "format.h"
#include "i18n.h"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "scene_demo.h"
#if __has_include("scene_token.h")
#include "scene_token.h"
#endif
#if __has_include("scene_fab.h")
#include "scene_fab.h"
#endif

namespace {
struct ParcelPass {
    ParcelRenderer* renderer;
    float time;
    View2D view;
    int fb_w, fb_h;
};
std::vector<ParcelPass> g_passes;  // filled while drawing a frame, read during render

void run_parcel_pass(const ImDrawList*, const ImDrawCmd* cmd) {
    const ParcelPass& p = g_passes[size_t(reinterpret_cast<intptr_t>(cmd->UserCallbackData))];
    p.renderer->draw(p.time, p.view, p.fb_w, p.fb_h);
}
}  // namespace

void add_parcel_pass(ImDrawList* list, ParcelRenderer* r, float time, const View2D& view, int fb_w, int fb_h) {
    g_passes.push_back({r, time, view, fb_w, fb_h});
    list->AddCallback(run_parcel_pass, reinterpret_cast<void*>(intptr_t(g_passes.size() - 1)));
    list->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

bool App::init(const AppOptions& opts, std::string* error) {
    if (!i18n_load(error)) return false;
    // The scenes, in menu order. (__has_include: scenes join the build as they land.)
#if __has_include("scene_token.h")
    scenes_.push_back(make_token_scene());
#endif
#if __has_include("scene_fab.h")
    scenes_.push_back(make_fab_scene());
#endif
    scenes_.push_back(std::make_unique<DemoScene>());
    present_ = opts.present;
    panels_ = !opts.present;
    if (opts.present) ui_scale_ = 1.75f;
    if (!set_scene(opts.scene).empty()) current_ = 0;
    if (!opts.state.empty()) {
        std::string err = apply_link(opts.state);
        if (!err.empty()) message_ = std::string(tr("err.title")) + ": " + err + "\n" + tr("err.kept");
    }
    ImGuiStyle& st = ImGui::GetStyle();
    ImGui::StyleColorsDark();
    st.WindowRounding = 6;
    st.FrameRounding = 4;
    st.GrabMinSize = 14;
    return true;
}

void App::rebuild_fonts(float dpi_scale) {
    std::vector<std::string> texts = i18n_all_texts();
    for (auto& s : scenes_) {
        auto t = s->texts();
        texts.insert(texts.end(), t.begin(), t.end());
    }
    std::string msg;
    font_load(texts, 18.0f * ui_scale_, dpi_scale, &msg);
    if (!msg.empty()) message_ = msg;
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
    fonts_dirty_ = false;
}

void App::event(const SDL_Event& e) {
    if (e.type == SDL_QUIT) quit_ = true;
    if (e.type != SDL_KEYDOWN || ImGui::GetIO().WantTextInput) return;
    switch (e.key.keysym.sym) {
        case SDLK_h: panels_ = !panels_; break;
        case SDLK_p:
            present_ = !present_;
            panels_ = !present_;
            ui_scale_ = present_ ? 1.75f : 1.0f;
            fonts_dirty_ = true;
            break;
        case SDLK_F11: toggle_fullscreen_ = true; break;
        default: break;
    }
}

std::string App::set_scene(const std::string& id) {
    for (size_t i = 0; i < scenes_.size(); i++)
        if (id == scenes_[i]->id()) { current_ = i; return ""; }
    return "unknown scene '" + id + "'";
}

std::string App::link() const {
    if (scenes_.empty()) return "";
    return tj::scenario_to_url(scenes_[current_]->scenario());
}

std::string App::apply_link(const std::string& fragment) {
    auto registry_of = [this](const std::string& scene) -> const tj::ParamRegistry* {
        for (auto& s : scenes_)
            if (scene == s->id()) return &s->values().registry();
        return nullptr;
    };
    tj::Scenario sc;
    std::string err = tj::scenario_from_url(fragment, registry_of, sc);
    if (!err.empty()) return err;
    for (size_t i = 0; i < scenes_.size(); i++) {
        if (sc.scene != scenes_[i]->id()) continue;
        err = scenes_[i]->apply(sc);
        if (err.empty()) current_ = i;
        return err;
    }
    return "unknown scene '" + sc.scene + "'";
}

std::string App::set_param(const std::string& id, double value) {
    for (auto& s : scenes_)
        if (s->values().registry().find(id) >= 0) return s->set_param(id, value);
    return "unknown parameter '" + id + "'";
}

void App::draw_menu() {
    if (!ImGui::BeginMainMenuBar()) return;
    ImGui::TextUnformatted(tr("app.title"));
    ImGui::Separator();
    for (size_t i = 0; i < scenes_.size(); i++)
        if (ImGui::MenuItem(tr(scenes_[i]->title_key()), nullptr, i == current_)) current_ = i;
    ImGui::Separator();
    if (ImGui::MenuItem(tr("menu.language"))) {
        set_language(language() == Lang::En ? Lang::Zh : Lang::En);
    }
    if (ImGui::BeginMenu(tr("menu.view"))) {
        if (ImGui::MenuItem(tr("menu.present"), nullptr, present_)) {
            present_ = !present_;
            panels_ = !present_;
            ui_scale_ = present_ ? 1.75f : 1.0f;
            fonts_dirty_ = true;
        }
        if (ImGui::MenuItem(tr("menu.panels"), nullptr, !panels_)) panels_ = !panels_;
        float s = ui_scale_;
        if (ImGui::SliderFloat(tr("menu.ui_scale"), &s, 1.0f, 3.0f, "%.2fx")) ui_scale_ = s;
        if (ImGui::IsItemDeactivatedAfterEdit()) fonts_dirty_ = true;
        ImGui::EndMenu();
    }
    ImGui::EndMainMenuBar();
}

void App::frame(double real_dt, int win_w, int win_h, int fb_w, int fb_h) {
    frames_++;
    fps_ = fps_ == 0 ? 1.0 / std::max(real_dt, 1e-3) : fps_ * 0.95 + 0.05 / std::max(real_dt, 1e-3);
    g_passes.clear();
    Scene* s = current();
    if (panels_) draw_menu();
    float top = panels_ ? ImGui::GetFrameHeight() : 0;
    FrameInput in;
    in.real_dt = real_dt;
    in.origin = {0, top};
    in.size = {float(win_w), float(win_h) - top};
    in.fb_scale = win_w > 0 ? float(fb_w) / float(win_w) : 1;
    in.fb_w = fb_w;
    in.fb_h = fb_h;
    in.panels = panels_;
    if (s) {
        s->update(real_dt);
        s->draw_map(in);
        if (panels_) s->draw_panels(in);
    }
    if (panels_) {
        ImGui::SetNextWindowPos({float(win_w) * 0.5f, float(win_h) - 8}, ImGuiCond_FirstUseEver, {0.5f, 1});
        ImGui::SetNextWindowCollapsed(true, ImGuiCond_FirstUseEver);
        ImGui::Begin((std::string(tr("panel.status")) + "###status").c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize);
        ImGui::Text("%s %s", tr("status.version"), TJ_VERSION);
        ImGui::Text("%s: %.0f fps", tr("status.fps"), fps_);
        if (s) ImGui::Text("%s: %zu (%s)", tr("status.parcels"), s->parcels_drawn(), tr("status.draw_calls"));
        ImGui::End();
    }
    if (!message_.empty() && panels_) {
        ImGui::SetNextWindowPos({10, float(win_h) - 10}, ImGuiCond_Always, {0, 1});
        ImGui::Begin("##message", nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoTitleBar);
        ImGui::TextUnformatted(message_.c_str());
        if (ImGui::SmallButton("OK")) message_.clear();
        ImGui::End();
    }
}

void App::render_gl() { ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData()); }

std::string App::state_json() const {
    nlohmann::json j;
    const Scene* s = scenes_.empty() ? nullptr : scenes_[current_].get();
    j["frames"] = frames_;
    j["fps"] = fps_;
    j["language"] = language() == Lang::Zh ? "zh" : "en";
    j["panels"] = panels_;
    j["present"] = present_;
    if (s) {
        j["scene"] = s->id();
        j["time"] = s->sim_time();
        j["seed"] = s->seed();
        j["parcels"] = s->parcels_drawn();
        j["param_controls"] = param_panel_controls_last_frame();
        j["param_count"] = s->values().registry().size();
        auto& reg = s->values().registry();
        for (size_t i = 0; i < reg.size(); i++) j["params"][reg[i].id] = s->values()[i];
        for (auto& m : s->metrics()) j["metrics"][m.id] = std::isfinite(m.value) ? m.value : 0.0;
    }
    return j.dump();
}

void App::shutdown() { scenes_.clear(); }
