# Small helpers shared by every target: one INTERFACE target with the common flags, a
# library helper that enforces the layering, and a test helper.

add_library(repolens_common INTERFACE)
target_compile_definitions(repolens_common INTERFACE
    QT_NO_CAST_FROM_ASCII QT_USE_QSTRINGBUILDER QT_NO_FOREACH QT_NO_URL_CAST_FROM_STRING
    QT_NO_NARROWING_CONVERSIONS_IN_CONNECT
    REPOLENS_VERSION="${PROJECT_VERSION}")
target_compile_options(repolens_common INTERFACE -Wall -Wextra -Wpedantic -Wshadow=local
    -Wno-missing-field-initializers)
if(REPOLENS_WERROR)
    target_compile_options(repolens_common INTERFACE -Werror)
endif()

set(REPOLENS_CORE_TARGETS "" CACHE INTERNAL "")

# repolens_add_library(<name> CORE|UI SOURCES ... [PUBLIC_DEPS ...] [PRIVATE_DEPS ...])
# Core libraries get QT_NO_KEYWORDS and may not link Qt6::Gui / Qt6::Widgets (checked at the
# end of the configure step by repolens_check_layering()).
function(repolens_add_library name)
    cmake_parse_arguments(ARG "CORE;UI" "" "SOURCES;PUBLIC_DEPS;PRIVATE_DEPS" ${ARGN})
    add_library(${name} STATIC ${ARG_SOURCES})
    target_link_libraries(${name} PUBLIC ${ARG_PUBLIC_DEPS} PRIVATE repolens_common ${ARG_PRIVATE_DEPS})
    target_include_directories(${name} PUBLIC "${PROJECT_SOURCE_DIR}")
    if(ARG_CORE)
        target_compile_definitions(${name} PRIVATE QT_NO_KEYWORDS)
        set(REPOLENS_CORE_TARGETS ${REPOLENS_CORE_TARGETS} ${name} CACHE INTERNAL "")
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

# repolens_add_test(<name> SOURCES ... LIBS ... [GUI] [LABELS ...] [TIMEOUT s])
function(repolens_add_test name)
    cmake_parse_arguments(ARG "GUI" "TIMEOUT" "SOURCES;LIBS;LABELS" ${ARGN})
    add_executable(${name} ${ARG_SOURCES})
    target_link_libraries(${name} PRIVATE repolens_common Qt6::Test ${ARG_LIBS})
    target_compile_definitions(${name} PRIVATE
        REPOLENS_TEST_DATA="${PROJECT_SOURCE_DIR}/tests/data"
        REPOLENS_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
        REPOLENS_BINARY_DIR="${PROJECT_BINARY_DIR}")
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
