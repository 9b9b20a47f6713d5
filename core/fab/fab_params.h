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
//   const StationInfo& t = station_text(kStPack);  // names, unit, lesson
#pragma once
#include <cstdint>
#include <vector>

#include "core/model.h"
#include "core/params.h"

namespace tj::fab {

enum FabStation : int {
    kStDesign = 0, kStFab, kStSort, kStHbmSupply, kStSubstrate, kStPack, kStModule, kStCpuSupply, kStTray,
    kStSwitchSupply, kStRack, kStShip, kStCustomers, kStationCount
};

// Buffers between stations: what waits in front of whom.
enum FabBuffer : int {
    kBufWafers = 0,     // good wafers before die sort
    kBufDies,           // good compute dies before packaging
    kBufHbm,            // HBM stacks before packaging
    kBufSubstrate,      // interposers/substrates before packaging
    kBufPackages,       // packages before module test
    kBufGpus,           // tested GPU modules before tray assembly
    kBufCpus,           // CPUs before tray assembly
    kBufTrays,          // compute trays before rack integration
    kBufRacks,          // racks waiting to ship
    kBufMetalHold,      // wafers inside the fab waiting for the metal layers (the hold pile of a metal-only fix)
    kBufBackEnd,        // wafers inside the fab waiting for the back end
    kBufSwitchTrays,    // NVLink switch trays before rack integration
    kBufDerivWafers,    // derivative: good wafers before die sort
    kBufDerivDies,      // derivative: good single dies before CoWoS-S packaging
    kBufDerivHbm,       // derivative: HBM stacks before CoWoS-S packaging
    kBufDerivPackages,  // derivative: packages before test and boards
    kBufCount
};

// The derivative product's own steps, after the model's stations in the renderer's
// numbering (its wafers go through the fab and die sort, its HBM comes from the HBM
// supplier, its units go to the customers): CoWoS-S packaging, then test and boards.
enum FabDerivPoint : int { kDerivPack = kStationCount, kDerivTest, kDerivEnd };

// Segment kinds for the renderer.
enum FabSegmentKind : uint16_t {
    kSegWaferLot = 0, kSegDieLot, kSegPackageLot, kSegTray, kSegRack, kSegHbm, kSegSubstrate, kSegCpu, kSegScrap,
    kSegSwitch, kSegDeriv, kSegHotLot, kSegKindCount
};

// The derivative product's path: its steps in order are its wafers (in the shared fab),
// its die sort, its HBM (from the shared supplier), CoWoS-S packaging, test and boards.
// Each step's line station and metrics are named "deriv_<key>" (deriv_pack_utilization).
constexpr int kDerivSteps = 5;
struct FabDerivStepText {
    const char* key;  // "pack" -> station "deriv_pack", metrics "deriv_pack_*"
    const char* label_en; const char* label_zh;
};

// A station's id ("pack": parameters "fab.pack.*"), names, unit (what one start, a kit,
// is: "wafer", "package") and lesson line; all of them in flow order.
const StationInfo& station_text(int station);
std::vector<StationInfo> station_texts();
const FabDerivStepText& fab_deriv_step_text(int step);
const char* fab_buffer_key(int buffer);           // "dies", "hbm", ...
const char* fab_buffer_label(int buffer, bool zh);
const char* fab_segment_kind_name(int kind);      // "wafer lot", ...

// The registry, built once.
const ParamRegistry& fab_registry();

}  // namespace tj::fab
