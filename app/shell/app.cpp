// app.cpp — see app.h.
//
// Index:
//   init, fonts, presenter mode, events           App::init … App::event
//   scenes, scenarios, links, parameters          App::scene_by_id … App::set_param
//   menus and the narrow screen's sheet tabs      App::draw_menu … App::draw_menus
//   share: link, CSV, scenario files              App::copy_link … App::apply_scenario_json
//   follow, welcome card, help, jumps, downloads  App::show_welcome … App::draw_download_note
//   the frame and its steps                       App::frame … App::draw_notes
//   touch, rendering, state() for the page        App::touch_to_imgui … App::state_json
#include "app/shell/app.h"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

#include "app/ui/control_boxes.h"
#include "app/ui/draw.h"
#include "app/ui/font.h"
#include "app/ui/format.h"
#include "app/ui/i18n.h"
#include "app/ui/palette.h"
#include "app/ui/glossary_view.h"
#include "imgui.h"
#include "app/platform/export.h"
#include "core/metric_history.h"
#include "app/platform/heap_use.h"
#include "imgui_impl_opengl3.h"
#include "app/platform/screenshot.h"
#include "app/render/motion.h"
#include "app/render/world_view.h"
#include "app/shell/scene_list.h"
#include "app/scene/model_scene.h"
#include "app/token/measured_card.h"

namespace {
const ImVec4 kBackdrop = ImGui::ColorConvertU32ToFloat4(pal::kBackdrop);  // behind the map
constexpr float kNarrowMapShare = 0.55f;  // of the height under the menu, with the sheet open

// A short text in a window of its own at `at` (pivot: which corner sits there),
// wrapped at `wrap` (0: at 36 lines' heights), with an OK button that empties it.
// ImGui's own 0 wraps at the window's edge, which in a window sized to its text
// narrows it to a word a line.
void note_window(const char* id, std::string& text, ImVec2 at, ImVec2 pivot, float wrap) {
    ImGui::SetNextWindowPos(at, ImGuiCond_Always, pivot);
    ImGui::Begin(id, nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoTitleBar);
    ImGui::PushTextWrapPos(wrap > 0 ? wrap : 36 * ImGui::GetFontSize());
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    if (ImGui::Button("OK")) text.clear();
    ImGui::End();
}
}  // namespace

bool App::init(const AppOptions& opts, std::string* error) {
    if (!i18n_load(error)) return false;
    if (!glossary_load(error)) return false;
    scenes_ = make_scenes();
    for (auto& s : scenes_)  // the scene this computer's benchmark acts on: the one whose parameters hold its preset
        if (auto* m = dynamic_cast<ModelScene*>(s.get()); m && m->values().registry().find_preset(MeasuredComputer::kPreset))
            measured_host_ = m;
    std::string lesson_err;
    if (!lessons_.load(&lesson_err)) message_ = lesson_err;
    if (!set_scene(opts.scene).empty()) current_ = 0;
    if (!opts.state.empty()) {
        std::string err = apply_link(opts.state);
        if (!err.empty()) {
            startup_problem_ = "--state: " + err;
            message_ = std::string(tr("err.title")) + ": " + err + "\n" + tr("err.kept");
        }
    }
    // The command line's flags add to what the link says.
    embed_ = embed_ || opts.embed;
    if (opts.present && !present_) set_present(true);
    panels_ = !present_ && !embed_ && !lessons_.active();  // a lesson shows its card, not the panels
    if (opts.welcome && !lessons_.active()) show_welcome(true);
    std::string panel_err;
    if (!layers_.init(&panel_err)) message_ = panel_err;  // frames are then drawn directly
#ifdef __EMSCRIPTEN__
    // The page asks the browser to keep the canvas between frames (page.js); where it
    // does, a frame draws only what changed.
    canvas_kept_ = EM_ASM_INT({ return GLctx && GLctx.getContextAttributes().preserveDrawingBuffer ? 1 : 0; }) != 0;
#endif
    layers_.set_framebuffer_kept(canvas_kept_);
    ImGuiStyle& st = ImGui::GetStyle();
    ImGui::StyleColorsDark();
    st.WindowRounding = 6;
    st.FrameRounding = 4;
    // Every slider writes its value across its whole bar; ImGui's grab, a block the size
    // of a letter under that text, read as selected text and hid a letter: each slider
    // marks its position with ticks at its edges instead (draw.h).
    st.GrabMinSize = 5;
    st.Colors[ImGuiCol_SliderGrab] = st.Colors[ImGuiCol_SliderGrabActive] = {0, 0, 0, 0};  // slider_position_ticks marks it
    st.Colors[ImGuiCol_ModalWindowDimBg] = {0.02f, 0.03f, 0.05f, 0.72f};  // the map dims behind the first-visit card
    return true;
}

void App::rebuild_fonts(float dpi_scale) {
    std::vector<std::string> texts = i18n_all_texts();  // English too: it has symbols (−, ≈, α)
    for (auto& t : glossary_texts()) texts.push_back(t);
    for (auto& s : scenes_) {
        auto t = s->texts();
        texts.insert(texts.end(), t.begin(), t.end());
    }
    auto both = [&](const tj::Text2& t) { texts.insert(texts.end(), {t.en, t.zh}); };
    for (auto& l : lessons_.lessons()) {
        both(l.title);
        for (auto& st : l.steps) {
            for (const tj::Text2* t : {&st.title, &st.text, &st.predict.question, &st.predict.explain}) both(*t);
            for (auto& c : st.predict.choices) both(c);
        }
    }
    std::string msg;
    font_load(texts, kFontPx * ui_scale_, dpi_scale, &msg);
    if (!msg.empty()) message_ = msg;
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
    fonts_dirty_ = false;
}

void App::set_present(bool on) {
    present_ = on;
    panels_ = !on && !embed_;
    // Larger text for a projector, the same share of any screen's rows; a phone's or a
    // tablet's (narrow) text is already sized for its screen, where 1.75 times it ran
    // labels past their boxes and the headline over half the map.
    set_presenter_text(on && !narrow_);
    present_scale_ = on && !narrow_ ? presenter_text_scale(float(win_h_)) : 1.0f;
    ui_scale_ = present_scale_;
    fonts_dirty_ = true;
}

