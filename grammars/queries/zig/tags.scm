; RepoLens tags query for Zig.
; Captures: @definition.<kind> with @name [@body]; @reference.<kind> with @name [@qualifier].
; `///` doc comments directly above a declaration are attached by the chunker.

; --- containers: `const Name = struct { ... };` --------------------------------------------------
(variable_declaration
  (identifier) @name
  (struct_declaration) @body) @definition.struct

(variable_declaration
  (identifier) @name
  (enum_declaration) @body) @definition.enum

(variable_declaration
  (identifier) @name
  (union_declaration) @body) @definition.struct

(variable_declaration
  (identifier) @name
  (opaque_declaration) @body) @definition.struct

(variable_declaration
  (identifier) @name
  (error_set_declaration)) @definition.enum

; --- functions ------------------------------------------------------------------------------
(function_declaration
  name: (identifier) @name
  body: (block) @body) @definition.function

; extern fn / fn prototypes
(function_declaration
  name: (identifier) @name
  !body) @definition.function

(test_declaration
  [(string) (identifier)] @name
  (block) @body) @definition.function

; top-level constants and fields: symbols
(source_file
  (variable_declaration
    (identifier) @name
    [(builtin_function) (field_expression) (identifier) (integer) (float) (string)
     (call_expression)]) @definition.field)

(container_field
  name: (_) @name) @definition.field

; --- references -------------------------------------------------------------------------------
(call_expression
  function: (identifier) @name) @reference.call

(call_expression
  function: (field_expression
    object: (_) @qualifier
    member: (identifier) @name)) @reference.call

; @import("list.zig") is a file, @import("std") a package
((builtin_function
   (builtin_identifier) @_import
   (arguments (string (string_content) @name))) @reference.include
  (#eq? @_import "@import")
  (#match? @name "\\.zig$"))

((builtin_function
   (builtin_identifier) @_import
   (arguments (string (string_content) @name))) @reference.import
  (#eq? @_import "@import")
  (#not-match? @name "\\.zig$"))

((builtin_function
   (builtin_identifier) @name) @reference.call
  (#not-eq? @name "@import"))

; type uses: Allocator, std.mem.Allocator, ?*Node
((identifier) @name @reference.type
  (#match? @name "^[A-Z][a-z]")
  (#not-eq? @name "Self"))
