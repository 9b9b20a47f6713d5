// map_labels.cpp — see map_labels.h.
#include "app/ui/map_labels.h"

#include <algorithm>
#include <utility>
#include <cfloat>
#include <cmath>

#include "app/ui/palette.h"

namespace {
const ImVec2 kPlatePad{3, 1};
// The share of a line's height above and below its letters: lines set that close apart
// (a card's figures, one under another) touch without running into each other.
constexpr float kLeading = 0.1f;
// The room a name moved sideways keeps from the names before it, in its text's
// heights: a word's gap.
constexpr float kNameGap = 0.3f;
// The room a detail keeps beside another station's label: about two spaces, so two
// stations' status lines side by side never read as one.
constexpr float kDetailGap = 0.8f;
// Words stay this far inside their station's box (pixels): a line that touches the
// frame reads as running out of it.
constexpr float kBoxPad = 3;

bool overlap(ImVec2 a0, ImVec2 a1, ImVec2 b0, ImVec2 b1) { return a0.x < b1.x && b0.x < a1.x && a0.y < b1.y && b0.y < a1.y; }

}  // namespace

// A name less its last aside in parentheses, "(…)" or "（…）", and the spaces before it
// ("3D-stacked DRAM (under the mesh)  not in this design" → "3D-stacked DRAM  not in this design").
std::string without_aside(const std::string& text) {
    for (auto [open, close] : {std::pair<std::string, std::string>{"(", ")"}, {"（", "）"}}) {
        const size_t at = text.rfind(open), end = at == std::string::npos ? at : text.find(close, at);
        if (at == std::string::npos || at == 0 || end == std::string::npos) continue;
        const size_t keep = text.find_last_not_of(' ', at - 1);
        if (keep == std::string::npos) continue;
        return text.substr(0, keep + 1) + text.substr(end + close.size());
    }
    return text;
}

float name_foot_below_box_top(float px) { return kBoxPad + px * (1 - 2 * kLeading); }

void MapLabels::add(const std::string& id, ImVec2 at, float px, ImU32 col, const std::string& text, float align_x,
                    bool plate, bool detail, const std::string& whole, const std::string& short_text) {
    auto box = [&](const std::string& t, ImVec2* min, ImVec2* max) {
        ImVec2 sz = ImGui::GetFont()->CalcTextSizeA(px, FLT_MAX, 0, t.c_str());
        *min = {std::floor(at.x - sz.x * align_x), std::floor(at.y - sz.y * 0.5f) + px * kLeading};
        *max = {min->x + sz.x, min->y + sz.y - 2 * px * kLeading};
    };
    auto inside = [&](ImVec2* min, ImVec2* max) {  // straddling the area's left or right edge: moved inside
        const float dx = inside_dx(id, *min, *max);
        min->x += dx, max->x += dx;
    };
    Label l{id, text, {}, {}, px, col, detail, plate, !detail, whole, {}, {}, {}, {}, {}};
    l.given = at;
    box(text, &l.min, &l.max);
    // A name centred in its box stays below the box's top edge (a phone's "Door", larger
    // than its band, sat on the frame line).
    if (const ImVec4* b = detail ? nullptr : own_box(id); b && at.y > b->y && l.min.y < b->y + kBoxPad) {
        at.y += b->y + kBoxPad - l.min.y;
        box(text, &l.min, &l.max);
    }
    // A name too wide for its box, or for the part of it inside the area, takes its short
    // form: the caller's ("Door" for "Door: KV warehouse" on a phone's map), else the name less
    // its aside in parentheses ("3D-stacked DRAM (under the mesh)"); one that would lie
    // over another station's box may (draw). A detail takes only the caller's short form.
    const std::string shorter = !short_text.empty() ? short_text : detail ? text : without_aside(text);
    if (shorter != text) {
        if (!fits_own_box(id, l.min, l.max) || wider_than_own_box(id, l.min, l.max) ||
            (detail && past_own_box(id, l.min, l.max))) {  // a figure set off its box's edge may still run out
            l.text = shorter;
            box(shorter, &l.min, &l.max);
        } else if (!detail) {
            l.shorter = shorter;
            box(shorter, &l.shorter_min, &l.shorter_max), inside(&l.shorter_min, &l.shorter_max);
        }
    }
    // A name still too wide for its box is set smaller, down to narrowest_name_px (a phone's
    // "Tokenizer" across the frame of a box 58 px wide reads as running out of it).
    if (!detail && narrowest_name_px_ < px && wider_than_own_box(id, l.min, l.max)) {
        const ImVec4* b = own_box(id);
        const float room = b->z - b->x - 2 * kBoxPad;
        px = l.px = std::max(narrowest_name_px_, std::floor(px * room / (l.max.x - l.min.x) * 4) / 4);
        box(l.text, &l.min, &l.max);
    }
    // A figure straddling the area's edge that does not fit over the part of its box inside
    // it would be moved off its box, beside another's ("5.00 µs + 31.5 GB/s" left of the
    // link back's half-seen box, over the enlarged core): it gives way.
    // A figure written in its box that is still wider than the box, short form and all,
    // would run out of it across the frame ("1.00 MiB" past the enlarged core in presenter
    // mode): it gives way too.
    const ImVec4* own = own_box(id);
    const bool in_own_box = own && at.y > own->y && at.y < own->w;
    l.off_box = detail && (!fits_own_box(id, l.min, l.max) || (in_own_box && wider_than_own_box(id, l.min, l.max)));
    inside(&l.min, &l.max);
    if (!whole.empty()) box(whole, &l.whole_min, &l.whole_max), inside(&l.whole_min, &l.whole_max);
    labels_.push_back(l);
}

