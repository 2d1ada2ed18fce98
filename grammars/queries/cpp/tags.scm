; RepoLens tags query for C++ (also .h headers, so C idioms matter too).
; Captures: @definition.<kind> with @name [@body]; @reference.<kind> with @name [@qualifier].

(namespace_definition
  name: [(namespace_identifier) (nested_namespace_specifier)] @name
  body: (_) @body) @definition.namespace

; typedef struct [tag] { ... } name_t;  -> one definition named by the typedef (C headers)
(type_definition
  type: [(struct_specifier body: (field_declaration_list) @body)
         (class_specifier body: (field_declaration_list) @body)]
  declarator: (type_identifier) @name) @definition.struct

(type_definition
  type: (union_specifier body: (field_declaration_list) @body)
  declarator: (type_identifier) @name) @definition.union

(type_definition
  type: (enum_specifier body: (enumerator_list) @body)
  declarator: (type_identifier) @name) @definition.enum

; classes, structs, unions and enums with a body, wherever they can appear except in the
; typedefs above
(translation_unit
  [(class_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.class
   (struct_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.struct
   (union_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.union
   (enum_specifier
     name: [(type_identifier) (qualified_identifier)] @name
     body: (enumerator_list) @body) @definition.enum])

(declaration_list
  [(class_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.class
   (struct_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.struct
   (union_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.union
   (enum_specifier
     name: [(type_identifier) (qualified_identifier)] @name
     body: (enumerator_list) @body) @definition.enum])

(template_declaration
  [(class_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.class
   (struct_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.struct
   (union_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.union
   (enum_specifier
     name: [(type_identifier) (qualified_identifier)] @name
     body: (enumerator_list) @body) @definition.enum])

(field_declaration
  [(class_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.class
   (struct_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.struct
   (union_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.union
   (enum_specifier
     name: [(type_identifier) (qualified_identifier)] @name
     body: (enumerator_list) @body) @definition.enum])

(declaration
  [(class_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.class
   (struct_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.struct
   (union_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.union
   (enum_specifier
     name: [(type_identifier) (qualified_identifier)] @name
     body: (enumerator_list) @body) @definition.enum])

(compound_statement
  [(class_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.class
   (struct_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.struct
   (union_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.union
   (enum_specifier
     name: [(type_identifier) (qualified_identifier)] @name
     body: (enumerator_list) @body) @definition.enum])

(preproc_if
  [(class_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.class
   (struct_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.struct
   (union_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.union
   (enum_specifier
     name: [(type_identifier) (qualified_identifier)] @name
     body: (enumerator_list) @body) @definition.enum])

(preproc_ifdef
  [(class_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.class
   (struct_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.struct
   (union_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.union
   (enum_specifier
     name: [(type_identifier) (qualified_identifier)] @name
     body: (enumerator_list) @body) @definition.enum])

(preproc_else
  [(class_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.class
   (struct_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.struct
   (union_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.union
   (enum_specifier
     name: [(type_identifier) (qualified_identifier)] @name
     body: (enumerator_list) @body) @definition.enum])

(preproc_elif
  [(class_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.class
   (struct_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.struct
   (union_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.union
   (enum_specifier
     name: [(type_identifier) (qualified_identifier)] @name
     body: (enumerator_list) @body) @definition.enum])

(preproc_elifdef
  [(class_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.class
   (struct_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.struct
   (union_specifier
     name: [(type_identifier) (qualified_identifier) (template_type)] @name
     body: (field_declaration_list) @body) @definition.union
   (enum_specifier
     name: [(type_identifier) (qualified_identifier)] @name
     body: (enumerator_list) @body) @definition.enum])

; function definitions, at any declarator depth (pointer/reference returns)
(function_definition
  declarator: [
    (function_declarator declarator: (_) @name)
    (pointer_declarator (function_declarator declarator: (_) @name))
    (pointer_declarator (pointer_declarator (function_declarator declarator: (_) @name)))
    (reference_declarator (function_declarator declarator: (_) @name))
  ]
  body: (_) @body) @definition.function

; conversion operators: operator bool() const { ... }, Foo::operator int() { ... }
(function_definition
  declarator: [(operator_cast) (qualified_identifier name: (operator_cast))] @name
  body: (_) @body) @definition.function

; lambdas bound to names at file / namespace level: const auto f = [](...) { ... };
(declaration
  declarator: (init_declarator
    declarator: (identifier) @name
    value: (lambda_expression body: (compound_statement) @body))) @definition.function

; in-class declarations of member functions (no body): symbols for navigation. Constructors are
; `declaration`s, other members `field_declaration`s; return types may be pointers/references.
(field_declaration_list
  (field_declaration
    declarator: [
      (function_declarator declarator: [(field_identifier) (operator_name)] @name)
      (pointer_declarator (function_declarator declarator: [(field_identifier) (operator_name)] @name))
      (reference_declarator (function_declarator declarator: [(field_identifier) (operator_name)] @name))
    ]) @definition.method)

(field_declaration_list
  (declaration
    declarator: (function_declarator declarator: (identifier) @name)) @definition.constructor)

(field_declaration_list
  (declaration
    declarator: [(function_declarator declarator: (destructor_name) @name)
                 (operator_cast) @name]) @definition.method)

; `= default` / `= delete` members
(field_declaration_list
  (function_definition
    declarator: (function_declarator declarator: (_) @name)
    !body) @definition.method)

; other typedefs (the ones with a struct/union/enum body are handled above)
(type_definition
  declarator: [(type_identifier) @name
               (pointer_declarator declarator: (type_identifier) @name)
               (function_declarator
                 declarator: (parenthesized_declarator
                   (pointer_declarator declarator: (type_identifier) @name)))]) @definition.type

(alias_declaration
  name: (type_identifier) @name) @definition.type

(preproc_function_def
  name: (identifier) @name) @definition.macro

; object-like macros with a value (include guards and feature flags have none)
(preproc_def
  name: (identifier) @name
  value: (preproc_arg)) @definition.macro

; --- references ---------------------------------------------------------------------------
; the named casts parse as calls of template functions; they are not calls
((call_expression
   function: [(identifier) (qualified_identifier) (template_function)] @name) @reference.call
  (#not-match? @name "^(static|dynamic|const|reinterpret)_cast\\b"))

(call_expression
  function: (field_expression
    argument: (_) @qualifier
    field: (field_identifier) @name)) @reference.call

; obj.get<T>(), obj.template get<T>()
(call_expression
  function: (field_expression
    argument: (_) @qualifier
    field: [(template_method name: (field_identifier) @name)
            (dependent_name (template_method name: (field_identifier) @name))])) @reference.call

(new_expression
  type: [(type_identifier) (qualified_identifier) (template_type)] @name) @reference.new

(base_class_clause
  [(type_identifier) (qualified_identifier) (template_type)] @name) @reference.inherit

(preproc_include
  path: [(string_literal) (system_lib_string)] @name) @reference.include

; type uses: std::string keeps its scope as qualifier; single capital letters are almost always
; template parameters
(qualified_identifier
  scope: (namespace_identifier) @qualifier
  name: [(type_identifier) @name
         (template_type name: (type_identifier) @name)]) @reference.type

((type_identifier) @name @reference.type
  (#not-match? @name "^[A-Z][0-9]?$"))
