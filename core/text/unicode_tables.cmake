# unicode_tables.cmake — generates the Unicode class table of tj_text at build time
# from Debian's unicode-data package (/usr/share/unicode) and adds it to tj_text.
# Included by the top-level CMakeLists.txt after tj_module(tj_text ...).
# UNICODE_DATA_DIR points elsewhere if the files live in another folder.
if(TARGET tj_text)
  set(UNICODE_DATA_DIR /usr/share/unicode CACHE PATH "Folder with UnicodeData.txt and PropList.txt")
  foreach(f UnicodeData.txt PropList.txt)
    if(NOT EXISTS ${UNICODE_DATA_DIR}/${f})
      message(FATAL_ERROR "tj_text needs ${UNICODE_DATA_DIR}/${f}: install Debian's unicode-data (scripts/deps.sh)")
    endif()
  endforeach()
  find_package(Python3 REQUIRED COMPONENTS Interpreter)
  set(tj_unicode_out ${CMAKE_BINARY_DIR}/generated/text/unicode_tables.cpp)
  add_custom_command(
    OUTPUT ${tj_unicode_out}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/generated/text
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/tools/gen_unicode_tables.py
            ${UNICODE_DATA_DIR}/UnicodeData.txt ${UNICODE_DATA_DIR}/PropList.txt ${tj_unicode_out}
    DEPENDS ${CMAKE_SOURCE_DIR}/tools/gen_unicode_tables.py
            ${UNICODE_DATA_DIR}/UnicodeData.txt ${UNICODE_DATA_DIR}/PropList.txt
    COMMENT "Generating Unicode class tables from ${UNICODE_DATA_DIR}"
    VERBATIM)
  target_sources(tj_text PRIVATE ${tj_unicode_out})
endif()
