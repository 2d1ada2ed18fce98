# Small helpers shared by every target: one INTERFACE target with the common flags, a
# library helper that enforces the layering, and a test helper.

add_library(repolens_common INTERFACE)
target_compile_definitions(repolens_common INTERFACE
    QT_NO_CAST_FROM_ASCII QT_USE_QSTRINGBUILDER QT_NO_FOREACH QT_NO_URL_CAST_FROM_STRING
    QT_NO_NARROWING_CONVERSIONS_IN_CONNECT
    REPOLENS_VERSION="${PROJECT_VERSION}")
target_compile_options(repolens_common INTERFACE -Wall -Wextra -Wpedantic
    -Wno-missing-field-initializers)
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    # gcc only (clang has no -Wshadow=local); the tsan tree builds with gcc and -Werror.
    target_compile_options(repolens_common INTERFACE -Wshadow=local)
    if(CMAKE_UNITY_BUILD)
        # In a unity file a .cpp is no longer the main file, so gcc reports every class of it
        # with a member of an anonymous-namespace type (a false alarm there).
        target_compile_options(repolens_common INTERFACE -Wno-subobject-linkage)
    endif()
endif()
if(REPOLENS_WERROR)
    target_compile_options(repolens_common INTERFACE -Werror)
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
        # A precompiled header that does not fit a file (-Winvalid-pch) only costs build time.
        target_compile_options(repolens_common INTERFACE -Wno-error=invalid-pch)
    endif()
endif()

