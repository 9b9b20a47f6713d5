# The app's pure helpers (no GL calls, no ImGui) are tested here directly.
target_sources(test_app PRIVATE ${CMAKE_SOURCE_DIR}/app/tile_mask.cpp ${CMAKE_SOURCE_DIR}/app/parcel_fold.cpp
                               ${CMAKE_SOURCE_DIR}/app/parcel_bounds.cpp)
target_include_directories(test_app PRIVATE ${CMAKE_SOURCE_DIR}/app)
