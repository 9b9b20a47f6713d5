# Writes text files into one C++ file as string constants, looked up by file name.
# Used for shaders/*.glsl (find_shader_source) and assets/*.json (find_asset_text).
# Run by app/CMakeLists.txt with -DOUT=<file.cpp> -DFILES=<a|b|c> -DFUNC=<name>.
string(REPLACE "|" ";" FILES "${FILES}")
set(body "// Generated at build time. Do not edit.\n#include <cstring>\n")
set(table "")
foreach(f ${FILES})
  get_filename_component(name ${f} NAME)
  string(MAKE_C_IDENTIFIER ${name} ident)
  file(READ ${f} text)
  string(APPEND body "static const char ${ident}[] = R\"embedded_text(${text})embedded_text\";\n")
  string(APPEND table "    {\"${name}\", ${ident}},\n")
endforeach()
string(APPEND body "namespace {\nstruct EmbeddedFile { const char* name; const char* text; };\n"
  "const EmbeddedFile kFiles[] = {\n${table}    {nullptr, nullptr}};\n}\n"
  "const char* ${FUNC}(const char* name) {\n"
  "    for (const EmbeddedFile* f = kFiles; f->name; f++) if (std::strcmp(f->name, name) == 0) return f->text;\n"
  "    return nullptr;\n}\n")
file(WRITE ${OUT}.tmp "${body}")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