# Precompiled headers (REPOLENS_PCH): Qt's headers are about half of every file's compile time.
# One header for all core libraries (built by the first one, reused by the others: their extra
# Qt module defines are not used by QtCore's headers; in the ci tree one for the libraries with
# libFuzzer's coverage instrumentation and one for those without), one for the ui library and
# one per test folder (cmake/pch/*.h). Files with their own compile options (optimisation level) get none.
set_property(GLOBAL PROPERTY REPOLENS_CORE_PCH_OWNER "")
set_property(GLOBAL PROPERTY REPOLENS_CORE_FUZZ_PCH_OWNER "")
function(_repolens_pch_skip_tuned_sources target)
    get_target_property(sources ${target} SOURCES)
    foreach(src IN LISTS sources)
        get_source_file_property(opts "${src}" COMPILE_OPTIONS)
        if(opts)
            set_source_files_properties("${src}" PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
        endif()
    endforeach()
endfunction()

set(REPOLENS_CORE_TARGETS "" CACHE INTERNAL "")

# repolens_add_library(<name> CORE|UI [FUZZ_COVERAGE] SOURCES ... [PUBLIC_DEPS ...] [PRIVATE_DEPS ...])
# Static, or shared with REPOLENS_SHARED_LIBS (then installed to lib/repolens).
# Core libraries get QT_NO_KEYWORDS and may not link Qt6::Gui / Qt6::Widgets (checked at the
# end of the configure step by repolens_check_layering()).
# FUZZ_COVERAGE: a library whose code the libFuzzer targets run (REPOLENS_FUZZ): it carries
# libFuzzer's coverage instrumentation, which guides the fuzzing. Instrumenting a library no fuzz
# target reaches would guide nothing and cost build and test time (about a third of a file's
# compile time at -O0, a callback on every comparison at run time).
function(repolens_add_library name)
    cmake_parse_arguments(ARG "CORE;UI;FUZZ_COVERAGE" "" "SOURCES;PUBLIC_DEPS;PRIVATE_DEPS" ${ARGN})
    if(REPOLENS_SHARED_LIBS)
        add_library(${name} SHARED ${ARG_SOURCES})
        install(TARGETS ${name} LIBRARY DESTINATION "${REPOLENS_PRIVATE_LIBDIR}")
        set_property(GLOBAL APPEND PROPERTY REPOLENS_SHARED_TARGETS ${name})
    else()
        add_library(${name} STATIC ${ARG_SOURCES})
    endif()
    target_link_libraries(${name} PUBLIC ${ARG_PUBLIC_DEPS} PRIVATE repolens_common ${ARG_PRIVATE_DEPS})
    target_include_directories(${name} PUBLIC "${PROJECT_SOURCE_DIR}")
    if(ARG_CORE)
        target_compile_definitions(${name} PRIVATE QT_NO_KEYWORDS)
        set(REPOLENS_CORE_TARGETS ${REPOLENS_CORE_TARGETS} ${name} CACHE INTERNAL "")
    endif()
    set(pch_owner_property REPOLENS_CORE_PCH_OWNER)
    if(ARG_CORE AND ARG_FUZZ_COVERAGE AND REPOLENS_FUZZ)
        target_compile_options(${name} PRIVATE -fsanitize=fuzzer-no-link)
        # A precompiled header is only read by files compiled with the same instrumentation.
        set(pch_owner_property REPOLENS_CORE_FUZZ_PCH_OWNER)
    endif()
    if(REPOLENS_PCH)
        get_property(owner GLOBAL PROPERTY ${pch_owner_property})
        if(ARG_CORE AND owner)
            target_precompile_headers(${name} REUSE_FROM ${owner})
        elseif(ARG_CORE)
            target_precompile_headers(${name} PRIVATE "${PROJECT_SOURCE_DIR}/cmake/pch/core.h")
            set_property(GLOBAL PROPERTY ${pch_owner_property} ${name})
        else()
            target_precompile_headers(${name} PRIVATE "${PROJECT_SOURCE_DIR}/cmake/pch/ui.h")
        endif()
        # Deferred to the end of the calling folder, where its per-file options are set (a
        # deferred call's arguments are read when it runs, hence the EVAL).
        cmake_language(EVAL CODE
            "cmake_language(DEFER CALL _repolens_pch_skip_tuned_sources [[${name}]])")
    endif()
endfunction()

# Fails the configure step if a core library links QtGui or QtWidgets, directly or through
# another library.
function(repolens_check_layering)
    foreach(target IN LISTS REPOLENS_CORE_TARGETS)
        set(seen "")
        set(queue ${target})
        while(queue)
            list(POP_FRONT queue current)
            if(current IN_LIST seen)
                continue()
            endif()
            list(APPEND seen ${current})
            if(current MATCHES "^Qt6::(Gui|Widgets|Svg|OpenGL)$" OR current MATCHES "qscintilla")
                message(FATAL_ERROR "Layering violation: core target '${target}' links '${current}'. "
                    "Core libraries must not depend on QtGui/QtWidgets (see STYLE.md).")
            endif()
            if(TARGET ${current})
                get_target_property(aliased ${current} ALIASED_TARGET)
                if(aliased)
                    list(APPEND queue ${aliased})
                endif()
                get_target_property(libs ${current} LINK_LIBRARIES)
                get_target_property(ilibs ${current} INTERFACE_LINK_LIBRARIES)
                foreach(l IN LISTS libs ilibs)
                    if(l AND NOT l MATCHES "NOTFOUND$" AND NOT l MATCHES "^\\$<")
                        list(APPEND queue ${l})
                    endif()
                endforeach()
            endif()
        endwhile()
    endforeach()
endfunction()

# Compile settings every test shares. Every test sees QtNetwork's and GUI tests QtWidgets'
# headers, so that QtTest's headers (which test QT_NETWORK_LIB, QT_GUI_LIB, QT_WIDGETS_LIB)
# read the same in every test of a folder and one precompiled header fits them all.
function(_repolens_test_settings name gui)
    target_link_libraries(${name} PRIVATE repolens_common Qt6::Test Qt6::Network)
    if(gui)
        target_link_libraries(${name} PRIVATE Qt6::Widgets)
    endif()
    target_compile_definitions(${name} PRIVATE
        REPOLENS_TEST_DATA="${PROJECT_SOURCE_DIR}/tests/data"
        REPOLENS_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
        REPOLENS_BINARY_DIR="${PROJECT_BINARY_DIR}")
endfunction()

# The precompiled header of the tests in this folder (GUI or not): built once by a small object
# library with the tests' settings, reused by each test.
function(_repolens_test_pch name gui)
    file(RELATIVE_PATH rel "${PROJECT_SOURCE_DIR}" "${CMAKE_CURRENT_SOURCE_DIR}")
    string(MAKE_C_IDENTIFIER "${rel}" rel)
    set(owner repolens_pch_${rel})
    set(header test.h)
    if(gui)
        string(APPEND owner _gui)
        set(header guitest.h)
    endif()
    if(NOT TARGET ${owner})
        set(stub "${CMAKE_CURRENT_BINARY_DIR}/${owner}.cpp")
        file(CONFIGURE OUTPUT "${stub}" CONTENT "// Builds the tests' precompiled header.\n")
        add_library(${owner} OBJECT "${stub}")
        _repolens_test_settings(${owner} ${gui})
        set_target_properties(${owner} PROPERTIES AUTOMOC OFF)
        target_precompile_headers(${owner} PRIVATE "${PROJECT_SOURCE_DIR}/cmake/pch/${header}")
    endif()
    target_precompile_headers(${name} REUSE_FROM ${owner})
endfunction()

# repolens_add_test(<name> SOURCES ... LIBS ... [GUI] [NO_PCH] [LABELS ...] [TIMEOUT s])
# GUI: the test links QtWidgets (implied by LIBS repolens_ui / Qt6::Widgets / Qt6::Gui).
# NO_PCH: the folder's only test of its kind (a precompiled header would cost more than it saves).
function(repolens_add_test name)
    cmake_parse_arguments(ARG "GUI;NO_PCH" "TIMEOUT" "SOURCES;LIBS;LABELS" ${ARGN})
    set(gui ${ARG_GUI})
    if("repolens_ui" IN_LIST ARG_LIBS OR "Qt6::Widgets" IN_LIST ARG_LIBS OR "Qt6::Gui" IN_LIST ARG_LIBS)
        set(gui ON)
    endif()
    add_executable(${name} ${ARG_SOURCES})
    target_link_libraries(${name} PRIVATE ${ARG_LIBS})
    _repolens_test_settings(${name} "${gui}")
    if(REPOLENS_PCH AND NOT ARG_NO_PCH)
        _repolens_test_pch(${name} "${gui}")
    endif()
    # Every test runs with a fresh HOME of its own: settings written by one test (QSettings
    # and QStandardPaths' test mode live under HOME) never leak into another, nor into the
    # next run, and parallel tests never share them.
    set(home "${PROJECT_BINARY_DIR}/test-home/${name}")
    add_test(NAME ${name}
        COMMAND /bin/sh -c "rm -rf \"$1\" && mkdir -p \"$1\" && HOME=\"$1\" && export HOME && shift && exec \"$@\""
                sh "${home}" $<TARGET_FILE:${name}>)
    set(env "QT_QPA_PLATFORM=offscreen;LC_ALL=C.UTF-8")
    set_tests_properties(${name} PROPERTIES ENVIRONMENT "${env}")
    if(ARG_TIMEOUT)
        set_tests_properties(${name} PROPERTIES TIMEOUT ${ARG_TIMEOUT})
    else()
        set_tests_properties(${name} PROPERTIES TIMEOUT 300)
    endif()
    if(ARG_LABELS)
        set_tests_properties(${name} PROPERTIES LABELS "${ARG_LABELS}")
    endif()
endfunction()
