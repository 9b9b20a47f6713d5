// font.h — loads the interface font with Chinese glyphs into Dear ImGui's atlas.
//
// The font comes from a Debian package (fonts-wqy-microhei), never from the repo:
// the desktop build reads it from /usr/share/fonts, the browser build from a subset
// the build makes (web: /assets/ui-font.ttf in the preloaded file system). Only the
// glyphs the app can show are rasterized: ASCII, Latin-1, punctuation and every
// character of the given texts, so the atlas stays small at any scale.
//
// Usage:
//   std::vector<std::string> texts = ...;          // every string the UI may show
//   font_load(texts, kFontPx * scale, dpi, &msg);   // then recreate the GL font texture
//   float px = kMapMinPx * text_scale();             // a map's smallest text, as the UI's grows
//
// Wrapped text goes through the project's line breaker (core/text/line_break.h), not
// ImGui's: ImGui breaks "5.1" after the point and may start a Chinese line with "，".
//   text_wrapped(caption);                            // in a window, at its width
//   float h = draw_text_wrapped(dl, px, pos, col, s, width);   // on a draw list
#pragma once
#include <string>
#include <vector>

#include "imgui.h"
#include "core/text/line_break.h"

// The interface font's size at the normal text scale (logical pixels).
constexpr float kFontPx = 18.0f;
// The smallest word on either map at the normal text scale (logical pixels): smaller is
// not read at a laptop's distance. A phone's chain map allows 11 (fab_map.cpp).
constexpr float kMapMinPx = 12.5f;
// How much larger than normal the interface's text is now drawn (presenter mode, the
// text size): 1 normally; maps scale their smallest labels with it.
float text_scale();
// Presenter mode's text scale on a screen of `rows` logical rows. A projector shows any
// screen at one size, so the text keeps its share of the height: 1.75 times at 1080 rows,
// 1.15 at 720 (where 1.75 crowded the maps); in steps of 0.05, so a window being resized
// rebuilds its fonts only at a step; between 1 and 3.
float presenter_text_scale(float rows);
// Whether the text is drawn for a room: presenter mode (not on a phone or tablet), or text
// set 1.5 times larger or more. The maps then give every station its figures, and take
// more room for the chain's timeline; no word under presenter_min_px().
void set_presenter_text(bool on);
bool presenter_text();
// The smallest word on a map in presenter mode, read from the back of a room: 24 px at
// 1920x1080, the same share of any screen's height at its text scale.
float presenter_min_px();

// Returns false (and a message) when no CJK font file was found: ImGui's built-in
// font is used then and Chinese shows as '?'.
bool font_load(const std::vector<std::string>& texts, float size_px, float dpi_scale, std::string* message);
// Path of the font file used, or "" for the built-in one.
const std::string& font_path();

// The lines of s wrapped at width with the current font at px.
std::vector<tj::LineSpan> wrap_lines(float px, const std::string& s, float width);
// Wrapped text in the current window at the current font size; width 0 is the space
// left on the line. color 0 is the style's text colour.
void text_wrapped(const std::string& s, ImU32 color = 0, float width = 0);
// Draws lines of s (from wrap_lines) one under another with the current font at px;
// returns the widest line's width.
float draw_lines(ImDrawList* dl, float px, ImVec2 pos, ImU32 color, const std::string& s,
                 const std::vector<tj::LineSpan>& lines);
// Draws s wrapped at width with the current font at px; returns the height it took.
float draw_text_wrapped(ImDrawList* dl, float px, ImVec2 pos, ImU32 color, const std::string& s, float width);
// The size s takes wrapped at width, without drawing.
ImVec2 wrapped_text_size(float px, const std::string& s, float width);
// s with a '\n' at each break of wrapping at width: a label for a button that must not
// run past its window (ImGui draws a button's lines one under another).
std::string wrapped_label(float px, const std::string& s, float width);
