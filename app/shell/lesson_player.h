// lesson_player.h — plays the guided lessons of assets/lessons.json.
//
// Opening a lesson remembers the user's state (as a link) and switches to the
// lesson's scene; each step sets its parameters (from the defaults, through every
// step so far, as tj::lesson_values_at does), runs the simulation to the step's
// time, outlines its station and moves the camera. A "predict first" step asks the
// class (showing the state before the step's change), then reveals the answer by
// applying the change and running it. Leaving restores what the user had.
// Keys: Right / PageDown / Space = next, Left / PageUp = previous, Esc = leave
// (presentation clickers send PageDown and PageUp).
//
// Usage:
//   LessonPlayer lp;  lp.load(&err);
//   lp.menu(host);                    // inside a menu: lists lessons, opens one
//   lp.key(sym, host);                // from App::event; true when it used the key
//   lp.caption(host, area_min, area_size);   // every frame (also in presenter mode)
#pragma once
#include <SDL.h>

#include <string>
#include <vector>

#include "core/lesson.h"
#include "imgui.h"
#include "app/scene/scene.h"

// What the player needs from the app.
struct LessonHost {
    virtual Scene* scene_by_id(const std::string& id) = 0;
    virtual void show_scene(const std::string& id) = 0;
    virtual std::string link() const = 0;
    virtual std::string apply_link(const std::string& fragment) = 0;
    // A lesson begins or ends: the app gives the map and the caption the screen.
    virtual void lesson_started() {}
    virtual void lesson_ended() {}
    virtual ~LessonHost() = default;
};

class LessonPlayer {
public:
    bool load(std::string* error);
    const std::vector<tj::Lesson>& lessons() const { return lessons_; }
    bool active() const { return lesson_ >= 0; }
    int lesson_index() const { return lesson_; }
    int step_index() const { return step_; }

    // Opens lesson i at step k; "" or why not.
    std::string open(LessonHost& host, int lesson, int step = 0);
    std::string go(LessonHost& host, int step);
    // Shows a question's answer: the step's own settings are applied and run.
    std::string reveal(LessonHost& host);
    void leave(LessonHost& host);

    void menu(LessonHost& host);
    bool key(SDL_Keycode sym, LessonHost& host);
    void caption(LessonHost& host, ImVec2 area_min, ImVec2 area_size);

private:
    // Applies the lesson's values as of values_step (-1: the defaults) with step's
    // run time, highlight and camera.
    std::string show(LessonHost& host, int values_step, int step);

    std::vector<tj::Lesson> lessons_;
    int lesson_ = -1, step_ = 0;
    std::string saved_link_;   // the user's state before the lesson
    int chosen_ = -1;          // the class's answer to this step's question
    bool revealed_ = false;
};
