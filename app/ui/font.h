// font.h — loads the interface font with Chinese glyphs into Dear ImGui's atlas.
//
// The font comes from a Debian package (fonts-wqy-microhei), never from the repo:
// the desktop build reads it from /usr/share/fonts, the browser build from a subset
// the build makes (web: /assets/ui-font.ttf in the preloaded file system). Only the
// glyphs the app can show are rasterized: ASCII, Latin-1, punctuation and every
// character of the given texts, so the atlas stays small at any scale.
//
// Usage:
//   std::vector<std::string> texts = ...;     // every string the UI may show
//   font_load(texts, 18.0f * scale, dpi, &msg); // then recreate the GL font texture
#pragma once
#include <string>
#include <vector>

// Returns false (and a message) when no CJK font file was found: ImGui's built-in
// font is used then and Chinese shows as '?'.
bool font_load(const std::vector<std::string>& texts, float size_px, float dpi_scale, std::string* message);
// Path of the font file used, or "" for the built-in one.
const std::string& font_path();
