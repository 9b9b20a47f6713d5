// qr_code.h — a QR code of a text (libqrencode), drawn two ways: in a terminal, with
// the half-block characters (two rows of modules a line) dark on light whatever the
// terminal's colours (ANSI colours); and as an SVG image for a page. Both keep the
// quiet zone around it that a phone's camera needs.
//
// Usage:
//   std::cout << terminal_qr("http://192.168.1.20:8080/c/K7Q2");   // "" if it cannot
//   std::string svg = svg_qr("http://192.168.1.20:8080/c/K7Q2");
#pragma once
#include <string>

namespace tj {

std::string terminal_qr(const std::string& text);
std::string svg_qr(const std::string& text);

}  // namespace tj
