; RepoLens highlight query for Kotlin (@tree-sitter-grammars/tree-sitter-kotlin 1.1.0 ships
; none). Capture names follow the tree-sitter conventions the viewer's theme maps; later
; patterns win over earlier ones for the same node.

(identifier) @variable

; --- declarations ---------------------------------------------------------------------------
(class_declaration name: (identifier) @type)
(object_declaration name: (identifier) @type)
(companion_object name: (identifier) @type)
(type_alias type: (identifier) @type)
(enum_entry (identifier) @constant)
(type_parameter (identifier) @type)
(user_type (identifier) @type)
(function_declaration name: (identifier) @function)
(parameter (identifier) @variable.parameter)
(class_parameter (identifier) @variable.parameter)
(lambda_parameters (variable_declaration (identifier) @variable.parameter))
(variable_declaration (identifier) @variable)
(package_header (qualified_identifier) @module)
(import (qualified_identifier) @module)

; --- uses -----------------------------------------------------------------------------------
(call_expression (identifier) @function.call)
(call_expression (navigation_expression (identifier) @function.method.call .))
(navigation_expression "." (identifier) @property)
(annotation (user_type (identifier) @attribute))
(annotation "@" @attribute)
(file_annotation) @attribute
(label) @label
(this_expression) @variable.builtin
(super_expression) @variable.builtin

; --- literals -------------------------------------------------------------------------------
(string_literal) @string
(multiline_string_literal) @string
(character_literal) @character
(escape_sequence) @string.escape
(interpolation "${" @punctuation.special "}" @punctuation.special)
(interpolation "$" @punctuation.special)
(number_literal) @number
(float_literal) @number.float
((identifier) @boolean
  (#any-of? @boolean "true" "false"))
((identifier) @constant.builtin
  (#eq? @constant.builtin "null"))

(line_comment) @comment
(block_comment) @comment
((block_comment) @comment.documentation
  (#match? @comment.documentation "^/\\*\\*"))
(shebang) @keyword.directive

; --- keywords and operators -----------------------------------------------------------------
["package" "import"] @keyword.import
["class" "interface" "object" "companion" "typealias" "enum" "constructor" "init"
 "val" "var" "by" "where" "get" "set" "field" "property" "receiver" "param"
 "setparam" "delegate" "file"] @keyword
"fun" @keyword.function
["return" "return@"] @keyword.return
["if" "else" "when"] @keyword.conditional
["for" "while" "do"] @keyword.repeat
["try" "catch" "finally" "throw"] @keyword.exception
["in" "!in" "is" "!is" "as" "as?"] @keyword.operator
["abstract" "final" "open" "sealed" "data" "inner" "value" "annotation" "private"
 "protected" "public" "internal" "override" "lateinit" "const" "suspend" "inline"
 "noinline" "crossinline" "tailrec" "operator" "infix" "external" "vararg" "out"
 "expect" "actual" "dynamic"] @keyword.modifier
(reification_modifier) @keyword.modifier
["this" "this@" "super" "super@"] @variable.builtin

["=" "+=" "-=" "*=" "/=" "%=" "==" "!=" "===" "!==" "<" ">" "<=" ">=" "+" "-" "*" "/"
 "%" "++" "--" "!" "!!" "&&" "||" "?:" ".." "..<" "->" "::"] @operator
["(" ")" "[" "]" "{" "}"] @punctuation.bracket
["." "," ";" ":" "?."] @punctuation.delimiter
