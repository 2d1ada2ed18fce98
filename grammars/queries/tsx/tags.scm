; inherits: typescript
; RepoLens tags query for TSX: typescript/tags.scm (put in front at build time) plus JSX
; references.

; JSX: <Component ...> renders (calls) a component; lower-case tags are DOM elements
((jsx_opening_element
   name: (identifier) @name) @reference.call
  (#match? @name "^[A-Z]"))

((jsx_self_closing_element
   name: (identifier) @name) @reference.call
  (#match? @name "^[A-Z]"))

(jsx_opening_element
  name: (member_expression object: (_) @qualifier property: (property_identifier) @name)) @reference.call

(jsx_self_closing_element
  name: (member_expression object: (_) @qualifier property: (property_identifier) @name)) @reference.call
