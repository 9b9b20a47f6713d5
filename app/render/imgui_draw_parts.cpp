// imgui_draw_parts.cpp — see imgui_draw_parts.h (and the Dear ImGui version it assumes).
#include "app/render/imgui_draw_parts.h"

#include <cstring>

#include "imgui_impl_opengl3.h"

CallbackSearch find_callbacks(const ImDrawData* dd, ImDrawCallback callback) {
    CallbackSearch s;
    for (int l = 0; l < dd->CmdListsCount; l++) {
        const ImVector<ImDrawCmd>& cmds = dd->CmdLists[l]->CmdBuffer;
        for (int c = 0; c < cmds.Size; c++) {
            if (cmds[c].UserCallback != callback) continue;
            if (s.count++ == 0) s.first = {l, c};
        }
    }
    return s;
}

void render_draw_data(ImDrawData* dd) {
    struct Lent {
        ImDrawList* list;
        bool vtx_lent, idx_lent;
        ImVector<ImDrawVert> vtx;  // what is lent; while lent, the list's own empty buffer
        ImVector<ImDrawIdx> idx;
    };
    std::vector<Lent> lent;  // most frames none: no allocation then
    for (int l = 0; l < dd->CmdListsCount; l++) {
        ImDrawList* list = dd->CmdLists[l];
        if (list->VtxBuffer.Size > 0 && list->IdxBuffer.Size > 0) continue;
        if (lent.empty()) lent.reserve(size_t(dd->CmdListsCount));  // never moved: ImVector's copy would memcpy from a null pointer
        lent.emplace_back();
        Lent& p = lent.back();
        p.list = list;
        p.vtx_lent = list->VtxBuffer.Size == 0;
        p.idx_lent = list->IdxBuffer.Size == 0;
        if (p.vtx_lent) p.vtx.resize(1, ImDrawVert{}), list->VtxBuffer.swap(p.vtx);
        if (p.idx_lent) p.idx.resize(3, ImDrawIdx(0)), list->IdxBuffer.swap(p.idx);
    }
    ImGui_ImplOpenGL3_RenderDrawData(dd);
    for (Lent& p : lent) {
        if (p.vtx_lent) p.list->VtxBuffer.swap(p.vtx);
        if (p.idx_lent) p.list->IdxBuffer.swap(p.idx);
    }
}

const ImDrawCmd& command_at(const ImDrawData* dd, DrawCut at) { return dd->CmdLists[at.list]->CmdBuffer[at.cmd]; }

void run_callback(const ImDrawData* dd, DrawCut at) {
    const ImDrawCmd& cmd = command_at(dd, at);
    cmd.UserCallback(dd->CmdLists[at.list], &cmd);
}

// A list cut in two lends the backend only its part of the commands; its vertex
// and index buffers stay whole, as the commands index into them.
void render_range(ImDrawData* dd, DrawCut from, DrawCut to) {
    struct Lent {
        ImDrawList* list;
        ImVector<ImDrawCmd> whole;
    };
    std::vector<Lent> lent;
    lent.reserve(2);  // only the first and the last list can be cut
    std::vector<ImDrawList*> lists;
    ImDrawData part = *dd;
    part.TotalVtxCount = part.TotalIdxCount = 0;
    for (int l = from.list; l < dd->CmdListsCount && (l < to.list || (l == to.list && to.cmd > 0)); l++) {
        ImDrawList* list = dd->CmdLists[l];
        int c0 = l == from.list ? from.cmd : 0;
        int c1 = l == to.list ? to.cmd : list->CmdBuffer.Size;
        if (c1 <= c0) continue;
        if (c0 > 0 || c1 < list->CmdBuffer.Size) {
            ImVector<ImDrawCmd> cmds;
            cmds.resize(c1 - c0);
            std::memcpy(cmds.Data, list->CmdBuffer.Data + c0, size_t(c1 - c0) * sizeof(ImDrawCmd));
            lent.emplace_back();  // built in place: ImVector's copy would memcpy from a null pointer
            lent.back().list = list;
            lent.back().whole.swap(list->CmdBuffer);
            list->CmdBuffer.swap(cmds);
        }
        lists.push_back(list);
        part.TotalVtxCount += list->VtxBuffer.Size;
        part.TotalIdxCount += list->IdxBuffer.Size;
    }
    part.CmdLists = lists.data();
    part.CmdListsCount = int(lists.size());
    if (!lists.empty()) render_draw_data(&part);
    for (Lent& l : lent) l.list->CmdBuffer.swap(l.whole);
}

