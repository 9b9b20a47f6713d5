// scene_list.cpp — see scene_list.h.
#include "app/shell/scene_list.h"

#include "app/fab/fab_scene.h"
#include "app/scene/demo_scene.h"
#include "app/token/token_scene.h"

std::vector<std::unique_ptr<Scene>> make_scenes() {
    std::vector<std::unique_ptr<Scene>> scenes;
    scenes.push_back(make_token_scene());
    scenes.push_back(make_fab_scene());
    scenes.push_back(std::make_unique<DemoScene>());
    return scenes;
}