void App::event(const SDL_Event& e) {
    refresh_panels();  // whatever the event, the panels answer it on the next frame
    touch_.event(e, win_w_, win_h_);
    if (e.type == SDL_QUIT) quit_ = true;
    if (e.type != SDL_KEYDOWN || ImGui::GetIO().WantTextInput) return;
    SDL_Keycode k = e.key.keysym.sym;
    if (blank_) { blank_ = false; return; }  // any key brings the picture back
    // Shortcuts off: a key that types a character does nothing here (WCAG 2.1.4).
    bool character = (k >= SDLK_SPACE && k < SDLK_DELETE) || (k >= SDLK_KP_DIVIDE && k <= SDLK_KP_PERIOD);
    if (!shortcuts_ && character) return;
    if (show_help_ && k == SDLK_ESCAPE) { show_help_ = false; return; }
    if (show_glossary_ && k == SDLK_ESCAPE) { show_glossary_ = false; return; }
    if (WelcomeChoice c = welcome_.key(k); c != WelcomeChoice::None) { welcome_chosen(c); return; }
    if (lessons_.key(k, *this)) return;
    switch (k) {
        case SDLK_h: toggle_panels(); break;
        case SDLK_p: set_present(!present_); break;
        case SDLK_b: case SDLK_PERIOD: blank_ = true; break;  // clickers send '.' for "blank"
        case SDLK_SLASH: show_help_ = !show_help_; break;     // '?'
        case SDLK_g: show_glossary_ = !show_glossary_; break;
        case SDLK_t: notice_ = follow(true); break;
        case SDLK_F11: case SDLK_f: toggle_fullscreen_ = true; break;
        case SDLK_EQUALS: case SDLK_PLUS: ui_scale_ = std::min(3.0f, ui_scale_ + 0.25f); fonts_dirty_ = true; break;
        case SDLK_MINUS: ui_scale_ = std::max(1.0f, ui_scale_ - 0.25f); fonts_dirty_ = true; break;
        default: break;
    }
}

// H and View > hide panels. A lesson shows its card where the panels go, and the panels
// would show the figures a question keeps back: they open once the lesson is left.
void App::toggle_panels() {
    if (lessons_.active() && !panels_) {
        notice_ = tr("lesson.panels_after");
        return;
    }
    panels_ = !panels_;
}

Scene* App::scene_by_id(const std::string& id) {
    for (auto& s : scenes_)
        if (id == s->id()) return s.get();
    return nullptr;
}

void App::show_scene(const std::string& id) { set_scene(id); }

std::string App::set_scene(const std::string& id) {
    for (size_t i = 0; i < scenes_.size(); i++)
        if (id == scenes_[i]->id()) { current_ = i; return ""; }
    return "unknown scene '" + id + "'";
}

tj::Scenario App::scenario() const {
    if (scenes_.empty()) return {};
    tj::Scenario sc = scenes_[current_]->scenario();
    if (lessons_.active()) {  // a lesson's link opens the lesson at the same step
        sc.lesson = lessons_.lessons()[size_t(lessons_.lesson_index())].id;
        sc.lesson_step = lessons_.step_index();
    }
    sc.embed = embed_;
    sc.present = present_;
    return sc;
}

std::string App::link() const { return scenes_.empty() ? "" : tj::scenario_to_url(scenario()); }

const tj::ParamRegistry* App::registry_of(const std::string& scene) {
    Scene* s = scene_by_id(scene);
    return s ? &s->values().registry() : nullptr;
}

std::string App::apply_scenario(const tj::Scenario& sc) {
    std::string err;
    if (!sc.lesson.empty()) {  // a lesson's link or file opens the lesson at its step
        int i = lessons_.find(sc.lesson);
        if (i < 0) return "unknown lesson '" + sc.lesson + "'";
        err = lessons_.open(*this, i, std::max(0, sc.lesson_step));
    } else if (Scene* s = scene_by_id(sc.scene)) {
        err = s->apply(sc);
        if (err.empty()) set_scene(sc.scene);
    } else {
        return "unknown scene '" + sc.scene + "'";
    }
    if (!err.empty()) return err;
    embed_ = sc.embed;
    if (sc.present != present_) set_present(sc.present);
    panels_ = !present_ && !embed_ && !lessons_.active();  // a lesson shows its card, not the panels
    welcome_.close();  // a state that arrives is where this visit starts
    return "";
}

std::string App::apply_link(const std::string& fragment) {
    tj::Scenario sc;
    std::string err = tj::scenario_from_url(fragment, [this](const std::string& id) { return registry_of(id); }, sc);
    return err.empty() ? apply_scenario(sc) : err;
}

std::string App::set_param(const std::string& id, double value) {
    for (auto& s : scenes_)
        if (s->values().registry().find(id) >= 0) return s->set_param(id, value);
    return "unknown parameter '" + id + "'";
}

void App::draw_menu() {
    // Menu items are as tall as a line plus the item spacing: at least 24 px (WCAG 2.5.8).
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, {ImGui::GetStyle().ItemSpacing.x, std::max(4.0f, 24 - ImGui::GetFontSize())});
    if (ImGui::BeginMainMenuBar()) {
        ImGui::TextUnformatted(tr("app.title"));
        ImGui::Separator();
        for (size_t i = 0; i < scenes_.size(); i++)
            if (ImGui::MenuItem(tr(scenes_[i]->title_key()), nullptr, i == current_)) current_ = i;
        ImGui::Separator();
        draw_menus();
        if (ImGui::MenuItem(tr("menu.language"))) set_language(language() == Lang::En ? Lang::Zh : Lang::En);
        ImGui::EndMainMenuBar();
    }
    ImGui::PopStyleVar();
}