void MapLabels::name(const std::string& id, ImVec2 at, float px, ImU32 col, const std::string& text, float align_x,
                     bool plate, const std::string& short_text) {
    add(id, at, px, col, text, align_x, plate, false, "", short_text);
}

void MapLabels::name_with_figures(const std::string& id, ImVec2 at, float px, ImU32 col, const std::string& text,
                                  const std::string& whole, float align_x) {
    add(id, at, px, col, text, align_x, false, false, whole);
}

void MapLabels::detail(const std::string& id, ImVec2 at, float px, ImU32 col, const std::string& text, float align_x,
                       bool plate, const std::string& short_text) {
    add(id, at, px, col, text, align_x, plate, true, "", short_text);
}

void MapLabels::detail_at_one_of(const std::string& id, const std::vector<ImVec2>& centres, float px, ImU32 col,
                                 const std::string& text, bool plate, float clear_y, bool over_boxes) {
    if (centres.empty()) return;
    add(id, centres[0], px, col, text, 0.5f, plate, true);
    Label& l = labels_.back();
    l.clear_y = clear_y;
    l.over_boxes = over_boxes;
    const ImVec2 size{l.max.x - l.min.x, l.max.y - l.min.y};
    for (size_t k = 1; k < centres.size(); k++) {
        ImVec2 m{l.min.x + std::floor(centres[k].x - centres[0].x), l.min.y + std::floor(centres[k].y - centres[0].y)};
        m.x += inside_dx(m, {m.x + size.x, m.y + size.y});
        l.other_min.push_back(m);
    }
}

// How far a box straddling the area's left or right edge moves to lie inside it (0 for
// one inside, or wholly outside).
float MapLabels::inside_dx(ImVec2 min, ImVec2 max) const {
    if (!bounded_) return 0;
    float dx = 0;
    if (max.x > bound_x1_ && min.x < bound_x1_) dx = bound_x1_ - max.x;
    if (min.x + dx < bound_x0_ && max.x > bound_x0_) dx = bound_x0_ - min.x;
    return dx;
}

// As above, but a label of a station whose box is given moves over the part of that
// box inside the area, where its width fits there.
float MapLabels::inside_dx(const std::string& id, ImVec2 min, ImVec2 max) const {
    const float dx = inside_dx(min, max);
    if (dx == 0 || !fits_own_box(id, min, max)) return dx;
    if (const ImVec4* b = own_box(id)) return std::clamp(0.0f, std::max(b->x, bound_x0_) - min.x, std::min(b->z, bound_x1_) - max.x);
    return dx;
}

const ImVec4* MapLabels::own_box(const std::string& id) const {
    for (const auto* boxes : {&station_boxes_, &own_areas_})
        for (const auto& [box_id, b] : *boxes)
            if (box_id == id) return &b;
    return nullptr;
}

// Whether a label straddling the area's edge fits over the part of its own box inside the
// area (one with no box, or not straddling, fits).
bool MapLabels::fits_own_box(const std::string& id, ImVec2 min, ImVec2 max) const {
    const ImVec4* b = own_box(id);
    return inside_dx(min, max) == 0 || !b || max.x - min.x <= std::min(b->z, bound_x1_) - std::max(b->x, bound_x0_);
}

bool MapLabels::wider_than_own_box(const std::string& id, ImVec2 min, ImVec2 max) const {
    const ImVec4* b = own_box(id);
    return b && max.x - min.x > b->z - b->x - 2 * kBoxPad;
}

