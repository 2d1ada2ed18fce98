; RepoLens tags query for Ruby.
; Captures: @definition.<kind> with @name [@body]; @reference.<kind> with @name [@qualifier].
; `#` comments (RDoc / YARD) directly above a definition are attached by the chunker. A module
; holding methods is a container (a mixin); one holding only classes is a namespace.

; --- modules and classes ----------------------------------------------------------------------
(module
  name: [(constant) (scope_resolution)] @name
  body: (body_statement)? @body) @definition.module

(class
  name: [(constant) (scope_resolution)] @name
  body: (body_statement)? @body) @definition.class

; --- methods ----------------------------------------------------------------------------------
; `def self.build` / `def obj.x` are methods of the enclosing class too (`initialize` is the
; constructor)
(method
  name: (_) @name
  body: (_)? @body) @definition.method

(singleton_method
  name: (_) @name
  body: (_)? @body) @definition.method

(alias
  alias: (_) @name) @definition.method

; constants: symbols inside their class or module
((assignment
   left: (constant) @name) @definition.field)

; --- references -------------------------------------------------------------------------------
((call
   receiver: (_) @qualifier
   method: [(identifier) (constant)] @name) @reference.call
  (#not-eq? @name "new"))

; declarations that read like calls are not worth a reference
((call
   !receiver
   method: [(identifier) (constant)] @name) @reference.call
  (#not-any-of? @name "require" "require_relative" "load" "autoload" "include" "extend"
    "prepend" "attr_reader" "attr_writer" "attr_accessor" "private" "protected" "public"
    "module_function" "private_constant" "raise"))

; require "json" names a library; require_relative "cache/entry" the file cache/entry.rb
((call
   !receiver
   method: (identifier) @_load
   arguments: (argument_list . (string (string_content) @name))) @reference.import
  (#any-of? @_load "require" "load" "autoload"))

((call
   !receiver
   method: (identifier) @_load
   arguments: (argument_list . (string (string_content) @name))) @reference.include
  (#eq? @_load "require_relative"))

((call
   !receiver
   method: (identifier) @_load
   arguments: (argument_list . (simple_symbol) . (string (string_content) @name))) @reference.import
  (#eq? @_load "autoload"))

; Foo.new, Foo::Bar.new
((call
   receiver: [(constant) @name
              (scope_resolution name: (constant) @name)]
   method: (identifier) @_new) @reference.new
  (#eq? @_new "new"))

(superclass
  [(constant) @name
   (scope_resolution scope: (_) @qualifier name: (constant) @name)]) @reference.inherit

; include / extend / prepend Mod
((call
   !receiver
   method: (identifier) @_mixin
   arguments: (argument_list
     [(constant) @name
      (scope_resolution name: (constant) @name)])) @reference.inherit
  (#any-of? @_mixin "include" "extend" "prepend"))

; other uses of constants: Foo.bar, Foo::Bar, rescue Foo
(call
  receiver: (constant) @name) @reference.type

(scope_resolution
  scope: (_) @qualifier
  name: (constant) @name) @reference.type

(exceptions
  [(constant) @name
   (scope_resolution name: (constant) @name)]) @reference.type
