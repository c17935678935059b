"""partiar: chess games written by people, made checkable."""

__version__ = "0.1.0"
