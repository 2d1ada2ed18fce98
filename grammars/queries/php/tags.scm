; RepoLens tags query for PHP (the `php` grammar: PHP inside HTML).
; Captures: @definition.<kind> with @name [@body]; @reference.<kind> with @name [@qualifier].
; PHPDoc comments directly above a declaration are attached by the chunker. Qualified names
; are stored with dots (App.Http.Kernel.handle) and shown as App\Http\Kernel::handle.

; --- namespaces and types -------------------------------------------------------------------
(namespace_definition
  name: (namespace_name) @name
  body: (compound_statement) @body) @definition.namespace

; `namespace App\Http;` qualifies the declarations after it
(namespace_definition
  name: (namespace_name) @name
  !body) @definition.namespace

(class_declaration
  name: (name) @name
  body: (declaration_list) @body) @definition.class

(interface_declaration
  name: (name) @name
  body: (declaration_list) @body) @definition.interface

(trait_declaration
  name: (name) @name
  body: (declaration_list) @body) @definition.trait

(enum_declaration
  name: (name) @name
  body: (enum_declaration_list) @body) @definition.enum

; --- functions and methods ------------------------------------------------------------------
(function_definition
  name: (name) @name
  body: (compound_statement) @body) @definition.function

(method_declaration
  name: (name) @name
  body: (compound_statement) @body) @definition.method

; abstract and interface methods
(method_declaration
  name: (name) @name
  !body) @definition.method

; constants, properties and enum cases: symbols inside their type's chunk
(const_declaration
  (const_element (name) @name)) @definition.field

(property_declaration
  (property_element (variable_name (name) @name))) @definition.property

(enum_case
  name: (name) @name) @definition.field

; --- references -----------------------------------------------------------------------------
(function_call_expression
  function: [(name) @name
             (qualified_name (name) @name)]) @reference.call

(member_call_expression
  object: (_) @qualifier
  name: (name) @name) @reference.call

(nullsafe_member_call_expression
  object: (_) @qualifier
  name: (name) @name) @reference.call

(scoped_call_expression
  scope: (_) @qualifier
  name: (name) @name) @reference.call

((object_creation_expression
   [(name) @name
    (qualified_name (name) @name)]) @reference.new
  (#not-any-of? @name "self" "static" "parent"))

(namespace_use_clause
  [(name) (qualified_name)] @name) @reference.import

[(include_expression (string (string_content) @name))
 (include_once_expression (string (string_content) @name))
 (require_expression (string (string_content) @name))
 (require_once_expression (string (string_content) @name))] @reference.import

(base_clause
  [(name) @name
   (qualified_name (name) @name)]) @reference.inherit

(class_interface_clause
  [(name) @name
   (qualified_name (name) @name)]) @reference.inherit

(use_declaration
  [(name) @name
   (qualified_name (name) @name)]) @reference.inherit

; type uses: parameter, property, return and catch types, Foo::CONST, instanceof
((named_type
   [(name) @name
    (qualified_name (name) @name)]) @reference.type
  (#not-any-of? @name "self" "static" "parent"))

((class_constant_access_expression
   . [(name) @name
      (qualified_name (name) @name)]) @reference.type
  (#not-any-of? @name "self" "static" "parent"))

((scoped_call_expression
   scope: [(name) @name
           (qualified_name (name) @name)]) @reference.type
  (#not-any-of? @name "self" "static" "parent"))

(binary_expression
  operator: "instanceof"
  right: [(name) @name
          (qualified_name (name) @name)]) @reference.type
