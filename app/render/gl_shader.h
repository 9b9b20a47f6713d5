// gl_shader.h — compiles the shared GLSL ES 3.00 sources (embedded from shaders/)
// into a program. The version line is added here, at load, so one source serves
// WebGL2 and the desktop's OpenGL ES 3.0 context alike.
//
// Usage:
//   std::string err;
//   GLuint prog = build_program("parcels.vert.glsl", "parcels.frag.glsl", &err);
//   if (!prog) show(err);
#pragma once
#include <GLES3/gl3.h>

#include <string>

// Defined in the generated shaders_embedded.cpp.
const char* find_shader_source(const char* name);

// vert_prelude: GLSL put between the version line and the vertex shader's source
// (constants generated from C++ headers, so both sides share one definition).
GLuint build_program(const char* vert_name, const char* frag_name, std::string* error, const std::string& vert_prelude = "");
