// demo_scene.h — the parcel stress test scene (see demo_scene.cpp).
#pragma once
#include "app/scene/run_controller.h"
#include "app/scene/scene.h"
#include "app/ui/param_panel.h"
#include "app/render/world_view.h"

class DemoScene : public Scene {
public:
    DemoScene();
    ~DemoScene() override { renderer_.shutdown(); }
    const char* id() const override { return "demo"; }
    const char* title_key() const override { return "scene.demo"; }
    const tj::ParamValues& values() const override { return setup_.values; }
    std::string set_param(const std::string& id, double value) override;
    void reset() override;
    void set_playing(bool playing) override { setup_.playing = playing; }
    void update(double real_dt) override;
    void draw_map(const FrameInput& in) override;
    void draw_panels(const FrameInput& in) override;
    std::vector<const char*> panel_tabs() const override { return {"tab.params"}; }
    std::vector<tj::Metric> metrics() const override;
    double sim_time() const override { return time_; }
    uint64_t seed() const override { return setup_.seed; }
    void filter_params(const std::string& text) override { set_param_filter(panel_, text); }
    std::vector<std::string> texts() const override;
    tj::Scenario scenario() const override { return tj::make_scenario(id(), setup_.values, setup_.seed, time_); }
    std::string apply(const tj::Scenario& s) override;

private:
    RunSetup setup_;
    ParcelRenderer renderer_;
    WorldView view_;
    ParamPanelState panel_;
    double time_ = 0;
    bool dirty_ = true;
};
