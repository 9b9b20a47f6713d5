// screenshot.cpp — reads the back buffer and writes it with stb_image_write
// (Debian's libstb-dev, compiled here).
#include "app/platform/screenshot.h"

#include <GLES3/gl3.h>

#include <vector>

#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>

std::string save_framebuffer_png(const char* path, int w, int h) {
    if (w <= 0 || h <= 0) return "empty framebuffer";
    std::vector<unsigned char> px(size_t(w) * size_t(h) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
    for (size_t i = 3; i < px.size(); i += 4) px[i] = 255;  // the window is opaque
    stbi_flip_vertically_on_write(1);                         // GL's rows run bottom-up
    if (!stbi_write_png(path, w, h, 4, px.data(), w * 4)) return std::string("cannot write ") + path;
    return "";
}
