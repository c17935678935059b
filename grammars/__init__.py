"""The lark grammars of partiar's notation, shipped as package data so an installed wheel finds them."""
