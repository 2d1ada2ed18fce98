# repolens-highlighter (highlighter/): the KSyntaxHighlighting helper, a Qt 5 program. It is a
# CMake project of its own, built from here with ExternalProject so that no target of this
# (Qt 6) project ever sees Qt 5. Sets REPOLENS_HIGHLIGHTER_EXE (the built program) and installs
# it into libexec/repolens/, where the app looks for it next to its own bin/.
include(GNUInstallDirs)
include(ExternalProject)

set(REPOLENS_HIGHLIGHTER_EXE "")
option(REPOLENS_BUILD_HIGHLIGHTER
    "Build repolens-highlighter (needs libkf5syntaxhighlighting-dev, scripts/install-deps)" ON)
if(NOT REPOLENS_BUILD_GUI OR NOT REPOLENS_BUILD_HIGHLIGHTER)
    return()
endif()

set(_dir "${PROJECT_BINARY_DIR}/highlighter")
set(REPOLENS_HIGHLIGHTER_EXE "${_dir}/repolens-highlighter")
set(_args
    -DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE}
    -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}
    -DREPOLENS_WERROR=${REPOLENS_WERROR}
    -DREPOLENS_VERSION=${PROJECT_VERSION}
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)
if(CMAKE_CXX_COMPILER_LAUNCHER)
    list(APPEND _args -DCMAKE_CXX_COMPILER_LAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER})
endif()
# Sanitizer flags stay with the app: the helper is a separate process and Qt 5 is not built
# for them (LeakSanitizer would turn every clean exit into a failure).
ExternalProject_Add(repolens_highlighter
    SOURCE_DIR "${PROJECT_SOURCE_DIR}/highlighter"
    BINARY_DIR "${_dir}"
    CMAKE_ARGS ${_args}
    BUILD_ALWAYS ON
    INSTALL_COMMAND ""
    BUILD_BYPRODUCTS "${REPOLENS_HIGHLIGHTER_EXE}"
    USES_TERMINAL_BUILD OFF)
install(PROGRAMS "${REPOLENS_HIGHLIGHTER_EXE}" DESTINATION "${CMAKE_INSTALL_LIBEXECDIR}/repolens")
