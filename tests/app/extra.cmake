# The app's pure helpers (no GL calls, no ImGui) are tested here directly.
target_sources(test_app PRIVATE ${CMAKE_SOURCE_DIR}/app/render/tile_mask.cpp ${CMAKE_SOURCE_DIR}/app/render/parcel_fold.cpp
                               ${CMAKE_SOURCE_DIR}/app/render/parcel_geometry.cpp
                               ${CMAKE_SOURCE_DIR}/app/render/parcel_bounds.cpp
                               ${CMAKE_SOURCE_DIR}/app/platform/export.cpp)
