; inherits: c
; RepoLens tags query for Objective-C: C's patterns (above, from c/tags.scm) plus these.
; Captures: @definition.<kind> with @name [@body]; @reference.<kind> with @name [@qualifier].
; A method is named by the first part of its selector (`download` for
; `download:completion:`). Attribute macros (NS_ASSUME_NONNULL_BEGIN, ...) are blanked by
; the chunker before parsing when they derail the grammar.

(class_interface
  "@interface"
  .
  (identifier) @name
  !category) @definition.interface

(class_interface
  "@interface"
  .
  (identifier) @name
  category: (identifier)) @definition.extension

(class_implementation
  "@implementation"
  .
  (identifier) @name
  !category
  (implementation_definition)? @body) @definition.class

(class_implementation
  "@implementation"
  .
  (identifier) @name
  category: (identifier)
  (implementation_definition)? @body) @definition.extension

(protocol_declaration
  "@protocol"
  .
  (identifier) @name) @definition.protocol

(method_definition
  (identifier) @name
  (compound_statement) @body) @definition.method

(method_declaration
  (identifier) @name) @definition.method

(property_declaration
  (struct_declaration
    (struct_declarator
      [(identifier) @name
       (pointer_declarator declarator: (identifier) @name)
       (block_pointer_declarator declarator: (identifier) @name)]))) @definition.property

; --- references -------------------------------------------------------------------------------
(message_expression
  receiver: (_) @qualifier
  method: (identifier) @name) @reference.call

(class_interface
  superclass: (identifier) @name) @reference.inherit

(class_implementation
  superclass: (identifier) @name) @reference.inherit

(protocol_reference_list
  (identifier) @name) @reference.inherit

(parameterized_arguments
  (type_name (type_identifier) @name)) @reference.inherit

(module_import
  path: (identifier) @name) @reference.import
