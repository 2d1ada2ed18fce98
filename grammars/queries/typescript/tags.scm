; RepoLens tags query for TypeScript (and TSX: tsx/tags.scm inherits it and adds JSX
; references).
; Captures: @definition.<kind> with @name [@body] [@receiver]; @reference.<kind> with @name
; [@qualifier]. JSDoc comments and decorators directly above a definition are attached by the
; chunker; `export` / `declare` wrappers are included in the definition's range.

; --- scopes -------------------------------------------------------------------------------
; namespace A.B { ... } qualifies its members; `declare module "x"` does not (its name is a path)
(internal_module
  name: [(identifier) (nested_identifier)] @name
  body: (statement_block) @body) @definition.namespace

(module
  name: [(identifier) (nested_identifier)] @name
  body: (statement_block) @body) @definition.namespace

; --- types --------------------------------------------------------------------------------
(class_declaration
  name: (type_identifier) @name
  body: (class_body) @body) @definition.class

(abstract_class_declaration
  name: (type_identifier) @name
  body: (class_body) @body) @definition.class

; const Foo = class { ... }
(lexical_declaration
  (variable_declarator
    name: (identifier) @name
    value: (class body: (class_body) @body))) @definition.class

(interface_declaration
  name: (type_identifier) @name
  body: (interface_body) @body) @definition.interface

(enum_declaration
  name: (identifier) @name
  body: (enum_body) @body) @definition.enum

(type_alias_declaration
  name: (type_identifier) @name) @definition.type

; --- members ------------------------------------------------------------------------------
; methods, getters/setters, generators; `constructor` becomes the class's constructor
(method_definition
  name: [(property_identifier) (private_property_identifier) (string)] @name
  body: (statement_block) @body) @definition.function

; class fields holding functions: onChange = (e) => { ... }
(public_field_definition
  name: [(property_identifier) (private_property_identifier)] @name
  value: [(arrow_function body: (_) @body)
          (function_expression body: (_) @body)]) @definition.function

; interface methods, overload signatures and abstract methods (no body)
(method_signature
  name: [(property_identifier) (private_property_identifier) (string)] @name) @definition.method

(abstract_method_signature
  name: [(property_identifier) (private_property_identifier) (string)] @name) @definition.method

; --- functions ----------------------------------------------------------------------------
(function_declaration
  name: (identifier) @name
  body: (statement_block) @body) @definition.function

(generator_function_declaration
  name: (identifier) @name
  body: (statement_block) @body) @definition.function

; overloads and `declare function f(): T;`
(function_signature
  name: (identifier) @name) @definition.function

; const f = () => ..., let f = function () { ... }, var f = function* () { ... }
[(lexical_declaration
   (variable_declarator
     name: (identifier) @name
     value: [(arrow_function body: (_) @body)
             (function_expression body: (_) @body)
             (generator_function body: (_) @body)]))
 (variable_declaration
   (variable_declarator
     name: (identifier) @name
     value: [(arrow_function body: (_) @body)
             (function_expression body: (_) @body)
             (generator_function body: (_) @body)]))] @definition.function