namespace {
// A clip rectangle between framebuffer and ImGui's coordinates.
PixelClip to_pixels(const ImVec4& c, ImVec2 o, ImVec2 s) {
    return {(c.x - o.x) * s.x, (c.y - o.y) * s.y, (c.z - o.x) * s.x, (c.w - o.y) * s.y};
}

// The clip rectangle whose scissor keeps exactly the pixels r; false when the DPI
// scale cannot say it.
bool clip_of_pixels(const PixelRect& r, ImVec2 o, ImVec2 s, int fb_h, ImVec4* clip) {
    const PixelClip p = clip_keeping(r);
    *clip = {p.x0 / s.x + o.x, p.y0 / s.y + o.y, p.x1 / s.x + o.x, p.y1 / s.y + o.y};
    return scissor_pixels(to_pixels(*clip, o, s), fb_h) == r;
}
}  // namespace

// The commands are split per rectangle and lent to the backend with their own
// index buffer; each piece's clip is the command's scissor cut to the rectangle, in
// whole pixels.
bool render_clipped(ImDrawData* dd, DrawCut from, DrawCut to, const std::vector<PixelRect>& rects) {
    const ImVec2 o = dd->DisplayPos, s = dd->FramebufferScale;
    const int fb_h = int(dd->DisplaySize.y * s.y);
    struct Lent {
        ImDrawList* list;
        ImVector<ImDrawCmd> cmds;
        ImVector<ImDrawIdx> idx;
    };
    std::vector<Lent> lent;
    lent.reserve(size_t(dd->CmdListsCount));
    std::vector<ImDrawList*> lists;
    for (int l = from.list; l < dd->CmdListsCount && l <= to.list; l++) {
        ImDrawList* list = dd->CmdLists[l];
        Lent part{list, {}, {}};
        const int end = l == to.list ? to.cmd : list->CmdBuffer.Size;
        for (int c = l == from.list ? from.cmd : 0; c < end; c++) {
            const ImDrawCmd& cmd = list->CmdBuffer[c];
            if (cmd.UserCallback) { part.cmds.push_back(cmd); continue; }
            const PixelRect cut = scissor_pixels(to_pixels(cmd.ClipRect, o, s), fb_h);
            for (const PixelRect& r : rects) {
                const PixelRect both{std::max(cut.x0, r.x0), std::max(cut.y0, r.y0), std::min(cut.x1, r.x1), std::min(cut.y1, r.y1)};
                if (both.x1 <= both.x0 || both.y1 <= both.y0) continue;
                ImVec4 clip;
                if (!clip_of_pixels(both, o, s, fb_h, &clip)) return false;
                ImDrawCmd piece = cmd;
                piece.ClipRect = clip;
                piece.IdxOffset = unsigned(part.idx.Size);
                for (unsigned i = cmd.IdxOffset; i + 2 < cmd.IdxOffset + cmd.ElemCount; i += 3) {
                    float x0 = 1e30f, y0 = 1e30f, x1 = -1e30f, y1 = -1e30f;
                    for (int q = 0; q < 3; q++) {
                        const ImVec2& p = list->VtxBuffer[int(cmd.VtxOffset + list->IdxBuffer[int(i) + q])].pos;
                        x0 = std::min(x0, p.x), y0 = std::min(y0, p.y), x1 = std::max(x1, p.x), y1 = std::max(y1, p.y);
                    }
                    if (x1 < clip.x || x0 > clip.z || y1 < clip.y || y0 > clip.w) continue;
                    for (int q = 0; q < 3; q++) part.idx.push_back(list->IdxBuffer[int(i) + q]);
                }
                piece.ElemCount = unsigned(part.idx.Size) - piece.IdxOffset;
                if (piece.ElemCount) part.cmds.push_back(piece);
            }
        }
        if (part.cmds.empty()) continue;
        // ImVector has no move: take the buffers over by swapping (a copy would
        // also memcpy from a null pointer when one is empty).
        lent.emplace_back();
        lent.back().list = list;
        lent.back().cmds.swap(part.cmds);
        lent.back().idx.swap(part.idx);
        lists.push_back(list);
    }
    for (Lent& p : lent) p.list->CmdBuffer.swap(p.cmds), p.list->IdxBuffer.swap(p.idx);
    ImDrawData part = *dd;
    part.CmdLists = lists.data();
    part.CmdListsCount = int(lists.size());
    if (!lists.empty()) render_draw_data(&part);
    for (Lent& p : lent) p.list->CmdBuffer.swap(p.cmds), p.list->IdxBuffer.swap(p.idx);
    return true;
}
