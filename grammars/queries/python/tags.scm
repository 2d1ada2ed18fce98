; RepoLens tags query for Python.
; Captures: @definition.<kind> with @name [@body] [@doc]; @reference.<kind> with @name [@qualifier].
; Predicates (#eq?, #match?, #any-of?, #not-...) are evaluated by RepoLens, not the C core.

(class_definition
  name: (identifier) @name
  body: (block . (expression_statement (string) @doc)?) @body) @definition.class

(function_definition
  name: (identifier) @name
  body: (block . (expression_statement (string) @doc)?) @body) @definition.function

; name = lambda ...: a function in all but syntax
(expression_statement
  (assignment
    left: (identifier) @name
    right: (lambda body: (_) @body))) @definition.function

; module-level constants and type aliases: symbols for go-to-definition
(module
  (expression_statement
    (assignment left: (identifier) @name) @definition.constant)
  (#match? @name "^[A-Z][A-Z0-9_]*$|^_?[A-Z][A-Za-z0-9]*(Type|T|Alias)$"))

; --- references ---------------------------------------------------------------------------
(call
  function: (identifier) @name) @reference.call

(call
  function: (attribute
    object: (_) @qualifier
    attribute: (identifier) @name)) @reference.call

(class_definition
  superclasses: (argument_list
    [(identifier) @name
     (attribute attribute: (identifier) @name)])) @reference.inherit

(import_statement
  name: [(dotted_name) @name
         (aliased_import name: (dotted_name) @name)]) @reference.import

(import_from_statement
  module_name: [(dotted_name) (relative_import)] @name) @reference.import

; annotations: Foo, mod.Foo, Optional[Foo] (the builtin containers are not worth a reference)
((type [(identifier) @name
        (generic_type (identifier) @name)]) @reference.type
  (#not-any-of? @name "int" "str" "bytes" "bool" "float" "complex" "object" "list" "dict"
    "set" "frozenset" "tuple" "type"))

(type
  (attribute
    object: (_) @qualifier
    attribute: (identifier) @name)) @reference.type
