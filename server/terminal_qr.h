// terminal_qr.h — a QR code of a text (libqrencode) drawn in a terminal: two rows of
// modules per line with the half-block characters, dark on light whatever the
// terminal's colours (ANSI colours), inside the quiet zone a phone's camera needs.
//
// Usage: std::cout << terminal_qr("http://192.168.1.20:8080/c/K7Q2");   // "" if it cannot
#pragma once
#include <string>

namespace tj {

std::string terminal_qr(const std::string& text);

}  // namespace tj
