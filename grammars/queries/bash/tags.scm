; RepoLens tags query for Bash and other POSIX shells.
; Captures: @definition.<kind> with @name [@body]; @reference.<kind> with @name [@qualifier].
; `#` comments directly above a function are attached by the chunker.

(function_definition
  name: (word) @name
  body: (_) @body) @definition.function

; exported or read-only settings at the top level: symbols
(program
  (declaration_command
    (variable_assignment
      name: (variable_name) @name)) @definition.field)

(program
  (variable_assignment
    name: (variable_name) @name) @definition.field)

; --- references -------------------------------------------------------------------------------
; every command; shell builtins and the everyday tools are not worth a reference
((command
   name: (command_name (word) @name)) @reference.call
  (#not-any-of? @name "echo" "printf" "cd" "test" "[" "[[" "local" "export" "set" "unset"
    "shift" "return" "exit" "read" "true" "false" "eval" "exec" "source" "." "declare"
    "typeset" "readonly" "let" "trap" "wait" "command" "type" "builtin" "getopts" "printf"
    "cat" "grep" "sed" "awk" "ls" "rm" "mkdir" "cp" "mv" "tr" "cut" "head" "tail" "sort"
    "uniq" "wc" "xargs" "find" "dirname" "basename" "env" "sleep" "chmod" "touch" "date"))

; source FILE / . FILE
((command
   name: (command_name (word) @_source)
   argument: [(word) @name
              (string (string_content) @name)
              (raw_string) @name]) @reference.include
  (#any-of? @_source "source" "."))