void App::draw_narrow_menu() {
    float fs = ImGui::GetFontSize();
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, {fs * 0.7f, std::max(3.0f, (kTouchTarget - fs) * 0.5f)});
    bool open = ImGui::BeginMainMenuBar();
    if (open) {
        // Rows a finger can hit in the menus that open from here.
        ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, {fs * 0.6f, kTouchTarget - fs});
        if (ImGui::BeginMenu(tr("menu.menu"))) {
            for (size_t i = 0; i < scenes_.size(); i++)
                if (ImGui::MenuItem(tr(scenes_[i]->title_key()), nullptr, i == current_)) current_ = i;
            ImGui::Separator();
            draw_menus();
            ImGui::EndMenu();
        }
        ImGui::PopStyleVar();
        if (Scene* s = current(); s && !lessons_.active()) {
            if (ImGui::Button(s->playing() ? tr("ctl.pause") : tr("ctl.play"), {0, kTouchTarget})) s->set_playing(!s->playing());
        }
        const char* lang = tr("menu.language");
        float lang_w = ImGui::CalcTextSize(lang).x + ImGui::GetStyle().FramePadding.x * 2;
        float title_w = ImGui::CalcTextSize(tr("app.title")).x + fs;
        if (ImGui::GetContentRegionAvail().x > title_w + lang_w) {
            ImGui::SameLine(0, fs);
            ImGui::TextUnformatted(tr("app.title"));
        }
        ImGui::SameLine(ImGui::GetWindowWidth() - lang_w - ImGui::GetStyle().WindowPadding.x);
        if (ImGui::Button(lang, {lang_w, kTouchTarget})) set_language(language() == Lang::En ? Lang::Zh : Lang::En);
        ImGui::EndMainMenuBar();
    }
    ImGui::PopStyleVar();
}

void App::draw_sheet_tabs(const Scene& s, ImVec2 at, float width, float height) {
    std::vector<const char*> tabs = s.panel_tabs();
    if (tabs.empty()) return;
    float gap = 4;
    ImGui::SetNextWindowPos(at, ImGuiCond_Always);
    ImGui::SetNextWindowSize({width, height}, ImGuiCond_Always);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, {gap, gap * 0.5f});
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, {gap, 0});
    ImGui::Begin("##sheet_tabs", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                              ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollWithMouse);
    float w = (width - gap * float(tabs.size() + 1)) / float(tabs.size());
    for (size_t i = 0; i < tabs.size(); i++) {
        bool open = panels_ && sheet_tab_ == int(i);
        ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(open ? ImGuiCol_ButtonActive : ImGuiCol_FrameBg));
        if (i > 0) ImGui::SameLine();
        if (ImGui::Button(tr(tabs[i]), {w, height - gap})) {
            if (open) panels_ = false;
            else { panels_ = true; sheet_tab_ = int(i); }
        }
        ImGui::PopStyleColor();
    }
    ImGui::End();
    ImGui::PopStyleVar(2);
}

void App::draw_menus() {
    if (ImGui::BeginMenu(tr("menu.lessons"))) {
        if (ImGui::MenuItem(follow_label(), "T")) notice_ = follow(true);
        ImGui::Separator();
        lessons_.menu(*this);
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu(tr("menu.share"))) {
        if (ImGui::MenuItem(tr("menu.copy_link"))) copy_link();
        if (Scene* c = current(); c && ImGui::MenuItem(tr("menu.compare"), nullptr, c->comparing()))
            c->set_comparing(!c->comparing());
        if (Scene* c = current(); c && ImGui::BeginMenu(tr("race.pairs"))) {
            for (const RacePair& p : c->race_pairs())
                if (ImGui::MenuItem(tr(p.name_key))) notice_ = c->compare_pair(p.id);
            ImGui::EndMenu();
        }
        for (const char* action : {"export_csv", "export_png", "save_scenario", "load_scenario"})
            if (ImGui::MenuItem(tr((std::string("menu.") + action).c_str()))) share(action);
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu(tr("menu.view"))) {
        if (ImGui::MenuItem(tr("menu.present"), "P", present_)) set_present(!present_);
        if (ImGui::MenuItem(tr("menu.panels"), "H", !panels_)) toggle_panels();
        if (ImGui::MenuItem(tr("menu.fullscreen"), "F")) toggle_fullscreen_ = true;
        float s = ui_scale_;
        if (ImGui::SliderFloat(tr("menu.ui_scale"), &s, 1.0f, 3.0f, "%.2fx")) ui_scale_ = s;
        slider_position_ticks((s - 1.0f) / 2.0f);
        if (ImGui::IsItemDeactivatedAfterEdit()) fonts_dirty_ = true;
        if (ImGui::MenuItem(tr("menu.redraw_every_frame"), nullptr, panel_hz_ <= 0)) set_panel_rate(panel_hz_ <= 0 ? kPanelHz : 0);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("menu.redraw_every_frame_help"));
        if (ImGui::MenuItem(tr("panel.status"), nullptr, show_status_)) show_status_ = !show_status_;
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu(tr("menu.help"))) {
        if (ImGui::MenuItem(tr("menu.where_to_start"))) show_welcome(true);
        if (ImGui::MenuItem(tr("menu.shortcuts"), "?")) show_help_ = true;
        if (ImGui::MenuItem(tr("menu.glossary"), "G", show_glossary_)) show_glossary_ = !show_glossary_;
        if (ImGui::MenuItem(tr("measured.menu"), nullptr, measured_computer().card_open()))
            measured_computer().open_card(!measured_computer().card_open());
        ImGui::EndMenu();
    }
}

void App::copy_link() {
    std::string l = link();
#ifdef __EMSCRIPTEN__
    // The address bar shows the link too, so the browser's own copy works as well.
    EM_ASM({
        const frag = UTF8ToString($0);
        history.replaceState(null, "", "#" + frag);
        if (navigator.clipboard) navigator.clipboard.writeText(location.href).catch(() => {});
    }, l.c_str());
#else
    SDL_SetClipboardText(l.c_str());
#endif
    notice_ = join_magnitudes(std::string(tr("menu.link_copied")) + " #" + l);
}

