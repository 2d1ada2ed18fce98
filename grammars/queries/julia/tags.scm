; RepoLens tags query for Julia.
; Captures: @definition.<kind> with @name [@body]; @reference.<kind> with @name [@qualifier].
; Docstrings ("""...""" directly above a definition) and `#` comments are attached by the
; chunker. `function Base.show(...)` extends Base's show: it stays a function.

; a module qualifies the names in it and is a symbol of its own (modules are written once)
(module_definition
  name: (identifier) @name) @definition.module

; --- functions ------------------------------------------------------------------------------
(function_definition
  (signature
    [(call_expression . [(identifier) (field_expression) (operator)] @name)
     (where_expression . (call_expression . [(identifier) (field_expression) (operator)] @name))
     (typed_expression . (call_expression . [(identifier) (field_expression) (operator)] @name))
     (where_expression . (typed_expression . (call_expression . [(identifier) (field_expression) (operator)] @name)))
     (call_expression . (parametrized_type_expression . [(identifier) (field_expression)] @name))
     (where_expression . (call_expression . (parametrized_type_expression . [(identifier) (field_expression)] @name)))])) @definition.function

; `function allowmissing! end`: a function without methods yet (documented, extended later)
(function_definition
  (signature . (identifier) @name .)) @definition.function

; f(x) = ... and Queue{T}() where {T} = ...
((assignment
   .
   [(call_expression . [(identifier) (field_expression)] @name)
    (where_expression . (call_expression . [(identifier) (field_expression)] @name))
    (typed_expression . (call_expression . [(identifier) (field_expression)] @name))
    (call_expression . (parametrized_type_expression . (identifier) @name))
    (where_expression . (call_expression . (parametrized_type_expression . (identifier) @name)))]
   .
   (operator) @_eq) @definition.function
  (#eq? @_eq "="))

(macro_definition
  (signature
    (call_expression . (identifier) @name))) @definition.macro

; --- types ----------------------------------------------------------------------------------
(struct_definition
  (type_head
    [(identifier) @name
     (parametrized_type_expression . (identifier) @name)
     (binary_expression . [(identifier) @name
                           (parametrized_type_expression . (identifier) @name)])])) @definition.struct

(abstract_definition
  (type_head
    [(identifier) @name
     (parametrized_type_expression . (identifier) @name)
     (binary_expression . [(identifier) @name
                           (parametrized_type_expression . (identifier) @name)])])) @definition.type

(primitive_definition
  (type_head
    [(identifier) @name
     (binary_expression . (identifier) @name)])) @definition.type

; struct fields and constants: symbols
(struct_definition
  (typed_expression . (identifier) @name) @definition.property)

(const_statement
  (assignment . (identifier) @name)) @definition.field

; --- references -------------------------------------------------------------------------------
(call_expression
  . (identifier) @name) @reference.call

(call_expression
  . (field_expression
      value: (_) @qualifier
      (identifier) @name .)) @reference.call

(broadcast_call_expression
  . (identifier) @name) @reference.call

(macrocall_expression
  (macro_identifier) @name) @reference.call

((call_expression
   . (identifier) @_include
   (argument_list . (string_literal (content) @name))) @reference.include
  (#eq? @_include "include"))

(using_statement
  [(identifier) @name
   (scoped_identifier) @name
   (selected_import . [(identifier) (scoped_identifier)] @name)]) @reference.import

(import_statement
  [(identifier) @name
   (scoped_identifier) @name
   (selected_import . [(identifier) (scoped_identifier)] @name)]) @reference.import

((type_head
   (binary_expression
     (operator) @_sub
     .
     [(identifier) @name
      (parametrized_type_expression . (identifier) @name)]) @reference.inherit)
  (#eq? @_sub "<:"))

((typed_expression
   "::"
   .
   [(identifier) @name
    (parametrized_type_expression . (identifier) @name)]) @reference.type
  (#not-any-of? @name "Int" "Float64" "String" "Bool" "Any" "Nothing" "Symbol"))
