; RepoLens tags query for Swift.
; Captures: @definition.<kind> with @name [@body]; @reference.<kind> with @name [@qualifier].
; `///` and `/** */` comments directly above a declaration are attached by the chunker.

; --- types ----------------------------------------------------------------------------------
(class_declaration
  declaration_kind: ["class" "actor"]
  name: (type_identifier) @name
  body: (_) @body) @definition.class

(class_declaration
  declaration_kind: "struct"
  name: (type_identifier) @name
  body: (_) @body) @definition.struct

(class_declaration
  declaration_kind: "enum"
  name: (type_identifier) @name
  body: (_) @body) @definition.enum

; `extension Store: Persisting { ... }`: its members are methods of Store
(class_declaration
  declaration_kind: "extension"
  name: (user_type (type_identifier) @name .)
  body: (_) @body) @definition.extension

(protocol_declaration
  name: (type_identifier) @name
  body: (protocol_body) @body) @definition.protocol

(typealias_declaration
  name: (type_identifier) @name) @definition.type

(associatedtype_declaration
  name: (type_identifier) @name) @definition.type

; --- functions ------------------------------------------------------------------------------
(function_declaration
  name: [(simple_identifier) (custom_operator)] @name
  body: (function_body) @body) @definition.function

((function_declaration
   name: _ @name
   body: (function_body) @body) @definition.function
  (#match? @name "^[-+*/%<>=!&|^~?.]+$"))

(init_declaration
  name: _ @name
  body: (function_body) @body) @definition.constructor

(deinit_declaration
  "deinit" @name
  body: (function_body) @body) @definition.method

(protocol_function_declaration
  name: [(simple_identifier) (custom_operator)] @name) @definition.method

(init_declaration
  name: _ @name
  !body) @definition.constructor

(subscript_declaration
  "subscript" @name) @definition.method

; computed properties with a body are code; stored ones are symbols inside their type (or
; the file); locals are not
([(class_body) (enum_class_body)]
  (property_declaration
    name: (pattern (simple_identifier) @name)
    computed_value: (computed_property) @body) @definition.method)

([(class_body) (enum_class_body) (source_file)]
  (property_declaration
    name: (pattern (simple_identifier) @name)
    !computed_value) @definition.property)

(protocol_property_declaration
  name: (pattern (simple_identifier) @name)) @definition.property

(enum_entry
  name: (simple_identifier) @name) @definition.field

; --- references -----------------------------------------------------------------------------
((call_expression
   (simple_identifier) @name) @reference.call
  (#match? @name "^[a-z_]"))

; Point(x: 1), JSONDecoder(): an initializer
((call_expression
   (simple_identifier) @name) @reference.new
  (#match? @name "^[A-Z]"))

(call_expression
  (navigation_expression
    target: (_) @qualifier
    suffix: (navigation_suffix suffix: (simple_identifier) @name))) @reference.call

(constructor_expression
  constructed_type: (user_type (type_identifier) @name .)) @reference.new

(import_declaration
  (identifier) @name) @reference.import

(inheritance_specifier
  inherits_from: (user_type (type_identifier) @name .)) @reference.inherit

((user_type
   (type_identifier) @name) @reference.type
  (#not-match? @name "^[A-Z][0-9]?$")
  (#not-any-of? @name "Int" "String" "Bool" "Double" "Float" "Void" "Any" "Self" "Character"))