std::string App::share(const std::string& action) {
    if (action == "export_csv") export_csv();
    else if (action == "export_png") png_requested_ = true;
    else if (action == "save_scenario") save_scenario();
    else if (action == "load_scenario") load_scenario();
    else return "unknown share action '" + action + "' (export_csv, export_png, save_scenario, load_scenario)";
    return "";
}

void App::export_csv() {
    Scene* s = current();
    if (!s) return;
    notice_ = deliver_file(std::string("token-journey-") + s->id() + "-metrics.csv", tj::metrics_csv(s->metrics(), s->history()),
                           "text/csv");
}

void App::save_scenario() {
    Scene* s = current();
    if (!s) return;
    notice_ = deliver_file(std::string("token-journey-") + s->id() + ".json", tj::scenario_to_json(scenario()),
                           "application/json");
}

void App::load_scenario() {
#ifdef __EMSCRIPTEN__
    EM_ASM({ if (window.TJPage && TJPage.pickScenarioFile) TJPage.pickScenarioFile(); });
#else
    std::string name = std::string("token-journey-") + (current() ? current()->id() : "scenario") + ".json";
    FILE* f = std::fopen(name.c_str(), "rb");
    if (!f) { notice_ = "No file " + name + " in the current folder"; return; }
    std::string text;
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0 && text.size() <= tj::kMaxScenarioText) text.append(buf, n);
    std::fclose(f);
    std::string err = apply_scenario_json(text);
    notice_ = err.empty() ? "Loaded " + name : err;
#endif
}

std::string App::apply_scenario_json(const std::string& text) {
    tj::Scenario sc;
    std::string err = tj::scenario_from_json(text, [this](const std::string& id) { return registry_of(id); }, sc);
    if (err.empty()) err = apply_scenario(sc);
    if (!err.empty()) message_ = std::string(tr("err.title")) + ":\n" + err + tr("err.kept");
    return err;
}

void App::show_welcome(bool on) {
    if (!on) { welcome_.close(); return; }
    if (lessons_.active()) lessons_.leave(*this);  // the card never covers a lesson
    if (!present_ && !embed_) welcome_.open();
}

std::string App::follow(bool on) {
    if (!on) {
        if (Scene* s = current()) s->follow(false, {});
        return "";
    }
    if (lessons_.active()) lessons_.leave(*this);  // the follow drives the clock itself
    welcome_.close();
    const int i = follow_scene();
    if (i < 0) return "nothing to follow here";
    Scene* s = scenes_[size_t(i)].get();
    if (s != current())
        if (std::string why = set_scene(s->id()); !why.empty()) return why;
    std::vector<tj::Text2> captions;
    if (int l = lessons_.find(s->follow_lesson()); l >= 0)
        for (const tj::LessonStep& st : lessons_.lessons()[size_t(l)].steps) captions.push_back(st.title);
    return s->follow(true, captions);
}

// A follow happens in the scene shown when it has something to follow, else in the
// first scene of the menu that has.
int App::follow_scene() const {
    if (const Scene* s = current(); s && s->follow_words_key()) return int(current_);
    for (size_t i = 0; i < scenes_.size(); i++)
        if (scenes_[i]->follow_words_key()) return int(i);
    return -1;
}

const char* App::follow_label() const {
    const int i = follow_scene();
    return i < 0 ? "" : tr(scenes_[size_t(i)]->follow_words_key());
}

void App::choose_welcome(int pick) {
    static constexpr WelcomeChoice kPicks[] = {WelcomeChoice::Follow, WelcomeChoice::Lesson, WelcomeChoice::Explore};
    if (!welcome_.is_open() || pick < 0 || pick > 2) return;
    welcome_.close();
    welcome_chosen(kPicks[pick]);
}

void App::welcome_chosen(WelcomeChoice c) {
#ifdef __EMSCRIPTEN__
    EM_ASM({ try { localStorage.setItem('tj.welcomed', '1'); } catch (e) {} });  // storage may be off
#endif
    switch (c) {
        case WelcomeChoice::Follow: {
            const int i = follow_scene();
            lessons_.open(*this, std::max(0, i < 0 ? 0 : lessons_.find(scenes_[size_t(i)]->follow_lesson())));
            break;
        }
        case WelcomeChoice::Lesson: lessons_.open(*this, 0); break;
        case WelcomeChoice::Explore: calm_ = true; panels_ = false; break;
        case WelcomeChoice::None: break;
    }
}

void App::draw_help() {
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Always, {0.5f, 0.5f});
    ImGui::Begin((std::string(tr("menu.shortcuts")) + "###help").c_str(), &show_help_,
                 ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse);
    static const char* keys[][2] = {{"→  PgDn  Space", "help.next"}, {"←  PgUp", "help.prev"}, {"Esc", "help.leave"},
                                    {"P", "help.present"},           {"H", "help.panels"},    {"B  .", "help.blank"},
                                    {"F  F11", "help.fullscreen"},   {"+  -", "help.scale"},  {"G", "help.glossary"},
                                    {"T", "help.follow"},            {"?", "help.help"}};
    if (ImGui::BeginTable("keys", 2)) {
        for (auto& k : keys) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(IM_COL32(240, 228, 66, 255)), "%s", k[0]);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(tr(k[1]));
        }
        ImGui::EndTable();
    }
    ImGui::End();
}

// A long time jump runs over frames: its progress and a way to stop it, always on
// top (also in presenter mode and embedded), so a heavy link never looks frozen.
void App::draw_jump(Scene& s, int win_w, int win_h) {
    ImGui::SetNextWindowPos({float(win_w) * 0.5f, float(win_h) * 0.5f}, ImGuiCond_Always, {0.5f, 0.5f});
    ImGui::SetNextWindowSize({ImGui::GetFontSize() * 22, 0}, ImGuiCond_Always);
    ImGui::Begin("##jump", nullptr, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove);
    ImGui::TextUnformatted(tr("jump.running"));
    ImGui::ProgressBar(float(s.jump_progress()), {-1, 0});
    if (ImGui::Button(tr("jump.cancel"))) s.cancel_jump();
    ImGui::End();
}

