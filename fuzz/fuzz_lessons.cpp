// fuzz_lessons.cpp — libFuzzer target for the lesson file parser (core/lesson.h).
// Beyond "no crash, no sanitizer report": on error the message is not empty and the
// caller's lessons are left exactly as they were; on success every lesson has an id,
// a scene and at least one step, and every number to guess has a scale (0 < min < max). Built and run by scripts/fuzz.sh.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/lesson.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    std::vector<tj::Lesson> lessons(1);
    lessons[0].id = "kept";
    std::string err = tj::parse_lessons(text, lessons);
    if (!err.empty()) {
        if (lessons.size() != 1 || lessons[0].id != "kept") std::abort();  // a refusal changed the output
        return 0;
    }
    for (const tj::Lesson& l : lessons) {
        if (l.id.empty() || l.scene.empty() || l.steps.empty()) std::abort();  // accepted but incomplete
        for (const tj::LessonStep& s : l.steps)
            if (s.predict.is_guess() && !(s.predict.guess.min > 0 && s.predict.guess.max > s.predict.guess.min))
                std::abort();  // a log scale with no room
    }
    return 0;
}