bool MapLabels::past_own_box(const std::string& id, ImVec2 min, ImVec2 max) const {
    const ImVec4* b = own_box(id);
    return b && (min.x < b->x + kBoxPad || max.x > b->z - kBoxPad);
}

bool MapLabels::over_other_box(const std::string& id, ImVec2 min, ImVec2 max) const {
    auto over = [&](const std::pair<std::string, ImVec4>& b) {
        return b.first != id && overlap(min, max, {b.second.x, b.second.y}, {b.second.z, b.second.w});
    };
    return std::any_of(station_boxes_.begin(), station_boxes_.end(), over) || std::any_of(own_areas_.begin(), own_areas_.end(), over);
}

void MapLabels::station_box(const std::string& id, ImVec2 min, ImVec2 max) {
    station_boxes_.push_back({id, {min.x, min.y, max.x, max.y}});
}

void MapLabels::own_area(const std::string& id, ImVec2 min, ImVec2 max) {
    own_areas_.push_back({id, {min.x, min.y, max.x, max.y}});
}

void MapLabels::narrower_names(float min_px) { narrowest_name_px_ = min_px; }

void MapLabels::obstacle(const std::string& id, ImVec2 min, ImVec2 max) { obstacles_.push_back({id, {min.x, min.y, max.x, max.y}}); }

bool MapLabels::on_obstacle(const std::string& id, ImVec2 min, ImVec2 max) const {
    return std::any_of(obstacles_.begin(), obstacles_.end(), [&](const std::pair<std::string, ImVec4>& o) {
        return o.first != id && overlap(min, max, {o.second.x, o.second.y}, {o.second.z, o.second.w});
    });
}

void MapLabels::keep_out(ImVec2 min, ImVec2 max) { keep_out_.push_back({min.x, min.y, max.x, max.y}); }

bool MapLabels::under_keep_out(ImVec2 min, ImVec2 max, float reach_y) const {
    return std::any_of(keep_out_.begin(), keep_out_.end(),
                       [&](const ImVec4& k) { return overlap({min.x, min.y - reach_y}, {max.x, max.y + reach_y}, {k.x, k.y}, {k.z, k.w}); });
}

void MapLabels::name_also_at(ImVec2 centre) {
    if (labels_.empty() || labels_.back().detail) return;
    Label& n = labels_.back();
    n.also.push_back({std::floor(centre.x - n.given.x), std::floor(centre.y - n.given.y)});
}

void MapLabels::tie_to_previous() {
    if (labels_.size() >= 2) labels_.back().tied = true;
}

void MapLabels::keep_inside(float left, float right) {
    // A few pixels in: a word that touches the edge reads as cut (the canvas's focus ring
    // lies over the last 3 px).
    constexpr float kMargin = 4;
    bounded_ = true;
    bound_x0_ = std::floor(left) + kMargin;
    bound_x1_ = std::floor(right) - kMargin;
}

bool MapLabels::shown(const std::string& id) const {
    return std::any_of(labels_.begin(), labels_.end(), [&](const Label& l) { return l.shown && l.id == id; });
}

// Whether name i at [min, max] lies past no edge it was inside of, and clears every
// earlier name, and with piles every obstacle, by gap; with boxes, other stations' boxes
// and what is kept out too.
bool MapLabels::clear_of_earlier(size_t i, ImVec2 min, ImVec2 max, float gap, bool piles, bool boxes) const {
    const Label& n = labels_[i];
    if ((min.x != n.min.x || min.y != n.min.y) && inside_dx(min, max) != 0) return false;  // not past the edge
    if (boxes && (over_other_box(n.id, min, max) || under_keep_out(min, max))) return false;
    for (size_t j = 0; j < i; j++) {
        const Label& o = labels_[j];
        const float g = o.id == n.id ? 0 : gap;
        if (!o.detail && overlap({min.x - g, min.y}, {max.x + g, max.y}, o.min, o.max)) return false;
    }
    return !piles || !on_obstacle(n.id, {min.x - gap, min.y}, {max.x + gap, max.y});
}

