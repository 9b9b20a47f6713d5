// fab_params.h — the production chain's stations, units and parameter registry.
//
// Thirteen stations, in flow order: design & tape-out, wafer fab, die sort, HBM supply,
// interposer/substrate supply, advanced packaging, module test, CPU supply, tray
// assembly, NVLink switch tray supply, rack integration, shipment, customers. Each has a registry group
// "fab.<key>" whose parameters are "fab.<key>.<name>" (capacity, cycle_weeks, yield,
// cv, lot, buffer_cap, blocks, rework where output is one unit per kit, plus recipe
// numbers such as gross dies per wafer). The respin, the rack-test dip and the whole
// line (variability, CONWIP) have groups of their own: fab.respin, fab.dip, fab.line;
// so has the derivative product (fab.deriv: a single-die part on CoWoS-S beside the
// two-die part on CoWoS-L).
// Defaults sketch a B200-class GPU in GB200 NVL72-class racks around the 2024
// record; the figures are illustrative and the registry says where each comes from.
//
// Usage:
//   const ParamRegistry& reg = fab_registry();
//   ParamValues v(reg);  v.apply(*reg.find_preset("fab.no_respin"));
//   const FabStationText& t = fab_station_text(S_PACK);  // labels, units, lesson
#pragma once
#include <cstdint>

#include "params.h"

namespace tj::fab {

enum StationIndex : int {
    S_DESIGN = 0, S_FAB, S_SORT, S_HBM, S_SUB, S_PACK, S_MOD, S_CPU, S_TRAY, S_SWITCH, S_RACK, S_SHIP, S_CUST,
    S_COUNT
};

// Buffers between stations: what waits in front of whom.
enum BufferIndex : int {
    B_WAFERS = 0,  // good wafers before die sort
    B_DIES,        // good compute dies before packaging
    B_HBM,         // HBM stacks before packaging
    B_SUB,         // interposers/substrates before packaging
    B_PKG,         // packages before module test
    B_GPU,         // tested GPU modules before tray assembly
    B_CPU,         // CPUs before tray assembly
    B_TRAY,        // compute trays before rack integration
    B_RACK,        // racks waiting to ship
    B_METAL,       // wafers inside the fab waiting for the metal layers (the hold pile of a metal-only fix)
    B_BACK,        // wafers inside the fab waiting for the back end
    B_SWITCH,      // NVLink switch trays before rack integration
    B_DWAFERS,     // derivative: good wafers before die sort
    B_DDIES,       // derivative: good single dies before CoWoS-S packaging
    B_DHBM,        // derivative: HBM stacks before CoWoS-S packaging
    B_DPKG,        // derivative: packages before test and boards
    B_COUNT
};

// The derivative product's own steps, after the model's stations in the renderer's
// numbering (its wafers go through the fab and die sort, its HBM comes from the HBM
// supplier, its units go to the customers): CoWoS-S packaging, then test and boards.
enum DerivPoint : int { D_PACK = S_COUNT, D_TEST, D_END };

// Segment kinds for the renderer.
enum SegKind : uint16_t {
    K_WAFER_LOT = 0, K_DIE_LOT, K_PACKAGE_LOT, K_TRAY, K_RACK, K_HBM, K_SUBSTRATE, K_CPU, K_SCRAP, K_SWITCH, K_DERIV, K_COUNT
};

struct FabStationText {
    const char* key;                 // "pack" -> ids "fab.pack.*"
    const char* label_en; const char* label_zh;
    const char* unit_en; const char* unit_zh;  // what one start (kit) is: "wafer", "package", ...
    const char* lesson_en; const char* lesson_zh;
};

const FabStationText& fab_station_text(int station);
const char* fab_buffer_key(int buffer);           // "dies", "hbm", ...
const char* fab_buffer_label(int buffer, bool zh);
const char* fab_segment_kind_name(int kind);      // "wafer lot", ...

// The registry, built once.
const ParamRegistry& fab_registry();

}  // namespace tj::fab
