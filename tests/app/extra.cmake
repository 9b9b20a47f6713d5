# The app's pure helpers (no GL calls, no ImGui) and the run controller are tested here directly.
target_sources(test_app PRIVATE ${CMAKE_SOURCE_DIR}/app/render/tile_mask.cpp ${CMAKE_SOURCE_DIR}/app/render/parcel_fold.cpp
                               ${CMAKE_SOURCE_DIR}/app/render/parcel_geometry.cpp
                               ${CMAKE_SOURCE_DIR}/app/render/parcel_bounds.cpp ${CMAKE_SOURCE_DIR}/app/render/motion.cpp
                               ${CMAKE_SOURCE_DIR}/app/platform/export.cpp
                               ${CMAKE_SOURCE_DIR}/app/ui/format.cpp
                               ${CMAKE_SOURCE_DIR}/app/ui/i18n.cpp
                               ${CMAKE_SOURCE_DIR}/app/scene/run_controller.cpp
                               ${CMAKE_SOURCE_DIR}/app/platform/heap_use.cpp
                               ${CMAKE_SOURCE_DIR}/app/scene/race_pairs.cpp
                               ${CMAKE_SOURCE_DIR}/app/token/token_race.cpp ${CMAKE_SOURCE_DIR}/app/fab/fab_race.cpp
                               ${CMAKE_SOURCE_DIR}/app/shell/lesson_guess.cpp
                               ${CMAKE_SOURCE_DIR}/app/shell/class_votes.cpp)
target_include_directories(test_app PRIVATE ${STB_INCLUDE_DIR})
# The palette (app/ui/palette.h) names its colours with ImGui's IM_COL32: only the header.
target_include_directories(test_app SYSTEM PRIVATE $<TARGET_PROPERTY:tj_imgui,INTERFACE_INCLUDE_DIRECTORIES>)

# The web build's font subset, made here the way app/CMakeLists.txt makes it (the same
# text list and hb-subset), then checked for every character of the texts.
find_program(TJ_HB_SUBSET hb-subset)
find_program(TJ_PYTHON3 python3)
if(TJ_HB_SUBSET AND TJ_PYTHON3)
  set(tj_web_font ${CMAKE_CURRENT_BINARY_DIR}/ui-font-subset.ttf)
  add_test(NAME "app: web font subset (hb-subset)"
           COMMAND bash -c "${TJ_PYTHON3} ${CMAKE_SOURCE_DIR}/tools/font_text.py ${CMAKE_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/font_text.txt && ${TJ_HB_SUBSET} --font-file=/usr/share/fonts/truetype/wqy/wqy-microhei.ttc --face-index=0 --text-file=${CMAKE_CURRENT_BINARY_DIR}/font_text.txt --output-file=${tj_web_font}")
  set_tests_properties("app: web font subset (hb-subset)" PROPERTIES FIXTURES_SETUP tj_web_font)
  add_test(NAME "app: font: the web build's subset has every character the texts use" COMMAND test_app "[web_font]")
  set_tests_properties("app: font: the web build's subset has every character the texts use" PROPERTIES
    FIXTURES_REQUIRED tj_web_font ENVIRONMENT "TJ_WEB_FONT=${tj_web_font}")
endif()

# app/'s layer order (README, "Layers of app/"): every include looks down, SDL stays in
# platform, shell and main, every include is spelled from the repository's root.
add_test(NAME "app: layers: every include looks down" COMMAND python3 ${CMAKE_SOURCE_DIR}/tools/check_layers.py ${CMAKE_SOURCE_DIR})