; exports.f = function () { ... }, module.exports.f = ... -> function f
(expression_statement
  (assignment_expression
    left: (member_expression
      object: [(identifier) @_exports
               (member_expression object: (identifier) @_module property: (property_identifier) @_exports)]
      property: (property_identifier) @name)
    right: [(arrow_function body: (_) @body)
            (function_expression body: (_) @body)
            (generator_function body: (_) @body)])
  (#eq? @_exports "exports")
  (#eq? @_module "module")) @definition.function

; module.exports = function name() { ... }
(expression_statement
  (assignment_expression
    left: (member_expression
      object: (identifier) @_module
      property: (property_identifier) @_exports)
    right: (function_expression
      name: (identifier) @name
      body: (_) @body))
  (#eq? @_module "module")
  (#eq? @_exports "exports")) @definition.function

; Foo.prototype.bar = function () { ... }  -> method Foo.bar
(expression_statement
  (assignment_expression
    left: (member_expression
      object: (member_expression
        object: (identifier) @receiver
        property: (property_identifier) @_prototype)
      property: (property_identifier) @name)
    right: [(arrow_function body: (_) @body)
            (function_expression body: (_) @body)
            (generator_function body: (_) @body)])
  (#eq? @_prototype "prototype")) @definition.function

; obj.f = function () { ... } -> method on the object
(expression_statement
  (assignment_expression
    left: (member_expression
      object: (_) @receiver
      property: (property_identifier) @name)
    right: [(arrow_function body: (_) @body)
            (function_expression body: (_) @body)
            (generator_function body: (_) @body)])) @definition.function

; object literal members; in `const api = { ... }` they are methods of api
(variable_declarator
  name: (identifier) @receiver
  value: (object
    [(method_definition
       name: [(property_identifier) (string)] @name
       body: (statement_block) @body)
     (pair
       key: [(property_identifier) (string)] @name
       value: [(arrow_function body: (_) @body)
               (function_expression body: (_) @body)
               (generator_function body: (_) @body)])] @definition.function))

(pair
  key: [(property_identifier) (string)] @name
  value: [(arrow_function body: (_) @body)
          (function_expression body: (_) @body)
          (generator_function body: (_) @body)]) @definition.function

; named function expressions passed as callbacks: the statement is the definition (it carries
; the doc comment), e.g. defineGetter(req, 'query', function query() { ... });
(expression_statement
  (call_expression
    arguments: (arguments
      (function_expression
        name: (identifier) @name
        body: (statement_block) @body)))) @definition.function

; other named callbacks and returned functions: return function inner() { ... } (in
; assignments, declarations and object literals the target's name is used instead)
(arguments
  (function_expression
    name: (identifier) @name
    body: (statement_block) @body) @definition.function)

(return_statement
  (function_expression
    name: (identifier) @name
    body: (statement_block) @body) @definition.function)

(parenthesized_expression
  (function_expression
    name: (identifier) @name
    body: (statement_block) @body) @definition.function)

; --- references ---------------------------------------------------------------------------
((call_expression
   function: (identifier) @name) @reference.call
  (#not-any-of? @name "require" "import"))

(call_expression
  function: (member_expression
    object: (_) @qualifier
    property: [(property_identifier) (private_property_identifier)] @name)) @reference.call

; require('x') and import('x') load modules
((call_expression
   function: (identifier) @_require
   arguments: (arguments . (string) @name)) @reference.import
  (#eq? @_require "require"))

(call_expression
  function: (import)
  arguments: (arguments . (string) @name)) @reference.import

; import x = require("y")
(import_require_clause
  source: (string) @name) @reference.import

(new_expression
  constructor: [(identifier) @name
                (member_expression object: (_) @qualifier property: (property_identifier) @name)]) @reference.new

(import_statement
  source: (string) @name) @reference.import

; export { x } from './y'
(export_statement
  source: (string) @name) @reference.import

; class A extends B implements C, D; interface I extends J
(extends_clause
  value: [(identifier) @name
          (member_expression object: (_) @qualifier property: (property_identifier) @name)
          (call_expression function: (identifier) @name)]) @reference.inherit

(implements_clause
  [(type_identifier) @name
   (nested_type_identifier module: (_) @qualifier name: (type_identifier) @name)
   (generic_type name: [(type_identifier) @name
                        (nested_type_identifier module: (_) @qualifier name: (type_identifier) @name)])]) @reference.inherit

(extends_type_clause
  type: [(type_identifier) @name
         (nested_type_identifier module: (_) @qualifier name: (type_identifier) @name)
         (generic_type name: [(type_identifier) @name
                              (nested_type_identifier module: (_) @qualifier name: (type_identifier) @name)])]) @reference.inherit

; type uses; single capital letters are almost always type parameters
((type_identifier) @name @reference.type
  (#not-match? @name "^[A-Z][0-9]?$"))
