// screenshot.h — the current framebuffer as a PNG file (desktop --screenshot and
// the "export view" command). Returns "" or what went wrong.
#pragma once
#include <string>

std::string save_framebuffer_png(const char* path, int fb_w, int fb_h);
