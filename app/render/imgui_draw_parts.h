// imgui_draw_parts.h — renders parts of a frame's Dear ImGui draw data, and walks
// its triangles: what the layer cache (layer_cache.h) needs to draw the map and the
// panels into separate textures, and to redraw only some tiles of them.
//
// The one file that reaches into Dear ImGui's draw data. It assumes Dear ImGui
// 1.86 (the version the build fetches or takes from Debian):
// - ImDrawData::CmdLists is a plain ImDrawList** with CmdListsCount; a part of the
//   frame is rendered by handing ImGui_ImplOpenGL3_RenderDrawData a copy of the
//   ImDrawData whose CmdLists point at only some lists.
// - ImDrawList::CmdBuffer and IdxBuffer are ImVectors that may be swapped out for
//   the length of one render call (commands are lent, then given back), and
//   ImDrawCmd's VtxOffset, IdxOffset, ElemCount and ClipRect mean what they mean in
//   1.86's backend.
// What breaks on an upgrade: from 1.89.8 ImDrawData::CmdLists is an ImVector that
// the draw data owns, so the hand-built copies here must be rebuilt differently;
// backends that read other ImDrawData fields (OwnerViewport, Textures in 1.92) may
// need them filled; 1.92 replaces ImDrawCmd's texture id with a texture reference,
// which the tile hash reads through GetTexID(). The layer cache's browser test
// (tests/browser/layer_cache.test.mjs, all ways give the same picture) is the check.
//
// Usage:
//   render_draw_data(ImGui::GetDrawData());                  // the whole frame
//   CallbackSearch s = find_callbacks(dd, my_callback);      // where a callback sits
//   render_range(dd, {0, 0}, s.first);                       // everything before it
//   render_clipped(dd, from, to, rects);                     // only those rectangles
//   for_each_triangle(dd, from, to, [](const ImDrawCmd& cmd, const ImDrawVert* const v[3],
//                                      float x0, float y0, float x1, float y1) { ... });
#pragma once
#include <algorithm>
#include <vector>

#include "imgui.h"
#include "app/render/tile_mask.h"

// A position in the draw data: command `cmd` of list `list`.
struct DrawCut {
    int list = 0, cmd = 0;
};

// Where the commands calling `callback` are: how many, and the first.
struct CallbackSearch {
    int count = 0;
    DrawCut first;
};
CallbackSearch find_callbacks(const ImDrawData* dd, ImDrawCallback callback);
// The command at `at`, and calling it (a callback command) as the backend would.
const ImDrawCmd& command_at(const ImDrawData* dd, DrawCut at);
void run_callback(const ImDrawData* dd, DrawCut at);

// Hands draw data to ImGui's OpenGL backend, into whatever framebuffer is bound.
// Every render here goes through it: the backend uploads each list's vertices and
// indices, and a list with none (one that carries only callbacks, or whose
// triangles all fall outside the redrawn tiles) would upload 0 bytes, which
// Emscripten 3.1.6's glBufferSubData passes to WebGL2 as srcLength 0, "to the end
// of memory": a buffer overflow that WebGL refuses. Such a list is lent one vertex
// and three indices that no command draws.
void render_draw_data(ImDrawData* dd);

// Renders the commands from `from` (inclusive) to `to` (exclusive) with ImGui's
// OpenGL backend, into whatever framebuffer is bound.
void render_range(ImDrawData* dd, DrawCut from, DrawCut to);

// Renders only the triangles of those commands that touch `rects` (framebuffer
// pixels), each clipped to its rectangle. False when a rectangle cannot be
// expressed exactly as a clip rectangle (odd DPI scales): render it all then.
bool render_clipped(ImDrawData* dd, DrawCut from, DrawCut to, const std::vector<PixelRect>& rects);

// Calls fn(cmd, vertices, x0, y0, x1, y1) for each triangle of the commands from
// `from` up to `to` (callbacks skipped): its bounds in framebuffer pixels, clipped
// by its command's clip rectangle. Fully transparent triangles draw nothing and
// are skipped.
template <class Fn>
void for_each_triangle(const ImDrawData* dd, DrawCut from, DrawCut to, Fn fn) {
    const ImVec2 o = dd->DisplayPos, s = dd->FramebufferScale;
    for (int l = from.list; l < dd->CmdListsCount && l <= to.list; l++) {
        const ImDrawList* list = dd->CmdLists[l];
        const int end = l == to.list ? to.cmd : list->CmdBuffer.Size;
        for (int c = l == from.list ? from.cmd : 0; c < end; c++) {
            const ImDrawCmd& cmd = list->CmdBuffer[c];
            if (cmd.UserCallback) continue;
            const ImVec4& clip = cmd.ClipRect;
            for (unsigned i = cmd.IdxOffset; i + 2 < cmd.IdxOffset + cmd.ElemCount; i += 3) {
                const ImDrawVert* v[3];  // the triangle's vertices
                for (int k = 0; k < 3; k++) v[k] = &list->VtxBuffer[int(cmd.VtxOffset + list->IdxBuffer[int(i) + k])];
                if (((v[0]->col | v[1]->col | v[2]->col) & IM_COL32_A_MASK) == 0) continue;
                float x0 = std::max(std::min({v[0]->pos.x, v[1]->pos.x, v[2]->pos.x}), clip.x);
                float y0 = std::max(std::min({v[0]->pos.y, v[1]->pos.y, v[2]->pos.y}), clip.y);
                float x1 = std::min(std::max({v[0]->pos.x, v[1]->pos.x, v[2]->pos.x}), clip.z);
                float y1 = std::min(std::max({v[0]->pos.y, v[1]->pos.y, v[2]->pos.y}), clip.w);
                fn(cmd, v, (x0 - o.x) * s.x, (y0 - o.y) * s.y, (x1 - o.x) * s.x, (y1 - o.y) * s.y);
            }
        }
    }
}
