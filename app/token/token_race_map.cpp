// token_race_map.cpp — each run's map in the token scene's race (token_scene.h says what
// it shows): the scene's bodies (draw_station_frames, draw_memory_levels) for the run's
// own hardware, the mesh as one SRAM warehouse, and the words through the race's placer.
#include <algorithm>
#include <cstdio>

#include "app/token/token_scene.h"
#include "app/ui/format.h"
#include "app/ui/i18n.h"
#include "app/ui/palette.h"

using namespace tj::token;

namespace tokenui {

namespace {

// The mesh as one warehouse: its cores' SRAM with its bar, the share computing unseen
// (the race's numbers say how fast each run goes; the bars say where its bytes live).
void draw_mesh_store(ImDrawList* dl, const WorldView& v, const TokenLayout& lay, const TokenView& t) {
    const WorldBox& m = lay.mesh;
    const float z = v.zoom();
    dl->AddRectFilled(v.to_screen(m.min_x, m.min_y), v.to_screen(m.max_x, m.max_y), kStoreFill, 6 * z);
    dl->AddRect(v.to_screen(m.min_x, m.min_y), v.to_screen(m.max_x, m.max_y), pal::kStationEdge, 6 * z, 0, std::max(1.0f, 2 * z));
    // Its cores as a grid of squares (a larger mesh several to a square), over its bar.
    const int nx = std::clamp(t.mesh_x, 1, 16), ny = std::clamp(t.mesh_y, 1, 16);
    const WorldBox grid{m.min_x + 20, m.min_y + 30, m.max_x - 20, m.max_y - 64};
    const float cw = (grid.max_x - grid.min_x) / float(nx), ch = (grid.max_y - grid.min_y) / float(ny);
    for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++) {
            const float x0 = grid.min_x + cw * float(x), y0 = grid.min_y + ch * float(y);
            dl->AddRectFilled(v.to_screen(x0 + cw * 0.15f, y0 + ch * 0.15f), v.to_screen(x0 + cw * 0.85f, y0 + ch * 0.85f),
                              kWaitFill);
        }
    draw_fill_bar(dl, v, {m.min_x + 10, m.max_y - 26, m.max_x - 10, m.max_y - 12}, t.weights[kSram], t.kv[kSram],
                  t.capacity[kSram], false);
}

// The door's card: its name band and frame (what waits there is the scene's map's detail).
void draw_door_card(ImDrawList* dl, const WorldView& v, const TokenLayout& lay) {
    const WorldBox& d = lay.door;
    const float z = v.zoom();
    dl->AddRectFilled(v.to_screen(d.min_x, d.min_y), v.to_screen(d.max_x, d.min_y + 24), pal::kStationFill, 8 * z,
                      ImDrawFlags_RoundCornersTop);
    dl->AddRect(v.to_screen(d.min_x, d.min_y), v.to_screen(d.max_x, d.max_y), pal::kStationEdge, 8 * z, 0, std::max(1.0f, 2 * z));
}

// Each station's name with its inputs, and under each warehouse what it holds, placed as the scene's map
// places them (names first; a figure that would run into one gives way).
void place_words(MapLabels& labels, const WorldView& v, const TokenModel& m, const tj::ParamValues& values,
                 const std::vector<tj::Metric>& metrics, const TokenLayout& lay) {
    const TokenView& t = m.view();
    auto id = [&](int s) -> const std::string& { return m.stations()[size_t(s)].id; };
    // The run's clock first, where the chain's race writes its week (a name beside it moves off it).
    const ImVec2 corner = v.to_screen(kMapWorld.min_x, kMapWorld.min_y);
    const float clock_px = map_font_px(v, 19);
    labels.name("clock", {corner.x + clock_px * 0.3f, corner.y + clock_px * 0.6f}, clock_px, pal::kText,
                "t = " + format_duration(m.now(), language()), 0);
    for (int s : {kStPrompt, kStTokenizer, kStH2d, kStHostMem, kStSampler, kStD2h, kStDetok, kStScreen, kStDram3d, kStHbm}) {
        const WorldBox& r = lay.station[s];
        labels.station_box(id(s), v.to_screen(r.min_x, r.min_y), v.to_screen(r.max_x, r.max_y));
    }
    labels.station_box("door", v.to_screen(lay.door.min_x, lay.door.min_y), v.to_screen(lay.door.max_x, lay.door.max_y));
    // The hosts, and each host or link station's name with the inputs that set its cost
    // (the run's own: a faster link or tokenizer shows in its box), as on the scene's map.
    if (map_detail_shown(v, 15)) {  // a phone's small race map: its larger words would run into the chip's title
        map_name(labels, "host_in", v, {95, 35}, 15, pal::kTextDim, tr("token.map.host_in"));
        map_name(labels, "host_out", v, {905, 35}, 15, pal::kTextDim, tr("token.map.host_out"));
    }
    for (int s : {kStPrompt, kStTokenizer, kStH2d, kStSampler, kStD2h, kStDetok})
        place_station_words(labels, v, lay.station[s], id(s), station_words(s, values, lay.sampler_on_host, language()));
    place_host_memory_words(labels, v, lay.station[kStHostMem], id(kStHostMem), t, false);
    const WorldBox& screen = lay.station[kStScreen];
    map_name(labels, id(kStScreen), v, {screen.center().x, screen.min_y + 18}, 18, pal::kText, tr("token.map.screen"));
    {  // what has reached it: mid-race, the faster run's count runs ahead
        const std::string count = format_metric("tokens_at_screen", tj::metric_value(metrics, "tokens_at_screen"), "tok", language()),
                          tag = provenance_tag(Provenance::Output);
        char shown[160];
        std::snprintf(shown, sizeof shown, tr("token.map.screen_count"), count.c_str());
        map_detail(labels, id(kStScreen), v, {screen.center().x, screen.min_y + 44}, 14, pal::kText, std::string(shown) + " " + tag,
                   0.5f, count + " " + tag);  // too wide for the box: the figure alone
    }
    map_name(labels, "door", v, {lay.door.center().x, lay.door.min_y + 12}, 15, pal::kText, tr("token.map.door"), 0.5f,
             tr("token.map.door.short"));
    place_door_queue(labels, v, lay.door, metrics, t.running, lay.door.min_y + 50);  // no warehouse bar above it here
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s  %d × %d %s", tr("token.map.chip"), t.mesh_x, t.mesh_y, tr("token.map.cores"));
    labels.name(id(kStMesh), v.to_screen(lay.chip.min_x + 14, lay.chip.min_y + 20), map_font_px(v, 19), pal::kText, buf, 0);
    // What each warehouse holds, as the scene's map writes it ("weights 14.7 GB + KV 8.39 MB").
    auto holds = [&](int level, const std::string& id_of, ImVec2 at) {
        if (!t.level_enabled[level]) return;
        const std::string fill = std::string(tr("token.map.weights")) + " " + format_bytes(t.weights[level]) + "  +  KV " +
                                 format_bytes(t.kv[level]);
        map_detail(labels, id_of, v, at, 14, pal::kTextDim, fill);
    };
    const WorldBox &mesh = lay.mesh, &d = lay.station[kStDram3d], &h = lay.station[kStHbm];
    map_detail(labels, id(kStMesh), v, {mesh.center().x, mesh.min_y + 14}, 15, pal::kText, tr("token.map.mesh"));
    holds(kSram, id(kStMesh), {mesh.center().x, mesh.max_y - 40});
    // A level the run's hardware has not says so ("3D-stacked DRAM: none"), as on the scene's map.
    auto level_name = [&](int level, ImVec2 at, const char* name) {
        char none[160];
        std::snprintf(none, sizeof none, tr("token.map.level_none"), without_aside(name).c_str());
        const bool on = t.level_enabled[level];
        map_name(labels, id(kStSram + level), v, at, 15, on ? pal::kText : pal::kTextDim, on ? name : none);
    };
    level_name(kDram3d, {d.center().x, d.min_y + 12}, tr("token.map.dram3d"));
    holds(kDram3d, id(kStDram3d), {d.center().x, d.max_y + 14});
    level_name(kHbm, {h.center().x, h.min_y + 56}, tr("token.map.hbm"));
    holds(kHbm, id(kStHbm), {h.center().x, h.min_y + 78});
}

}  // namespace

RaceMapLook race_map_look() {
    return {kMapWorld,
            [](ImDrawList* dl, const WorldView& v, const RaceRun& run, MapLabels* labels) {
                // Both runs are token models: the race's B is made by the same factory as A.
                const auto& m = static_cast<const TokenModel&>(*run.model);
                const TokenLayout lay = token_layout(run.values->get("token.run.sampler") >= 0.5);
                if (labels) return place_words(*labels, v, m, *run.values, *run.metrics, lay);
                draw_station_frames(dl, v, lay);
                draw_mesh_store(dl, v, lay, m.view());
                draw_door_card(dl, v, lay);
                draw_memory_levels(dl, v, lay, m.view(), false);
            },
            nullptr};
}

}  // namespace tokenui
