; RepoLens tags query for Kotlin (@tree-sitter-grammars/tree-sitter-kotlin).
; Captures: @definition.<kind> with @name [@body] [@receiver]; @reference.<kind> with @name
; [@qualifier]. KDoc comments directly above a declaration are attached by the chunker.

; the package does not qualify names (as for Java): ProductRepository.get, not
; com.example.shop.data.ProductRepository.get
; --- types ----------------------------------------------------------------------------------
((class_declaration
   "interface"
   name: (identifier) @name
   (class_body)? @body) @definition.interface)

(class_declaration
  name: (identifier) @name
  (enum_class_body) @body) @definition.enum

(class_declaration
  name: (identifier) @name
  (class_body)? @body) @definition.class

(object_declaration
  name: (identifier) @name
  (class_body)? @body) @definition.object

; an unnamed companion object is not captured: its members are the class's (Foo.create())
(companion_object
  name: (identifier) @name
  (class_body) @body) @definition.object

(type_alias
  type: (identifier) @name) @definition.type

; --- functions ------------------------------------------------------------------------------
; `fun Product.discounted()`: an extension of Product
(function_declaration
  (user_type (identifier) @receiver)
  .
  "."
  name: (identifier) @name
  (function_body)? @body) @definition.function

(function_declaration
  name: (identifier) @name
  (function_body)? @body) @definition.function

(secondary_constructor
  "constructor" @name
  (block)? @body) @definition.constructor

; properties and enum entries: symbols inside their type's chunk
; properties of a type or the file (not locals)
([(class_body) (source_file)]
  (property_declaration
    (variable_declaration (identifier) @name)) @definition.property)

(class_parameter
  ["val" "var"]
  (identifier) @name) @definition.property

(enum_entry
  (identifier) @name) @definition.field

; --- references -------------------------------------------------------------------------------
(call_expression
  (identifier) @name) @reference.call

(call_expression
  (navigation_expression
    (_) @qualifier
    .
    "."
    (identifier) @name)) @reference.call

(import
  (qualified_identifier) @name) @reference.import

(delegation_specifier
  [(user_type (identifier) @name)
   (constructor_invocation (user_type (identifier) @name))]) @reference.inherit

((user_type
   (identifier) @name) @reference.type
  (#not-match? @name "^[A-Z][0-9]?$")
  (#not-any-of? @name "Int" "String" "Boolean" "Long" "Double" "Float" "Unit" "Any" "Nothing"
    "Char" "Byte" "Short"))
