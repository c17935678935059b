"""Reading and writing notation text: the lexer (grammar to written tokens), the resolver, the game reader
and the writers (PGN, locale text, JSON)."""
