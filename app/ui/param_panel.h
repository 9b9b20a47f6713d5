// param_panel.h — a control for every parameter of a registry, generated from the
// registry alone: grouped and collapsible, unit and range shown, log sliders where
// the range spans decades, a reset per parameter, help and source on hover, and a
// filter box that finds a parameter by its name in either language.
//
// Usage (inside an ImGui window):
//   static ParamPanelState st;
//   param_panel(st, scene.values(), [&](const std::string& id, double v) { return scene.set_param(id, v); });
// It returns the number of controls it drew and keeps it in the state: only open groups
// draw theirs, so with a filter that opens every group ("." matches every id) the
// browser test can compare it with the registry's size, and with a filter that
// matches nothing it must be 0.
#pragma once
#include <functional>
#include <string>

#include "core/params.h"

struct ParamPanelState {
    char filter[64] = "";
    std::string last_error;
    int controls = 0;  // controls the last call drew (a collapsed group draws none)
};

// Puts `text` in the filter box, as if typed (cut at the box's size).
void set_param_filter(ParamPanelState& st, const std::string& text);

using SetParamFn = std::function<std::string(const std::string& id, double value)>;

int param_panel(ParamPanelState& st, const tj::ParamValues& values, const SetParamFn& set);

// One parameter's control (slider, or a list for a choice; reset, label and help beside
// it, the label left out when the caller shows it); true when the user changed the value
// this frame (then *out holds the new one).
bool param_control(const tj::ParamDef& d, double value, double* out, bool show_label = true);
