// screenshot.cpp — reads the back buffer and writes it with stb_image_write
// (Debian's libstb-dev, compiled here).
#include "app/platform/screenshot.h"

#include <GLES3/gl3.h>

#include <fstream>
#include <vector>

#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>

std::string framebuffer_png(int w, int h, std::string* png) {
    png->clear();
    if (w <= 0 || h <= 0) return "empty framebuffer";
    std::vector<unsigned char> px(size_t(w) * size_t(h) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
    for (size_t i = 3; i < px.size(); i += 4) px[i] = 255;  // the window is opaque
    stbi_flip_vertically_on_write(1);                         // GL's rows run bottom-up
    const auto append = [](void* out, void* data, int size) {
        static_cast<std::string*>(out)->append(static_cast<const char*>(data), size_t(size));
    };
    if (!stbi_write_png_to_func(append, png, w, h, 4, px.data(), w * 4)) return "cannot encode the view as PNG";
    return "";
}

std::string save_framebuffer_png(const char* path, int w, int h) {
    std::string png;
    if (std::string err = framebuffer_png(w, h, &png); !err.empty()) return err;
    std::ofstream f(path, std::ios::binary);
    f.write(png.data(), std::streamsize(png.size()));
    return f ? "" : std::string("cannot write ") + path;
}
