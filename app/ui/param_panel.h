// param_panel.h — a control for every parameter of a registry, generated from the
// registry alone: grouped and collapsible, unit and range shown, log sliders where
// the range spans decades, a reset per parameter, help and source on hover, and a
// filter box that finds a parameter by its name in either language.
//
// Usage (inside an ImGui window):
//   static ParamPanelState st;
//   param_panel(st, scene.values(), [&](const std::string& id, double v) { return scene.set_param(id, v); });
// It returns the number of controls drawn (the browser test compares it with the
// registry's size).
#pragma once
#include <functional>
#include <string>

#include "core/params.h"

struct ParamPanelState {
    char filter[64] = "";
    std::string last_error;
};

using SetParamFn = std::function<std::string(const std::string& id, double value)>;

int param_panel(ParamPanelState& st, const tj::ParamValues& values, const SetParamFn& set);
// Number of controls the last call created (all parameters when the filter is empty).
int param_panel_controls_last_frame();
