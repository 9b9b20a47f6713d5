// scenes.cpp — the scene factory. See scenes.h.
//
// Why the __has_include guards: the token and fab models live in their own folders
// and libraries (core/token -> tj_token, core/fab -> tj_fab), which CMake builds only
// when they have sources, and tj_scenes links them only when they exist. The guards
// let this factory, the CLI and the tests build and run with whichever scenes are
// present, so each scene can be developed and tested on its own. scene_ids() lists
// only the scenes compiled in. This is the one place such a guard is accepted.
#include "core/scenes/scenes.h"

#if __has_include("core/token/token_model.h")
#include "core/token/token_model.h"
#define TJ_HAS_TOKEN_SCENE 1
#endif
#if __has_include("core/fab/fab_model.h")
#include "core/fab/fab_model.h"
#include "core/fab/fab_params.h"
#define TJ_HAS_FAB_SCENE 1
#endif

namespace tj {

std::unique_ptr<Model> make_model(const std::string& scene) {
#ifdef TJ_HAS_TOKEN_SCENE
    if (scene == "token") return token::make_token_model();
#endif
#ifdef TJ_HAS_FAB_SCENE
    if (scene == "fab") return fab::make_fab_model();
#endif
    return nullptr;
}

std::vector<std::string> scene_ids() {
    std::vector<std::string> ids;
#ifdef TJ_HAS_TOKEN_SCENE
    ids.push_back("token");
#endif
#ifdef TJ_HAS_FAB_SCENE
    ids.push_back("fab");
#endif
    return ids;
}

const ParamRegistry* scene_registry(const std::string& scene) {
#ifdef TJ_HAS_TOKEN_SCENE
    if (scene == "token") return &token::token_registry();
#endif
#ifdef TJ_HAS_FAB_SCENE
    if (scene == "fab") return &fab::fab_registry();
#endif
    return nullptr;
}

std::vector<std::string> unsplit_chinese_names(const std::vector<GlossaryTerm>& glossary) {
    std::vector<std::string> names;
    for (const GlossaryTerm& t : glossary) {
        names.push_back(t.zh);
        names.insert(names.end(), t.also_zh.begin(), t.also_zh.end());
    }
    for (const std::string& id : scene_ids()) {
        const ParamRegistry& reg = *scene_registry(id);
        for (const ParamDef& d : reg.defs()) names.push_back(d.label_zh);
        for (const ParamGroup& g : reg.groups()) names.push_back(g.label_zh);
        for (const Preset& p : reg.presets()) names.push_back(p.label_zh);
    }
    return names;
}

}  // namespace tj
