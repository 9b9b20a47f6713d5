// map_labels.h — a map's words for one frame, placed before any is drawn: every
// station's name (and tags such as "bottleneck") always shows; a detail under a name
// (a figure, a state) is left out when it would run into a label already placed. So a
// map whose labels are larger than their boxes (presenter mode, the text size, a
// phone's whole-map view) keeps its names clear and drops figures, never overlapping.
//
// Usage, each frame (screen coordinates, logical pixels):
//   MapLabels labels;
//   labels.name("tokenizer", centre, px, col, "Tokenizer");               // centred on the point
//   labels.detail("tokenizer", {x, y}, px * 0.8f, dim, "1.00 µs", 0);   // its left edge at x
//   labels.detail_at_one_of("pile:hbm", {above, left, right}, px, col, "480k");  // the first free place
//   labels.station_box("tokenizer", min, max);  // before its labels: where its words belong
//   labels.keep_out(card_min, card_max);         // a card over the map: no word under it
//   labels.shown("pile:hbm")      // after draw(): whether any label of that id was drawn
//   labels.draw(dl);              // names, then the details that fit, in the order given
//   labels.boxes()                // what each station's shown labels cover, for state()
#pragma once
#include <cfloat>
#include <string>
#include <vector>

#include "imgui.h"

// What one station's labels' letters cover on screen as last drawn: all of them (min,
// max), each one (parts) and its words (texts, in the same order), and their smallest text;
// whether the station has a name and it is shown (its figures never show without it).
struct MapLabelBox {
    std::string id;
    ImVec2 min, max;
    float min_px = 0;
    std::vector<ImVec4> parts;  // x0, y0, x1, y1
    std::vector<std::string> texts;
    std::vector<bool> details;  // each part a detail (a figure, a state), not a name or a tag
    bool has_name = false, name_shown = false;
};

// A name less its last aside in parentheses, "(…)" or "（…）", and the spaces before it
// ("3D-stacked DRAM (under the mesh)" → "3D-stacked DRAM").
std::string without_aside(const std::string& text);

// How far below its box's top the letters of a name px tall end where the name is set from
// the top (a name larger than the map's scale, on a phone): what is drawn under the name
// in its box starts there.
float name_foot_below_box_top(float px);

// The smallest a name is set on a phone's map to fit its box (narrower_names): at arm's
// length, no smaller than the chain map's words there (map_labels.test.mjs).
constexpr float kNarrowNameMinPx = 11;

