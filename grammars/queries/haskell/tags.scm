; RepoLens tags query for Haskell.
; Captures: @definition.<kind> with @name [@body]; @reference.<kind> with @name [@qualifier].
; The chunker attaches Haddock comments (`-- |`) and type signatures directly above a
; definition, and joins the equations of one function (`pop [] = ...`, `pop (x:xs) = ...`)
; into one definition.

; `module Data.Queue (...) where` qualifies the whole file
(header
  module: (module) @name) @definition.module

; --- declarations at the top level ------------------------------------------------------------
(declarations
  (function
    name: [(variable) (prefix_id)] @name
    match: (_) @body) @definition.function)

(declarations
  (bind
    name: [(variable) (prefix_id)] @name
    match: (_) @body) @definition.function)

; `infixOperator a b = ...`
(declarations
  (function
    (infix operator: [(operator) (infix_id)] @name)) @definition.function)

(data_type
  name: (name) @name
  constructors: (_) @body) @definition.type

(data_type
  name: (name) @name
  !constructors) @definition.type

(newtype
  name: (name) @name) @definition.type

(type_synomym
  name: (name) @name) @definition.type

(type_family
  name: (name) @name) @definition.type

(class
  name: (name) @name
  declarations: (class_declarations)? @body) @definition.typeclass

(instance
  name: [(name) (qualified)] @name
  declarations: (instance_declarations)? @body) @definition.instance

; class methods (their signatures) and instance methods
(class_declarations
  (signature
    name: [(variable) (prefix_id)] @name) @definition.method)

(instance_declarations
  (function
    name: [(variable) (prefix_id)] @name
    match: (_) @body) @definition.method)

(instance_declarations
  (bind
    name: [(variable) (prefix_id)] @name
    match: (_) @body) @definition.method)

; data constructors and record fields: symbols inside the type's chunk
(data_constructor
  constructor: (prefix name: (constructor) @name)) @definition.field

(data_constructor
  constructor: (record name: (constructor) @name)) @definition.field

(newtype_constructor
  name: (constructor) @name) @definition.field

(field
  name: (field_name (variable) @name)) @definition.property

; --- references -------------------------------------------------------------------------------
(apply
  function: (variable) @name) @reference.call

(apply
  function: (qualified
    module: (module) @qualifier
    id: (variable) @name)) @reference.call

(infix
  operator: (infix_id (variable) @name)) @reference.call

(import
  module: (module) @name) @reference.import

(apply
  function: (constructor) @name) @reference.new

((name) @name @reference.type
  (#not-any-of? @name "Int" "Integer" "String" "Bool" "Char" "Double" "Float" "IO" "Maybe" "Either"))

(qualified
  module: (module) @qualifier
  id: (name) @name) @reference.type