// What the scenes fetch after the first frame (Scene::follow_downloads): a failure is
// said once; when something arrives, a lesson in that scene shows its step again, so
// its numbers are the ones made with it.
void App::follow_downloads() {
    if (frames_ <= 1) return;
    for (auto& sc : scenes_) {
        const bool in_lesson = lessons_.active() && lessons_.scene_id() == sc->id();
        const DownloadNews news = sc->follow_downloads(!in_lesson);
        if (!news.failed.empty()) message_ = news.failed;
        if (!news.arrived) continue;
        if (in_lesson) lessons_.show_again(*this);
        refresh_panels();
    }
}

void App::draw_download_note(int win_h) {
    for (auto& sc : scenes_) {
        const std::string note = sc->download_note();
        if (note.empty()) continue;
        ImGui::SetNextWindowPos({10, float(win_h) - 10}, ImGuiCond_Always, {0, 1});
        ImGui::Begin("##vocab", nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoTitleBar |
                                             ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoFocusOnAppearing);
        ImGui::TextUnformatted(note.c_str());
        ImGui::End();
        return;
    }
}

// One frame: what the scenes fetch, the menu, the layout of map, caption and sheet,
// the scene, then what is drawn over it.
void App::frame(double real_dt, int win_w, int win_h, int fb_w, int fb_h) {
    frames_++;
    follow_downloads();
    fps_ = fps_ == 0 ? 1.0 / std::max(real_dt, 1e-3) : fps_ * 0.95 + 0.05 / std::max(real_dt, 1e-3);
    passes_.clear();
    win_w_ = win_w;
    win_h_ = win_h;
    // In presenter mode the text scale follows the screen: its width (narrow, a phone's
    // size) and its rows, unless set with + or -.
    const bool narrow = float(win_w) < kNarrowWidth, width_changed = narrow != narrow_;
    const bool rows_changed = !narrow && ui_scale_ == present_scale_ && presenter_text_scale(float(win_h)) != present_scale_;
    narrow_ = narrow;
    if (present_ && (width_changed || rows_changed)) set_present(true);
    const FrameLayout lay = layout_frame(real_dt, draw_chrome(), fb_w, fb_h);
    draw_scene(lay, real_dt);
    if (show_status_ && !narrow_) draw_status();
    if (Scene* s = current(); s && s->jump_progress() >= 0) draw_jump(*s, win_w, win_h);
    draw_download_note(win_h);
    draw_lesson_card(lay);
    if (show_help_) draw_help();
    draw_measured_card();
    if (show_glossary_) glossary_window(&show_glossary_);
    if (lessons_.active() || present_ || embed_) welcome_.close();
    if (WelcomeChoice c = welcome_.draw(narrow_); c != WelcomeChoice::None) welcome_chosen(c);
    draw_notes(lay);
}

// The menu bar shows with the panels, and without them after "Explore freely" (on a
// narrow screen also with the sheet closed: it holds the way back). Returns its height
// (0: no menu bar).
float App::draw_chrome() {
    chrome_ = panels_ || (calm_ && !present_ && !embed_) || (narrow_ && !present_ && !embed_);
    if (!chrome_) return 0;
    if (narrow_) draw_narrow_menu();
    else draw_menu();
    float top = ImGui::GetFrameHeight();
    if (WindowBox bar; window_box("##MainMenuBar", &bar)) top = bar.size.y;  // the narrow one is taller
    return top;
}

// Where the map, a lesson's caption and a narrow screen's sheet and tabs go below the
// menu bar. A lesson's caption docks on the right, full height, or under the map on a
// narrow screen; the map keeps the rest, so the station a step points at is never
// under the text.
App::FrameLayout App::layout_frame(double real_dt, float top, int fb_w, int fb_h) {
    const Scene* s = current();
    FrameLayout lay;
    FrameInput& in = lay.in;
    in.real_dt = real_dt;
    in.touch = touch_now_;
    in.origin = {0, top};
    in.size = {float(win_w_), float(win_h_) - top};
    lay.caption_min = in.origin;
    lay.caption_size = {0, in.size.y};
    lay.tabs = narrow_ && chrome_ && s && !lessons_.active() && !s->comparing();  // the race takes the whole area
    if (lessons_.active() && narrow_) {
        float map_h = std::floor(in.size.y * 0.5f);
        lay.caption_min.y += map_h;
        lay.caption_size = {in.size.x, in.size.y - map_h};
        in.size.y = map_h;
    } else if (lessons_.active()) {
        // Thirty of the card's characters wide (its text grows on a large window), at most a third of the window.
        float fs = ImGui::GetFontSize();
        lay.caption_size.x = std::min(in.size.x * 0.36f, fs * 30 * lesson_card_scale(ImGui::GetIO().DisplaySize, fs));
        in.size.x -= lay.caption_size.x;
        lay.caption_min.x = in.origin.x + in.size.x;
    } else if (lay.tabs) {
        float map_h = panels_ ? std::floor((in.size.y - lay.tab_h) * kNarrowMapShare) : in.size.y - lay.tab_h;
        lay.tabs_min = {0, top + map_h};
        in.sheet_min = {0, top + map_h + lay.tab_h};
        in.sheet_size = {in.size.x, in.size.y - map_h - lay.tab_h};
        in.size.y = map_h;
        // A follow's card stands at the screen's foot, over the sheet: the sheet ends at the
        // card's top as last drawn, so none of its lines is half under the card.
        if (const FollowState& f = s->inspection().follow; f.active && f.card.w > f.card.y)
            in.sheet_size.y = std::clamp(f.card.y - in.sheet_min.y, 0.0f, in.sheet_size.y);
    }
    if (s) sheet_tab_ = std::clamp(sheet_tab_, 0, int(s->panel_tabs().size()) - 1);
    in.narrow = narrow_;
    in.sheet_tab = sheet_tab_;
    in.fb_scale = win_w_ > 0 ? float(fb_w) / float(win_w_) : 1;
    in.ui_scale = ui_scale_;
    in.fb_w = fb_w;
    in.fb_h = fb_h;
    in.panels = panels_ && !narrow_;  // on a narrow screen the map is alone in its area
    in.parcels = &passes_;
    map_min_ = in.origin;
    map_size_ = in.size;
    return lay;
}

