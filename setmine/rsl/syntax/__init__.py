"""RSLang's first stage, text → syntax tree: the lark grammar
(``grammar.lark``), the parser that builds the tree (``parser``), the tree's
dataclasses (``tree``, ``nodes``), the two spellings of every symbol
(``spelling``), the printer back to text (``printer``) and the error
vocabulary with spans (``errors``).  Nothing here knows a type."""
