// terminal_qr.cpp — a QR code drawn with half blocks (see terminal_qr.h).
#include "terminal_qr.h"

#include <qrencode.h>

namespace tj {

std::string terminal_qr(const std::string& text) {
    QRcode* qr = QRcode_encodeString(text.c_str(), 0, QR_ECLEVEL_M, QR_MODE_8, 1);
    if (!qr) return "";
    const int quiet = 2;  // modules of light border (phones read 2 well on a screen)
    const int n = qr->width + 2 * quiet;
    auto dark = [&](int x, int y) {
        x -= quiet;
        y -= quiet;
        return x >= 0 && y >= 0 && x < qr->width && y < qr->width && (qr->data[y * qr->width + x] & 1);
    };
    std::string out;
    for (int y = 0; y < n; y += 2) {
        for (int x = 0; x < n; x++) {
            // The upper half block in the foreground colour over the background: top, bottom.
            out += dark(x, y) ? "\x1b[30m" : "\x1b[97m";
            out += dark(x, y + 1) ? "\x1b[40m" : "\x1b[107m";
            out += "\u2580";
        }
        out += "\x1b[0m\n";
    }
    QRcode_free(qr);
    return out;
}

}  // namespace tj