// The scene moves on and draws: its race, or its map and its panels (beside the map,
// or in a narrow screen's sheet under its tabs).
void App::draw_scene(const FrameLayout& lay, double real_dt) {
    Scene* s = current();
    if (!s) return;
    s->update(real_dt);
    if (s->comparing()) {  // the race takes the scene's whole area
        s->draw_compare(lay.in);
    } else {
        s->draw_map(lay.in);
        if (panels_ && (!narrow_ || lay.tabs)) s->draw_panels(lay.in);
    }
    if (lay.tabs) draw_sheet_tabs(*s, lay.tabs_min, lay.in.size.x, lay.tab_h);
    if (s->follow_asked()) notice_ = follow(true);
}

// The status window (View > Status): version, frame rate, the time a frame takes, how the
// layers are drawn. Shut until asked for, so it lies over no chart or panel.
void App::draw_status() {
    const Scene* s = current();
    ImGui::SetNextWindowPos({float(win_w_) * 0.5f, float(win_h_) - 8}, ImGuiCond_FirstUseEver, {0.5f, 1});
    ImGui::Begin((std::string(tr("panel.status")) + "###status").c_str(), &show_status_, ImGuiWindowFlags_AlwaysAutoResize);
    ImGui::Text("%s %s", tr("status.version"), TJ_VERSION);
    ImGui::Text("%s: %.0f fps", tr("status.fps"), fps_);
    ImGui::Text("%s: %.1f ms + %.1f ms", tr("status.work"), build_ms_, render_ms_);
    if (layers_.cached())
        ImGui::TextUnformatted(join_magnitudes(std::string(tr("status.layers")) + ": " + tr("status.layers_cached") + " " +
                                               std::to_string(int(std::lround(panel_hz_)))).c_str());
    else ImGui::Text("%s: %s", tr("status.layers"), tr("status.layers_direct"));
    if (layers_.cached() && layers_.framebuffer_kept())
        ImGui::Text("%s %.0f%%", tr("status.screen_drawn"), layers_.screen_drawn_share() * 100);
    if (s) ImGui::Text("%s: %zu (%s)", tr("status.parcels"), s->inspection().parcels, tr("status.draw_calls"));
    ImGui::End();
}

// This computer's benchmark (measured_card.h): its card, and what it asks of the scene whose
// parameters hold its preset (that preset in use, a race against an H100).
void App::draw_measured_card() {
    MeasuredComputer& measured = measured_computer();
    ModelScene* host = measured_host_;
    if (host) measured.note_token_values(host->values());
    // A lesson step that shows the card has it on the lesson card: no window over that card.
    const bool on_lesson_card = lessons_.active() && lessons_.chart_shown().id == "measured";
    if (measured.card_open() && !on_lesson_card) measured.draw_window(win_w_, win_h_);
    // New figures replace the preset: a lesson running on that scene shows its step again with them.
    if (measured.news() && lessons_.active() && host && lessons_.scene_id() == host->id()) lessons_.show_again(*this);
    if (measured.use_requested() && host) {
        set_scene(host->id());
        notice_ = host->apply_preset(MeasuredComputer::kPreset);
    }
    if (measured.race_requested() && host) {
        set_scene(host->id());
        notice_ = host->compare_pair(MeasuredComputer::kRacePair);
    }
}

// A lesson's card in its place (on a narrow screen its buttons as large as a finger).
void App::draw_lesson_card(const FrameLayout& lay) {
    if (narrow_) {
        float fs = ImGui::GetFontSize();
        ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, {fs * 0.6f, std::max(3.0f, (kTouchTarget - fs) * 0.5f)});
    }
    lessons_.caption(*this, lay.caption_min, lay.caption_size);
    if (narrow_) ImGui::PopStyleVar();
}

// What is said over everything: the last action's notice, the blank screen, a message.
// A narrow screen wraps them to its width, under the map.
void App::draw_notes(const FrameLayout& lay) {
    const float w = float(win_w_), h = float(win_h_), wrap = narrow_ ? w - 40 : 0;
    if (!notice_.empty() && chrome_) {
        if (narrow_) note_window("##notice", notice_, {w - 10, h - 10}, {1, 1}, wrap);
        else note_window("##notice", notice_, {w - 10, lay.in.origin.y + 10}, {1, 0}, wrap);
    }
    if (blank_)  // slide-style blank screen: the whole window black, any key returns
        ImGui::GetForegroundDrawList()->AddRectFilled({0, 0}, {w, h}, IM_COL32(0, 0, 0, 255));
    if (!message_.empty() && chrome_) note_window("##message", message_, {10, h - 10}, {0, 1}, wrap);
}

void App::touch_to_imgui(ImGuiIO& io) {
    touch_now_ = touch_.frame();
    if (touch_now_.fingers == 0 && touch_now_.dragged) io.MousePos = {-FLT_MAX, -FLT_MAX};
    // One finger over a panel, not on its scrollbar: its move up or down scrolls the
    // panel (ImGui scrolls five lines per notch of the wheel), also when it began on a
    // button or a slider (they answer a move across). Over the map it pans (world_view.h).
    const bool on_scrollbar = dragging_vertical_scrollbar();
    if (touch_now_.fingers == 1 && touch_now_.drag_y != 0 && io.WantCaptureMouse && !on_scrollbar)
        io.MouseWheel += touch_now_.drag_y / (5 * ImGui::GetFontSize());
}

