# Fetches the tree-sitter C core and the grammars pinned in grammars/grammars.lock with
# `npm pack` into ${REPOLENS_NPM_DIR} (git-ignored), verifies each tarball's SHA-512 and
# defines the targets:
#   repolens_treesitter_core           the C core (static, SYSTEM headers)
#   repolens_grammar_<lang>            one static library per grammar (parser.c built once for
#                                      every preset, see below)
# and the list variable REPOLENS_GRAMMAR_LANGS plus REPOLENS_GRAMMAR_DIR_<pkg> (unpacked
# package folders, used for highlights.scm and licences; <pkg> is the npm name, scoped ones
# included: REPOLENS_GRAMMAR_DIR_@tree-sitter-grammars/tree-sitter-lua).
# repolens_generate_query_table() writes the compiled-in tags and highlight queries.

set(REPOLENS_NPM_DIR "${PROJECT_SOURCE_DIR}/third_party/npm" CACHE PATH
    "Where npm grammar packages are unpacked (git-ignored)")

find_program(REPOLENS_NPM npm)

function(_repolens_fetch_npm_package name version sha512)
    # npm names the tarball of "@scope/pkg" "scope-pkg-VERSION.tgz"
    string(REGEX REPLACE "^@" "" flat "${name}")
    string(REPLACE "/" "-" flat "${flat}")
    set(pkgdir "${REPOLENS_NPM_DIR}/${flat}-${version}")
    set(tgz "${REPOLENS_NPM_DIR}/${flat}-${version}.tgz")
    set(stamp "${pkgdir}/.repolens-sha512")
    if(EXISTS "${stamp}")
        file(READ "${stamp}" have)
        string(STRIP "${have}" have)
        if(have STREQUAL sha512)
            set(REPOLENS_GRAMMAR_DIR_${name} "${pkgdir}/package" PARENT_SCOPE)
            return()
        endif()
    endif()
    file(MAKE_DIRECTORY "${REPOLENS_NPM_DIR}")
    if(NOT EXISTS "${tgz}")
        if(NOT REPOLENS_NPM)
            message(FATAL_ERROR "npm is needed to fetch ${name}@${version}; run scripts/install-deps")
        endif()
        message(STATUS "Fetching ${name}@${version} with npm pack")
        # A registry hiccup or another npm holding its cache should not fail a build: three
        # tries, a few seconds apart.
        foreach(attempt RANGE 1 3)
            execute_process(
                COMMAND "${REPOLENS_NPM}" pack "${name}@${version}" --ignore-scripts
                        --pack-destination "${REPOLENS_NPM_DIR}" --silent
                WORKING_DIRECTORY "${REPOLENS_NPM_DIR}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
            if(rc EQUAL 0 AND EXISTS "${tgz}")
                break()
            endif()
            if(attempt LESS 3)
                message(STATUS "npm pack ${name}@${version} failed (${rc}), trying again")
                execute_process(COMMAND "${CMAKE_COMMAND}" -E sleep 3)
            endif()
        endforeach()
        if(NOT rc EQUAL 0 OR NOT EXISTS "${tgz}")
            message(FATAL_ERROR "npm pack ${name}@${version} failed (${rc}) after 3 tries: ${err}")
        endif()
    endif()
    file(SHA512 "${tgz}" actual)
    if(NOT actual STREQUAL sha512)
        file(REMOVE "${tgz}")
        message(FATAL_ERROR
            "SHA-512 mismatch for ${name}@${version}:\n"
            "  expected ${sha512}\n  got      ${actual}\n"
            "The tarball was deleted. If you changed grammars/grammars.lock on purpose, "
            "update the hash there; otherwise the registry served something else.")
    endif()
    file(REMOVE_RECURSE "${pkgdir}")
    file(MAKE_DIRECTORY "${pkgdir}")
    file(ARCHIVE_EXTRACT INPUT "${tgz}" DESTINATION "${pkgdir}")
    file(WRITE "${stamp}" "${sha512}\n")
    set(REPOLENS_GRAMMAR_DIR_${name} "${pkgdir}/package" PARENT_SCOPE)
endfunction()

file(STRINGS "${PROJECT_SOURCE_DIR}/grammars/grammars.lock" _lock_lines REGEX "^[a-z@]")
foreach(line IN LISTS _lock_lines)
    string(REGEX REPLACE "[ \t]+" ";" fields "${line}")
    list(GET fields 0 _name)
    list(GET fields 1 _version)
    list(GET fields 2 _sha)
    _repolens_fetch_npm_package(${_name} ${_version} ${_sha})
    set(REPOLENS_GRAMMAR_VERSION_${_name} ${_version})
endforeach()

# --- the C core -------------------------------------------------------------------------
set(_core "${REPOLENS_GRAMMAR_DIR_tree-sitter}/vendor/tree-sitter/lib")
add_library(repolens_treesitter_core STATIC "${_core}/src/lib.c")
target_include_directories(repolens_treesitter_core SYSTEM
    PUBLIC "${_core}/include" PRIVATE "${_core}/src")
target_compile_definitions(repolens_treesitter_core PRIVATE _DEFAULT_SOURCE _POSIX_C_SOURCE=200809L)
set_target_properties(repolens_treesitter_core PROPERTIES C_STANDARD 11 POSITION_INDEPENDENT_CODE ON
    AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)
target_compile_options(repolens_treesitter_core PRIVATE -O2 -w)

# --- grammars -----------------------------------------------------------------------------
# A grammar's generated parser.c (megabytes of parse tables and one big lexer switch) is most of
# its compile time. It is compiled by one command line that no preset or build type changes:
# REPOLENS_GRAMMAR_CC, -O2, no sanitizers, no debug info, run in the grammar's own folder. With
# ccache (scripts/install-deps; REPOLENS_CCACHE ON or parsers) every build tree of a checkout
# (ci, tsan, dev, release, ...) therefore gets the same object from one compile, so grammar
# compile time does not grow with the number of presets. The hand-written scanner.c and the tree-sitter core, where the pointer work
# is, are compiled with each tree's own flags, sanitizers included.
find_program(REPOLENS_GRAMMAR_CC NAMES gcc cc clang
    DOC "C compiler for the grammars' generated parser.c (the same in every build tree)")
if(NOT REPOLENS_GRAMMAR_CC)
    set(REPOLENS_GRAMMAR_CC "${CMAKE_C_COMPILER}")
endif()
function(_repolens_grammar_parser_object lang src out_var)
    set(obj "${PROJECT_BINARY_DIR}/grammar-parsers/${lang}-parser.o")
    file(GLOB deps "${src}/parser.c" "${src}/tree_sitter/*.h")
    add_custom_command(OUTPUT "${obj}"
        COMMAND ${REPOLENS_GRAMMAR_LAUNCHER} "${REPOLENS_GRAMMAR_CC}" -std=gnu11 -O2 -w -fPIC
                -I. -c parser.c -o "${obj}"
        DEPENDS ${deps}
        WORKING_DIRECTORY "${src}"
        COMMENT "Building C object grammar-parsers/${lang}-parser.o (one command line for every preset)"
        VERBATIM)
    set_source_files_properties("${obj}" PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
    set(${out_var} "${obj}" PARENT_SCOPE)
endfunction()

# language|package|folder of src/ in the package|entry point (tree_sitter_<name>)
# The language names are core/parse/language.cpp's.
set(_grammars
    "python|tree-sitter-python|.|python"
    "java|tree-sitter-java|.|java"
    "rust|tree-sitter-rust|.|rust"
    "javascript|tree-sitter-javascript|.|javascript"
    "typescript|tree-sitter-typescript|typescript|typescript"
    "tsx|tree-sitter-typescript|tsx|tsx"
    "c|tree-sitter-c|.|c"
    "cpp|tree-sitter-cpp|.|cpp"
    "go|tree-sitter-go|.|go"
    "csharp|tree-sitter-c-sharp|.|c_sharp"
    "ruby|tree-sitter-ruby|.|ruby"
    "php|tree-sitter-php|php|php"
    "kotlin|@tree-sitter-grammars/tree-sitter-kotlin|.|kotlin"
    "swift|tree-sitter-swift|.|swift"
    "scala|tree-sitter-scala|.|scala"
    "haskell|tree-sitter-haskell|.|haskell"
    "elixir|tree-sitter-elixir|.|elixir"
    "lua|@tree-sitter-grammars/tree-sitter-lua|.|lua"
    "zig|@tree-sitter-grammars/tree-sitter-zig|.|zig"
    "bash|tree-sitter-bash|.|bash"
    "dart|tree-sitter-dart|.|dart"
    "ocaml|tree-sitter-ocaml|grammars/ocaml|ocaml"
    "ocaml_interface|tree-sitter-ocaml|grammars/interface|ocaml_interface"
    "julia|tree-sitter-julia|.|julia"
    "objc|tree-sitter-objc|.|objc")
# Highlight queries: the package's queries/highlights.scm, after these ones that it builds on
# (later patterns win). A "; inherits: LANG" first line adds LANG's the same way.
set(_highlights_before_typescript "tree-sitter-javascript:queries/highlights.scm")
set(_highlights_before_tsx "tree-sitter-javascript:queries/highlights.scm"
                           "tree-sitter-javascript:queries/highlights-jsx.scm")
set(_highlights_after_javascript "tree-sitter-javascript:queries/highlights-jsx.scm")
set(_highlights_before_cpp "tree-sitter-c:queries/highlights.scm")

set(REPOLENS_GRAMMAR_LANGS "")
# A fix added to or removed from grammars/fixes/ reconfigures.
file(GLOB _grammar_fixes CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/grammars/fixes/*")
foreach(entry IN LISTS _grammars)
    string(REPLACE "|" ";" parts "${entry}")
    list(GET parts 0 lang)
    list(GET parts 1 pkg)
    list(GET parts 2 sub)
    list(GET parts 3 symbol)
    set(src "${REPOLENS_GRAMMAR_DIR_${pkg}}/${sub}/src")
    _repolens_grammar_parser_object(${lang} "${src}" files)
    if(EXISTS "${src}/scanner.c")
        set(scanner "${src}/scanner.c")
        # Bugs of a pinned scanner are worked around without editing it (third-party source):
        # grammars/fixes/<lang>-scanner.replace lists "OLD => NEW" lines, each OLD found exactly
        # once in scanner.c, applied to a copy in the build tree that is compiled instead
        # (no ';' in a rule); grammars/fixes/<lang>-scanner.h is a header force-included into
        # it. Each file says which bug it works around.
        set(replace "${PROJECT_SOURCE_DIR}/grammars/fixes/${lang}-scanner.replace")
        if(EXISTS "${replace}")
            file(READ "${scanner}" text)
            file(STRINGS "${replace}" rules REGEX "^[^#].* => ")
            foreach(rule IN LISTS rules)
                string(FIND "${rule}" " => " at)
                string(SUBSTRING "${rule}" 0 ${at} old)
                math(EXPR at "${at} + 4")
                string(SUBSTRING "${rule}" ${at} -1 new)
                string(FIND "${text}" "${old}" first)
                string(FIND "${text}" "${old}" last REVERSE)
                if(first EQUAL -1 OR NOT first EQUAL last)
                    message(FATAL_ERROR "${replace}: '${old}' is not in ${scanner} exactly once")
                endif()
                string(REPLACE "${old}" "${new}" text "${text}")
            endforeach()
            set(scanner "${PROJECT_BINARY_DIR}/grammar-fixes/${lang}/scanner.c")
            file(WRITE "${scanner}.new" "${text}")
            file(COPY_FILE "${scanner}.new" "${scanner}" ONLY_IF_DIFFERENT)
            set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${replace}" "${src}/scanner.c")
        endif()
        list(APPEND files "${scanner}")
        set(fix "${PROJECT_SOURCE_DIR}/grammars/fixes/${lang}-scanner.h")
        if(EXISTS "${fix}")
            set_source_files_properties("${scanner}" PROPERTIES COMPILE_OPTIONS "-include;${fix}"
                OBJECT_DEPENDS "${fix}")
        endif()
    endif()
    add_library(repolens_grammar_${lang} STATIC ${files})
    target_include_directories(repolens_grammar_${lang} SYSTEM PRIVATE "${src}")
    # plain C: no moc/uic/rcc passes (CMAKE_AUTOMOC is on for the Qt targets)
    set_target_properties(repolens_grammar_${lang} PROPERTIES C_STANDARD 11 POSITION_INDEPENDENT_CODE ON
        LINKER_LANGUAGE C AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)
    # Generated parsers: third-party, compiled optimised even in Debug, never warned about.
    target_compile_options(repolens_grammar_${lang} PRIVATE -O2 -w)
    list(APPEND REPOLENS_GRAMMAR_LANGS ${lang})
    set(REPOLENS_GRAMMAR_PKG_${lang} ${pkg})
    set(REPOLENS_GRAMMAR_SYMBOL_${lang} ${symbol})
    set(REPOLENS_GRAMMAR_QUERIES_${lang} "${REPOLENS_GRAMMAR_DIR_${pkg}}/${sub}/queries")
    if(NOT EXISTS "${REPOLENS_GRAMMAR_QUERIES_${lang}}")
        set(REPOLENS_GRAMMAR_QUERIES_${lang} "${REPOLENS_GRAMMAR_DIR_${pkg}}/queries")
    endif()
endforeach()

# One interface target that links every grammar, plus a generated table of their entry points.
add_library(repolens_grammars INTERFACE)
set(_decls "")
set(_table "")
foreach(lang IN LISTS REPOLENS_GRAMMAR_LANGS)
    target_link_libraries(repolens_grammars INTERFACE repolens_grammar_${lang})
    set(_pkg ${REPOLENS_GRAMMAR_PKG_${lang}})
    set(_sym ${REPOLENS_GRAMMAR_SYMBOL_${lang}})
    string(APPEND _decls "const TSLanguage *tree_sitter_${_sym}(void);\n")
    string(APPEND _table "    {\"${lang}\", \"${_pkg}\", \"${REPOLENS_GRAMMAR_VERSION_${_pkg}}\", &tree_sitter_${_sym}},\n")
endforeach()
set(REPOLENS_GRAMMAR_TABLE_DIR "${PROJECT_BINARY_DIR}/generated")
file(CONFIGURE OUTPUT "${REPOLENS_GRAMMAR_TABLE_DIR}/grammartable_p.h" CONTENT
"// Generated by cmake/RepoLensGrammars.cmake from grammars/grammars.lock: do not edit.
#pragma once
#include <tree_sitter/api.h>
extern \"C\" {
${_decls}}
namespace RepoLens::Generated {
struct GrammarEntry { const char *language; const char *package; const char *version; const TSLanguage *(*entry)(void); };
inline constexpr GrammarEntry kGrammars[] = {
${_table}};
inline constexpr const char *kTreeSitterCoreVersion = \"${REPOLENS_GRAMMAR_VERSION_tree-sitter}\";
}
" @ONLY)
target_include_directories(repolens_grammars INTERFACE "${REPOLENS_GRAMMAR_TABLE_DIR}")
target_link_libraries(repolens_grammars INTERFACE repolens_treesitter_core)

# The highlight query files of LANG, in order (later patterns win), into OUT.
function(_repolens_highlight_files lang out)
    set(files "")
    foreach(ref IN LISTS _highlights_before_${lang})
        string(REPLACE ":" ";" ref "${ref}")
        list(GET ref 0 p)
        list(GET ref 1 f)
        list(APPEND files "${REPOLENS_GRAMMAR_DIR_${p}}/${f}")
    endforeach()
    set(own "${REPOLENS_GRAMMAR_QUERIES_${lang}}/highlights.scm")
    if(NOT EXISTS "${own}")
        # a package without one (tree-sitter-kotlin 1.1.0): ours
        set(own "${PROJECT_SOURCE_DIR}/grammars/queries/${lang}/highlights.scm")
    endif()
    if(EXISTS "${own}")
        file(READ "${own}" first LIMIT 64)
        if(first MATCHES "^; inherits: ([a-z_]+)")
            _repolens_highlight_files(${CMAKE_MATCH_1} inherited)
            list(APPEND files ${inherited})
        endif()
        list(APPEND files "${own}")
    endif()
    foreach(ref IN LISTS _highlights_after_${lang})
        string(REPLACE ":" ";" ref "${ref}")
        list(GET ref 0 p)
        list(GET ref 1 f)
        list(APPEND files "${REPOLENS_GRAMMAR_DIR_${p}}/${f}")
    endforeach()
    set(${out} ${files} PARENT_SCOPE)
endfunction()

# Writes generated/querytable_p.h: per language our tags query (grammars/queries/<lang>/
# tags.scm, with "; inherits: LANG" on its first line putting LANG's first) and the grammar
# packages' highlight queries. Re-run the configure step when one changes.
function(repolens_generate_query_table)
    set(entries "")
    foreach(lang IN LISTS REPOLENS_GRAMMAR_LANGS)
        set(tags_file "${PROJECT_SOURCE_DIR}/grammars/queries/${lang}/tags.scm")
        set(tags_text "")
        if(EXISTS "${tags_file}")
            file(READ "${tags_file}" tags_text)
            set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${tags_file}")
            if(tags_text MATCHES "^; inherits: ([a-z_]+)")
                set(base "${PROJECT_SOURCE_DIR}/grammars/queries/${CMAKE_MATCH_1}/tags.scm")
                file(READ "${base}" base_text)
                set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${base}")
                set(tags_text "${base_text}\n${tags_text}")
            endif()
        endif()
        _repolens_highlight_files(${lang} hl_files)
        set(hl_text "")
        foreach(f IN LISTS hl_files)
            if(EXISTS "${f}")
                file(READ "${f}" t)
                string(APPEND hl_text "${t}\n")
            endif()
        endforeach()
        string(APPEND entries
            "    {\"${lang}\", R\"RLQ(${tags_text})RLQ\", R\"RLQ(${hl_text})RLQ\"},\n")
    endforeach()
    file(CONFIGURE OUTPUT "${REPOLENS_GRAMMAR_TABLE_DIR}/querytable_p.h" CONTENT
"// Generated by cmake/RepoLensGrammars.cmake from grammars/queries and the grammar packages: do not edit.
#pragma once
namespace RepoLens::Generated {
struct QueryEntry { const char *language; const char *tags; const char *highlights; };
inline constexpr QueryEntry kQueries[] = {
${entries}};
}
" @ONLY)
endfunction()
