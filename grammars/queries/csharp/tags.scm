; RepoLens tags query for C#.
; Captures: @definition.<kind> with @name [@body]; @reference.<kind> with @name [@qualifier].
; `///` XML doc comments directly above a declaration are attached by the chunker; attributes
; ([Obsolete]) are part of the declaration node.

; --- namespaces and types -------------------------------------------------------------------
(namespace_declaration
  name: (_) @name
  body: (declaration_list) @body) @definition.namespace

; `namespace Shop.Reports;` covers the rest of the file: it qualifies what follows it
(file_scoped_namespace_declaration
  name: (_) @name) @definition.namespace

(class_declaration
  name: (identifier) @name
  body: (declaration_list) @body) @definition.class

(record_declaration
  name: (identifier) @name
  body: (declaration_list) @body) @definition.record

; `record OrderLine(string Sku, int Quantity);`: no body
(record_declaration
  name: (identifier) @name
  !body) @definition.record

(struct_declaration
  name: (identifier) @name
  body: (declaration_list) @body) @definition.struct

(interface_declaration
  name: (identifier) @name
  body: (declaration_list) @body) @definition.interface

(enum_declaration
  name: (identifier) @name
  body: (enum_member_declaration_list) @body) @definition.enum

(delegate_declaration
  name: (identifier) @name) @definition.type

; --- members --------------------------------------------------------------------------------
(constructor_declaration
  name: (identifier) @name
  body: (_) @body) @definition.constructor

(destructor_declaration
  name: (identifier) @name
  body: (_) @body) @definition.method

(method_declaration
  name: (identifier) @name
  body: (_) @body) @definition.method

; abstract and interface methods
(method_declaration
  name: (identifier) @name
  !body) @definition.method

(local_function_statement
  name: (identifier) @name
  body: (_) @body) @definition.function

(operator_declaration
  "operator" @name
  body: (_) @body) @definition.method

(conversion_operator_declaration
  type: (_) @name
  body: (_) @body) @definition.method

; properties, indexers, events and constants: symbols inside their type's chunk
(property_declaration
  name: (identifier) @name) @definition.property

(indexer_declaration
  "this" @name) @definition.property

(event_declaration
  name: (identifier) @name) @definition.property

(event_field_declaration
  (variable_declaration
    (variable_declarator name: (identifier) @name))) @definition.property

(field_declaration
  (modifier) @_const
  (variable_declaration
    (variable_declarator name: (identifier) @name))
  (#eq? @_const "const")) @definition.field

; --- references -----------------------------------------------------------------------------
(invocation_expression
  function: [(identifier) @name
             (generic_name (identifier) @name)]) @reference.call

(invocation_expression
  function: (member_access_expression
    expression: (_) @qualifier
    name: [(identifier) @name
           (generic_name (identifier) @name)])) @reference.call

(object_creation_expression
  type: [(identifier) @name
         (generic_name (identifier) @name)
         (qualified_name name: [(identifier) @name (generic_name (identifier) @name)])]) @reference.new

(using_directive
  [(identifier) (qualified_name)] @name) @reference.import

(base_list
  [(identifier) @name
   (generic_name (identifier) @name)
   (qualified_name name: [(identifier) @name (generic_name (identifier) @name)])
   (primary_constructor_base_type type: [(identifier) @name (generic_name (identifier) @name)])]) @reference.inherit

(attribute
  name: [(identifier) @name
         (qualified_name name: (identifier) @name)]) @reference.type

; type uses: parameters, fields, locals, properties, return types, generic arguments, casts
(parameter
  type: [(identifier) @name
         (generic_name (identifier) @name)
         (qualified_name name: [(identifier) @name (generic_name (identifier) @name)])
         (nullable_type type: [(identifier) @name (generic_name (identifier) @name)])
         (array_type type: [(identifier) @name (generic_name (identifier) @name)])]) @reference.type

(variable_declaration
  type: [(identifier) @name
         (generic_name (identifier) @name)
         (qualified_name name: [(identifier) @name (generic_name (identifier) @name)])
         (nullable_type type: [(identifier) @name (generic_name (identifier) @name)])
         (array_type type: [(identifier) @name (generic_name (identifier) @name)])]) @reference.type

(method_declaration
  returns: [(identifier) @name
            (generic_name (identifier) @name)
            (qualified_name name: [(identifier) @name (generic_name (identifier) @name)])
            (nullable_type type: [(identifier) @name (generic_name (identifier) @name)])
            (array_type type: [(identifier) @name (generic_name (identifier) @name)])]) @reference.type

(property_declaration
  type: [(identifier) @name
         (generic_name (identifier) @name)
         (qualified_name name: [(identifier) @name (generic_name (identifier) @name)])
         (nullable_type type: [(identifier) @name (generic_name (identifier) @name)])
         (array_type type: [(identifier) @name (generic_name (identifier) @name)])]) @reference.type

((type_argument_list
   [(identifier) @name
    (generic_name (identifier) @name)]) @reference.type
  (#not-match? @name "^[A-Z][0-9]?$"))

(cast_expression
  type: [(identifier) @name (generic_name (identifier) @name)]) @reference.type

(type_parameter_constraint
  (type [(identifier) @name (generic_name (identifier) @name)])) @reference.type
