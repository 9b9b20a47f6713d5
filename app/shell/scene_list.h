// scene_list.h — every scene the app offers, in menu order: the one place a new
// scene is added. The shell knows scenes only through scene.h and this list.
//
// Usage: std::vector<std::unique_ptr<Scene>> scenes = make_scenes();
#pragma once
#include <memory>
#include <vector>

#include "app/scene/scene.h"

std::vector<std::unique_ptr<Scene>> make_scenes();