void App::render_gl(int fb_w, int fb_h) {
    // Labels over a moved or zoomed map must not lag its parcels: the layer follows the view at once.
    bool view_moved = false;
    if (passes_.size() == 1) {
        const View2D& v = passes_[0].view;
        view_moved = v.scale_x != panel_view_.scale_x || v.scale_y != panel_view_.scale_y ||
                     v.offset_x != panel_view_.offset_x || v.offset_y != panel_view_.offset_y;
        panel_view_ = v;
    }
    const LayerFrame frame{ParcelPasses::run, ParcelPasses::mark, ImGui::GetTime(), panel_hz_,
                           refresh_frames_ > 0 || view_moved, kBackdrop};
    layers_.render(ImGui::GetDrawData(), frame);
    if (refresh_frames_ > 0) refresh_frames_--;
    if (!png_requested_) return;
    png_requested_ = false;
    // The view as drawn, read back before the buffers swap, encoded in memory.
    std::string png;
    std::string err = framebuffer_png(fb_w, fb_h, &png);
    if (!err.empty()) { notice_ = err; return; }
    notice_ = deliver_file(timestamped_name(std::string("token-journey-") + (current() ? current()->id() : "view"), ".png"),
                           png, "image/png");
}

std::string App::state_json() const {
    nlohmann::json j;
    const Scene* s = scenes_.empty() ? nullptr : scenes_[current_].get();
    j["frames"] = frames_;
    j["fps"] = fps_;
    j["build_ms"] = build_ms_;
    j["render_ms"] = render_ms_;
    j["panel_hz"] = panel_hz_;
    j["layers_cached"] = layers_.cached();
    j["panel_refreshes"] = layers_.refreshes();
    j["layer_copied_share"] = layers_.copied_share();
    j["layer_redrawn_px"] = double(layers_.redrawn_px());
    j["map_changed_share"] = layers_.map_changed_share();
    j["map_cached"] = layers_.map_cached();
    j["panels_cached"] = layers_.panels_cached();
    j["tiles_hashed"] = layers_.tiles_hashed();
    j["panels_changed_share"] = layers_.panels_changed_share();
    j["changes_only"] = layers_.framebuffer_kept();
    j["screen_drawn_share"] = layers_.screen_drawn_share();
    j["language"] = language() == Lang::Zh ? "zh" : "en";
    j["panels"] = panels_;
    j["welcome"] = welcome_.is_open();  // the first-visit card is up
    j["present"] = present_;
    j["reduced_motion"] = reduced_motion();  // the camera cuts, parcels step (motion.h)
    j["blank"] = blank_;
    j["ui_scale"] = ui_scale_;
    j["measured"] = nlohmann::json::parse(measured_computer().state_json());  // this computer's benchmark
    j["lesson"] = lessons_.active() ? lessons_.lessons()[size_t(lessons_.lesson_index())].id : "";
    j["lesson_step"] = lessons_.active() ? lessons_.step_index() : -1;
    j["lesson_choice"] = lessons_.active() ? lessons_.chosen() : -1;  // the class's pick on a question, -1: none
    j["lesson_answer_held"] = lessons_.answer_held();  // a question open: the answer's figures wait
    if (lessons_.active() && !lessons_.chart_shown().id.empty()) {  // the step's chart on the card, as last drawn
        const LessonPlayer::ChartShown& c = lessons_.chart_shown();
        j["lesson_chart"] = {{"id", c.id}, {"waiting", c.waiting}, {"rect", {c.min.x, c.min.y, c.size.x, c.size.y}}};
        if (const ChartAxes& a = c.axes; a.drawn)  // what its axes span, and its data
            j["lesson_chart"]["axes"] = {{"x", {a.x0, a.x1}},           {"y", {a.y0, a.y1}},
                                         {"data_x", {a.data_x0, a.data_x1}}, {"data_y", {a.data_y0, a.data_y1}},
                                         {"shown", a.shown},           {"total", a.total}};
    }
    if (lessons_.active()) j["lesson_figures"] = lessons_.figures_shown();  // the card's figures as drawn
    if (lessons_.active()) {
        LessonPlayer::CardFit f = lessons_.card_fit();
        j["lesson_card"] = {{"content_h", f.content_h}, {"room_h", f.room_h}, {"fit", f.fit}};
        const ClassVotes v = lessons_.class_votes_shown();  // the class's answers as the card draws them
        if (!v.lesson.empty()) j["lesson_class"] = {{"students", v.students}, {"answered", v.answered}, {"votes", v.histograms}};
    }
    if (LessonPlayer::GuessShown g = lessons_.guess_shown(); g.on)  // a question that asks for a number
        j["lesson_guess"] = {{"value", g.value},       {"moved", g.moved},   {"revealed", g.revealed},
                             {"truth", g.truth},       {"progress", g.progress}, {"marker", g.marker},
                             {"verdict", g.verdict},   {"track", {g.track_min.x, g.track_min.y, g.track_max.x}}};
    j["playing"] = s ? s->playing() : false;
    if (FollowState f = s ? s->inspection().follow : FollowState{}; f.active)  // a followed token, as last drawn
        j["follow"] = {{"active", f.active}, {"stop", f.stop}, {"station", f.station}, {"caption", f.caption}, {"done", f.done},
                       {"camera", f.camera}, {"seq", f.seq}, {"index", f.index}, {"elapsed_s", f.elapsed_s},
                       {"total_s", f.total_s}, {"x", f.x}, {"y", f.y}, {"centre", {f.centre_x, f.centre_y}},
                       {"card", {f.card.x, f.card.y, f.card.z - f.card.x, f.card.w - f.card.y}}};
    j["controls"] = nlohmann::json::array();  // every control of the last frame: label and hit box (WCAG 2.5.8)
    for (const ControlBox& c : control_boxes())
        j["controls"].push_back({{"label", c.label},
                                 {"rect", {c.min.x, c.min.y, c.max.x - c.min.x, c.max.y - c.min.y}},
                                 {"disabled", c.disabled}});
    j["lessons"] = lessons_.lessons().size();
    j["message"] = message_;
    j["notice"] = notice_;  // the note shown over the map (a refusal, a saved file), "" when none
    j["vocab"] = nlohmann::json::object();  // the scenes' downloads on their way (the token scene's vocabularies)
    for (auto& sc : scenes_)
        for (const DownloadState& d : sc->downloads())
            j["vocab"][d.name] = {{"state", d.state}, {"done", d.done}, {"total", d.total}};
    // The layout: narrow (the phone's), the map's area, the sheet's tab and every
    // window on screen (kind: panel, tooltip for a hover card, popup for an open menu).
    j["narrow"] = narrow_;
    j["sheet_open"] = narrow_ && panels_;
    j["sheet_tab"] = sheet_tab_;
    j["map_rect"] = {map_min_.x, map_min_.y, map_size_.x, map_size_.y};
    j["windows"] = nlohmann::json::array();
    for (const WindowBox& w : window_boxes())
        j["windows"].push_back({{"name", w.name}, {"kind", w.kind}, {"rect", {w.pos.x, w.pos.y, w.size.x, w.size.y}},
                               {"scroll_y", w.scroll_y}});
    j["heap_bytes"] = double(heap_in_use());  // the last refusal shown on screen ("" when none)
    if (s) {
        j["scene"] = s->id();
        j["time"] = s->sim_time();
        j["jump_progress"] = s->jump_progress();  // -1: no jump under way
        j["seed"] = s->seed();
        const SceneInspection& seen = s->inspection();  // what the scene drew in its last frame
        j["parcels"] = seen.parcels;
        j["param_controls"] = seen.param_controls;
        j["param_count"] = s->values().registry().size();
        auto& reg = s->values().registry();
        for (size_t i = 0; i < reg.size(); i++) j["params"][reg[i].id] = s->values()[i];
        for (auto& m : s->metrics()) j["metrics"][m.id] = std::isfinite(m.value) ? m.value : 0.0;
        j["comparing"] = s->comparing();
        j["tabs"] = nlohmann::json::array();
        for (const char* t : s->panel_tabs()) j["tabs"].push_back(tr(t));
        if (seen.map_max.x > seen.map_min.x)  // the area the scene's map draws in, inside map_rect
            j["map_area"] = {seen.map_min.x, seen.map_min.y, seen.map_max.x - seen.map_min.x, seen.map_max.y - seen.map_min.y};
        if (seen.has_view) j["view"] = {{"zoom", seen.zoom}, {"pan_x", seen.pan.x}, {"pan_y", seen.pan.y}};
        const HeadlineState h = s->headline_state();
        j["headline"] = {{"station", h.station}, {"share", h.share},   {"phase", h.phase},
                         {"window", h.window},   {"shifting", h.shifting}, {"shifting_between", h.shifting_between}};
        j["card"] = seen.card_station;  // the station whose hover card is up, "" when none
        if (seen.ring) j["ring"] = {seen.ring_min.x, seen.ring_min.y, seen.ring_max.x, seen.ring_max.y};  // the lesson's ring on screen
        for (auto& [id, at] : seen.stations) j["stations"][id] = {at.x, at.y};
        // A map's words by station: all they cover, each line's box and words, the smallest size.
        auto labels_json = [](const std::vector<MapLabelBox>& boxes) {
            nlohmann::json out = nlohmann::json::object();
            for (const MapLabelBox& b : boxes) {
                nlohmann::json parts = nlohmann::json::array();
                for (const ImVec4& r : b.parts) parts.push_back({r.x, r.y, r.z - r.x, r.w - r.y});
                out[b.id] = {{"rect", {b.min.x, b.min.y, b.max.x - b.min.x, b.max.y - b.min.y}}, {"parts", parts},
                             {"texts", b.texts}, {"details", b.details}, {"px", b.min_px}, {"name", !b.has_name ? "none" : b.name_shown ? "shown" : "hidden"}};
            }
            return out;
        };
        if (!seen.labels.empty()) j["labels"] = labels_json(seen.labels);
        for (auto& [id, b] : seen.station_boxes) j["station_boxes"][id] = {b.x, b.y, b.z - b.x, b.w - b.y};
        for (auto& [id, b] : seen.obstacles) j["obstacles"][id] = {b.x, b.y, b.z - b.x, b.w - b.y};
        if (seen.legend.z > seen.legend.x) j["legend"] = {seen.legend.x, seen.legend.y, seen.legend.z - seen.legend.x, seen.legend.w - seen.legend.y};
        for (auto& [id, text] : seen.piles) j["piles"][id] = text;  // as the map writes them
        if (s->comparing())
            for (auto& m : s->compare_metrics()) j["compare_metrics"][m.id] = std::isfinite(m.value) ? m.value : 0.0;
        const RaceState& race = seen.race;
        for (auto& m : race.maps) {
            nlohmann::json map = {{"label", m.label}, {"x", m.x}, {"y", m.y}, {"w", m.w}, {"h", m.h},
                                  {"map_area", {m.map_area.x, m.map_area.y, m.map_area.z, m.map_area.w}}, {"parcels", m.parcels},
                                  {"zoom", m.zoom}, {"pan_x", m.pan_x}, {"pan_y", m.pan_y}, {"hovered", m.hovered}};
            for (auto& [id, at] : m.stations) map["stations"][id] = {at.x, at.y};
            if (!m.labels.empty()) map["labels"] = labels_json(m.labels);  // the scene's own map's words
            j["race"]["maps"].push_back(map);
        }
        for (auto& n : race.numbers)
            j["race"]["numbers"].push_back({{"metric", n.metric}, {"a", n.a}, {"b", n.b}, {"winner", n.winner < 0 ? "" : n.winner == 0 ? "A" : "B"},
                                            {"ratio", n.ratio}, {"words", n.words}});
        if (!race.maps.empty()) j["race"]["finished"] = race.finished;  // "" until the race has ended
    }
    return j.dump();
}

void App::shutdown() {
    scenes_.clear();
    layers_.shutdown();
}
