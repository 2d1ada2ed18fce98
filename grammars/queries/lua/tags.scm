; RepoLens tags query for Lua.
; Captures: @definition.<kind> with @name [@body] [@receiver]; @reference.<kind> with @name
; [@qualifier]. LDoc comments (`---`) directly above a function are attached by the chunker.
; `function M.new()` and `function M:push()` are methods of the table M.

(function_declaration
  name: (identifier) @name
  body: (block)? @body) @definition.function

(function_declaration
  name: (dot_index_expression
    table: (_) @receiver
    field: (identifier) @name)
  body: (block)? @body) @definition.function

(function_declaration
  name: (method_index_expression
    table: (_) @receiver
    method: (identifier) @name)
  body: (block)? @body) @definition.method

; M.size = function(self) ... end ; local f = function() ... end
(assignment_statement
  (variable_list
    .
    name: [(identifier) @name
           (dot_index_expression table: (_) @receiver field: (identifier) @name)])
  (expression_list
    .
    value: (function_definition body: (block)? @body))) @definition.function

(variable_declaration
  (assignment_statement
    (variable_list
      .
      name: (identifier) @name)
    (expression_list
      .
      value: (function_definition body: (block)? @body)))) @definition.function

; { name = function() ... end }
(table_constructor
  (field
    name: (identifier) @name
    value: (function_definition body: (block)? @body)) @definition.function)

; --- references -------------------------------------------------------------------------------
((function_call
   name: (identifier) @name) @reference.call
  (#not-eq? @name "require"))

(function_call
  name: (dot_index_expression
    table: (_) @qualifier
    field: (identifier) @name)) @reference.call

(function_call
  name: (method_index_expression
    table: (_) @qualifier
    method: (identifier) @name)) @reference.call

; require("a.b") / require "a.b": the file a/b.lua
((function_call
   name: (identifier) @_require
   arguments: [(arguments . (string content: (string_content) @name))
               (string content: (string_content) @name)]) @reference.include
  (#eq? @_require "require"))
