// fab_params.cpp — station texts, units and the production chain's registry. See fab_params.h.
#include "core/fab/fab_params.h"

#include <string>

namespace tj::fab {

namespace {

const StationInfo kStations[kStationCount] = {
    {"design", "Design & tape-out", "设计与流片", "mask set", "套光罩",
     "A mask set takes weeks; nothing downstream starts until it exists, and a flaw sends the chain back here.",
     "一套光罩要花数周制作；它没到位，下游什么都做不了；一个缺陷就会让整条链回到这里。"},
    {"fab", "Wafer fab", "晶圆厂", "wafer", "片晶圆",
     "The fab is a long pipe: wafers started today ship as GPUs months later, so a stop here reaches customers only after the pipe drains.",
     "晶圆厂是一条长管道：今天投片的晶圆几个月后才变成出货的 GPU，这里一停，要等管道排空客户才感觉到。"},
    {"sort", "Die sort & test", "晶粒分选与测试", "wafer", "片晶圆",
     "Yield turns wafers into dies: a low die yield after a fix shrinks every station behind it.",
     "良率把晶圆换算成晶粒：修复后的低良率会让后面的每一站都缩水。"},
    {"hbm", "HBM stack supply", "HBM 堆栈供应", "stack", "个堆栈",
     "Memory arrives on its own schedule; when compute dies stop, stacks pile up in front of packaging.",
     "HBM 按自己的节奏到货；计算晶粒一停，HBM 堆栈就在封装前堆积起来。"},
    {"substrate", "Interposer and substrate supply", "中介层与基板供应", "set", "套",
     "The interposer and substrate have their own supplier: without them, good dies and memory just wait.",
     "中介层与基板有自己的供应商：缺了它们，良品晶粒和 HBM 只能等待。"},
    {"pack", "Advanced packaging (CoWoS-L-like)", "先进封装（类 CoWoS-L）", "package", "个封装",
     "Packaging needs every part at once: the scarcest input sets the pace, not the most plentiful one.",
     "封装要所有零件同时到齐：决定节奏的是最稀缺的那一样，而不是最充足的。"},
    {"modtest", "Module test & burn-in", "模组测试与老化", "package", "个封装",
     "Burn-in catches weak parts late: every package lost here has already used up dies and HBM.",
     "老化测试很晚才发现弱件：在这里报废的每个封装都已经用掉了晶粒和 HBM。"},
    {"cpu", "CPU supply", "CPU 供应", "CPU", "颗 CPU",
     "A tray needs CPUs too: a second supply chain that must keep pace with the first.",
     "托盘还需要 CPU：第二条供应链必须跟上第一条。"},
    {"tray", "Compute tray assembly", "计算托盘组装", "tray", "个托盘",
     "Trays bind GPUs and CPUs in fixed ratios: one missing part idles the whole tray.",
     "托盘按固定比例绑定 GPU 与 CPU：缺一个零件，整个托盘就停下。"},
    {"switch", "NVLink switch tray supply", "NVLink 交换托盘供应", "switch tray", "个交换托盘",
     "Racks need their switch trays too: nine per rack tie the 72 GPUs into one NVLink domain.",
     "机柜还需要交换托盘：每柜九个，把 72 个 GPU 连成一个 NVLink 域。"},
    {"rack", "Rack integration & test", "整机柜集成与测试", "rack", "个机柜",
     "A whole rack is tested at once: a leak or a bad connector can make this the new bottleneck.",
     "整机柜一次整体测试：一处漏液或一个坏连接器就能让这里成为新的瓶颈。"},
    {"ship", "Shipment", "运输", "rack", "个机柜",
     "Transit adds lead time but no capacity limit: racks on the road are still work in process.",
     "运输增加交期却不限制产能：路上的机柜仍是在制品。"},
    {"cust", "Customers", "客户", "GPU", "个 GPU",
     "Customers see only shipments: a stop far upstream arrives here months later as a growing backlog.",
     "客户只看到出货：远在上游的一次停顿，几个月后在这里变成不断增长的积压。"},
};

const char* const kBufferKeys[kBufCount] = {"wafers", "dies",  "hbm",   "substrate", "packages", "gpus",
                                          "cpus",   "trays", "racks", "metal_hold", "back_end", "switch_trays",
                                          "deriv_wafers", "deriv_dies", "deriv_hbm", "deriv_packages"};
const char* const kBufferEn[kBufCount] = {
    "Wafers before die sort", "Good dies before packaging", "HBM stacks before packaging",
    "Interposer and substrate sets before packaging", "Packages before module test", "GPU modules before tray assembly",
    "CPUs before tray assembly", "Trays before rack integration", "Racks waiting to ship",
    "Wafers waiting for the metal layers", "Wafers waiting for the back end", "Switch trays before rack integration",
    "Derivative wafers before die sort", "Derivative dies before CoWoS-S packaging", "HBM stacks for the derivative", "Derivative packages before test"};
const char* const kBufferZh[kBufCount] = {
    "分选前的晶圆", "封装前的良品晶粒", "封装前的 HBM 堆栈", "封装前的中介层与基板", "模组测试前的封装",
    "托盘组装前的 GPU 模组", "托盘组装前的 CPU", "整机柜集成前的托盘", "待运输的整机柜",
    "等待金属层的晶圆", "等待后段工序的晶圆", "整机柜集成前的交换托盘",
    "分选前的衍生型号晶圆", "CoWoS-S 封装前的衍生型号晶粒", "供衍生型号使用的 HBM 堆栈", "测试前的衍生型号封装"};
const char* const kSegNames[kSegKindCount] = {"wafer lot", "die lot", "package lot", "tray", "rack",
                                        "HBM stacks", "interposer and substrate sets", "CPUs", "scrapped", "switch trays",
                                        "derivative lot", "hot wafer lot"};

const char* const SRC_RECORD =
    "NVIDIA Q2 FY2025 earnings call, 28 Aug 2024 (CFO: a change to the Blackwell GPU mask to improve "
    "production yield; production ramp to begin in fiscal Q4, Nov 2024 to Jan 2025); Reuters, 23 Oct 2024 "
    "(J. Huang: a design flaw lowered yields and was fixed with TSMC); NVIDIA Q4 FY2025 results, 26 Feb 2025 "
    "(USD 11 bn of Blackwell revenue in that quarter). Week 0 = 1 Jan 2024. Timing illustrative, not company data.";
const char* const SRC_B200 =
    "NVIDIA Blackwell architecture technical brief (2024): two reticle-sized dies per GPU, 8 HBM3e stacks, "
    "TSMC CoWoS-L packaging.";
const char* const SRC_NVL72 =
    "NVIDIA GB200 NVL72 product page: 72 Blackwell GPUs and 36 Grace CPUs in 18 compute trays "
    "(2 superchips = 4 GPUs + 2 CPUs per tray) and 9 NVLink switch trays (2 NVLink switch chips each).";
const char* const SRC_GDPW =
    "Dies-per-wafer estimate pi r^2 / A - pi d / sqrt(2 A) for a ~800 mm^2 die on a 300 mm wafer: about 64.";
const char* const SRC_FAB =
    "Rule of thumb: about 3 to 4 months of fab cycle time for a 4/5 nm-class process; rates illustrative.";
const char* const SRC_COWOS =
    "TSMC 2024 earnings calls: CoWoS capacity more than doubled in 2024 and stayed short of demand, "
    "so packaging is the default constraint; rates illustrative.";
const char* const SRC_DIP =
    "Press reports of GB200 NVL72 rack problems (overheating, liquid-cooling leaks, interconnect) from late "
    "2024 to early 2025, e.g. The Information (Nov 2024), Reuters (Jan 2025); size and timing illustrative.";
const char* const SRC_ILL = "Illustrative value chosen to make the chain's behaviour visible.";
const char* const SRC_FLAW =
    "NVIDIA 10-Q for the quarter ended 28 Jul 2024 (filed 28 Aug 2024): a change to the Blackwell GPU mask to improve "
    "production yields, and inventory provisions for low-yielding Blackwell material; analysts (e.g. SemiAnalysis, "
    "Aug 2024; Morgan Stanley, Aug 2024) placed the problem at the interface between the GPU dies and the CoWoS-L "
    "bridge, fixed in the top metal layers. Where and which kind of fix: from these reports.";
const char* const SRC_FLAW_YIELD =
    "ASSUMPTION: no yield figure was published; 0.5 is a guess at what \"low-yielding\" means for a package that fails "
    "at its die-to-bridge interface.";
const char* const SRC_TIMING =
    "The Information, 2 Aug 2024 (Blackwell delayed by a design flaw found late in production) and NVIDIA's call of 28 "
    "Aug 2024 (ramp in fiscal Q4 = Nov 2024 to Jan 2025; several billion dollars of Blackwell revenue in that quarter). "
    "ASSUMPTION: discovery in mid-July 2024 (week 28), a few weeks before the first report.";
const char* const SRC_MASKS =
    "ASSUMPTION: a partial mask set for the top metal layers in about 6 weeks, then 2 qualification lots through the "
    "rest of the fab and about a week of tests on them (common industry practice, not company data), chosen so that "
    "volume falls in fiscal Q4 as reported.";
const char* const SRC_SPLIT =
    "ASSUMPTION: of a 4/5 nm-class fab cycle, about a third is spent in the metal layers (back end of line) and a tenth "
    "after them (passivation, bumping, wafer test); Hopp & Spearman, Factory Physics, for loading starts below the "
    "capacity of the later steps.";
const char* const SRC_XFACTOR =
    "An x-factor (fab cycle time over raw process time) near 3 is the common operating point: FabTime's cycle time "
    "tutorial (the 3X cycle-time-constrained capacity), Factory Physics and Automation blog, 20 Feb 2022 (800 wafer "
    "starts a day at an X factor of 3), SemiWiki forum thread \"Durations of process steps\" (2.5 to 3.5 in practice). "
    "The load dependence is Kingman's VUT equation as in Hopp & Spearman, Factory Physics, ch. 8.";
const char* const SRC_LOAD =
    "ASSUMPTION: tools about 85% loaded at full starts, a common planning level for a fab (no company figure).";
const char* const SRC_OTHER =
    "ASSUMPTION: a 4/5 nm-class fab also makes other customers' chips; about 70% of its tools' time goes to them and "
    "this product adds 15 points at full starts (no company figure).";
const char* const SRC_HOT =
    "Hot lots as non-preemptive priority: Cobham (1954) waiting times for two classes, in Kingman's VUT scaling "
    "(Hopp & Spearman, Factory Physics); the share is the user's choice (0 by default).";
const char* const SRC_DERIV =
    "SemiAnalysis, \"Nvidia's Blackwell Reworked - Shipment Delays & GB200A Reworked Platforms\", 4 Aug 2024, and "
    "TweakTown, 22 Aug 2024 (citing KeyBanc): a B200A on the B102 die, one monolithic compute die with four HBM3e stacks "
    "on TSMC CoWoS-S instead of two dies on CoWoS-L, in HGX boards, expected in the second half of 2025. Off in the "
    "2024 record: the part was reported for 2025, so it shipped nothing during the 2024 hold.";
const char* const SRC_DERIV_SHARE =
    "ASSUMPTION: the shares of wafer starts and HBM given to the derivative and its CoWoS-S capacity are illustrative "
    "(no company figures); the same process and the same HBM suppliers serve both parts.";
const char* const SRC_PILE =
    "ASSUMPTION: no supplier lets a customer's stock grow past about two months of the plan's use; a pile above that "
    "is flagged as implausible.";
const char* const SRC_STOCK =
    "ASSUMPTION (no company figure): two weeks of use held in front of the assembly steps, as a just-in-time supply of "
    "costly parts would keep. Deliveries follow a base-stock policy against the build plan (Hopp & Spearman, Factory "
    "Physics, ch. 2): the pile plus what is on its way is held at the plan's use over the supplier's lead time plus this.";

struct StationDefaults {
    int station;
    double cap, cap_min, cap_max;
    double cycle, cycle_min, cycle_max;
    double yield, cv;
    double lot, lot_min, lot_max;
    double buf, buf_max;  // buf_max < 0: no buffer parameter (a source with unlimited raw material)
    const char* buf_unit_en; const char* buf_unit_zh;
    const char* source;
    double rework;  // < 0: no rework parameter (the station's output is not one unit per kit)
};

const StationDefaults kDefaults[] = {
    {kStFab, 700, 10, 20000, 14, 1, 40, 0.97, 0.2, 25, 1, 100, 0, -1, "", "", SRC_FAB, -1},
    {kStSort, 1200, 10, 50000, 1, 0, 8, 0.6, 0.3, 25, 1, 100, 5000, 1e6, "wafers", "片晶圆", SRC_GDPW, -1},
    {kStHbmSupply, 100000, 100, 1e7, 2, 0, 26, 0.99, 0.3, 10000, 100, 1e6, 3e6, 1e8, "stacks", "个堆栈", SRC_B200, -1},
    {kStSubstrate, 13000, 100, 1e6, 2, 0, 26, 0.98, 0.3, 1000, 10, 1e5, 5e5, 1e7, "sets", "套", SRC_COWOS, -1},
    {kStPack, 12000, 100, 1e6, 3, 0, 12, 0.95, 0.3, 240, 1, 10000, 3e5, 1e8, "dies", "个晶粒", SRC_COWOS, 0},
    {kStModule, 20000, 100, 1e6, 1, 0, 8, 0.98, 0.3, 240, 1, 10000, 1e5, 1e7, "packages", "个封装", SRC_ILL, 0},
    {kStCpuSupply, 7000, 100, 1e6, 2, 0, 26, 0.995, 0.3, 1000, 10, 1e5, 1e5, 1e7, "CPUs", "颗 CPU", SRC_NVL72, -1},
    {kStTray, 4000, 10, 1e5, 1, 0, 8, 0.99, 0.3, 18, 1, 1000, 1e5, 1e7, "GPUs", "个 GPU", SRC_NVL72, 0},
    {kStSwitchSupply, 3000, 10, 1e5, 2, 0, 26, 0.995, 0.3, 100, 1, 1e4, 1e4, 1e6, "switch trays", "个交换托盘", SRC_NVL72, -1},
    {kStRack, 250, 1, 1e4, 2, 0, 12, 0.97, 0.5, 1, 1, 100, 2e4, 1e6, "trays", "个托盘", SRC_NVL72, 1},
    {kStShip, 2000, 1, 1e5, 1, 0, 12, 1.0, 0.3, 1, 1, 100, 2000, 1e5, "racks", "个机柜", SRC_ILL, -1},
};

std::string group_of(int st) { return std::string("fab.") + kStations[st].id; }
std::string id_of(int st, const char* name) { return group_of(st) + "." + name; }

void add_station_params(ParamRegistry& reg, const StationDefaults& d) {
    const StationInfo& t = kStations[d.station];
    std::string g = group_of(d.station), u_en = t.unit_en, u_zh = t.unit_zh;
    bool source = d.buf_max < 0 || d.station == kStHbmSupply || d.station == kStSubstrate || d.station == kStCpuSupply || d.station == kStSwitchSupply;
    reg.add({.id = id_of(d.station, "capacity"), .label_en = source ? "Output rate" : "Capacity",
             .label_zh = source ? "产出速率" : "产能", .unit = u_en + "s/week", .min = d.cap_min, .max = d.cap_max,
             .def = d.cap, .scale = Scale::Log, .structural = true, .group = g,
             .help_en = "How many " + u_en + "s this station can start per week. One lot passes its gate in "
                        "(lot size / capacity); the rest of the cycle time it flows alongside other lots.",
             .help_zh = "本站每周最多能开始的" + u_zh + "数。一批通过闸门需要（批量 ÷ 产能）的时间，"
                        "其余周期时间与其他批次并行流动。",
             .source = d.source});
    reg.add({.id = id_of(d.station, "cycle_weeks"), .label_en = d.station == kStShip ? "Transit time" : "Cycle time",
             .label_zh = d.station == kStShip ? "运输时间" : "周期时间", .unit = "weeks", .min = d.cycle_min,
             .max = d.cycle_max, .def = d.cycle, .structural = true, .group = g,
             .help_en = "Mean time one lot spends in this station, start to finish (never less than its gate time).",
             .help_zh = "一批在本站从开始到完成的平均时间（不少于它的闸门时间）。", .source = d.source});
    reg.add({.id = id_of(d.station, "yield"), .label_en = d.station == kStSort ? "Die yield" : "Yield",
             .label_zh = d.station == kStSort ? "晶粒良率" : "良率", .unit = "", .min = 0, .max = 1, .def = d.yield,
             .structural = true, .group = g,
             .help_en = d.station == kStSort
                            ? "Share of gross dies that pass sort; the rest is scrapped. 1 wafer -> gross dies x die yield good dies."
                            : "Share of output that passes this station's test; failures are scrapped or reworked.",
             .help_zh = d.station == kStSort ? "通过分选的毛晶粒比例，其余报废。1 片晶圆 → 毛晶粒数 × 良率 个良品晶粒。"
                                            : "通过本站测试的产出比例；不合格品报废或返修。",
             .source = d.source});
    reg.add({.id = id_of(d.station, "cv"), .label_en = "Variability (CV)", .label_zh = "波动（变异系数）", .unit = "",
             .min = 0, .max = 3, .def = d.cv, .structural = true, .group = g,
             .help_en = "Coefficient of variation of the gate time: 0 = clockwork, 1 = exponential (memoryless), "
                        ">1 = bursty. Ignored when the line is deterministic.",
             .help_zh = "闸门时间的变异系数：0 = 如钟表般准确，1 = 指数分布（无记忆），大于 1 = 时快时慢。产线设为确定性时忽略。",
             .source = SRC_ILL});
    reg.add({.id = id_of(d.station, "lot"), .label_en = "Lot size", .label_zh = "批量", .unit = u_en + "s",
             .min = d.lot_min, .max = d.lot_max, .def = d.lot, .scale = Scale::Log, .integer = true,
             .structural = true, .group = g,
             .help_en = "How many " + u_en + "s move together as one parcel. Bigger lots: fewer events, lumpier flow. "
                        "A station starts at most 2,000 lots a week: a smaller lot at a higher capacity is started in "
                        "bigger lots (the station's card says so).",
             .help_zh = "作为一个包裹一起移动的" + u_zh + "数。批量越大，事件越少，流动越成块。每站每周最多启动 2,000 批："
                        "产能很高而批量很小时，按更大的批量启动（站点卡片上会注明）。", .source = SRC_ILL});
    if (d.buf_max >= 0) {
        bool pile = d.station == kStHbmSupply || d.station == kStSubstrate || d.station == kStCpuSupply || d.station == kStSwitchSupply;
        reg.add({.id = id_of(d.station, "buffer_cap"), .label_en = pile ? "Pile cap at the consumer" : "Buffer cap in front",
                 .label_zh = pile ? "下游前的堆放上限" : "前置缓冲上限", .unit = d.buf_unit_en, .min = 0,
                 .max = d.buf_max, .def = d.buf, .integer = true, .structural = true, .group = g,
                 .help_en = std::string("Most ") + d.buf_unit_en +
                            (pile ? " allowed to wait for the consuming station" : " allowed to wait in front of this station") +
                            "; 0 = no cap. Raised to one lot's need if smaller, so kitting never deadlocks.",
                 .help_zh = std::string(pile ? "允许在下游工站前等待的最大" : "允许在本站前等待的最大") + d.buf_unit_zh +
                            "数；0 = 不设上限。若小于一批所需，会自动提高到一批，避免配套死锁。",
                 .source = SRC_ILL});
    }
    if (d.rework >= 0)
        reg.add({.id = id_of(d.station, "rework"), .label_en = "Failures reworked", .label_zh = "返修比例", .unit = "",
                 .min = 0, .max = 1, .def = d.rework, .structural = true, .group = g,
                 .help_en = "Share of failed units fixed and sent through this station again (ahead of new work), "
                            "so failures use up capacity; the rest is scrapped.",
                 .help_zh = "不合格品中修好后重新通过本站（优先于新工作）的比例，因此失败会占用产能；其余报废。",
                 .source = d.station == kStRack ? SRC_DIP : SRC_ILL});
    reg.add({.id = id_of(d.station, "blocks"), .label_en = "When the next buffer is full", .label_zh = "下游缓冲满时",
             .min = 0, .max = 1, .def = 1, .structural = true, .group = g,
             .help_en = "Block: finished lots wait here and no new lot starts. Drop: what does not fit is scrapped.",
             .help_zh = "阻塞：完成的批次在本站等待，不再开始新批次。丢弃：放不下的部分报废。",
             .source = SRC_ILL, .choices_en = {"Drop", "Block"}, .choices_zh = {"丢弃", "阻塞"}});
}

ParamRegistry build() {
    ParamRegistry reg;
    for (int s = 0; s < kStationCount; s++) reg.group(group_of(s), kStations[s].label_en, kStations[s].label_zh);
    reg.group("fab.respin", "Flaw and respin", "缺陷与重新流片");
    reg.group("fab.dip", "Rack-test yield dip", "整机柜测试良率下滑");
    reg.group("fab.line", "Whole line", "整条产线");
    reg.group("fab.deriv", "Derivative product", "衍生型号");

    reg.add({.id = "fab.design.mask_weeks", .label_en = "First mask set ready", .label_zh = "首套光罩就绪",
             .unit = "weeks", .min = 0, .max = 52, .def = 12, .structural = true, .group = "fab.design",
             .help_en = "Week the first production mask set is ready; the fab starts wafers from then on. A full respin's "
                        "new mask set takes as many weeks from discovery.",
             .help_zh = "首套量产光罩就绪的周数；晶圆厂从那时起开始投片。全部重新流片时，新的整套光罩从发现缺陷起也需要这么多周。",
             .source = SRC_RECORD});
    for (auto& d : kDefaults) add_station_params(reg, d);
    reg.add({.id = "fab.fab.metal_share", .label_en = "Share of cycle in the metal layers", .label_zh = "金属层占周期比例",
             .unit = "", .min = 0.05, .max = 0.8, .def = 0.35, .structural = true, .group = "fab.fab",
             .help_en = "The fab is three stages: front end (transistors) -> metal layers -> back end. This share of the "
                        "fab cycle time is spent in the metal layers; a metal-only fix holds wafers in front of them.",
             .help_zh = "晶圆厂分三段：前段（晶体管）→ 金属层 → 后段。晶圆制造周期的这一比例花在金属层；只改金属层的修复会把晶圆挡在金属层之前。",
             .source = SRC_SPLIT});
    reg.add({.id = "fab.fab.back_share", .label_en = "Share of cycle after the metal layers", .label_zh = "金属层之后占周期比例",
             .unit = "", .min = 0.01, .max = 0.5, .def = 0.1, .structural = true, .group = "fab.fab",
             .help_en = "Share of the fab cycle time after the metal layers (passivation, bumping, wafer test); the "
                        "front end takes the rest.",
             .help_zh = "金属层之后（钝化、凸块、晶圆测试）所占的晶圆制造周期比例；其余属于前段。", .source = SRC_SPLIT});
    reg.add({.id = "fab.fab.headroom", .label_en = "Metal and back-end capacity over starts", .label_zh = "金属层与后段产能相对投片",
             .unit = "x", .min = 1, .max = 3, .def = 1.25, .structural = true, .group = "fab.fab",
             .help_en = "Capacity of the metal and back-end stages as a multiple of the wafer-start rate: fabs load starts "
                        "below the later steps' capacity, and this headroom is what drains a hold pile.",
             .help_zh = "金属层与后段的产能为投片速率的倍数：晶圆厂的投片低于后续工序的产能，这部分余量用来消化被挡下的晶圆堆。",
             .source = SRC_SPLIT});
    reg.add({.id = "fab.fab.x_factor", .label_en = "Cycle time over raw process time, at full starts",
             .label_zh = "满负荷投片时周期时间与纯加工时间之比", .unit = "x", .min = 1, .max = 8, .def = 3,
             .structural = true, .group = "fab.fab",
             .help_en = "The x-factor: a full fab's cycle time (the cycle time above) over the raw process time of its "
                        "steps; the rest is waiting in queues, and it grows with load (Kingman's VUT form): an emptied "
                        "fab runs its first wafers in about cycle time / x-factor. 1 = a fixed cycle time, whatever the load.",
             .help_zh = "X 因子：满负荷晶圆厂的周期时间（上面的周期时间）与各工序纯加工时间之比；其余是排队等待，且随负荷增长"
                        "（金曼 VUT 公式）：清空的晶圆厂让首批晶圆只用约“周期时间 ÷ X 因子”。1 = 周期时间固定，不随负荷变化。",
             .source = SRC_XFACTOR});
    reg.add({.id = "fab.fab.full_load", .label_en = "Tool load at full starts", .label_zh = "满负荷投片时的设备负荷",
             .unit = "", .min = 0.3, .max = 0.95, .def = 0.85, .structural = true, .group = "fab.fab",
             .help_en = "Share of the tools' capacity the wafer starts use when the fab starts at its capacity. With the "
                        "x-factor it fixes the queues' variability V = (x - 1)(1 - u) / u; each stage's load is its recent "
                        "starts over its tools' capacity, so a stage draining a hold pile at its headroom runs fuller.",
             .help_zh = "晶圆厂按产能投片时占用设备产能的比例。与 X 因子一起确定排队的波动 V = (x − 1)(1 − u) / u；"
                        "各段的负荷为其近期开工量与设备产能之比，所以用余量消化暂存晶圆堆的工段负荷更高。",
             .source = SRC_LOAD});
    reg.add({.id = "fab.fab.other_load", .label_en = "Tool load from other products", .label_zh = "其他产品占用的设备负荷",
             .unit = "", .min = 0, .max = 0.8, .def = 0.7, .structural = true, .group = "fab.fab",
             .help_en = "Share of the tools' time taken by other products made on the same process. It stays when this "
                        "product's starts stop, so a shared fab never empties; 0 = a line of its own, which runs its first "
                        "wafers at the raw process time. Kept below the load at full starts.",
             .help_zh = "同一工艺上其他产品占用的设备时间比例。本产品停止投片时它仍在，所以共用的晶圆厂不会清空；"
                        "0 = 专用产线，首批晶圆按纯加工时间完成。不超过满负荷投片时的负荷。",
             .source = SRC_OTHER});
    reg.add({.id = "fab.fab.hot_share", .label_en = "Hot lots (share with priority)", .label_zh = "加急批次（优先比例）",
             .unit = "", .min = 0, .max = 0.5, .def = 0, .structural = true, .group = "fab.fab",
             .help_en = "Share of wafer lots that jump the queues at every fab stage: they wait V u / (1 - h u) of the raw "
                        "time, the others V u / ((1 - h u)(1 - u)), so the average is unchanged and the rest wait longer. "
                        "With a respin, lots are made hot from the restart after the fix on (the runs beside it have none).",
             .help_zh = "在晶圆厂每一段都插队的晶圆批次比例：它们的排队时间为纯加工时间的 V u / (1 − h u)，其余批次为 "
                        "V u / ((1 − h u)(1 − u))，所以平均不变，其余批次等得更久。有重新流片时，从修复后重新开工起才有加急批次（并行的对照运行没有）。",
             .source = SRC_HOT});
    reg.add({.id = id_of(kStSort, "gross_dies"), .label_en = "Gross dies per wafer", .label_zh = "每片晶圆毛晶粒数",
             .unit = "", .min = 1, .max = 2000, .def = 64, .integer = true, .structural = true,
             .group = group_of(kStSort),
             .help_en = "Candidate dies on one wafer before test: 1 wafer = this many dies.",
             .help_zh = "测试前一片晶圆上的候选晶粒数：1 片晶圆 = 这么多晶粒。", .source = SRC_GDPW});
    reg.add({.id = id_of(kStPack, "dies_per_pkg"), .label_en = "Compute dies per package",
             .label_zh = "每个封装的计算晶粒数", .unit = "", .min = 1, .max = 8, .def = 2, .integer = true,
             .structural = true, .group = group_of(kStPack),
             .help_en = "Good compute dies in one GPU package: 1 GPU = this many dies.",
             .help_zh = "一个 GPU 封装里的良品计算晶粒数：1 个 GPU = 这么多晶粒。", .source = SRC_B200});
    reg.add({.id = id_of(kStPack, "hbm_per_pkg"), .label_en = "HBM stacks per package",
             .label_zh = "每个封装的 HBM 堆栈数", .unit = "", .min = 1, .max = 16, .def = 8, .integer = true,
             .structural = true, .group = group_of(kStPack),
             .help_en = "HBM stacks mounted in one package (one interposer per package too).",
             .help_zh = "一个封装上安装的 HBM 堆栈数（每个封装还需一块中介层）。", .source = SRC_B200});
    reg.add({.id = id_of(kStTray, "gpus_per_tray"), .label_en = "GPUs per tray", .label_zh = "每个托盘的 GPU 数",
             .unit = "", .min = 1, .max = 16, .def = 4, .integer = true, .structural = true,
             .group = group_of(kStTray), .help_en = "GPU modules in one compute tray.",
             .help_zh = "一个计算托盘中的 GPU 模组数。", .source = SRC_NVL72});
    reg.add({.id = id_of(kStTray, "cpus_per_tray"), .label_en = "CPUs per tray", .label_zh = "每个托盘的 CPU 数",
             .unit = "", .min = 1, .max = 8, .def = 2, .integer = true, .structural = true,
             .group = group_of(kStTray), .help_en = "CPUs in one compute tray.",
             .help_zh = "一个计算托盘中的 CPU 数。", .source = SRC_NVL72});
    reg.add({.id = id_of(kStRack, "switch_trays_per_rack"), .label_en = "NVLink switch trays per rack",
             .label_zh = "每个机柜的 NVLink 交换托盘数", .unit = "", .min = 1, .max = 36, .def = 9, .integer = true,
             .structural = true, .group = group_of(kStRack),
             .help_en = "NVLink switch trays in one rack, beside the compute trays.",
             .help_zh = "一个机柜中与计算托盘并列的 NVLink 交换托盘数。", .source = SRC_NVL72});
    reg.add({.id = id_of(kStRack, "trays_per_rack"), .label_en = "Trays per rack", .label_zh = "每个机柜的托盘数",
             .unit = "", .min = 1, .max = 72, .def = 18, .integer = true, .structural = true,
             .group = group_of(kStRack), .help_en = "Compute trays in one rack: 1 rack = trays x GPUs per tray GPUs.",
             .help_zh = "一个机柜中的计算托盘数：1 个机柜 = 托盘数 × 每托盘 GPU 数 个 GPU。", .source = SRC_NVL72});
    reg.add({.id = "fab.cust.gpus_per_week", .label_en = "Demand", .label_zh = "需求", .unit = "GPUs/week",
             .min = 0, .max = 1e6, .def = 9000, .structural = true, .group = "fab.cust",
             .help_en = "GPUs customers order per week; what is not shipped becomes backlog.",
             .help_zh = "客户每周订购的 GPU 数；未能出货的部分变成积压。", .source = SRC_ILL});
    reg.add({.id = "fab.cust.start_week", .label_en = "Demand starts", .label_zh = "需求开始", .unit = "weeks",
             .min = 0, .max = 156, .def = 35, .structural = true, .group = "fab.cust",
             .help_en = "Week customers start expecting shipments.", .help_zh = "客户开始期待出货的周数。",
             .source = SRC_RECORD});

    reg.add({.id = "fab.respin.enabled", .label_en = "Flaw and respin", .label_zh = "缺陷与重新流片", .min = 0, .max = 1,
             .def = 1, .structural = true, .group = "fab.respin",
             .help_en = "On: the first masks carry a flaw that lowers one step's yield; it is found and fixed by a respin. "
                        "Beside it run the same chain without the flaw, and the chain that keeps it and never respins. "
                        "Off: no flaw, and all three are one run.",
             .help_zh = "开：首套光罩带有缺陷，使某一工序良率偏低；缺陷被发现后通过重新流片修复。并行的两个对照运行：光罩无缺陷的同一条链，"
                        "以及保留缺陷、从不重新流片的链。关：没有缺陷，三次运行相同。",
             .source = SRC_FLAW, .choices_en = {"Off", "On"}, .choices_zh = {"关", "开"}});
    reg.add({.id = "fab.respin.flaw_at", .label_en = "Where the flaw shows", .label_zh = "缺陷显现于", .min = 0, .max = 1,
             .def = 0, .structural = true, .group = "fab.respin",
             .help_en = "The step whose yield the flaw lowers: packaging (the die-to-bridge interface fails when dies, HBM "
                        "and interposer are joined, so each bad package scraps them all) or die sort.",
             .help_zh = "缺陷拉低哪一步的良率：封装（晶粒与桥接的界面在晶粒、HBM、中介层组装时失效，每个坏封装把它们一起报废）或晶粒分选。",
             .source = SRC_FLAW, .choices_en = {"Packaging", "Die sort"}, .choices_zh = {"封装", "晶粒分选"}});
    reg.add({.id = "fab.respin.kind", .label_en = "Kind of fix", .label_zh = "修复方式", .min = 0, .max = 1, .def = 1,
             .structural = true, .group = "fab.respin",
             .help_en = "Metal only: new masks for the top metal layers; the front end keeps starting wafers, which wait in "
                        "front of the metal layers until the fix. Full: new base layers; the fab restarts from the front end.",
             .help_zh = "仅金属层：只换顶部金属层光罩；前段继续投片，晶圆在金属层前等待修复。全部：换基础层光罩，晶圆厂从前段重新开始。",
             .source = SRC_FLAW, .choices_en = {"Full respin", "Metal only"}, .choices_zh = {"全部重新流片", "仅金属层"}});
    reg.add({.id = "fab.respin.past_hold", .label_en = "Wafers past the held step", .label_zh = "已越过暂停工序的晶圆",
             .min = 0, .max = 1, .def = 0, .structural = true, .group = "fab.respin",
             .help_en = "What happens at discovery to wafers already past the step the fix holds (the metal layers, or "
                        "the front end for a full respin): scrapped, or finished and shipped at the flawed yield.",
             .help_zh = "发现缺陷时，已越过修复所暂停工序（金属层；全部重新流片时为前段）的晶圆：报废，或继续完成并按缺陷良率出货。",
             .source = SRC_FLAW, .choices_en = {"Scrapped", "Shipped at low yield"}, .choices_zh = {"报废", "按低良率出货"}});
    reg.add({.id = "fab.respin.flawed_yield", .label_en = "Yield of the flawed step", .label_zh = "缺陷工序良率", .unit = "",
             .min = 0, .max = 1, .def = 0.5, .structural = true, .group = "fab.respin",
             .help_en = "Yield of the flawed step for parts made with the flawed masks (instead of its normal yield). "
                        "Parts with the new masks recover from here to normal along the learning curve.",
             .help_zh = "用缺陷光罩制造的零件在缺陷工序的良率（取代正常良率）。新光罩的零件从这里沿学习曲线恢复到正常。",
             .source = SRC_FLAW_YIELD});
    reg.add({.id = "fab.respin.discovery_week", .label_en = "Flaw found in week", .label_zh = "发现缺陷的周",
             .unit = "weeks", .min = 0, .max = 156, .def = 28, .structural = true, .group = "fab.respin",
             .help_en = "When the flaw is found and the fix starts (week 0 = 1 Jan 2024).",
             .help_zh = "发现缺陷并开始修复的时间（第 0 周 = 2024 年 1 月 1 日）。", .source = SRC_TIMING});
    reg.add({.id = "fab.respin.mask_weeks", .label_en = "New mask lead time", .label_zh = "新光罩交期",
             .unit = "weeks", .min = 1, .max = 52, .def = 6, .structural = true, .group = "fab.respin",
             .help_en = "Weeks from discovery until the corrected metal-layer masks are in the fab (a metal-only fix). "
                        "A full respin needs a whole new mask set, which takes as long as the first set (First mask set ready).",
             .help_zh = "从发现缺陷到修正后的金属层光罩进厂的周数（仅金属层修复）。全部重新流片需要整套新光罩，所需时间与首套光罩相同（首套光罩就绪）。",
             .source = SRC_MASKS});
    reg.add({.id = "fab.respin.qual_lots", .label_en = "Qualification lots", .label_zh = "验证批次", .unit = "lots",
             .min = 1, .max = 20, .def = 2, .integer = true, .structural = true, .group = "fab.respin",
             .help_en = "When the new masks arrive, the held stage starts only this many lots; they must run through the "
                        "rest of the fab and pass their tests before volume restarts.",
             .help_zh = "新光罩到位后，暂停的工段只先开工这么多批；它们要走完晶圆厂其余工序并通过测试，才能恢复量产。",
             .source = SRC_MASKS});
    reg.add({.id = "fab.respin.qual_weeks", .label_en = "Qualification tests", .label_zh = "验证测试", .unit = "weeks",
             .min = 0, .max = 26, .def = 1, .structural = true, .group = "fab.respin",
             .help_en = "Weeks of tests on the qualification lots once they are out of the fab, before the held stage "
                        "restarts volume.",
             .help_zh = "验证批次出晶圆厂后的测试周数，之后暂停的工段才恢复量产。", .source = SRC_MASKS});
    reg.add({.id = "fab.respin.learn_weeks", .label_en = "Yield learning time", .label_zh = "良率爬坡时间",
             .unit = "weeks", .min = 0, .max = 104, .def = 8, .structural = true, .group = "fab.respin",
             .help_en = "Time constant of the learning curve from the first fixed parts at the flawed step: after this "
                        "many weeks, 63% of the gap from the flawed yield to the normal yield is closed.",
             .help_zh = "从首批修复后的零件到达缺陷工序起算的学习曲线时间常数：经过这么多周，从缺陷良率到正常良率的差距缩小 63%。",
             .source = SRC_ILL});

    reg.add({.id = "fab.deriv.enabled", .label_en = "Derivative product", .label_zh = "衍生型号", .min = 0, .max = 1,
             .def = 0, .structural = true, .group = "fab.deriv",
             .help_en = "On: a second product, one compute die on a CoWoS-S package with 4 HBM stacks, takes a share of "
                        "the fab's wafer starts and of the HBM supply and is packaged and tested on steps of its own. It "
                        "does not use the CoWoS-L bridge, so the flaw does not touch it and it keeps shipping during the hold.",
             .help_zh = "开：第二个产品——单颗计算晶粒、CoWoS-S 封装、4 个 HBM 堆栈——分走晶圆厂的一部分投片和 HBM 供应，"
                        "在自己的工序上封装和测试。它不用 CoWoS-L 桥接，缺陷碰不到它，暂停期间照常出货。",
             .source = SRC_DERIV, .choices_en = {"Off", "On"}, .choices_zh = {"关", "开"}});
    reg.add({.id = "fab.deriv.wafer_share", .label_en = "Derivative share of wafer starts", .label_zh = "衍生型号占投片比例",
             .unit = "", .min = 0.01, .max = 0.5, .def = 0.15, .structural = true, .group = "fab.deriv",
             .help_en = "Share of the fab's wafer starts given to the derivative; the two-die part gets the rest.",
             .help_zh = "晶圆厂投片中分给衍生型号的比例；其余给双晶粒产品。", .source = SRC_DERIV_SHARE});
    reg.add({.id = "fab.deriv.hbm_share", .label_en = "Derivative share of HBM", .label_zh = "衍生型号占 HBM 比例",
             .unit = "", .min = 0.01, .max = 0.5, .def = 0.15, .structural = true, .group = "fab.deriv",
             .help_en = "Share of the HBM supply allocated to the derivative; the two-die part gets the rest.",
             .help_zh = "HBM 供应中分配给衍生型号的比例；其余给双晶粒产品。", .source = SRC_DERIV_SHARE});
    reg.add({.id = "fab.deriv.pack_capacity", .label_en = "CoWoS-S capacity", .label_zh = "CoWoS-S 产能",
             .unit = "packages/week", .min = 100, .max = 1e5, .def = 5000, .structural = true, .group = "fab.deriv",
             .help_en = "Derivative packages per week on CoWoS-S, a package line apart from the CoWoS-L one.",
             .help_zh = "CoWoS-S 每周可封装的衍生型号数量，与 CoWoS-L 是两条封装线。", .source = SRC_DERIV_SHARE});
    reg.add({.id = "fab.deriv.hbm_per_pkg", .label_en = "HBM stacks per derivative", .label_zh = "每个衍生型号的 HBM 堆栈数",
             .unit = "", .min = 1, .max = 16, .def = 4, .integer = true, .structural = true, .group = "fab.deriv",
             .help_en = "HBM stacks on one derivative package.", .help_zh = "一个衍生型号封装上的 HBM 堆栈数。",
             .source = SRC_DERIV});

    reg.add({.id = "fab.dip.enabled", .label_en = "Rack-test dip", .label_zh = "机柜测试良率下滑", .min = 0,
             .max = 1, .def = 0, .structural = true, .group = "fab.dip",
             .help_en = "A second event: rack-test yield drops for some weeks (leaks, connectors), so the bottleneck moves downstream.",
             .help_zh = "第二个事件：整机柜测试良率下滑数周（漏液、连接器），瓶颈随之移到下游。", .source = SRC_DIP,
             .choices_en = {"Off", "On"}, .choices_zh = {"关", "开"}});
    reg.add({.id = "fab.dip.start_week", .label_en = "Dip starts in week", .label_zh = "下滑开始周", .unit = "weeks",
             .min = 0, .max = 156, .def = 60, .structural = true, .group = "fab.dip",
             .help_en = "When rack tests start failing more often.", .help_zh = "整机柜测试开始更频繁失败的时间。",
             .source = SRC_DIP});
    reg.add({.id = "fab.dip.weeks", .label_en = "Dip duration", .label_zh = "下滑持续", .unit = "weeks", .min = 1,
             .max = 52, .def = 10, .structural = true, .group = "fab.dip",
             .help_en = "How long the low rack-test yield lasts.", .help_zh = "整机柜测试低良率持续的时间。",
             .source = SRC_DIP});
    reg.add({.id = "fab.dip.yield", .label_en = "Rack-test yield during the dip", .label_zh = "下滑期间的机柜良率",
             .unit = "", .min = 0, .max = 1, .def = 0.45, .structural = true, .group = "fab.dip",
             .help_en = "Rack-test yield while the dip lasts.", .help_zh = "下滑期间的整机柜测试良率。",
             .source = SRC_DIP});

    reg.add({.id = "fab.line.variability", .label_en = "Variability", .label_zh = "波动", .min = 0, .max = 1,
             .def = 1, .structural = true, .group = "fab.line",
             .help_en = "Deterministic: every time is its mean and yields are exact expectations (rounding carried). "
                        "Random: gate times follow each station's CV and yields are binomial draws.",
             .help_zh = "确定性：所有时间取均值，良率取精确期望（余数结转）。随机：闸门时间按各站变异系数波动，良率按二项分布抽取。",
             .source = SRC_ILL, .choices_en = {"Deterministic", "Random"}, .choices_zh = {"确定性", "随机"}});
    reg.add({.id = "fab.line.conwip_wafers", .label_en = "CONWIP limit", .label_zh = "CONWIP 在制品上限",
             .unit = "wafers", .min = 0, .max = 1e6, .def = 0, .integer = true, .structural = true, .group = "fab.line",
             .help_en = "Constant WIP: start a wafer only while the line holds less than this much work, counted in "
                        "wafer equivalents of compute dies (0 = off: the fab starts at its capacity).",
             .help_zh = "恒定在制品：仅当产线在制量（按计算晶粒折算成晶圆）低于此值时才投片（0 = 关闭：晶圆厂按产能投片）。",
             .source = "Hopp & Spearman, Factory Physics (CONWIP)."});
    reg.add({.id = "fab.line.stock_weeks", .label_en = "Suppliers' target stock", .label_zh = "供应商目标库存", .unit = "weeks",
             .min = 0, .max = 26, .def = 2, .structural = true, .group = "fab.line",
             .help_en = "HBM, interposer and substrate, CPU and switch tray suppliers ship to the build plan: each keeps "
                        "the pile in front of its consumer plus what is on its way at this many weeks of the plan's use plus "
                        "its lead time. When the consumer stops, what is on its way still arrives.",
             .help_zh = "HBM、中介层与基板、CPU 和交换托盘供应商按生产计划交货：各自把下游前的料堆加上在途量保持在计划用量的"
                        "这么多周再加上其交期。下游停下时，在途的货照样到达。",
             .source = SRC_STOCK});
    reg.add({.id = "fab.line.plausible_pile_weeks", .label_en = "Plausible pile", .label_zh = "合理堆放量", .unit = "weeks",
             .min = 1, .max = 52, .def = 8, .structural = true, .group = "fab.line",
             .help_en = "A supplier's pile in front of its consumer is flagged as implausible above this many weeks of the "
                        "plan's use.",
             .help_zh = "供应商在下游前的堆放量超过计划用量的这么多周时，标记为不合理。",
             .source = SRC_PILE});

    reg.preset({.id = "fab.record_2024", .label_en = "2024 record (illustrative)", .label_zh = "2024 年实况（示意）",
                .kind = "scenario", .source = std::string(SRC_RECORD) + " " + SRC_TIMING + " " + SRC_MASKS + " Derivative: " + SRC_DERIV,
                .values = {{"fab.respin.enabled", 1}, {"fab.respin.flaw_at", 0}, {"fab.respin.kind", 1},
                           {"fab.respin.past_hold", 0}, {"fab.respin.flawed_yield", 0.5},
                           {"fab.respin.discovery_week", 28}, {"fab.respin.mask_weeks", 6},
                           {"fab.respin.qual_lots", 2}, {"fab.respin.qual_weeks", 1}, {"fab.respin.learn_weeks", 8},
                           {"fab.dip.enabled", 0}, {"fab.deriv.enabled", 0}}});
    reg.preset({.id = "fab.no_respin", .label_en = "No flaw (no respin)", .label_zh = "无缺陷（无需重新流片）", .kind = "scenario",
                .source = SRC_ILL, .values = {{"fab.respin.enabled", 0}, {"fab.dip.enabled", 0}}});
    reg.preset({.id = "fab.bottleneck_moves", .label_en = "The bottleneck moves", .label_zh = "瓶颈会移动",
                .kind = "scenario", .source = SRC_DIP,
                .values = {{"fab.respin.enabled", 1}, {"fab.dip.enabled", 1}, {"fab.dip.start_week", 60},
                           {"fab.dip.weeks", 10}, {"fab.dip.yield", 0.45}}});
    return reg;
}

}  // namespace

const FabDerivStepText& fab_deriv_step_text(int step) {
    static const FabDerivStepText kSteps[kDerivSteps] = {{"fab", "Derivative wafers", "衍生型号晶圆"},
                                                         {"sort", "Derivative die sort", "衍生型号晶粒分选"},
                                                         {"hbm", "Derivative HBM", "衍生型号 HBM"},
                                                         {"pack", "CoWoS-S packaging", "CoWoS-S 封装"},
                                                         {"test", "Derivative test and boards", "衍生型号测试与板卡"}};
    return kSteps[step < 0 || step >= kDerivSteps ? 0 : step];
}
const StationInfo& station_text(int station) { return kStations[station < 0 || station >= kStationCount ? 0 : station]; }
std::vector<StationInfo> station_texts() { return {std::begin(kStations), std::end(kStations)}; }
const char* fab_buffer_key(int b) { return kBufferKeys[b < 0 || b >= kBufCount ? 0 : b]; }
const char* fab_buffer_label(int b, bool zh) { return (zh ? kBufferZh : kBufferEn)[b < 0 || b >= kBufCount ? 0 : b]; }
const char* fab_segment_kind_name(int k) { return kSegNames[k < 0 || k >= kSegKindCount ? 0 : k]; }

const ParamRegistry& fab_registry() {
    static const ParamRegistry reg = build();
    return reg;
}

}  // namespace tj::fab
