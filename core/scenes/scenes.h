// scenes.h — the one place that knows every scene: make a model by its id.
//
// Usage:
//   for (const std::string& id : scene_ids()) ...        // "token", "fab"
//   std::unique_ptr<Model> m = make_model("token");       // nullptr for an unknown id
//   const ParamRegistry* reg = scene_registry("fab");     // for parsing links and files
//   set_unsplit_words(unsplit_chinese_names(glossary));   // text/line_break.h, at start-up
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/glossary.h"
#include "core/model.h"

namespace tj {

// A new model of the scene, or nullptr when the id names no scene built in.
std::unique_ptr<Model> make_model(const std::string& scene);
// Ids of the scenes built into this program, in the order the app lists them.
std::vector<std::string> scene_ids();
// The parameter registry of a scene (static, alive until the program ends: see
// model.h), or nullptr: fits SceneRegistryLookup in scenario.h.
const ParamRegistry* scene_registry(const std::string& scene);

// The Chinese names whose words no line may split (text/line_break.h): the
// glossary's terms and every scene's parameter, group and preset labels.
std::vector<std::string> unsplit_chinese_names(const std::vector<GlossaryTerm>& glossary);

}  // namespace tj