// Moves name i sideways to the nearest place, up to `reach` of its width away, that
// clears every earlier name and every obstacle by a word's gap, else by none; else to one
// of its other places (name_also_at) that does, off other stations' boxes; else sideways
// clear of the names alone: false where none is found (it stays).
bool MapLabels::move_clear_of_earlier(size_t i, float reach) {
    Label& n = labels_[i];
    const float limit = (n.max.x - n.min.x) * reach;
    // The nearest move of [min, max] up to the limit that is clear, NAN for none.
    auto sideways = [&](ImVec2 min, ImVec2 max, float gap, bool piles, bool boxes = false) {
        auto clear = [&](float dx) { return clear_of_earlier(i, {min.x + dx, min.y}, {max.x + dx, max.y}, gap, piles, boxes); };
        if (clear(0)) return 0.0f;
        for (float dx = 1; dx <= limit; dx += 1) {
            if (clear(dx)) return dx;
            if (clear(-dx)) return -dx;
        }
        return NAN;
    };
    auto take = [&](ImVec2 move) { n.min.x += move.x, n.max.x += move.x, n.min.y += move.y, n.max.y += move.y; };
    for (float gap : {n.px * kNameGap, 0.0f})
        if (const float dx = sideways(n.min, n.max, gap, true); !std::isnan(dx)) return take({dx, 0}), true;
    for (const ImVec2 d : n.also) {
        ImVec2 lo{n.min.x + d.x, n.min.y + d.y}, hi{n.max.x + d.x, n.max.y + d.y};
        const float in = inside_dx(lo, hi);
        lo.x += in, hi.x += in;
        if (const float dx = sideways(lo, hi, n.px * kNameGap, true, true); !std::isnan(dx)) return take({d.x + in + dx, d.y}), true;
    }
    // Clear of the names alone: a name on a name is worse than a name on a pile (the tag
    // beside "Switch trays").
    for (float gap : {n.px * kNameGap, 0.0f})
        if (const float dx = sideways(n.min, n.max, gap, false); !std::isnan(dx)) return take({dx, 0}), true;
    return false;
}

