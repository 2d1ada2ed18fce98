; RepoLens tags query for OCaml (.ml; .mli interfaces through the same names).
; Captures: @definition.<kind> with @name [@body]; @reference.<kind> with @name [@qualifier].
; `(** ... *)` comments directly above a definition are attached by the chunker. Modules with
; functions are containers; their functions stay functions.

; --- values ---------------------------------------------------------------------------------
; let f x = ... / let rec f x = ... and g y = ...: the first binding brings the `let` and the
; comment above it
(value_definition
  .
  (let_binding
    pattern: [(value_name) (parenthesized_operator)] @name
    (parameter)
    body: (_) @body)) @definition.function

(value_definition
  .
  (let_binding
    pattern: [(value_name) (parenthesized_operator)] @name
    body: (fun_expression) @body)) @definition.function

(value_definition
  .
  (let_binding
    pattern: [(value_name) (parenthesized_operator)] @name
    body: (function_expression) @body)) @definition.function

(value_definition
  (let_binding)
  (let_binding
    pattern: [(value_name) (parenthesized_operator)] @name
    (parameter)
    body: (_) @body) @definition.function)

; let x = ...: a value, a symbol of its own (no parameters). One pattern per parent: the
; tree-sitter core matches nothing for an alternation of parents with a predicate.
(compilation_unit
  (value_definition
    .
    (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name)) @definition.field
  (#match? @definition.field "^let\\s+(\\([^)]*\\)|[a-z_][A-Za-z0-9_']*)\\s*(:[^=]*)?="))

(structure
  (value_definition
    .
    (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name)) @definition.field
  (#match? @definition.field "^let\\s+(\\([^)]*\\)|[a-z_][A-Za-z0-9_']*)\\s*(:[^=]*)?="))

(external
  (value_name) @name) @definition.function

; signatures: .mli files and `sig ... end`
(value_specification
  [(value_name) (parenthesized_operator)] @name) @definition.function

; --- types, modules, classes -------------------------------------------------------------------
(type_definition
  .
  (type_binding
    name: [(type_constructor) (type_constructor_path)] @name)) @definition.type

(type_definition
  (type_binding)
  (type_binding
    name: [(type_constructor) (type_constructor_path)] @name) @definition.type)

(exception_definition
  (constructor_declaration
    [(constructor_name) (constructor_path)] @name)) @definition.type

(module_definition
  (module_binding
    (module_name) @name
    body: [(structure) (functor)] @body)) @definition.module

; `module M : S` (a signature's module) and module L = Other.L, module R = Make (Io), module
; Log = (val ...): a module name of its own; what follows is not in it
(module_definition
  (module_binding
    (module_name) @name
    module_type: (_) @body
    !body)) @definition.module

(module_definition
  (module_binding
    (module_name) @name
    !body)) @definition.module

(module_definition
  (module_binding
    (module_name) @name
    body: (_) @body)) @definition.module

(module_type_definition
  (module_type_name) @name
  body: (_)? @body) @definition.interface

(class_definition
  (class_binding
    (class_name) @name
    body: (_) @body)) @definition.class

(method_definition
  (method_name) @name
  body: (_) @body) @definition.method

; record fields and variant constructors: symbols inside the type's chunk
(field_declaration
  (field_name) @name) @definition.property

(variant_declaration
  (constructor_declaration
    (constructor_name) @name)) @definition.field

; --- references -------------------------------------------------------------------------------
(application_expression
  function: (value_path
    (value_name) @name)) @reference.call

(application_expression
  function: (value_path
    (module_path) @qualifier
    (value_name) @name)) @reference.call

(open_module
  module: (module_path) @name) @reference.import

(include_module
  module: (module_path) @name) @reference.inherit

(type_constructor_path
  (type_constructor) @name) @reference.type

(constructor_path
  (module_path) @qualifier
  (constructor_name) @name) @reference.type
