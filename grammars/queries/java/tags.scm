; RepoLens tags query for Java.
; Captures: @definition.<kind> with @name [@body]; @reference.<kind> with @name [@qualifier].
; Javadoc comments directly above a declaration are attached by the chunker.

; --- types --------------------------------------------------------------------------------
(class_declaration
  name: (identifier) @name
  body: (class_body) @body) @definition.class

(record_declaration
  name: (identifier) @name
  body: (class_body) @body) @definition.class

(interface_declaration
  name: (identifier) @name
  body: (interface_body) @body) @definition.interface

(annotation_type_declaration
  name: (identifier) @name
  body: (annotation_type_body) @body) @definition.interface

(enum_declaration
  name: (identifier) @name
  body: (enum_body) @body) @definition.enum

; --- members ------------------------------------------------------------------------------
(constructor_declaration
  name: (identifier) @name
  body: (constructor_body) @body) @definition.constructor

; record compact constructor: `Header { ... }`
(compact_constructor_declaration
  name: (identifier) @name
  body: (block) @body) @definition.constructor

; methods with a body, then abstract / interface methods without one
(method_declaration
  name: (identifier) @name
  body: (block) @body) @definition.method

(method_declaration
  name: (identifier) @name
  !body) @definition.method

(annotation_type_element_declaration
  name: (identifier) @name) @definition.method

; --- references ---------------------------------------------------------------------------
(method_invocation
  object: (_) @qualifier
  name: (identifier) @name) @reference.call

(method_invocation
  !object
  name: (identifier) @name) @reference.call

(method_reference
  (_) @qualifier
  .
  (identifier) @name) @reference.call

(object_creation_expression
  type: [(type_identifier) @name
         (scoped_type_identifier (type_identifier) @name .)
         (generic_type [(type_identifier) @name
                        (scoped_type_identifier (type_identifier) @name .)])]) @reference.new

(import_declaration
  [(identifier) (scoped_identifier)] @name) @reference.import

(superclass
  [(type_identifier) @name
   (scoped_type_identifier (type_identifier) @name .)
   (generic_type [(type_identifier) @name
                  (scoped_type_identifier (type_identifier) @name .)])]) @reference.inherit

(super_interfaces
  (type_list
    [(type_identifier) @name
     (scoped_type_identifier (type_identifier) @name .)
     (generic_type [(type_identifier) @name
                    (scoped_type_identifier (type_identifier) @name .)])]) @reference.inherit)

; interface Foo extends Bar, Baz
(extends_interfaces
  (type_list
    [(type_identifier) @name
     (scoped_type_identifier (type_identifier) @name .)
     (generic_type [(type_identifier) @name
                    (scoped_type_identifier (type_identifier) @name .)])]) @reference.inherit)

; type uses: capitalised by convention (skips package parts of `java.util.Map`); single capital
; letters are almost always type parameters
((type_identifier) @name @reference.type
  (#match? @name "^[A-Z]")
  (#not-match? @name "^[A-Z][0-9]?$"))
