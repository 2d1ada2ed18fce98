; RepoLens tags query for Elixir.
; Captures: @definition.<kind> with @name [@body]; @reference.<kind> with @name [@qualifier].
; The chunker attaches `@doc`, `@spec` and `@impl` attributes and `#` comments directly above a
; function, and joins the clauses of one function (`defp f(%{}) ...`, `defp f(_) ...`).

; --- modules --------------------------------------------------------------------------------
((call
   target: (identifier) @_def
   (arguments . (alias) @name)
   (do_block)? @body) @definition.module
  (#eq? @_def "defmodule"))

((call
   target: (identifier) @_def
   (arguments . (alias) @name)
   (do_block)? @body) @definition.protocol
  (#eq? @_def "defprotocol"))

((call
   target: (identifier) @_def
   (arguments . (alias) @name)
   (do_block)? @body) @definition.impl
  (#eq? @_def "defimpl"))

; --- functions and macros -------------------------------------------------------------------
((call
   target: (identifier) @_def
   (arguments
     .
     [(identifier) @name
      (call target: (identifier) @name)
      (binary_operator
        left: (call target: (identifier) @name)
        operator: "when")])
   (do_block)? @body) @definition.function
  (#any-of? @_def "def" "defp" "defdelegate" "defguard" "defguardp" "defn" "defnp"))

((call
   target: (identifier) @_def
   (arguments
     .
     [(identifier) @name
      (call target: (identifier) @name)
      (binary_operator
        left: (call target: (identifier) @name)
        operator: "when")])
   (do_block)? @body) @definition.macro
  (#any-of? @_def "defmacro" "defmacrop"))

; @type / @typep / @opaque / @callback name :: ...
((unary_operator
   operator: "@"
   operand: (call
     target: (identifier) @_attr
     (arguments
       (binary_operator
         left: [(identifier) @name (call target: (identifier) @name)]
         operator: "::")))) @definition.type
  (#any-of? @_attr "type" "typep" "opaque"))

; --- references -------------------------------------------------------------------------------
((call
   target: (identifier) @name) @reference.call
  (#not-any-of? @name "def" "defp" "defdelegate" "defguard" "defguardp" "defmacro" "defmacrop"
    "defn" "defnp" "defmodule" "defprotocol" "defimpl" "defstruct" "defexception"
    "defoverridable" "alias" "case" "cond" "else" "for" "if" "import" "quote" "raise"
    "receive" "require" "reraise" "super" "throw" "try" "unless" "unquote" "unquote_splicing"
    "use" "with" "fn" "moduledoc" "doc" "spec" "impl" "type" "typep" "opaque" "callback"
    "macrocallback" "behaviour" "deprecated" "since" "typedoc" "derive" "enforce_keys"))

(call
  target: (dot
    left: (_) @qualifier
    right: (identifier) @name)) @reference.call

((call
   target: (identifier) @_import
   (arguments . (alias) @name)) @reference.import
  (#any-of? @_import "alias" "import" "require" "use"))

; alias Shop.{Item, Prices}
((call
   target: (identifier) @_import
   (arguments
     (dot
       left: (alias) @qualifier
       right: (tuple (alias) @name)))) @reference.import
  (#eq? @_import "alias"))

(struct
  (alias) @name) @reference.new

(alias) @name @reference.type
