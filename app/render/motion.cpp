// motion.cpp — see motion.h.
#include "app/render/motion.h"

namespace {
bool g_reduced = false;
}  // namespace

bool reduced_motion() { return g_reduced; }
void set_reduced_motion(bool on) { g_reduced = on; }