class MapLabels {
public:
    // plate: a dark plate behind the text, so it reads over parcels and belts. short_text:
    // the name where the whole one is too wide for its station's box or lies over another
    // ("" for the text less its aside in parentheses, if it has one).
    void name(const std::string& id, ImVec2 at, float px, ImU32 col, const std::string& text, float align_x = 0.5f,
              bool plate = false, const std::string& short_text = "");
    // A name with figures on its line (whole): the whole line where it fits its station's
    // box and runs into no other name, else the name alone.
    void name_with_figures(const std::string& id, ImVec2 at, float px, ImU32 col, const std::string& text,
                           const std::string& whole, float align_x = 0.5f);
    // short_text: as a name's, the figure where the whole one is too wide for its station's
    // box, runs past its edge where placed, or is too wide for the part of it inside the
    // area ("" for none: a detail keeps its asides).
    void detail(const std::string& id, ImVec2 at, float px, ImU32 col, const std::string& text, float align_x = 0.5f,
                bool plate = false, const std::string& short_text = "");
    // A detail that may stand at any of several centres (a pile's count above its top,
    // else beside it): it takes the first one where it runs into no shown label. With
    // plate, as detail(); centred on each point. clear_y: how far (pixels) it keeps above
    // and below other labels' letters (a title that would sit right under a line reads
    // as part of it).
    // over_boxes: where none of its places is clear of other stations' boxes, it takes the
    // first that lies over a box but under no label nor pile, else the first under no label
    // (a pile's count must show; on its plate it reads over a building's corner).
    void detail_at_one_of(const std::string& id, const std::vector<ImVec2>& centres, float px, ImU32 col,
                          const std::string& text, bool plate = true, float clear_y = 0, bool over_boxes = false);
    // Another place for the last name given, centred on `centre` (its own place moved by as
    // much as centre lies from the point it was given at): taken where the name cannot move
    // sideways clear of the names and piles before it at its own place, but can here, off
    // other stations' boxes too (the bottleneck's tag above a building between two piles
    // goes under its state line).
    void name_also_at(ImVec2 centre);
    // The last detail given is the second line of the one before it: shown only with it
    // (a line holding only "[in]" read as a figure of its own).
    void tie_to_previous();
    // The map's area on screen: a label that runs past its left or right edge moves inside
    // (the outer column of a phone's map, or of one framed by panels, has words wider than
    // its boxes); one wholly outside (a zoomed map's far station) stays where it is.
    void keep_inside(float left, float right);
    // A station's box on screen, given before its labels. Another station's figures never
    // lie over it, nor a name's figures; a label moved inside the map's edge stays over its
    // own box where it fits there (a zoomed map's half-seen box keeps its words on itself).
    void station_box(const std::string& id, ImVec2 min, ImVec2 max);
    // Where a station's words are written when that is not its box on the map (the token
    // map's enlarged core holds the SRAM's): its figures take their short forms to stay
    // inside it, as in a station's box, and other stations' figures keep off it.
    void own_area(const std::string& id, ImVec2 min, ImVec2 max);
    // Names given after this that are too wide for their station's box are set smaller to
    // fit it, down to min_px (a phone's map, where boxes are narrower than the smallest
    // text; elsewhere a name keeps its size, and its short form, if any, is what fits).
    void narrower_names(float min_px);
    // Something drawn on the map that words should not cover (a pile of work): a name moves
    // sideways off it as off an earlier name, and other ids' figures keep off it (a pile
    // count that may lie over boxes may lie over it too, as its last resort). Its own id's
    // figures (the pile's count over its top) may touch it.
    void obstacle(const std::string& id, ImVec2 min, ImVec2 max);
    // Something drawn over the map (a follow's card, a headline's plate): no word is
    // shown under it, a name neither (it could not be read there), and a figure takes
    // another of its places or gives way; a name not shown takes its station's figures
    // with it.
    void keep_out(ImVec2 min, ImVec2 max);
    const std::vector<std::pair<std::string, ImVec4>>& station_boxes() const { return station_boxes_; }
    const std::vector<std::pair<std::string, ImVec4>>& obstacles() const { return obstacles_; }
    void draw(ImDrawList* dl);
    std::vector<MapLabelBox> boxes() const;
    bool shown(const std::string& id) const;

private:
    struct Label {
        std::string id, text;
        ImVec2 min, max;  // the letters' box: the line's less its leading (a plate reaches past it)
        float px;
        ImU32 col;
        bool detail, plate, shown;
        std::string whole;     // a name's longer form with its figures, "" for none
        ImVec2 whole_min, whole_max;
        std::vector<ImVec2> other_min;  // a detail's other places, in order (same size)
        std::vector<ImVec2> also;       // a name's other places, as moves from its own (name_also_at)
        ImVec2 given{};                 // the point it was given at, before any move
        float clear_y = 0;              // a detail's room above and below other labels (pixels)
        bool off_box = false;           // a detail at the area's edge that fits no part of its box there
        bool tied = false;              // shown only where the label before it is (tie_to_previous)
        bool over_boxes = false;        // may lie over another station's box where no place is clear of one
        std::string shorter;   // a name less its aside in parentheses, "" for none
        ImVec2 shorter_min, shorter_max;
    };
    void add(const std::string& id, ImVec2 at, float px, ImU32 col, const std::string& text, float align_x, bool plate,
             bool detail, const std::string& whole = "", const std::string& short_text = "");
    float inside_dx(ImVec2 min, ImVec2 max) const;
    float inside_dx(const std::string& id, ImVec2 min, ImVec2 max) const;  // over its own box where it fits
    bool fits_own_box(const std::string& id, ImVec2 min, ImVec2 max) const;
    bool under_keep_out(ImVec2 min, ImVec2 max, float reach_y = 0) const;  // reach_y: past the top and foot
    bool wider_than_own_box(const std::string& id, ImVec2 min, ImVec2 max) const;
    bool past_own_box(const std::string& id, ImVec2 min, ImVec2 max) const;  // either side, as placed
    const ImVec4* own_box(const std::string& id) const;  // the station's box, nullptr for none
    bool over_other_box(const std::string& id, ImVec2 min, ImVec2 max) const;
    bool move_clear_of_earlier(size_t i, float reach);  // name i sideways off the names before it: false where it cannot
    bool clear_of_earlier(size_t i, ImVec2 min, ImVec2 max, float gap, bool piles, bool boxes) const;
    std::vector<Label> labels_;
    std::vector<std::pair<std::string, ImVec4>> station_boxes_;  // id, x0, y0, x1, y1
    std::vector<std::pair<std::string, ImVec4>> own_areas_;      // the same, for own_area()
    std::vector<ImVec4> keep_out_;                                // x0, y0, x1, y1
    std::vector<std::pair<std::string, ImVec4>> obstacles_;      // id, x0, y0, x1, y1
    bool on_obstacle(const std::string& id, ImVec2 min, ImVec2 max) const;  // over another id's
    float narrowest_name_px_ = FLT_MAX;  // narrower_names's floor: none set, no name is set smaller
    bool bounded_ = false;
    float bound_x0_ = 0, bound_x1_ = 0;  // keep_inside's left and right edges
};
