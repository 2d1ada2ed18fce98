; RepoLens tags query for Rust.
; Captures: @definition.<kind> with @name [@body]; @reference.<kind> with @name [@qualifier].
; `///` doc comments and `#[...]` attributes directly above an item are attached by the chunker.

; --- items --------------------------------------------------------------------------------
; `mod name { ... }` is a scope: it qualifies what it contains but is not chunked itself.
(mod_item
  name: (identifier) @name
  body: (declaration_list) @body) @definition.module

; `impl Type` / `impl Trait for Type`: named after the type, so its methods read `Type.method`.
(impl_item
  type: (_) @name
  body: (declaration_list) @body) @definition.impl

(trait_item
  name: (type_identifier) @name
  body: (declaration_list) @body) @definition.trait

(struct_item
  name: (type_identifier) @name
  body: (_)? @body) @definition.struct

(union_item
  name: (type_identifier) @name
  body: (field_declaration_list) @body) @definition.union

(enum_item
  name: (type_identifier) @name
  body: (enum_variant_list) @body) @definition.enum

; free functions; inside impl/trait blocks the chunker turns them into methods
(function_item
  name: (identifier) @name
  body: (block) @body) @definition.function

; trait method declarations without a default body
(function_signature_item
  name: (identifier) @name) @definition.method

(macro_definition
  name: (identifier) @name) @definition.macro

; type aliases, constants and statics at crate or module level (not associated items)
(source_file (type_item name: (type_identifier) @name) @definition.type)

(mod_item
  body: (declaration_list (type_item name: (type_identifier) @name) @definition.type))

(source_file
  [(const_item name: (identifier) @name)
   (static_item name: (identifier) @name)] @definition.constant)

(mod_item
  body: (declaration_list
    [(const_item name: (identifier) @name)
     (static_item name: (identifier) @name)] @definition.constant))

; --- references ---------------------------------------------------------------------------
; plain calls; tuple-struct / variant constructors of the prelude are not calls
((call_expression
   function: (identifier) @name) @reference.call
  (#not-any-of? @name "Some" "Ok" "Err" "Box"))

; method calls: receiver.method(...)
(call_expression
  function: (field_expression
    value: (_) @qualifier
    field: (field_identifier) @name)) @reference.call

; path calls: Type::new(...), module::function(...)
(call_expression
  function: (scoped_identifier
    path: (_) @qualifier
    name: (identifier) @name)) @reference.call

; turbofish calls: parse::<T>(...), iter.collect::<Vec<_>>()
(call_expression
  function: (generic_function
    function: [(identifier) @name
               (scoped_identifier path: (_) @qualifier name: (identifier) @name)
               (field_expression value: (_) @qualifier field: (field_identifier) @name)])) @reference.call

; user macros are calls; the standard library's formatting/assertion macros are noise
((macro_invocation
   macro: (identifier) @name) @reference.call
  (#not-any-of? @name "println" "print" "eprintln" "eprint" "format" "write" "writeln" "vec"
    "assert" "assert_eq" "assert_ne" "debug_assert" "debug_assert_eq" "debug_assert_ne"
    "panic" "unreachable" "todo" "unimplemented" "matches" "dbg" "format_args" "concat"
    "stringify" "include_str" "include_bytes" "env" "cfg" "line" "file" "column"))

(macro_invocation
  macro: (scoped_identifier
    path: (_) @qualifier
    name: (identifier) @name)) @reference.call

; struct literals: Type { field: value }
(struct_expression
  name: [(type_identifier) @name
         (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)
         (generic_type_with_turbofish type: (type_identifier) @name)]) @reference.new

; `use` brings in one module path per declaration (the common prefix for `a::{b, c}`)
(use_declaration
  argument: [(scoped_identifier) (identifier) (crate) (super)] @name) @reference.import

(use_declaration
  argument: (scoped_use_list path: (_) @name)) @reference.import

(use_declaration
  argument: (use_as_clause path: (_) @name)) @reference.import

(use_declaration
  argument: (use_wildcard (_) @name)) @reference.import

; `mod name;` pulls in another file
(mod_item
  name: (identifier) @name
  !body) @reference.import

; `impl Trait for Type`: Type implements Trait
(impl_item
  trait: [(type_identifier) @name
          (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)
          (generic_type type: [(type_identifier) @name
                               (scoped_type_identifier path: (_) @qualifier
                                                       name: (type_identifier) @name)])]) @reference.inherit

; supertraits: trait Evict: Debug + Send
(trait_item
  bounds: (trait_bounds
    [(type_identifier) @name
     (scoped_type_identifier name: (type_identifier) @name)
     (generic_type type: (type_identifier) @name)])) @reference.inherit

; type uses: a path keeps its prefix as qualifier (fmt::Result); `Self`, `_` and single capital
; letters (type parameters) are skipped
(scoped_type_identifier
  path: (_) @qualifier
  name: (type_identifier) @name) @reference.type

((type_identifier) @name @reference.type
  (#not-match? @name "^([A-Z][0-9]?|Self|_)$"))
