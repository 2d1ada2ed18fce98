; RepoLens tags query for OCaml interfaces (.mli, the ocaml_interface grammar).
; Captures: @definition.<kind> with @name [@body]; @reference.<kind> with @name [@qualifier].
; odoc comments directly above or directly below an item are attached by the chunker.

(value_specification
  [(value_name) (parenthesized_operator)] @name) @definition.function

(external
  (value_name) @name) @definition.function

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

; module M : sig ... end
(module_definition
  (module_binding
    (module_name) @name
    module_type: (signature) @body)) @definition.module

; `module M : S`, `module M = N`, `module F (X : S) : S with type t = X.t`: what follows is not
; in it
(module_definition
  (module_binding
    (module_name) @name
    module_type: (_) @body)) @definition.module

(module_definition
  (module_binding
    (module_name) @name
    body: (_) @body)) @definition.module

(module_definition
  (module_binding
    (module_name) @name)) @definition.module

(module_type_definition
  (module_type_name) @name
  body: (_)? @body) @definition.interface

(class_type_definition
  (class_type_binding
    (class_type_name) @name)) @definition.class

(field_declaration
  (field_name) @name) @definition.property

(variant_declaration
  (constructor_declaration
    (constructor_name) @name)) @definition.field

; --- references -------------------------------------------------------------------------------
(open_module
  module: (module_path) @name) @reference.import

(include_module_type
  module_type: (module_type_path) @name) @reference.inherit

(type_constructor_path
  (type_constructor) @name) @reference.type
