// screenshot.h — the current framebuffer as PNG: bytes in memory (the "export view"
// command hands them to deliver_file) or a file (desktop --screenshot). Each returns
// "" or what went wrong.
#pragma once
#include <string>

std::string framebuffer_png(int fb_w, int fb_h, std::string* png);
std::string save_framebuffer_png(const char* path, int fb_w, int fb_h);
