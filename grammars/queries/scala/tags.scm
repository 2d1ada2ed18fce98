; RepoLens tags query for Scala (2 and 3).
; Captures: @definition.<kind> with @name [@body]; @reference.<kind> with @name [@qualifier].
; Scaladoc comments directly above a definition are attached by the chunker.

; --- types ----------------------------------------------------------------------------------
; `package a.b` does not qualify names (as for Java); `package a { ... }` blocks do
(package_clause
  name: (package_identifier) @name
  body: (template_body) @body) @definition.namespace

(class_definition
  name: (identifier) @name
  body: (template_body)? @body) @definition.class

(object_definition
  name: (identifier) @name
  body: (template_body)? @body) @definition.object

(package_object
  name: (identifier) @name
  body: (template_body)? @body) @definition.object

(trait_definition
  name: (identifier) @name
  body: (template_body)? @body) @definition.trait

(enum_definition
  name: (identifier) @name
  body: (enum_body) @body) @definition.enum

(type_definition
  name: (type_identifier) @name) @definition.type

; --- functions and values -------------------------------------------------------------------
(function_definition
  name: [(identifier) (operator_identifier)] @name
  body: (_) @body) @definition.function

; abstract members
(function_declaration
  name: [(identifier) (operator_identifier)] @name) @definition.method

(given_definition
  name: (identifier) @name
  body: (_) @body) @definition.function

; `extension (o: Order) def total ...`: the defs inside are its functions
(extension_definition
  parameters: (parameters (parameter type: [(type_identifier) @name
                                             (generic_type type: (type_identifier) @name)]))) @definition.extension

; vals and vars of a type or the file (not locals)
([(template_body) (compilation_unit)]
  (val_definition
    pattern: (identifier) @name) @definition.property)

([(template_body) (compilation_unit)]
  (var_definition
    pattern: (identifier) @name) @definition.property)

(val_declaration
  name: (identifier) @name) @definition.property

(simple_enum_case
  name: (identifier) @name) @definition.field

(full_enum_case
  name: (identifier) @name) @definition.field

; --- references -----------------------------------------------------------------------------
(call_expression
  function: (identifier) @name) @reference.call

(call_expression
  function: (field_expression
    value: (_) @qualifier
    field: (identifier) @name)) @reference.call

(call_expression
  function: (generic_function
    function: [(identifier) @name
               (field_expression value: (_) @qualifier field: (identifier) @name)])) @reference.call

(instance_expression
  [(type_identifier) @name
   (generic_type type: (type_identifier) @name)
   (stable_type_identifier (type_identifier) @name .)]) @reference.new

; `import a.b.C` names C; `import a.b.{C, D}` names C and D
(import_declaration
  path: (identifier) @name .) @reference.import

(import_declaration
  (namespace_selectors
    [(identifier) @name
     (arrow_renamed_identifier name: (identifier) @name)
     (as_renamed_identifier name: (identifier) @name)])) @reference.import

(extends_clause
  type: [(type_identifier) @name
         (generic_type type: (type_identifier) @name)
         (stable_type_identifier (type_identifier) @name .)]) @reference.inherit

((type_identifier) @name @reference.type
  (#not-match? @name "^[A-Z][0-9]?$")
  (#not-any-of? @name "Int" "String" "Boolean" "Double" "Long" "Unit" "Any" "Nothing" "Float" "Char"))
