; RepoLens tags query for C (.c files; headers are parsed as C++).
; Captures: @definition.<kind> with @name [@body]; @reference.<kind> with @name [@qualifier].
; Comments directly above a definition are attached by the chunker as its doc.

; --- types --------------------------------------------------------------------------------
; typedef struct [tag] { ... } name_t;  -> one definition named by the typedef, which is the name
; the code uses
(type_definition
  type: (struct_specifier body: (field_declaration_list) @body)
  declarator: (type_identifier) @name) @definition.struct

(type_definition
  type: (union_specifier body: (field_declaration_list) @body)
  declarator: (type_identifier) @name) @definition.union

(type_definition
  type: (enum_specifier body: (enumerator_list) @body)
  declarator: (type_identifier) @name) @definition.enum

; struct tag { ... }; outside typedefs: file level, conditional blocks, declarations, fields
(translation_unit
  [(struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct
   (union_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.union
   (enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum])

(preproc_if
  [(struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct
   (union_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.union
   (enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum])

(preproc_ifdef
  [(struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct
   (union_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.union
   (enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum])

(preproc_else
  [(struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct
   (union_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.union
   (enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum])

(preproc_elif
  [(struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct
   (union_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.union
   (enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum])

(declaration
  [(struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct
   (union_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.union
   (enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum])

(field_declaration
  [(struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct
   (union_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.union
   (enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum])

(compound_statement
  [(struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct
   (union_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.union
   (enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum])

; other typedefs: plain, pointer and function-pointer types
(type_definition
  declarator: [(type_identifier) @name
               (pointer_declarator declarator: (type_identifier) @name)
               (function_declarator
                 declarator: (parenthesized_declarator
                   (pointer_declarator declarator: (type_identifier) @name)))
               (array_declarator declarator: (type_identifier) @name)]) @definition.type

; --- functions ----------------------------------------------------------------------------
; definitions only (prototypes are not chunks), at any pointer depth of the return type
(function_definition
  declarator: [
    (function_declarator declarator: (identifier) @name)
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
    (pointer_declarator
      declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))
    (pointer_declarator
      declarator: (pointer_declarator
        declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))))
    ; int (*handler_for(int sig))(int): returns a function pointer
    (function_declarator
      declarator: (parenthesized_declarator
        (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))))
  ]
  body: (compound_statement) @body) @definition.function

; --- macros -------------------------------------------------------------------------------
(preproc_function_def
  name: (identifier) @name) @definition.macro

; object-like macros with a value (include guards and feature flags have none)
(preproc_def
  name: (identifier) @name
  value: (preproc_arg)) @definition.macro

; --- references ---------------------------------------------------------------------------
(call_expression
  function: (identifier) @name) @reference.call

; calls through struct members: ops->write(...), self.cb(...)
(call_expression
  function: (field_expression
    argument: (_) @qualifier
    field: (field_identifier) @name)) @reference.call

(preproc_include
  path: [(string_literal) (system_lib_string)] @name) @reference.include

(type_identifier) @name @reference.type
