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

// The commands are split per rectangle and lent to the backend with their own
// index buffer.
bool render_clipped(ImDrawData* dd, DrawCut from, DrawCut to, const std::vector<PixelRect>& rects) {
    const ImVec2 o = dd->DisplayPos, s = dd->FramebufferScale;
    std::vector<ImVec4> clip_of(rects.size());
    for (size_t k = 0; k < rects.size(); k++) {
        const PixelRect& r = rects[k];
        ImVec4 c{float(r.x0) / s.x + o.x, float(r.y0) / s.y + o.y, float(r.x1) / s.x + o.x, float(r.y1) / s.y + o.y};
        if ((c.x - o.x) * s.x != float(r.x0) || (c.y - o.y) * s.y != float(r.y0) || (c.z - o.x) * s.x != float(r.x1) ||
            (c.w - o.y) * s.y != float(r.y1))
            return false;
        clip_of[k] = c;
    }
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
            for (size_t k = 0; k < rects.size(); k++) {
                const ImVec4& r = clip_of[k];
                ImVec4 clip{std::max(cmd.ClipRect.x, r.x), std::max(cmd.ClipRect.y, r.y), std::min(cmd.ClipRect.z, r.z),
                            std::min(cmd.ClipRect.w, r.w)};
                if (clip.z <= clip.x || clip.w <= clip.y) continue;
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
