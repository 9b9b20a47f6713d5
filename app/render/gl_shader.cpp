// gl_shader.cpp — see gl_shader.h.
#include "app/render/gl_shader.h"

#include <vector>

static GLuint compile_stage(GLenum stage, const char* name, const std::string& prelude, std::string* error) {
    const char* body = find_shader_source(name);
    if (!body) {
        *error = std::string("shader source not embedded: ") + name;
        return 0;
    }
    const char* parts[3] = {"#version 300 es\n", prelude.c_str(), body};
    GLuint s = glCreateShader(stage);
    glShaderSource(s, 3, parts, nullptr);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        GLint len = 0;
        glGetShaderiv(s, GL_INFO_LOG_LENGTH, &len);
        std::vector<char> log(size_t(len > 1 ? len : 1));
        glGetShaderInfoLog(s, GLsizei(log.size()), nullptr, log.data());
        *error = std::string(name) + ": " + log.data();
        glDeleteShader(s);
        return 0;
    }
    return s;
}

GLuint build_program(const char* vert_name, const char* frag_name, std::string* error, const std::string& vert_prelude) {
    GLuint vs = compile_stage(GL_VERTEX_SHADER, vert_name, vert_prelude, error);
    if (!vs) return 0;
    GLuint fs = compile_stage(GL_FRAGMENT_SHADER, frag_name, "", error);
    if (!fs) { glDeleteShader(vs); return 0; }
    GLuint p = glCreateProgram();
    glAttachShader(p, vs);
    glAttachShader(p, fs);
    glLinkProgram(p);
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[1024] = {0};
        glGetProgramInfoLog(p, sizeof log, nullptr, log);
        *error = std::string("link ") + vert_name + " + " + frag_name + ": " + log;
        glDeleteProgram(p);
        return 0;
    }
    return p;
}
