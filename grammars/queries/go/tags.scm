; RepoLens tags query for Go.
; Captures: @definition.<kind> with @name [@body] [@receiver]; @reference.<kind> with @name
; [@qualifier]. `//` comments directly above a declaration are attached by the chunker.

; --- functions and methods ----------------------------------------------------------------
(function_declaration
  name: (identifier) @name
  body: (block) @body) @definition.function

; `func cpuHasAVX2() bool` without a body: implemented in assembly, declared here
(function_declaration
  name: (identifier) @name
  !body) @definition.function

; func (s *Server) Name(), func (s Server) Name(), func (s *Set[T]) Name(): qualifier = type
(method_declaration
  receiver: (parameter_list
    (parameter_declaration
      type: [(type_identifier) @receiver
             (pointer_type (type_identifier) @receiver)
             (generic_type type: (type_identifier) @receiver)
             (pointer_type (generic_type type: (type_identifier) @receiver))]))
  name: (field_identifier) @name
  body: (block) @body) @definition.method

; --- types --------------------------------------------------------------------------------
; `type X struct {...}` on its own: the declaration (with the `type` keyword and its doc
; comment) is the definition; in a `type ( ... )` group each spec is one.
((type_declaration
   (type_spec
     name: (type_identifier) @name
     type: (struct_type (field_declaration_list) @body))) @definition.struct
  (#not-match? @definition.struct "^type\\s*\\("))

((type_declaration
   (type_spec
     name: (type_identifier) @name
     type: (interface_type))) @definition.interface
  (#not-match? @definition.interface "^type\\s*\\("))

((type_declaration
   [(type_spec name: (type_identifier) @name type: (_) @_type)
    (type_alias name: (type_identifier) @name type: (_) @_type)]) @definition.type
  (#not-match? @definition.type "^type\\s*\\(")
  (#not-match? @_type "^(struct|interface)\\b"))

((type_declaration
   (type_spec
     name: (type_identifier) @name
     type: (struct_type (field_declaration_list) @body)) @definition.struct) @_group
  (#match? @_group "^type\\s*\\("))

((type_declaration
   (type_spec
     name: (type_identifier) @name
     type: (interface_type)) @definition.interface) @_group
  (#match? @_group "^type\\s*\\("))

((type_declaration
   [(type_spec name: (type_identifier) @name type: (_) @_type)
    (type_alias name: (type_identifier) @name type: (_) @_type)] @definition.type) @_group
  (#match? @_group "^type\\s*\\(")
  (#not-match? @_type "^(struct|interface)\\b"))

; interface methods: symbols (and small chunks) for go-to-definition through the interface
(method_elem
  name: (field_identifier) @name) @definition.method

; top-level `const X = ...` / `var X = ...` declared alone (groups stay top-level code)
(source_file
  (const_declaration
    .
    (const_spec name: (identifier) @name)
    .) @definition.constant)

(source_file
  (var_declaration
    (var_spec name: (identifier) @name)) @definition.variable)

; --- references ---------------------------------------------------------------------------
; calls, minus the builtins
((call_expression
   function: (identifier) @name) @reference.call
  (#not-any-of? @name "append" "cap" "clear" "close" "complex" "copy" "delete" "imag" "len"
    "make" "max" "min" "new" "panic" "print" "println" "real" "recover"))

; pkg.Func(...), recv.Method(...): qualifier = the operand
(call_expression
  function: (selector_expression
    operand: (_) @qualifier
    field: (field_identifier) @name)) @reference.call

; generic instantiation: Map[int, string](...), pkg.Map[int](...)
(call_expression
  function: (index_expression
    operand: [(identifier) @name
              (selector_expression operand: (_) @qualifier field: (field_identifier) @name)])) @reference.call

; composite literals of named types: Server{...}, &http.Server{...}, Set[int]{...}
(composite_literal
  type: [(type_identifier) @name
         (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name)
         (generic_type type: [(type_identifier) @name
                              (qualified_type package: (package_identifier) @qualifier
                                              name: (type_identifier) @name)])]) @reference.new

(import_spec
  path: [(interpreted_string_literal) (raw_string_literal)] @name) @reference.import

; embedded fields and embedded interfaces: the outer type takes on the inner one's methods
(field_declaration_list
  (field_declaration
    !name
    type: [(type_identifier) @name
           (pointer_type (type_identifier) @name)
           (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name)
           (pointer_type (qualified_type package: (package_identifier) @qualifier
                                         name: (type_identifier) @name))
           (generic_type type: (type_identifier) @name)]) @reference.inherit)

(interface_type
  (type_elem
    [(type_identifier) @name
     (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name)]) @reference.inherit)

; type uses: pkg.Type keeps its package as qualifier; builtin types and single-letter type
; parameters are skipped
(qualified_type
  package: (package_identifier) @qualifier
  name: (type_identifier) @name) @reference.type

((type_identifier) @name @reference.type
  (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int"
    "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64"
    "uintptr" "any" "comparable")
  (#not-match? @name "^[A-Z][0-9]?$"))