void MapLabels::draw(ImDrawList* dl) {
    // A name takes its figures where the longer line, leading and all, fits its own box and
    // runs into no other name.
    for (Label& n : labels_) {
        if (n.whole.empty()) continue;
        const float lead = n.px * kLeading;
        ImVec2 lo{n.whole_min.x, n.whole_min.y - lead}, hi{n.whole_max.x, n.whole_max.y + lead};
        bool clear = !over_other_box(n.id, lo, hi) && !wider_than_own_box(n.id, lo, hi) &&
                     std::none_of(labels_.begin(), labels_.end(),
                                  [&](const Label& o) { return &o != &n && !o.detail && overlap(lo, hi, o.min, o.max); });
        if (clear) n.text = n.whole, n.min = n.whole_min, n.max = n.whole_max;
    }
    for (Label& n : labels_)  // a name over another station's box without its aside, where that helps
        if (!n.shorter.empty() && over_other_box(n.id, n.min, n.max)) n.text = n.shorter, n.min = n.shorter_min, n.max = n.shorter_max;
    // A name under something drawn over the map moves just below it where it still lies
    // over its own box (the top of a zoomed map's half-seen box, under the headline), or
    // having none, over no box (the left host's title in presenter mode), else is not
    // shown: no one could read it there. Moved down, it goes on below any other
    // name it would lie on (the respin's banner on the bottleneck's tag), and this comes
    // before names move sideways off each other.
    for (Label& n : labels_) {
        if (n.detail || !under_keep_out(n.min, n.max)) continue;
        float dy = 0;
        for (const ImVec4& k : keep_out_)
            if (overlap(n.min, n.max, {k.x, k.y}, {k.z, k.w})) dy = std::max(dy, k.w + n.px * kLeading - n.min.y);
        ImVec2 lo{n.min.x, n.min.y + dy}, hi{n.max.x, n.max.y + dy};
        for (bool moved = true; moved;) {
            moved = false;
            for (const Label& o : labels_)
                if (&o != &n && !o.detail && o.shown && o.id != n.id && overlap(lo, hi, o.min, o.max)) {
                    const float down = o.max.y + 2 * n.px * kLeading - lo.y;
                    lo.y += down, hi.y += down, moved = true;
                }
        }
        // One with no box of its own (a host's title) moves there where it lies over no box.
        const ImVec4* own = own_box(n.id);
        if ((own ? hi.y <= own->w : !over_other_box(n.id, lo, hi)) && !under_keep_out(lo, hi)) n.min = lo, n.max = hi;
        else n.shown = false;
    }
    // A name that runs into one placed before it, or comes within a word's gap of it
    // ("PackagingInterposer" read as one), moves sideways to the nearest place, up to a
    // third of its width away, that clears every earlier name by that gap, else by none
    // (two boxes' names on a phone's small map); failing both, its short form tries the
    // same up to half its width ("CoWoS-S" beside "HBM supplier"); with none, it stays
    // (a name always shows).
    for (size_t i = 0; i < labels_.size(); i++) {
        Label& n = labels_[i];
        if (n.detail) continue;
        if (!move_clear_of_earlier(i, 1.0f / 3) && !n.shorter.empty() && n.shorter != n.text) {
            const Label whole = n;
            n.text = n.shorter, n.min = n.shorter_min, n.max = n.shorter_max;
            if (!move_clear_of_earlier(i, 0.5f)) n = whole;
        }
    }
    // Names hold their places; each detail takes its place (the first free one of its
    // places) only where no shown label is.
    for (size_t i = 0; i < labels_.size(); i++) {
        Label& d = labels_[i];
        if (!d.detail) continue;
        if (d.off_box || (d.tied && !labels_[i - 1].shown)) {
            d.shown = false;
            continue;
        }
        // A station's figures go with its name: where the name is not shown (under the
        // headline), a status line alone would read as the next station's.
        if (std::any_of(labels_.begin(), labels_.end(), [&](const Label& o) { return o.id == d.id && !o.detail && !o.shown; })) {
            d.shown = false;
            continue;
        }
        // A word's width apart from other labels' words: side by side, two that touch read as one.
        const float gap = d.px * kDetailGap;
        // Its line's leading and plate reach past its letters: none of them under a keep-out
        // (the map's clip at a race's foot cut a status line's descenders).
        const float line_reach = d.px * kLeading + (d.plate ? kPlatePad.y : 0);
        // false: the last tries of one that may lie over boxes, then over piles too.
        bool boxes_kept = true, piles_kept = true;
        auto free_at = [&](ImVec2 min, ImVec2 max) {
            return !(boxes_kept && over_other_box(d.id, min, max)) && !(piles_kept && on_obstacle(d.id, min, max)) &&
                   !under_keep_out(min, max, line_reach) && std::none_of(labels_.begin(), labels_.end(), [&](const Label& o) {
                const float gx = o.id == d.id ? 0 : gap, gy = o.id == d.id ? 0 : d.clear_y;
                return &o != &d && o.shown && overlap({min.x - gx, min.y - gy}, {max.x + gx, max.y + gy}, o.min, o.max);
            });
        };
        const ImVec2 size{d.max.x - d.min.x, d.max.y - d.min.y};
        auto place = [&] {
            if ((d.shown = free_at(d.min, d.max))) return;
            for (size_t k = 0; k < d.other_min.size() && !d.shown; k++) {
                const ImVec2 m = d.other_min[k], M{m.x + size.x, m.y + size.y};
                if (free_at(m, M)) d.min = m, d.max = M, d.shown = true;
            }
        };
        place();
        if (!d.shown && d.over_boxes) boxes_kept = false, place();
        if (!d.shown && d.over_boxes) piles_kept = false, place();
    }
    // Every plate before any word: a line's plate would cover the descenders of the line
    // above it, set that close ("Trav assemblv" over its state line).
    auto top = [](const Label& l) { return ImVec2{l.min.x, l.min.y - l.px * kLeading}; };  // the line's top
    for (const Label& l : labels_)
        if (l.shown && l.plate)
            dl->AddRectFilled({top(l).x - kPlatePad.x, top(l).y - kPlatePad.y},
                              {l.max.x + kPlatePad.x, l.max.y + l.px * kLeading + kPlatePad.y}, pal::kShade, 3);
    ImFont* font = ImGui::GetFont();
    for (const Label& l : labels_)
        if (l.shown) dl->AddText(font, l.px, top(l), l.col, l.text.c_str());
}

std::vector<MapLabelBox> MapLabels::boxes() const {
    std::vector<MapLabelBox> out;
    for (const Label& l : labels_) {
        if (!l.shown || l.id.empty()) continue;
        auto it = std::find_if(out.begin(), out.end(), [&](const MapLabelBox& b) { return b.id == l.id; });
        if (it == out.end()) {
            out.push_back({l.id, l.min, l.max, l.px, {{l.min.x, l.min.y, l.max.x, l.max.y}}, {l.text}, {l.detail}});
            continue;
        }
        it->parts.push_back({l.min.x, l.min.y, l.max.x, l.max.y});
        it->texts.push_back(l.text);
        it->details.push_back(l.detail);
        it->min = {std::min(it->min.x, l.min.x), std::min(it->min.y, l.min.y)};
        it->max = {std::max(it->max.x, l.max.x), std::max(it->max.y, l.max.y)};
        it->min_px = std::min(it->min_px, l.px);
    }
    for (MapLabelBox& b : out)
        for (const Label& l : labels_)
            if (l.id == b.id && !l.detail) b.has_name = true, b.name_shown |= l.shown;
    return out;
}
