// qr_code.cpp — a QR code in a terminal or as SVG (see qr_code.h).
#include "server/qr_code.h"

#include <qrencode.h>

#include <functional>
#include <sstream>

namespace tj {

namespace {

constexpr int kQuiet = 2;  // modules of light border (phones read 2 well on a screen)

// Calls draw(size) once, then dark(x, y) answers for the size x size modules with the border.
bool with_modules(const std::string& text, const std::function<void(int, const std::function<bool(int, int)>&)>& draw) {
    QRcode* qr = QRcode_encodeString(text.c_str(), 0, QR_ECLEVEL_M, QR_MODE_8, 1);
    if (!qr) return false;
    auto dark = [qr](int x, int y) {
        x -= kQuiet;
        y -= kQuiet;
        return x >= 0 && y >= 0 && x < qr->width && y < qr->width && (qr->data[y * qr->width + x] & 1);
    };
    draw(qr->width + 2 * kQuiet, dark);
    QRcode_free(qr);
    return true;
}

}  // namespace

std::string terminal_qr(const std::string& text) {
    std::string out;
    with_modules(text, [&](int n, const std::function<bool(int, int)>& dark) {
        for (int y = 0; y < n; y += 2) {
            for (int x = 0; x < n; x++) {
                // The upper half block in the foreground colour over the background: top, bottom.
                out += dark(x, y) ? "\x1b[30m" : "\x1b[97m";
                out += dark(x, y + 1) ? "\x1b[40m" : "\x1b[107m";
                out += "\u2580";
            }
            out += "\x1b[0m\n";
        }
    });
    return out;
}

std::string svg_qr(const std::string& text) {
    std::ostringstream out;
    with_modules(text, [&](int n, const std::function<bool(int, int)>& dark) {
        out << "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " << n << ' ' << n
            << "\" shape-rendering=\"crispEdges\"><rect width=\"" << n << "\" height=\"" << n
            << "\" fill=\"#fff\"/><path fill=\"#000\" d=\"";
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++)
                if (dark(x, y)) out << 'M' << x << ' ' << y << "h1v1h-1z";
        out << "\"/></svg>\n";
    });
    return out.str();
}

}  // namespace tj
