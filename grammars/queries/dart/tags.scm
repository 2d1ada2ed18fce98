; RepoLens tags query for Dart.
; Captures: @definition.<kind> with @name [@body]; @reference.<kind> with @name [@qualifier].
; The grammar puts a function's signature and its body side by side: the body captured after
; a signature belongs to its definition. `///` comments and annotations directly above are
; attached by the chunker.

; --- types ----------------------------------------------------------------------------------
(class_definition
  name: (identifier) @name
  body: (class_body) @body) @definition.class

(mixin_declaration
  (identifier) @name
  (class_body) @body) @definition.mixin

(extension_declaration
  name: (identifier) @name
  body: (extension_body) @body) @definition.extension

(enum_declaration
  name: (identifier) @name
  body: (enum_body) @body) @definition.enum

(type_alias
  (type_identifier) @name) @definition.type

; --- functions at the top level -------------------------------------------------------------
(program
  (function_signature
    name: (identifier) @name) @definition.function
  .
  (function_body) @body)

(program
  (getter_signature
    name: (identifier) @name) @definition.function
  .
  (function_body) @body)

; --- members: signature + body ----------------------------------------------------------------
(_
  (method_signature
    [(function_signature name: (identifier) @name)
     (getter_signature name: (identifier) @name)
     (setter_signature name: (identifier) @name)
     (operator_signature (binary_operator) @name)]) @definition.method
  .
  (function_body) @body)

; Cart.fromJson(...) / factory Cart.guest(): named constructors; Cart(...): the plain one
(_
  (method_signature
    [(constructor_signature (identifier) "." (identifier) @name)
     (factory_constructor_signature (identifier) "." (identifier) @name)]) @definition.constructor
  .
  (function_body) @body)

((_
   (method_signature
     [(constructor_signature . (identifier) @name)
      (factory_constructor_signature . (identifier) @name)]) @definition.constructor
   .
   (function_body) @body)
  (#not-match? @definition.constructor "^(factory\\s+)?[A-Za-z_$][A-Za-z0-9_$]*\\s*\\."))

; declarations without a body: `Cart(this.owner);`, abstract members
(declaration
  [(constructor_signature (identifier) "." (identifier) @name)
   (factory_constructor_signature (identifier) "." (identifier) @name)
   (redirecting_factory_constructor_signature (identifier) "." (identifier) @name)]) @definition.constructor

((declaration
   [(constructor_signature . (identifier) @name)
    (constant_constructor_signature (qualified (identifier) @name))
    (factory_constructor_signature . (identifier) @name)
    (redirecting_factory_constructor_signature . (identifier) @name)]) @definition.constructor
  (#not-match? @definition.constructor "^(const\\s+|factory\\s+)?[A-Za-z_$][A-Za-z0-9_$]*\\s*\\."))

(declaration
  [(function_signature name: (identifier) @name)
   (getter_signature name: (identifier) @name)
   (setter_signature name: (identifier) @name)]) @definition.method

; fields: symbols inside their type's chunk
(declaration
  (initialized_identifier_list
    (initialized_identifier (identifier) @name))) @definition.property

(declaration
  (static_final_declaration_list
    (static_final_declaration (identifier) @name))) @definition.property

(enum_constant
  name: (identifier) @name) @definition.field

; --- references -------------------------------------------------------------------------------
; f(...), Foo(...): an identifier followed by an argument list
((_
   (identifier) @name @reference.call
   .
   (selector (argument_part)))
  (#match? @name "^[a-z_$]"))

((_
   (identifier) @name @reference.new
   .
   (selector (argument_part)))
  (#match? @name "^[A-Z]"))

; obj.method(...)
(_
  (selector
    (unconditional_assignable_selector (identifier) @name @reference.call))
  .
  (selector (argument_part)))

(_
  (selector
    (conditional_assignable_selector (identifier) @name @reference.call))
  .
  (selector (argument_part)))

(new_expression
  (type_identifier) @name) @reference.new

(const_object_expression
  (type_identifier) @name) @reference.new

; relative and package: imports name files (package:shop/x.dart is lib/x.dart)
((import_specification
   (configurable_uri (uri (string_literal) @name))) @reference.include
  (#not-match? @name "^.dart:"))

((import_specification
   (configurable_uri (uri (string_literal) @name))) @reference.import
  (#match? @name "^.dart:"))

(library_export
  (configurable_uri (uri (string_literal) @name))) @reference.include

(superclass
  (type_identifier) @name) @reference.inherit

(mixins
  (type_identifier) @name) @reference.inherit

(interfaces
  (type_identifier) @name) @reference.inherit

((type_identifier) @name @reference.type
  (#not-match? @name "^[A-Z][0-9]?$")
  (#not-any-of? @name "int" "double" "num" "bool" "String" "void" "dynamic" "Object"))
