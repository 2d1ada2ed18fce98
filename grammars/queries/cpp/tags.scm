; RepoLens tags query for C++.
; Captures: @definition.<kind> with @name [@body]; @reference.<kind> with @name [@qualifier].

(namespace_definition
  name: [(namespace_identifier) (nested_namespace_specifier)] @name
  body: (_) @body) @definition.namespace

(class_specifier
  name: [(type_identifier) (qualified_identifier) (template_type)] @name
  body: (field_declaration_list) @body) @definition.class

(struct_specifier
  name: [(type_identifier) (qualified_identifier) (template_type)] @name
  body: (field_declaration_list) @body) @definition.struct

(union_specifier
  name: (type_identifier) @name
  body: (field_declaration_list) @body) @definition.struct

(enum_specifier
  name: [(type_identifier) (qualified_identifier)] @name
  body: (enumerator_list) @body) @definition.enum

; function definitions, at any declarator depth (pointer/reference returns)
(function_definition
  declarator: [
    (function_declarator declarator: (_) @name)
    (pointer_declarator (function_declarator declarator: (_) @name))
    (pointer_declarator (pointer_declarator (function_declarator declarator: (_) @name)))
    (reference_declarator (function_declarator declarator: (_) @name))
  ]
  body: (_) @body) @definition.function

; in-class declarations of member functions (no body): symbols for navigation
(field_declaration_list
  (field_declaration
    declarator: (function_declarator declarator: (field_identifier) @name)) @definition.method)

(field_declaration_list
  (declaration
    declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name)) @definition.constructor)

(type_definition
  declarator: (type_identifier) @name) @definition.type

(alias_declaration
  name: (type_identifier) @name) @definition.type

(preproc_function_def
  name: (identifier) @name) @definition.macro

(preproc_def
  name: (identifier) @name) @definition.macro

; --- references ---------------------------------------------------------------------------
(call_expression
  function: [(identifier) (qualified_identifier) (template_function)] @name) @reference.call

(call_expression
  function: (field_expression
    argument: (_) @qualifier
    field: (field_identifier) @name)) @reference.call

(call_expression
  function: (field_expression
    field: (template_method name: (field_identifier) @name))) @reference.call

(new_expression
  type: [(type_identifier) (qualified_identifier) (template_type)] @name) @reference.new

(base_class_clause
  [(type_identifier) (qualified_identifier) (template_type)] @name) @reference.inherit

(preproc_include
  path: [(string_literal) (system_lib_string)] @name) @reference.include

(type_identifier) @name @reference.type
